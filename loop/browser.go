package loop

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The browser's event loop (docs/semantics.md §15), beside Node's: task
// sources are FIFO queues, and which source runs next is the engine's
// choice (HTML, "event loop processing model", step 1). Every such choice
// is a question (Env.Choose) the explorer answers every way; an engine
// profile (Chromium, Firefox) narrows it where the recordings show one
// answer. After each task, and after each callback the browser itself
// calls (a rAF callback, a listener of an event it dispatches), the host's
// Enter ends with a microtask checkpoint.

// Browser names the engine a run follows: NoBrowser is Node.
type Browser int

const (
	NoBrowser Browser = iota
	// Standard is the HTML standard: every choice it leaves to the engine
	// is explored.
	Standard
	Chromium
	Firefox
)

var browserNames = [...]string{"node", "browser", "chromium", "firefox"}

func (b Browser) String() string { return browserNames[b] }

// ParseTarget reads --target: node, browser (the standard), chromium or
// firefox.
func ParseTarget(s string) (Browser, error) {
	for i, n := range browserNames {
		if strings.EqualFold(s, n) {
			return Browser(i), nil
		}
	}
	return 0, fmt.Errorf("unknown --target %q (want node, browser, chromium or firefox)", s)
}

// clampAbove is the timer nesting level past which a timeout under 4 ms
// is clamped to 4: the standard's 5 (Chromium follows it: the 7th chained
// setTimeout(0) is the first clamped), Firefox's 3 (its 5th: measured,
// testdata/browser/nesting_clamp.txtar).
func (b Browser) clampAbove() int {
	if b == Firefox {
		return 3
	}
	return 5
}

// queueOrder: the engine runs timer, posted-message and DOM tasks of one
// priority in the order they were queued, a timer when it became due
// (measured in both engines: the messageport_* cases). The standard
// leaves the choice open.
func (b Browser) queueOrder() bool { return b == Chromium || b == Firefox }

// queuesTimersWhenSeen: the engine queues a timer when its loop, choosing
// its next task, finds it due, not when it fell due; one set with no delay
// it queues at once. Chromium: a timer is a delayed task of the base
// sequence manager, which moves the delayed tasks due by then to their
// work queues each time it selects a task (SequenceManagerImpl::
// SelectNextTaskImpl, TaskQueueImpl::MoveReadyDelayedTasksToWorkQueue:
// all of them under one new enqueue order, in order of due time), and a
// setTimeout whose delay is 0 is posted as an immediate task
// (TimerBase::Start: a null fire time; Chromium 148 queues a setInterval
// of 0 at once too, measured). The selector runs work queues of
// one priority by enqueue order, so a timer that fell due during a task
// runs after the tasks queued during it (timeout_1_vs_0_both_due,
// idle_callback_last).
func (b Browser) queuesTimersWhenSeen() bool { return b == Chromium }

// framesAfterQueuedTasks: a task queued before the last rendering update
// ended runs before the next one. Chromium: the compositor sends the next
// BeginMainFrame only after this frame's commit, which ends its rendering
// update, and a later frame tick, by which time the loop has chosen the
// task already queued (raf_nested_next_frame: the timer set in the first
// frame's callback ran before the next frame in 20 plain and 60 perturbed
// runs, the frame's callbacks taking up to 30 ms in some). Against a
// task queued since, the rendering update stays a choice (the rAF races).
func (b Browser) framesAfterQueuedTasks() bool { return b == Chromium }

// windowMessagesOrdered: window.postMessage's tasks run in queue order
// with timers and port messages (Chromium; Firefox once the page has
// loaded, below); the standard leaves the choice open.
func (b Browser) windowMessagesOrdered() bool { return b == Chromium || b == Firefox }

// windowMessageDeferred: Firefox queues a window.postMessage made while
// the page is loading (its top browsing context IsLoading, until the load
// event is done) on a queue of its own at a priority below the normal
// one (PostMessageEvent::DispatchToTargetThread, BrowsingContextGroup::
// QueuePostMessageEvent: a ThrottledEventQueue of PRIORITY_DEFERRED_TIMERS,
// dom.separate_event_queue_for_post_message.enabled), so it runs only
// when no task of normal priority is runnable; against the rendering
// update and background tasks it stays a choice. postmessage_window_vs_
// channel: a port's message posted after it, and a timer, ran first.
func (b Browser) windowMessageDeferred(loading bool) bool { return b == Firefox && loading }

// FrameMS is the least time between two rendering opportunities (a 60 Hz
// display): a rAF requested in a frame's callback waits for the next.
const FrameMS = 16

// clampMS is the nesting clamp's timeout.
const clampMS = 4

// Task priorities (scheduler.postTask); the engines run a higher one
// first when several are runnable.
const (
	PrioUserBlocking = iota
	PrioNormal       // timers, messages, DOM events, user-visible
	PrioBackground
)

// BrowserHost is what a browser's loop needs of its host beyond Host: an
// event the browser dispatches ("DOMContentLoaded", "load",
// "unhandledrejection" with the promise, "click" with its target), as one
// callback per listener in dispatch order, so that a microtask checkpoint
// comes after each (HTML: "clean up after running a callback").
type BrowserHost interface {
	Listeners(event string, detail any) []any
}

// PageScript is one script of a page, as the loop runs it: Run is the
// host's callback that evaluates it. The parser runs a script that is
// neither Deferred nor Async where it stands; Deferred ones (defer,
// module) run in order after parsing, Async ones when they arrive.
// External: fetched, so it arrives when the network delivers it.
type PageScript struct {
	Run                       any
	Deferred, Async, External bool
}

// SetPage gives the loop the page's scripts, and the elements the user
// clicks once the page has loaded and nothing else is left to run
// (looplint's --click); without it RunMain's body is the one script.
func (l *Loop) SetPage(scripts []PageScript, clicks []any) {
	b := l.browserState()
	b.page, b.clicks = scripts, clicks
}

type task struct {
	queue string // for the trace: "timer", "interval", "message", "event", "postTask"
	cb    any
	at    Time // when it was queued; a timer's: when it is due
	seq   int
	prio  int
	timer *btimer
	port  any // a message's port, whose next message is queued after it
	fire  string
	// script: a page's script run by this task; rest: the deferred
	// scripts after it.
	script *PageScript
	rest   []PageScript
	// parseEnd: the parser's last task, which runs the deferred scripts
	// (rest) or, with none, fires the page's events.
	parseEnd bool
	// parsing: the parser going on after it yielded, from parseRest
	// (rest: the deferred scripts it met before).
	parsing   bool
	parseRest []PageScript
	// free: the engine does not order it against other tasks by queue
	// time (the choice is explored).
	free bool
	// deferred: a free task that waits while any task of normal (or
	// higher) priority is runnable (windowMessageDeferred).
	deferred bool
}

type btimer struct {
	id      int
	cb      any
	ms      int64
	repeat  bool
	nesting int // the task's timer nesting level
	due     Time
	seq     int
	// queued: when the engine queued its task (queuesTimersWhenSeen),
	// nil before; qseq orders it among the tasks queued then.
	queued *Time
	qseq   int
}

type rafCb struct {
	id int
	cb any
}

// browser is the browser loop's state (Loop.b).
type browser struct {
	seq       int
	tasks     []*task // queued tasks of every source but timers, in queue order
	timers    []*btimer
	nextID    int
	byID      map[int]*btimer
	ports     map[any][]any // messages posted to a port whose task is queued or running
	rafs      []rafCb
	renders   []any // observer deliveries of the next rendering update
	lastFrame *Time
	frameEnd  int // the sequence number when the last rendering update ended
	idle      []rafCb
	nesting   int // the running task's timer nesting level
	frameTime Time
	cancelled map[int]bool
	// The page (SetPage): its scripts, the async ones not run yet,
	// whether load waits for them, the clicks still to come.
	page        []PageScript
	clicks      []any
	asyncLeft   int
	loadWaiting bool
	loaded      bool
}

func (l *Loop) browserState() *browser {
	if l.b == nil {
		l.b = &browser{byID: map[int]*btimer{}, ports: map[any][]any{}, cancelled: map[int]bool{}}
	}
	return l.b
}

// IsBrowser reports whether the loop follows a browser.
func (l *Loop) IsBrowser() bool { return l.P.Browser != NoBrowser }

// WebIDLLong converts a timeout as the standard's IDL `long` does
// (truncated, modulo 2^32), negative read as 0.
func WebIDLLong(f float64) int64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	n := int64(math.Mod(math.Trunc(f), 1<<32))
	if n < 0 {
		n += 1 << 32
	}
	if n >= 1<<31 {
		n -= 1 << 32
	}
	return max(n, 0)
}

func (b *browser) nextSeq() int { b.seq++; return b.seq }

// SetBrowserTimer is setTimeout/setInterval: the timer initialization
// steps, with the engine's nesting clamp. It returns the handle.
func (l *Loop) SetBrowserTimer(cb any, ms int64, repeat bool) int {
	b := l.browserState()
	l.effects++
	b.nextID++
	t := &btimer{id: b.nextID, cb: cb, ms: ms, repeat: repeat}
	b.byID[t.id] = t
	l.armBrowserTimer(t, l.read(ReadTimerStart), b.nesting)
	return t.id
}

func (l *Loop) armBrowserTimer(t *btimer, start Time, nesting int) {
	b := l.b
	ms := t.ms
	if nesting > l.P.Browser.clampAbove() && ms < clampMS {
		ms = clampMS
	}
	t.nesting = nesting + 1
	t.due = start.Add(ms)
	t.seq = b.nextSeq()
	t.queued, t.qseq = nil, 0
	if ms == 0 && l.P.Browser.queuesTimersWhenSeen() {
		// No delay: an immediate task, queued now (an interval of 0 too:
		// set_interval_vs_timeout runs each run before the 0 ms timer
		// set after it).
		t.queued, t.qseq = &start, t.seq
	}
	b.timers = append(b.timers, t)
}

// queueDueTimers queues the timers due at now (queuesTimersWhenSeen),
// in order of due time, ties in order of creation.
func (l *Loop) queueDueTimers(now Time) {
	for {
		var first *btimer
		for _, t := range l.b.timers {
			if t.queued == nil && (first == nil || l.clk.Cmp(t.due, first.due) < 0) {
				first = t
			}
		}
		if first == nil || !l.clk.Leq(first.due, now) {
			return
		}
		at := now
		first.queued, first.qseq = &at, l.b.nextSeq()
	}
}

// queuedTimer is the timer queued first (queuesTimersWhenSeen), nil when
// none is.
func (l *Loop) queuedTimer() *btimer {
	var best *btimer
	for _, t := range l.b.timers {
		if t.queued != nil && (best == nil || t.qseq < best.qseq) {
			best = t
		}
	}
	return best
}

// ClearBrowserTimer is clearTimeout/clearInterval (one list of handles).
func (l *Loop) ClearBrowserTimer(id int) {
	b := l.browserState()
	t := b.byID[id]
	if t == nil {
		return
	}
	l.effects++
	delete(b.byID, id)
	for i, u := range b.timers {
		if u == t {
			b.timers = append(b.timers[:i], b.timers[i+1:]...)
			break
		}
	}
}

// QueueTask queues cb on a task source: "message" for a message posted
// to a port (port: the receiving port, whose next message is queued only
// once this one's task has run), "window message" for window.postMessage,
// "event" for the DOM manipulation source, "postTask ..." with a
// priority.
func (l *Loop) QueueTask(queue string, cb any, port any, prio int) {
	b := l.browserState()
	l.effects++
	if port != nil {
		if backlog, busy := b.ports[port]; busy {
			b.ports[port] = append(backlog, cb)
			return
		}
		b.ports[port] = nil
	}
	deferred := queue == "window message" && l.P.Browser.windowMessageDeferred(!b.loaded)
	free := queue == "window message" && (deferred || !l.P.Browser.windowMessagesOrdered())
	b.tasks = append(b.tasks, &task{queue: queue, cb: cb, at: l.read(ReadTimerStart), seq: b.nextSeq(), prio: prio, port: port, free: free, deferred: deferred})
}

// RequestAnimationFrame adds cb to the next rendering update's callbacks.
func (l *Loop) RequestAnimationFrame(cb any) int { return l.requestIn(&l.browserState().rafs, cb) }

// CancelAnimationFrame removes a requested callback (also from the frame
// running now: a cancelled one does not run).
func (l *Loop) CancelAnimationFrame(id int) {
	b := l.browserState()
	if !l.cancelIn(&b.rafs, id) {
		b.cancelled[id] = true // in the frame running now
	}
}

// RequestIdleCallback runs cb in an idle period: when no task is runnable.
func (l *Loop) RequestIdleCallback(cb any) int { return l.requestIn(&l.browserState().idle, cb) }

// CancelIdleCallback removes a requested idle callback.
func (l *Loop) CancelIdleCallback(id int) { l.cancelIn(&l.browserState().idle, id) }

// cancelIn removes the callback with this id from list; it reports whether it was there.
func (l *Loop) cancelIn(list *[]rafCb, id int) (removed bool) {
	l.effects++
	for i, r := range *list {
		if r.id == id {
			*list = append((*list)[:i], (*list)[i+1:]...)
			return true
		}
	}
	return false
}

// requestIn adds cb to a list of requested callbacks under a new id.
func (l *Loop) requestIn(list *[]rafCb, cb any) int {
	b := l.browserState()
	l.effects++
	b.nextID++
	*list = append(*list, rafCb{b.nextID, cb})
	return b.nextID
}

// OnRendering runs cb in the next rendering update, after its rAF
// callbacks: a ResizeObserver's delivery, or an IntersectionObserver's
// update (which queues its delivery as a task).
func (l *Loop) OnRendering(cb any) {
	b := l.browserState()
	l.effects++
	b.renders = append(b.renders, cb)
}

// FrameTime is the running rendering update's time, for rAF's argument.
func (l *Loop) FrameTime() Time { return l.browserState().frameTime }

// runBrowser loads the page: the parser runs its scripts (RunMain's
// body, without SetPage), then the deferred ones run, then the page's
// "DOMContentLoaded" and "load" events, and the event loop goes on until
// nothing is left to run.
func (l *Loop) runBrowser(body func()) {
	b := l.browserState()
	l.phaseEvent("page")
	if b.page == nil {
		l.drained = 0
		l.activity++
		l.host.Enter(body)
		l.afterTask()
	}
	l.parse(b.page, nil)
	for !l.dead && l.browserStep() {
	}
	l.dead = true
}

// parse is the parser's work from scripts on (deferred: the deferred
// scripts it met before): it runs the classic scripts where they stand,
// queues the async ones, keeps the deferred ones for after parsing. After
// a classic script with another still to come, the parser may yield to
// the event loop (a choice, when anything else could run): it goes on in
// a task of its own, queued then, which other tasks may precede
// (parserYields: not Firefox). The standard's parser works as the network
// delivers the page; Chromium's yields once its time budget is spent
// (HTMLDocumentParser::PumpTokenizer), and a perturbed run of
// defer_async_module ran the async script between two inline classic
// scripts.
func (l *Loop) parse(scripts, deferred []PageScript) {
	b := l.b
	for i, s := range scripts {
		switch {
		case s.Async:
			b.asyncLeft++
			l.queueScript(s, nil, true)
		case s.Deferred:
			deferred = append(deferred, s)
		default:
			l.runScript(s)
			if rest := scripts[i+1:]; !l.dead && l.parserMayYield(rest) && l.choose(2) == 1 {
				b.tasks = append(b.tasks, &task{queue: "parser", parsing: true, parseRest: rest, rest: slices.Clone(deferred), at: l.read(ReadTimerStart), seq: b.nextSeq(), prio: PrioNormal, free: true})
				return
			}
		}
		if l.dead {
			return
		}
	}
	if l.P.Browser == Firefox {
		l.deferredScripts(deferred)
	} else {
		// Chromium's parser finishes the page in a task of its own,
		// which a due timer may precede or follow (dcl_load_vs_timeout).
		b.tasks = append(b.tasks, &task{queue: "parser", parseEnd: true, rest: deferred, at: l.read(ReadTimerStart), seq: b.nextSeq(), prio: PrioNormal, free: true})
	}
}

// parserYields: the parser may yield between two classic scripts.
// Firefox's does not for the time a script took: its content sink checks
// a deadline between tree operations that it sets afresh each time the
// parser resumes (nsContentSink::WillParseImpl, DidProcessATokenImpl,
// nsHtml5TreeOpExecutor::RunFlushLoop), so only its own work between two
// scripts could exceed it, which a page of the model's size never does
// (80 perturbed runs of microtask_between_scripts and
// timeout_vs_domcontentloaded, with up to 750 ms spent in the first
// script, never ran a timer between them).
func (b Browser) parserYields() bool { return b != Firefox }

// parserMayYield: another classic script is still to come in rest, and
// something could run before it if the parser yielded.
func (l *Loop) parserMayYield(rest []PageScript) bool {
	if !l.P.Browser.parserYields() {
		return false
	}
	b := l.b
	if len(b.tasks) == 0 && len(b.timers) == 0 && len(b.rafs) == 0 && len(b.renders) == 0 && len(b.idle) == 0 {
		return false
	}
	for _, s := range rest {
		if !s.Async && !s.Deferred {
			return true
		}
	}
	return false
}

// runScript evaluates a script, then a microtask checkpoint.
func (l *Loop) runScript(s PageScript) {
	if !l.budget() {
		return
	}
	l.drained = 0
	l.host.Enter(func() { l.invokeTask("script", s.Run) })
	l.afterTask()
}

func (l *Loop) queueScript(s PageScript, rest []PageScript, free bool) {
	b := l.b
	b.tasks = append(b.tasks, &task{queue: "script", cb: s.Run, script: &s, rest: rest, at: l.read(ReadTimerStart), seq: b.nextSeq(), prio: PrioNormal, free: free})
}

// deferredScripts runs the deferred scripts in order, then queues
// "DOMContentLoaded". One that must be fetched runs in a task of its own
// when it arrives (a choice); Firefox runs one that is ready (an inline
// module) at once, Chromium in a task it queues
// (timeout_vs_domcontentloaded). Chromium finishes parsing in the task
// that ran the last one (finishParsing).
func (l *Loop) deferredScripts(rest []PageScript) {
	for len(rest) > 0 && !rest[0].External && l.P.Browser == Firefox && !l.dead {
		l.runScript(rest[0])
		rest = rest[1:]
	}
	if len(rest) == 0 {
		if l.P.Browser == Chromium {
			l.finishParsing()
			return
		}
		l.queueEvent("DOMContentLoaded", nil)
		return
	}
	l.queueScript(rest[0], rest[1:], rest[0].External || !l.P.Browser.queueOrder())
}

// queueEvent queues a task on the DOM manipulation source that fires
// event.
func (l *Loop) queueEvent(event string, detail any) {
	b := l.b
	b.tasks = append(b.tasks, &task{queue: "event", fire: event, cb: detail, at: l.read(ReadTimerStart), seq: b.nextSeq(), prio: PrioNormal})
}

// afterTask follows a microtask checkpoint: the promises rejected with
// no handler are announced by a task each (HTML, "notify about rejected
// promises": no event if one got a handler before it runs), and those
// announced that got one since by a rejectionhandled task each.
func (l *Loop) afterTask() {
	if l.dead {
		return
	}
	unhandled, late := l.host.TakeRejections()
	for _, r := range unhandled {
		l.queueEvent("unhandledrejection", r)
	}
	for _, r := range late {
		l.queueEvent("rejectionhandled", r)
	}
}

// candidate is one runnable choice of a step.
type candidate struct {
	t      *task
	render bool
	idle   bool
}

// browserStep runs one task (or a rendering update, or an idle callback);
// false when nothing is left.
func (l *Loop) browserStep() bool {
	b := l.b
	framePending := len(b.rafs) > 0 || len(b.renders) > 0
	if len(b.tasks) == 0 && len(b.timers) == 0 && !framePending && len(b.idle) == 0 {
		if len(b.clicks) == 0 || !b.loaded {
			return false
		}
		// The user clicks once the page is quiet.
		c := b.clicks[0]
		b.clicks = b.clicks[1:]
		l.runTask(&task{queue: "event", fire: "click", cb: c})
		return true
	}
	l.iterations++
	l.phaseEvent("task")
	l.ask(Question{Kind: AskTask})
	t := l.firstTimer()
	if t != nil && len(b.tasks) == 0 && len(b.idle) == 0 && !framePending {
		// Nothing else to do: the loop sleeps until the timer is due.
		l.floor = &t.due
	}
	now := l.read(ReadTimersPhase)
	var cands []candidate
	if l.P.Browser.queuesTimersWhenSeen() {
		l.queueDueTimers(now)
		if q := l.queuedTimer(); q != nil {
			cands = append(cands, candidate{t: &task{queue: timerQueue(q), cb: q.cb, at: *q.queued, seq: q.qseq, prio: PrioNormal, timer: q}})
		}
	} else if t != nil && l.clk.Leq(t.due, now) {
		cands = append(cands, candidate{t: &task{queue: timerQueue(t), cb: t.cb, at: t.due, seq: t.seq, prio: PrioNormal, timer: t}})
	}
	for _, src := range l.sourceHeads() {
		cands = append(cands, candidate{t: src})
	}
	if framePending && (b.lastFrame == nil || l.clk.Leq(b.lastFrame.Add(FrameMS), now)) && !l.queuedBeforeFrame(cands) {
		cands = append(cands, candidate{render: true})
	}
	if len(cands) == 0 {
		if len(b.idle) > 0 {
			// An idle period: no task is runnable.
			cands = append(cands, candidate{idle: true})
		} else {
			// Sleep until the next timer or frame, whichever comes first.
			var wake Time
			switch {
			case t == nil:
				wake = b.lastFrame.Add(FrameMS)
			case !framePending:
				wake = t.due
			default:
				wake = t.due
				if f := b.lastFrame.Add(FrameMS); l.clk.Cmp(f, wake) < 0 {
					wake = f
				}
			}
			l.floor = &wake
			return true
		}
	}
	c := l.pick(cands)
	switch {
	case c.render:
		l.renderingUpdate(now)
	case c.idle:
		cb := b.idle[0]
		b.idle = b.idle[1:]
		l.runTask(&task{queue: "idle", cb: cb.cb})
	default:
		l.takeTask(c.t)
		if c.t.timer != nil {
			c.t.at = now // an interval is re-armed from when its task runs
		}
		l.runTask(c.t)
	}
	return true
}

func timerQueue(t *btimer) string {
	if t.repeat {
		return "interval"
	}
	return "timer"
}

// queuedBeforeFrame: one of the runnable tasks was queued before the last
// rendering update ended, so it runs before the next
// (framesAfterQueuedTasks). A free task (a script that arrives) is not
// known to have been queued then.
func (l *Loop) queuedBeforeFrame(cands []candidate) bool {
	if !l.P.Browser.framesAfterQueuedTasks() {
		return false
	}
	for _, c := range cands {
		if c.t != nil && !c.t.free && c.t.seq <= l.b.frameEnd {
			return true
		}
	}
	return false
}

// firstTimer is the timer due first, ties in order of creation.
func (l *Loop) firstTimer() *btimer {
	var best *btimer
	for _, t := range l.b.timers {
		if best == nil || l.clk.Cmp(t.due, best.due) < 0 {
			best = t
		}
	}
	return best
}

// sourceHeads are the first queued task of each source (a task's queue
// names it) and priority; each script that arrives is its own.
func (l *Loop) sourceHeads() []*task {
	var heads []*task
	seen := map[[2]any]bool{}
	for _, t := range l.b.tasks {
		k := [2]any{t.queue, t.prio}
		if t.script != nil {
			k[1] = t // each script arrives on its own
		}
		if !seen[k] {
			seen[k] = true
			heads = append(heads, t)
		}
	}
	return heads
}

// pick chooses among the runnable candidates: the engine's order where it
// has one, else a question.
func (l *Loop) pick(cands []candidate) candidate {
	if l.P.Browser.queueOrder() {
		// Tasks by priority, then in the order they were queued; the
		// rendering update and the first of them remain a choice (both
		// engines ran rAF before and after a due timer).
		var best *candidate
		var rest []candidate
		for i := range cands {
			c := &cands[i]
			if c.t == nil || c.t.free {
				rest = append(rest, *c)
				continue
			}
			if best == nil || l.before(c.t, best.t) {
				best = c
			}
		}
		if best != nil {
			if best.t.prio <= PrioNormal {
				rest = slices.DeleteFunc(rest, func(c candidate) bool { return c.t != nil && c.t.deferred })
			}
			cands = append([]candidate{*best}, rest...)
		}
	}
	if len(cands) == 1 {
		return cands[0]
	}
	return cands[l.choose(len(cands))]
}

// before orders two tasks by priority, then queue time, then sequence.
func (l *Loop) before(a, b *task) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	if c := l.clk.Cmp(a.at, b.at); c != 0 {
		return c < 0
	}
	return a.seq < b.seq
}

func (l *Loop) choose(n int) int {
	if n <= 1 || l.chooseFn == nil {
		return 0
	}
	return l.chooseFn(n)
}

// takeTask removes a task that is about to run from its queue.
func (l *Loop) takeTask(t *task) {
	b := l.b
	if t.timer != nil {
		for i, u := range b.timers {
			if u == t.timer {
				b.timers = append(b.timers[:i], b.timers[i+1:]...)
				break
			}
		}
		return
	}
	for i, u := range b.tasks {
		if u == t {
			b.tasks = append(b.tasks[:i], b.tasks[i+1:]...)
			return
		}
	}
}

// runTask runs one task and the microtask checkpoint after it.
func (l *Loop) runTask(t *task) {
	b := l.b
	if !l.budget() {
		return
	}
	l.drained = 0
	b.nesting = 0
	if t.timer != nil {
		b.nesting = t.timer.nesting
		if t.timer.repeat {
			// Re-armed from the time its task started: no catch-up
			// burst after a slow callback (set_interval_drift).
			l.armBrowserTimer(t.timer, t.at, t.timer.nesting)
		} else {
			delete(b.byID, t.timer.id)
		}
	}
	switch {
	case t.parsing:
		l.parse(t.parseRest, t.rest)
	case t.parseEnd && len(t.rest) == 0 && l.P.Browser == Chromium:
		l.finishParsing()
	case t.parseEnd:
		l.deferredScripts(t.rest)
	case t.fire != "":
		l.fireEvent(t)
	default:
		l.host.Enter(func() { l.invokeTask(t.queue, t.cb) })
		l.afterTask()
	}
	b.nesting = 0
	switch {
	case t.port != nil:
		// The port delivers its next message once this one's task ran.
		if backlog := b.ports[t.port]; len(backlog) > 0 {
			b.ports[t.port] = backlog[1:]
			b.tasks = append(b.tasks, &task{queue: "message", cb: backlog[0], at: l.read(ReadTimerStart), seq: b.nextSeq(), prio: t.prio, port: t.port})
		} else {
			delete(b.ports, t.port)
		}
	case t.script != nil && t.script.Async:
		b.asyncLeft--
		if b.asyncLeft == 0 && b.loadWaiting {
			b.loadWaiting = false
			l.queueEvent("load", nil)
		}
	case t.script != nil && !t.parseEnd:
		l.deferredScripts(t.rest)
	case t.fire == "load":
		b.loaded = true
	case t.fire == "DOMContentLoaded":
		// load waits for the async scripts too.
		if b.asyncLeft > 0 {
			b.loadWaiting = true
		} else {
			l.queueEvent("load", nil)
		}
	}
}

// finishParsing is Chromium's end of parsing, in the task that ends it
// (the parser's, or the one that ran the last deferred script):
// Document::FinishedParsing fires DOMContentLoaded there, and load too
// when no async script is pending (dcl_load_vs_timeout: no timer ran
// between them; defer_async_module: an async script never ran between
// the last deferred script and DOMContentLoaded, in plain or perturbed
// runs).
func (l *Loop) finishParsing() {
	b := l.b
	l.fireEvent(&task{queue: "event", fire: "DOMContentLoaded"})
	if l.dead {
		return
	}
	if b.asyncLeft > 0 {
		b.loadWaiting = true
		return
	}
	l.fireEvent(&task{queue: "event", fire: "load"})
	b.loaded = true
}

// fireEvent dispatches an event the browser fires: each listener its own
// callback, a microtask checkpoint after each.
func (l *Loop) fireEvent(t *task) {
	bh, ok := l.host.(BrowserHost)
	if !ok {
		return
	}
	var cbs []any
	l.host.Enter(func() { cbs = bh.Listeners(t.fire, t.cb) })
	l.afterTask()
	for i, cb := range cbs {
		if l.dead || i > 0 && !l.budget() {
			return
		}
		l.drained = 0
		l.host.Enter(func() { l.invokeTask(t.queue, cb) })
		l.afterTask()
	}
}

// invokeTask calls one callback; an exception is reported (the window's
// error event, the console) and the loop goes on.
func (l *Loop) invokeTask(queue string, cb any) {
	l.runEvent(queue, cb)
	if l.dead {
		return
	}
	l.running = queue
	if err := l.host.Invoke(cb); err != nil {
		l.host.Uncaught(err, false)
	}
	l.running = ""
}

// renderingUpdate is the rendering steps that run script: the rAF
// callbacks requested before it (a snapshot), each followed by a
// microtask checkpoint, then the observers' deliveries.
func (l *Loop) renderingUpdate(now Time) {
	b := l.b
	b.lastFrame = &now
	b.frameTime = now
	l.phaseEvent("rendering")
	snap := b.rafs
	b.rafs = nil
	clear(b.cancelled)
	for _, r := range snap {
		if l.dead || !l.budget() {
			return
		}
		if b.cancelled[r.id] {
			continue
		}
		l.drained = 0
		l.host.Enter(func() { l.invokeTask("raf", r.cb) })
		l.afterTask()
	}
	renders := b.renders
	b.renders = nil
	for _, cb := range renders {
		if l.dead || !l.budget() {
			return
		}
		l.drained = 0
		l.host.Enter(func() { l.invokeTask("render", cb) })
		l.afterTask()
	}
	b.frameEnd = b.seq
}
