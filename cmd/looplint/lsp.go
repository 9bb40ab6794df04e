package main

import (
	"github.com/spf13/cobra"

	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/lsp"
)

func newLSPCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Serve the Language Server Protocol on standard input and output, for editors",
		Long: `lsp speaks the Language Server Protocol on standard input and output:
the checks' findings as diagnostics when a document is opened, changed or
saved (with the severities of its looplint.json), each finding's fix and a
suppression comment as code actions, and, hovering a scheduling call
(setTimeout, process.nextTick, then, emit ...), when its callback runs.

Editors without a language server can run looplint check --stdin-filename
PATH - on the buffer instead.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			code := lsp.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), lsp.Options{Version: buildVersion(), DocURL: checkDocURL, Known: checkNames(),
				Node: func(dir string) (loop.Version, error) { return nodeVersion("", dir) }})
			if code != 0 {
				return &exitError{code: code}
			}
			return nil
		},
	}
}
