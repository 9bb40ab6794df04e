package realbrowser

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/looplint/looplint/internal/runseed"
)

// perturbJS is the perturbing script; its header says where it waits.
//
//go:embed perturb.js
var perturbJS string

// Perturb makes runs take a little longer at random, to reach what a
// loaded or slower machine prints (browserrecord -perturb): a script put
// after the harness and before the page's own busy-waits in the page's
// callbacks and around the calls that make them (perturb.js), and the
// server waits before it serves each file beside the page. Nothing is
// reordered: every delay is time passing.
type Perturb struct {
	Seed  uint64 // each run's seed derives from it (runseed.Of)
	MaxUs int    // the longest of the script's busy-waits, in microseconds (0: none)
	NetMs int    // the longest wait before a file beside the page is served, in milliseconds (0: none)
}

// How says how runs were perturbed, for a record's "how" (the caller
// adds what it did beside: busy siblings).
func (p Perturb) How() string {
	return fmt.Sprintf("script up to %d µs, network up to %d ms", p.MaxUs, p.NetMs)
}

// script is the perturbing script of run i, in a <script> element.
func (p Perturb) script(browser string, i int) string {
	r := strings.NewReplacer("__SEED__", strconv.FormatUint(uint64(runseed.Of(p.Seed, browser, i)), 10), "__MAX_US__", strconv.Itoa(p.MaxUs))
	return "<script>" + r.Replace(perturbJS) + "</script>\n"
}

// netDelay is how long the server waits before serving name in run i.
func (p Perturb) netDelay(browser string, i int, name string) time.Duration {
	if p.NetMs <= 0 {
		return 0
	}
	s := runseed.Of(p.Seed, browser+"/net/"+name, i)
	if s%2 == 0 {
		return 0
	}
	return time.Duration(uint64(s>>1)%uint64(p.NetMs*1000+1)) * time.Microsecond
}
