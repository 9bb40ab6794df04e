package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/looplint/looplint/answer"
	"github.com/looplint/looplint/gen"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
	lrt "github.com/looplint/looplint/runtime"
)

type genFlags struct {
	seed             uint64
	n, size          int
	answer           bool
	node, out        string
	noEmitters, noFS bool
	noMissingFile    bool
}

func newGenCmd() *cobra.Command {
	var f genFlags
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Generate random asynchronous Node.js programs (with --answer: an ordering quiz)",
		Long: `Gen writes random, valid, terminating asynchronous Node.js programs built
from what looplint models: console.log, setTimeout (delays 0-10 ms),
self-clearing setInterval, setImmediate, process.nextTick, queueMicrotask,
promise chains (then/catch/finally, resolve/reject, all/race/allSettled/
any), async functions awaiting values, promises and thenables, fs.readFile
of the program's own file (__filename, so no --fs is needed) and of a
missing one, EventEmitter on/once/emit, loops (let and var) and closures. Every console.log prints a distinct label (L1, L2,
...). Every interval clears itself after at most three beats and nothing
recurses, so every program terminates.

The same --seed, --size and --node always give the same program; with
--n N the programs of seeds S, S+1, ..., S+N-1 are written, separated by a
"// ==== program ..." line, or as DIR/gen-SEED.js files with --out DIR.
--size bounds the scheduling statements (timers, ticks, chains, awaits,
reads, calls ...). --node restricts the APIs to that release; without it
the release is chosen as predict chooses it (the project's .nvmrc,
.node-version or engines.node, the node on PATH, the newest modelled).

--answer appends the predicted orders after each program (quiz mode), as a
comment block starting "// ==== answer"; with --out they go to
DIR/gen-SEED.answer.txt instead. --no-emitters, --no-fs and
--no-missing-file leave productions out.`,
		Example: `  looplint gen --seed 7
  looplint gen --seed 7 --answer --node 10
  looplint gen --n 100 --size 8 --out /tmp/progs`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGen(cmd.OutOrStdout(), f)
		},
	}
	fl := cmd.Flags()
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the (first) program")
	fl.IntVar(&f.n, "n", 1, "number of programs (seeds S, S+1, ...)")
	fl.IntVar(&f.size, "size", 6, "at most K scheduling statements per program")
	fl.BoolVar(&f.answer, "answer", false, "print the predicted orders after each program")
	fl.StringVar(&f.node, "node", "", "Node version whose APIs to use and to predict for: "+strings.TrimPrefix(nodeFlagHelp, "Node version to model: "))
	fl.StringVar(&f.out, "out", "", "write DIR/gen-SEED.js files instead of standard output")
	fl.BoolVar(&f.noEmitters, "no-emitters", false, "do not use EventEmitter")
	fl.BoolVar(&f.noFS, "no-fs", false, "do not read the program's own file with fs.readFile")
	fl.BoolVar(&f.noMissingFile, "no-missing-file", false, "do not read a file that does not exist")
	return cmd
}

func runGen(w io.Writer, f genFlags) error {
	if f.n < 1 {
		return usageErr("--n must be at least 1")
	}
	if f.size < 1 {
		return usageErr("--size must be at least 1")
	}
	v, err := nodeVersion(f.node, ".")
	if err != nil {
		return usageErr("%v", err)
	}
	if f.out != "" {
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return usageErr("--out: %v", err)
		}
	}
	for i := 0; i < f.n; i++ {
		seed := f.seed + uint64(i)
		p := gen.Generate(seed, gen.Options{Size: f.size, Node: v, NoEmitters: f.noEmitters, NoFS: f.noFS, NoMissingFile: f.noMissingFile})
		src := p.Source()
		name := fmt.Sprintf("gen-%d.js", seed)
		answer := ""
		if f.answer {
			answer = genAnswer(name, src, v)
		}
		if f.out != "" {
			if err := os.WriteFile(filepath.Join(f.out, name), []byte(src), 0o644); err != nil {
				return err
			}
			if f.answer {
				if err := os.WriteFile(filepath.Join(f.out, strings.TrimSuffix(name, ".js")+".answer.txt"), []byte(answer), 0o644); err != nil {
					return err
				}
			}
			continue
		}
		if f.n > 1 {
			if i > 0 {
				fmt.Fprintln(w)
			}
			fmt.Fprintf(w, "// ==== program %d of %d (seed %d) ====\n", i+1, f.n, seed)
		}
		fmt.Fprint(w, src)
		if f.answer {
			fmt.Fprint(w, answer)
		}
	}
	return nil
}

// maxAnswerOrders caps the orders an answer lists.
const maxAnswerOrders = 24

// genAnswer is the predicted orders of a generated program, as a comment.
func genAnswer(name, src string, v loop.Version) string {
	var b strings.Builder
	pf, err := parse.Parse(name, []byte(src))
	if err != nil { // a generator bug
		return fmt.Sprintf("// ==== answer: the program does not parse: %v\n", err)
	}
	prog, err := lrt.Prepare(pf, lrt.Options{Node: v, Module: "cjs"})
	if err != nil {
		return fmt.Sprintf("// ==== answer: the program does not load: %v\n", err)
	}
	pred, err := answer.Unconfirmed(pf, prog, time.Minute)
	if err != nil {
		return fmt.Sprintf("// ==== answer: %v\n", err)
	}
	total, _ := pred.Total()
	verdict := "1 order"
	if total != 1 {
		verdict = fmt.Sprintf("%d possible orders", total)
	}
	if !pred.Complete {
		verdict += ", INCOMPLETE prediction"
	}
	fmt.Fprintf(&b, "// ==== answer (Node %s, CommonJS): %s ====\n", v, verdict)
	listed := pred.List(maxAnswerOrders)
	for i, o := range listed {
		line := strings.Join(o.Stdout, " | ")
		if o.ExitCode != 0 {
			line += fmt.Sprintf(" | exit code %d", o.ExitCode)
		}
		if total > 1 {
			fmt.Fprintf(&b, "// #%d: %s\n", i+1, line)
		} else {
			fmt.Fprintf(&b, "// %s\n", line)
		}
	}
	if more := total - int64(len(listed)); more > 0 {
		fmt.Fprintf(&b, "// ... %d more orders\n", more)
	}
	for _, r := range pred.Reasons {
		fmt.Fprintf(&b, "// incomplete: %s\n", r)
	}
	return b.String()
}
