package parse

import (
	"unsafe"

	"github.com/grafana/sobek/ast"
)

// IsNilNode reports whether n is nil or a typed nil pointer: the tree
// leaves a *ast.Identifier, *ast.BlockStatement, ... nil where a part is
// missing, and a field of interface type then holds a nil pointer. Every
// node type is a pointer, so the interface's data word tells: a type
// switch over the nilable types here cost a fiftieth of check's CPU,
// called for every child every walk visits.
func IsNilNode(n ast.Node) bool {
	return n == nil || (*[2]unsafe.Pointer)(unsafe.Pointer(&n))[1] == nil
}

// Children calls visit for each direct child of n, in source order: the
// nodes the analyzers read (a property name after a dot is not one, a
// shorthand property's name is), every expression among them. It is a
// type switch, several times faster than Walk's reflection.
func Children(n ast.Node, visit func(ast.Node)) {
	v := func(c ast.Node) {
		if !IsNilNode(c) {
			visit(c)
		}
	}
	exprs := func(l []ast.Expression) {
		for _, e := range l {
			v(e)
		}
	}
	stmts := func(l []ast.Statement) {
		for _, s := range l {
			v(s)
		}
	}
	bindings := func(l []*ast.Binding) {
		for _, b := range l {
			v(b)
		}
	}
	switch n := n.(type) {
	case *ast.Program:
		stmts(n.Body)
	// expressions
	case *ast.ArrayLiteral:
		exprs(n.Value)
	case *ast.ArrayPattern:
		exprs(n.Elements)
		v(n.Rest)
	case *ast.YieldExpression:
		v(n.Argument)
	case *ast.AwaitExpression:
		v(n.Argument)
	case *ast.AssignExpression:
		v(n.Left)
		v(n.Right)
	case *ast.BinaryExpression:
		v(n.Left)
		v(n.Right)
	case *ast.BracketExpression:
		v(n.Left)
		v(n.Member)
	case *ast.CallExpression:
		v(n.Callee)
		exprs(n.ArgumentList)
	case *ast.ConditionalExpression:
		v(n.Test)
		v(n.Consequent)
		v(n.Alternate)
	case *ast.DotExpression:
		v(n.Left)
	case *ast.PrivateDotExpression:
		v(n.Left)
	case *ast.OptionalChain:
		v(n.Expression)
	case *ast.Optional:
		v(n.Expression)
	case *ast.FunctionLiteral:
		if n.Name != nil {
			v(n.Name)
		}
		if n.ParameterList != nil {
			v(n.ParameterList)
		}
		if n.Body != nil {
			v(n.Body)
		}
	case *ast.ArrowFunctionLiteral:
		if n.ParameterList != nil {
			v(n.ParameterList)
		}
		v(n.Body)
	case *ast.ExpressionBody:
		v(n.Expression)
	case *ast.ClassLiteral:
		if n.Name != nil {
			v(n.Name)
		}
		v(n.SuperClass)
		for _, e := range n.Body {
			v(e)
		}
	case *ast.NewExpression:
		v(n.Callee)
		exprs(n.ArgumentList)
	case *ast.ObjectLiteral:
		for _, p := range n.Value {
			v(p)
		}
	case *ast.ObjectPattern:
		for _, p := range n.Properties {
			v(p)
		}
		v(n.Rest)
	case *ast.ParameterList:
		bindings(n.List)
		v(n.Rest)
	case *ast.Binding:
		v(n.Target)
		v(n.Initializer)
	case *ast.PropertyShort:
		v(&n.Name)
		v(n.Initializer)
	case *ast.PropertyKeyed:
		v(n.Key)
		v(n.Value)
	case *ast.SpreadElement:
		v(n.Expression)
	case *ast.SequenceExpression:
		exprs(n.Sequence)
	case *ast.TemplateLiteral:
		v(n.Tag)
		for i, e := range n.Elements {
			v(e)
			if i < len(n.Expressions) {
				v(n.Expressions[i])
			}
		}
	case *ast.UnaryExpression:
		v(n.Operand)
	case *ast.MetaProperty:
	// statements
	case *ast.BlockStatement:
		stmts(n.List)
	case *ast.CaseStatement:
		v(n.Test)
		stmts(n.Consequent)
	case *ast.CatchStatement:
		v(n.Parameter)
		v(n.Body)
	case *ast.DoWhileStatement:
		v(n.Body)
		v(n.Test)
	case *ast.ExpressionStatement:
		v(n.Expression)
	case *ast.ForInStatement:
		v(n.Into)
		v(n.Source)
		v(n.Body)
	case *ast.ForOfStatement:
		v(n.Into)
		v(n.Source)
		v(n.Body)
	case *ast.ForStatement:
		v(n.Initializer)
		v(n.Test)
		v(n.Update)
		v(n.Body)
	case *ast.IfStatement:
		v(n.Test)
		v(n.Consequent)
		v(n.Alternate)
	case *ast.LabelledStatement:
		v(n.Statement)
	case *ast.ReturnStatement:
		v(n.Argument)
	case *ast.SwitchStatement:
		v(n.Discriminant)
		for _, c := range n.Body {
			v(c)
		}
	case *ast.ThrowStatement:
		v(n.Argument)
	case *ast.TryStatement:
		v(n.Body)
		v(n.Catch)
		v(n.Finally)
	case *ast.VariableStatement:
		bindings(n.List)
	case *ast.LexicalDeclaration:
		bindings(n.List)
	case *ast.WhileStatement:
		v(n.Test)
		v(n.Body)
	case *ast.WithStatement:
		v(n.Object)
		v(n.Body)
	case *ast.FunctionDeclaration:
		v(n.Function)
	case *ast.ClassDeclaration:
		v(n.Class)
	case *ast.ExportDeclaration:
		if n.Variable != nil {
			v(n.Variable)
		}
		v(n.AssignExpression)
		if n.LexicalDeclaration != nil {
			v(n.LexicalDeclaration)
		}
		if n.ClassDeclaration != nil {
			v(n.ClassDeclaration)
		}
		if n.HoistableDeclaration != nil && n.HoistableDeclaration.FunctionDeclaration != nil {
			v(n.HoistableDeclaration.FunctionDeclaration)
		}
	// class elements
	case *ast.FieldDefinition:
		v(n.Key)
		v(n.Initializer)
	case *ast.MethodDefinition:
		v(n.Key)
		if n.Body != nil {
			v(n.Body)
		}
	case *ast.ClassStaticBlock:
		if n.Block != nil {
			v(n.Block)
		}
	// for-loop parts
	case *ast.ForLoopInitializerExpression:
		v(n.Expression)
	case *ast.ForLoopInitializerVarDeclList:
		bindings(n.List)
	case *ast.ForLoopInitializerLexicalDecl:
		bindings(n.LexicalDeclaration.List)
	case *ast.ForIntoVar:
		if n.Binding != nil {
			v(n.Binding)
		}
	case *ast.ForDeclaration:
		v(n.Target)
	case *ast.ForIntoExpression:
		v(n.Expression)
	}
}
