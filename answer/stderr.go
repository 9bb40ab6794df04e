package answer

import "github.com/looplint/looplint/explore"

// maxPlaced bounds the lines placeStderr aligns line by line (its table
// is the product of both counts).
const maxPlaced = 2000

func hasStderr(steps []explore.Step) bool {
	for _, st := range steps {
		if len(st.Stderr) > 0 {
			return true
		}
	}
	return false
}

// useRuntimeStderr gives the interpreter's steps of an order the
// runtime's stderr (all of it, stderr; by step, theirs: the runtime's
// steps of the same order), which words what Node itself prints (an
// uncaught error with its source line and stack, a warning) as Node
// does, where the interpreter does not. Both engines run the same loop,
// so their steps other than microtasks match one for one; each such step
// and the microtasks after it (a segment) get the runtime's lines of the
// same segment. Where the steps do not match, the lines are placed over
// the whole run.
func useRuntimeStderr(mine, theirs []explore.Step, stderr []string) {
	a, b := segments(mine), segments(theirs)
	same := len(a) == len(b) && len(a) > 0
	for k := 0; same && k < len(a); k++ {
		x, y := mine[a[k][0]], theirs[b[k][0]]
		same = x.Phase == y.Phase && x.Iteration == y.Iteration && x.Queue == y.Queue
	}
	if !same {
		placeStderr(mine, stderr, len(mine)-1)
		return
	}
	for k := range a {
		var lines []string
		for _, st := range theirs[b[k][0]:b[k][1]] {
			lines = append(lines, st.Stderr...)
		}
		placeStderr(mine[a[k][0]:a[k][1]], lines, 0)
	}
}

// segments are the [start, end) spans of steps that begin with a step
// other than a microtask.
func segments(steps []explore.Step) [][2]int {
	var out [][2]int
	for i, st := range steps {
		if st.Queue != "microtask" || i == 0 {
			out = append(out, [2]int{i, i + 1})
			continue
		}
		out[len(out)-1][1] = i + 1
	}
	return out
}

// placeStderr gives steps the lines stderr, by the interpreter's lines
// they hold: the two engines agree on the lines the program wrote
// (console.error); the runtime's other lines go to the step of the
// interpreter's lines they stand for (the same report in other words),
// else next to the nearest agreeing line, else to steps[dflt].
func placeStderr(steps []explore.Step, stderr []string, dflt int) {
	var mine []string
	var at []int // the step of each of mine
	for i, st := range steps {
		for _, l := range st.Stderr {
			mine = append(mine, l)
			at = append(at, i)
		}
		steps[i].Stderr = nil
	}
	if len(steps) == 0 || len(stderr) == 0 {
		return
	}
	put := func(step int, l string) { steps[step].Stderr = append(steps[step].Stderr, l) }
	if len(mine) == 0 || len(mine) > maxPlaced || len(stderr) > maxPlaced {
		step := dflt
		if len(mine) > 0 {
			step = at[0]
		}
		for _, l := range stderr {
			put(step, l)
		}
		return
	}
	// Longest common subsequence of the two, by lines.
	n, m := len(mine), len(stderr)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case mine[i] == stderr[j]:
				lcs[i][j] = lcs[i+1][j+1] + 1
			case lcs[i+1][j] >= lcs[i][j+1]:
				lcs[i][j] = lcs[i+1][j]
			default:
				lcs[i][j] = lcs[i][j+1]
			}
		}
	}
	// Walk the alignment: the runtime's lines between two agreeing ones
	// go to the step of the interpreter's first line between them, else
	// to the last agreeing line's step (before any, the next one's).
	last, gapMine := -1, -1
	var gap []string
	flush := func(next int) {
		step := gapMine
		switch {
		case step >= 0:
		case last >= 0:
			step = last
		case next >= 0:
			step = next
		default:
			step = dflt
		}
		for _, l := range gap {
			put(step, l)
		}
		gap, gapMine = nil, -1
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && mine[i] == stderr[j] && lcs[i][j] == lcs[i+1][j+1]+1:
			flush(at[i])
			last = at[i]
			put(last, stderr[j])
			i, j = i+1, j+1
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			if gapMine < 0 {
				gapMine = at[i]
			}
			i++
		default:
			gap = append(gap, stderr[j])
			j++
		}
	}
	flush(-1)
}
