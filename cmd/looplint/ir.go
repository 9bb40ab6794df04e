package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/looplint/looplint/ir"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

func newIRCmd() *cobra.Command {
	var module string
	cmd := &cobra.Command{
		Use:   "ir FILE",
		Short: "Print the scheduling IR the predictor analyses",
		Long: `IR lowers FILE to looplint's scheduling IR and prints it: every function
with its ID, one statement per line with its line:col, and the scheduling
operations (print, nextTick, microtask, timer, immediate, promise, then,
await, io, emit, ...) that the predictor interprets. Names print as x
(local), x^N (captured from N functions out), $x (global) and #x (builtin).

Exit status: 0 on success, 2 for bad input or usage.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runIR(cmd.OutOrStdout(), args[0], module)
		},
	}
	cmd.Flags().StringVar(&module, "module", "", "treat the file as cjs or esm instead of detecting it as Node would")
	return cmd
}

func runIR(w io.Writer, file, module string) error {
	var esm bool
	switch module {
	case "cjs", "esm", "":
	default:
		return usageErr("--module must be cjs or esm, not %q", module)
	}
	pf, err := parse.Load(file)
	if err != nil {
		return &exitError{code: 2, msg: err.Error()}
	}
	switch module {
	case "":
		esm = pf.Module(true) == loop.ESModule
	case "esm":
		esm = true
	}
	prog, err := ir.Lower(pf, esm)
	if err != nil {
		return &exitError{code: 2, msg: err.Error()}
	}
	_, err = fmt.Fprint(w, ir.Print(prog))
	return err
}
