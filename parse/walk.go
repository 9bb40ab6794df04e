package parse

import (
	"reflect"
	"sync"

	"github.com/grafana/sobek/ast"
)

// Walk calls visit on each node of the engine's AST under root (root
// included) once, before its children, which come in field order; visit
// returns false to skip a node's children. The front end and the
// runtime's source rewrites walk with it; the analyzers walk in source
// order with jsfile.Inspect.
func Walk(root any, visit func(n any) bool) {
	WalkDepth(root, func(n any, _ int) bool { return visit(n) })
}

// WalkDepth is Walk, telling visit how many nodes enclose n.
func WalkDepth(root any, visit func(n any, depth int) bool) {
	depth := 0
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Pointer:
			if v.IsNil() || v.Type().Elem().PkgPath() != astPkg || v.Elem().Kind() != reflect.Struct {
				return
			}
			if !visit(v.Interface(), depth) {
				return
			}
			depth++
			walk(v.Elem())
			depth--
		case reflect.Struct:
			for _, i := range nodeFields(v.Type()) {
				walk(v.Field(i))
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(root))
}

// indexFields only list nodes the tree holds elsewhere (a var's binding
// is in its statement and in its function's DeclarationList; imports and
// exports are in the program's body). Following them would reach nested
// var functions 2^depth times.
var indexFields = map[string]bool{"DeclarationList": true, "ImportEntries": true, "ExportEntries": true}

// nodeFields lists, per struct type, the exported fields that can hold
// AST nodes and are not indexFields (cached: the walk asks for every
// node).
func nodeFields(t reflect.Type) []int {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]int)
	}
	var idx []int
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		k := f.Type.Kind()
		if k == reflect.Slice {
			k = f.Type.Elem().Kind()
		}
		if f.IsExported() && !indexFields[f.Name] && (k == reflect.Interface || k == reflect.Pointer || k == reflect.Struct) {
			idx = append(idx, i)
		}
	}
	fieldCache.Store(t, idx)
	return idx
}

var fieldCache sync.Map // reflect.Type -> []int

var astPkg = reflect.TypeOf(ast.Program{}).PkgPath()
