package inspect

// The formatter reads values through a small read-only view, which the
// runtime implements over the engine's objects (sobek.go) and the
// predictor over its abstract ones: util.inspect's rules are written once.

// Value is a JavaScript value as the formatter sees it: nil is
// undefined, then Null, bool, float64, string, BigInt, Symbol or Object.
type Value any

// Null is JavaScript's null.
type Null struct{}

// BigInt is a BigInt's decimal digits (with a leading - when negative).
type BigInt string

// Symbol is a symbol: Text is its toString (Symbol(desc)); Ref is the
// engine's own handle, for reading a property it keys.
type Symbol struct {
	Text string
	Ref  any
}

// Kind is what util.inspect formats an object as.
type Kind int

const (
	KObject Kind = iota // ordinary objects and class instances
	KArray
	KArguments
	KFunction
	KError
	KRegExp
	KDate
	KMap
	KSet
	KWeakMap
	KWeakSet
	KPromise
	KArrayBuffer
	KTypedArray
	KBoxed // a Number, String, Boolean, BigInt or Symbol object
)

// Key is an own property key; a symbol key has IsSym set.
type Key struct {
	Name  string
	Sym   Symbol
	IsSym bool
}

// Prop is an own property: its value, or which accessors it has.
type Prop struct {
	Value          Value
	Getter, Setter bool
	Enumerable     bool
}

// PromiseState is a promise's state.
type PromiseState int

const (
	Pending PromiseState = iota
	Fulfilled
	Rejected
)

// Object is the view of one object. A view that cannot answer exactly
// (the predictor's, for a value it does not know) panics with *Inexact;
// InspectValue and FormatValues turn that into their error.
type Object interface {
	// ID identifies the object (cycles; a custom inspect returning it).
	ID() any
	Kind() Kind
	// Class is the engine's class name, which Node prints where no
	// constructor is found (and a typed array's type).
	Class() string
	// Constructor is the name of the first own "constructor" function
	// on the prototype chain that the object is an instance of.
	Constructor() (string, bool)
	// Proto is the prototype; false for a null one.
	Proto() (Object, bool)
	// Tag is Symbol.toStringTag when it is a string; own says whether
	// it is an own property that util.inspect prints anyway
	// (enumerable, or any own one when showHidden).
	Tag(showHidden bool) (tag string, own bool)
	// Keys are the own keys in JavaScript's order, symbols last; all
	// includes the non-enumerable ones.
	Keys(all bool) []Key
	// Own is an own property.
	Own(k Key) (Prop, bool)
	// Get is o[name], inherited properties included.
	Get(name string) Value
	// Custom calls o[util.inspect.custom](depth, options) if it has one.
	Custom(depth Value) (Value, bool)
	// Len is an array's or typed array's length.
	Len() int
	// Entries are a Map's keys and values, alternating, or a Set's values.
	Entries() []Value
	// Bytes are an ArrayBuffer's first bytes (up to MaxArrayLength).
	Bytes() []byte
	// Boxed is a boxed primitive's type (Number, String, ...) and value.
	Boxed() (string, Value)
	// Function reports a class (by its source) and the kind of function:
	// "", "Async", "Generator" or "GeneratorAsync".
	Function() (class bool, kind string)
	Promise() (PromiseState, Value)
	// Text is a Date's or RegExp's text, an Error's toString.
	Text() string
}

// Inexact is what a view panics with when it cannot answer exactly.
type Inexact struct{ Why string }

func (e *Inexact) Error() string { return e.Why }

// Conv are the conversions util.format needs of an engine.
type Conv interface {
	String(v Value) string  // String(v)
	Number(v Value) float64 // Number(v)
	JSON(v Value) string    // JSON.stringify(v), [Circular] for a cycle
	// OwnToString reports a toString of the program's own, which %s
	// calls instead of inspecting.
	OwnToString(o Object) bool
}

// catch turns a view's *Inexact panic into err.
func catch(err *error) {
	if r := recover(); r != nil {
		e, ok := r.(*Inexact)
		if !ok {
			panic(r)
		}
		*err = e
	}
}
