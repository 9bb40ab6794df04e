package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfiles starts a CPU profile written to cpu, and arranges for an
// allocation profile to be written to mem, when they are named (check's
// hidden --cpuprofile and --memprofile: profiling a run over a tree).
// stop ends both.
func startProfiles(cpu, mem string) (stop func(), err error) {
	var cf *os.File
	if cpu != "" {
		if cf, err = os.Create(cpu); err != nil {
			return nil, err
		}
		if err = pprof.StartCPUProfile(cf); err != nil {
			cf.Close()
			return nil, err
		}
	}
	return func() {
		if cf != nil {
			pprof.StopCPUProfile()
			cf.Close()
		}
		if mem != "" {
			if mf, err := os.Create(mem); err == nil {
				runtime.GC()
				pprof.Lookup("allocs").WriteTo(mf, 0)
				mf.Close()
			}
		}
	}, nil
}
