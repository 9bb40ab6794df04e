//go:build linux

package main

import (
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// starver is -starve and -one-cpu: each of node's threads at nice 0 or at
// the starver's nice, a coin flip per thread as it appears, and with
// -one-cpu node's threads and the busy siblings on one CPU. The scheduler
// then gives a thread at the high nice little of a CPU while one at 0
// wants it: the main thread, a pool worker or V8's may wait tens of
// milliseconds at any point, as on a loaded machine (a single-core one
// with -one-cpu). It changes nothing but when each thread runs.
type starver struct {
	nice int
	one  bool        // -one-cpu
	cpu  unix.CPUSet // the one CPU
}

// newStarver picks the last CPU this process may run on, for -one-cpu.
func newStarver(nice int, one bool) (*starver, error) {
	var all unix.CPUSet
	if err := unix.SchedGetaffinity(0, &all); err != nil {
		return nil, err
	}
	last := -1
	for i := 0; i < len(all)*64; i++ {
		if all.IsSet(i) {
			last = i
		}
	}
	if last < 0 {
		return nil, errors.New("no CPU to pin to")
	}
	s := &starver{nice: nice, one: one}
	s.cpu.Set(last)
	return s, nil
}

// pin puts one thread (a busy sibling's) on the CPU, with -one-cpu.
func (s *starver) pin(tid int) error {
	if !s.one {
		return nil
	}
	return unix.SchedSetaffinity(tid, &s.cpu)
}

// how is what -starve and -one-cpu add to a perturbed entry's "how".
func (s *starver) how() string {
	how := ""
	if s.one {
		how += ", one CPU"
	}
	if s.nice > 0 {
		how += ", threads at nice 0 or " + strconv.Itoa(s.nice)
	}
	return how
}

// watch follows pid's threads until stop is called: every 200 µs it
// pins each new one to the CPU (-one-cpu) and gives it nice 0 or s.nice.
// A thread starts with its creator's nice and CPUs until it is seen.
func (s *starver) watch(pid int, seed uint32) (stop func()) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		seen := map[int]bool{}
		dir := "/proc/" + strconv.Itoa(pid) + "/task"
		for {
			names, err := os.ReadDir(dir)
			if err != nil {
				return // the process has gone
			}
			for _, n := range names {
				tid, err := strconv.Atoi(n.Name())
				if err != nil || seen[tid] {
					continue
				}
				seen[tid] = true
				// A thread that ended meanwhile fails both: no matter.
				s.pin(tid)
				if s.nice > 0 {
					nice := 0
					if rng.IntN(2) == 1 {
						nice = s.nice
					}
					unix.Setpriority(unix.PRIO_PROCESS, tid, nice)
				}
			}
			select {
			case <-done:
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	}()
	return func() {
		close(done)
		<-ended
	}
}
