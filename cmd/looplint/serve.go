package main

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/looplint/looplint/web"
)

func newServeCmd() *cobra.Command {
	var addr, dir string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the playground (the browser page of predict) on a loopback address",
		Long: `Serve serves the playground, a page where looplint, compiled to WebAssembly,
predicts in the browser what a snippet prints on several Node versions,
step by step. Nothing leaves the machine: the address must be loopback.

The page is the one make web builds into web/dist; make build embeds it
when it is there. A binary built without it serves --dir.`,
		Example: `  looplint serve
  looplint serve --addr 127.0.0.1:8080 --dir web/dist`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dist := web.Dist()
			if dir != "" {
				if st, err := os.Stat(dir); err != nil || !st.IsDir() {
					return usageErr("--dir %s: not a directory", dir)
				}
				dist = os.DirFS(dir)
			}
			if dist == nil {
				return usageErr("%v", web.ErrNoDist)
			}
			if _, err := fs.Stat(dist, "index.html"); err != nil {
				return usageErr("%v", web.ErrNoDist)
			}
			l, err := web.Listen(addr)
			if err != nil {
				return usageErr("--addr: %v", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "looplint playground: http://%s/\n", l.Addr())
			return web.Serve(l, dist)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:0", "loopback address to listen on (port 0: any free port)")
	cmd.Flags().StringVar(&dir, "dir", "", "serve the playground built in DIR (make web: web/dist) instead of the one embedded")
	return cmd
}
