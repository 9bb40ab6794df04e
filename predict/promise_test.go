package predict

import (
	"slices"
	"testing"

	"github.com/looplint/looplint/internal/nodecase"
)

// recorded returns what real Node printed for a testdata/runtime case.
func recorded(t *testing.T, name, version string) []string {
	t.Helper()
	c, err := nodecase.Load("../testdata/runtime/" + name + ".txtar")
	if err != nil {
		t.Fatal(err)
	}
	r, ok := c.Node[version]
	if !ok || len(r.Outcomes) != 1 {
		t.Fatalf("%s: no single recorded outcome for %s", name, version)
	}
	return r.Outcomes[0].Stdout
}

type script struct {
	e   *Promises
	out []string
}

func newScript(old bool) *script { return &script{e: &Promises{OldAwait: old}} }

func (s *script) log(msg string) Callable {
	return func(Value, ...Value) (Value, error) { s.out = append(s.out, msg); return nil, nil }
}

// chain is Promise.resolve().then(log l1).then(log l2)...: the reference
// every case measures against.
func (s *script) chain(labels ...string) {
	p := s.e.Resolved(nil)
	for _, l := range labels {
		p = s.e.Then(p, s.log(l), nil)
	}
}

func (s *script) drain() []string {
	for s.e.Pending() {
		s.e.RunOne()
	}
	return s.out
}

// Each test transcribes one testdata/runtime case by hand (the scripts are
// in the archives) and checks the job order against real Node's output.
func TestAwaitNativePromise(t *testing.T) {
	for _, v := range []string{"10.24.1", "11.15.0", "12.22.12", "20.20.2", "26.10.0"} {
		s := newScript(v[:2] == "10" || v[:2] == "11")
		done := s.e.Resolved("v")
		// async function waiter() { await done; console.log('after-await') } waiter();
		s.e.Await(done, func(Value, bool) { s.out = append(s.out, "after-await") })
		s.chain("ref-1", "ref-2", "ref-3", "ref-4")
		if got, want := s.drain(), recorded(t, "await-native-promise", v); !slices.Equal(got, want) {
			t.Errorf("Node %s: got %v, want %v", v, got, want)
		}
	}
}

func TestReturnVersusReturnAwait(t *testing.T) {
	for _, v := range []string{"10.24.1", "11.15.0", "12.22.12", "20.20.2", "26.10.0"} {
		s := newScript(v[:2] == "10" || v[:2] == "11")
		p := s.e.Resolved("pv")
		// async function viaReturn() { return p }
		r1 := s.e.New()
		res1, _ := s.e.Resolver(r1)
		res1(p)
		// async function viaReturnAwait() { return await p }
		r2 := s.e.New()
		res2, _ := s.e.Resolver(r2)
		s.e.Await(p, func(v Value, _ bool) { res2(v) })
		s.e.Then(r1, s.log("return-p settled"), nil)
		s.e.Then(r2, s.log("return-await-p settled"), nil)
		s.chain("lap-1", "lap-2", "lap-3", "lap-4", "lap-5")
		if got, want := s.drain(), recorded(t, "async-return-vs-return-await", v); !slices.Equal(got, want) {
			t.Errorf("Node %s: got %v, want %v", v, got, want)
		}
	}
}

func TestResolveWithPromise(t *testing.T) {
	for _, v := range []string{"10.24.1", "20.20.2"} {
		s := newScript(v[:2] == "10")
		inner := s.e.Resolved("x")
		wrapped := s.e.New()
		res, _ := s.e.Resolver(wrapped)
		res(inner)
		s.e.Then(wrapped, s.log("wrapped-ready"), nil)
		same := s.e.Resolved(inner)
		s.e.Then(same, s.log("same-object-ready"), nil)
		s.out = append(s.out, "identity true")
		s.chain("ref-a", "ref-b", "ref-c", "ref-d")
		if got, want := s.drain(), recorded(t, "promise-resolve-with-promise", v); !slices.Equal(got, want) {
			t.Errorf("Node %s: got %v, want %v", v, got, want)
		}
	}
}

func TestFinally(t *testing.T) {
	for _, v := range []string{"10.24.1", "20.20.2"} {
		s := newScript(v[:2] == "10")
		a := s.e.Finally(s.e.Resolved("fv"), s.log("finally-cb"))
		s.e.Then(a, func(_ Value, args ...Value) (Value, error) {
			s.out = append(s.out, "after-finally "+args[0].(string))
			return nil, nil
		}, nil)
		b := s.e.Finally(s.e.Rejected("fe"), s.log("finally-on-reject"))
		s.e.Then(b, nil, func(_ Value, args ...Value) (Value, error) {
			s.out = append(s.out, "caught-after-finally "+args[0].(string))
			return nil, nil
		})
		s.chain("q-1", "q-2", "q-3", "q-4")
		if got, want := s.drain(), recorded(t, "promise-finally", v); !slices.Equal(got, want) {
			t.Errorf("Node %s: got %v, want %v", v, got, want)
		}
	}
}

func TestAllAndRace(t *testing.T) {
	for _, v := range []string{"10.24.1", "20.20.2"} {
		s := newScript(v[:2] == "10")
		a, b := s.e.Resolved("a"), s.e.Resolved("b")
		all := s.e.Combinator("all", []Value{a, b}, nil, nil)
		s.e.Then(all, func(_ Value, args ...Value) (Value, error) {
			vs := args[0].([]Value)
			s.out = append(s.out, "all:"+vs[0].(string)+"+"+vs[1].(string))
			return nil, nil
		}, nil)
		race := s.e.Combinator("race", []Value{b, a}, nil, nil)
		s.e.Then(race, func(_ Value, args ...Value) (Value, error) {
			s.out = append(s.out, "race:"+args[0].(string))
			return nil, nil
		}, nil)
		s.chain("rc-1", "rc-2", "rc-3")
		if got, want := s.drain(), recorded(t, "promise-all-race", v); !slices.Equal(got, want) {
			t.Errorf("Node %s: got %v, want %v", v, got, want)
		}
	}
}

// thenableObj is a plain object whose then is a JS function.
type thenableObj struct{ then Callable }

func TestAwaitThenable(t *testing.T) {
	for _, v := range []string{"10.24.1", "20.20.2"} {
		s := newScript(v[:2] == "10")
		s.e.Thenable = func(x Value) (Callable, error) {
			if o, ok := x.(*thenableObj); ok {
				return o.then, nil
			}
			return nil, nil
		}
		obj := &thenableObj{then: func(_ Value, args ...Value) (Value, error) {
			s.out = append(s.out, "then-called")
			return args[0].(Callable)(nil, "tv")
		}}
		s.e.Await(obj, func(x Value, _ bool) { s.out = append(s.out, "got-"+x.(string)) })
		s.chain("step-1", "step-2", "step-3")
		if got, want := s.drain(), recorded(t, "await-thenable", v); !slices.Equal(got, want) {
			t.Errorf("Node %s: got %v, want %v", v, got, want)
		}
	}
}
