package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "looplint",
		Short:         "Predict and check the event-loop ordering of Node.js programs",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildVersion(),
	}
	root.SetVersionTemplate("looplint {{.Version}}\n")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newRunCmd())
	root.AddCommand(newCheckCmd())
	root.AddCommand(newIRCmd())
	root.AddCommand(newPredictCmd())
	root.AddCommand(newGenCmd())
	root.AddCommand(newQuizCmd())
	root.AddCommand(newVerifyCmd())
	root.AddCommand(newLSPCmd())
	root.AddCommand(newServeCmd())
	root.AddCommand(&cobra.Command{
		Use:   "version",
		Short: "Print looplint's version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "looplint %s\n", buildVersion())
			return nil
		},
	})
	return root
}

// exitError carries a process exit code through cobra.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func execute(args []string, stdout, stderr io.Writer) int {
	return executeIn(args, nil, stdout, stderr)
}

// executeIn is execute reading stdin (nil: the process's).
func executeIn(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	if stdin != nil {
		root.SetIn(stdin)
	}
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		if ee, ok := err.(*exitError); ok {
			if ee.msg != "" {
				fmt.Fprintln(stderr, ee.msg)
			}
			return ee.code
		}
		fmt.Fprintf(stderr, "looplint: %v\n", err)
		return 2
	}
	return 0
}
