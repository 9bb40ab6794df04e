package web

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/looplint/looplint/internal/cdp"
)

// playground builds what make web builds into a temporary directory (or
// takes $LOOPLINT_WEB_DIST, built already) and looplint itself, for the
// answers the page must equal.
func playground(t *testing.T) (dist, cli string) {
	t.Helper()
	root, _ := filepath.Abs("..")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	_, cli = playgroundCLI(t)
	if dist = os.Getenv("LOOPLINT_WEB_DIST"); dist != "" {
		return dist, cli
	}
	dist = filepath.Join(t.TempDir(), "dist")
	start := time.Now()
	cmd := exec.Command("go", "build", "-o", filepath.Join(dist, Wasm), "./cmd/looplint")
	cmd.Dir, cmd.Env = root, append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build (js/wasm): %v\n%s", err, b)
	}
	t.Logf("built the WebAssembly in %v", time.Since(start).Round(time.Millisecond))
	if err := WriteDist(dist, root, strings.TrimSpace(string(goroot))); err != nil {
		t.Fatal(err)
	}
	return dist, cli
}

// cliOrders is what looplint predict --format json prints for file on
// node: each order's stdout, and the report's node.
// sideArgs is predict's flags for a side the page shows: a Node version
// as picked (22), or a browser (chromium, firefox) with the release the
// page's report names (its engine's features).
func sideArgs(asked, release string) []string {
	if asked == "chromium" || asked == "firefox" {
		return []string{"--target", asked, "--node", release}
	}
	return []string{"--node", asked}
}

func cliOrders(t *testing.T, cli, file, node, release string) (string, [][]string) {
	t.Helper()
	cmd := exec.Command(cli, append(append([]string{"predict", "--format", "json"}, sideArgs(node, release)...), file)...)
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("looplint predict %s: %v", file, err)
	}
	var rep struct {
		Node   string `json:"node"`
		Orders []struct {
			Stdout []string `json:"stdout"`
		} `json:"orders"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("looplint predict %s: %v", file, err)
	}
	var orders [][]string
	for _, o := range rep.Orders {
		orders = append(orders, o.Stdout)
	}
	return rep.Node, orders
}

// pageShown reads the page's answer from its DOM (README.md): per
// version, as picked (data-node-asked), its release and orders.
const pageShown = `(() => {
	const out = {};
	for (const s of document.querySelectorAll('section.version')) {
		out[s.dataset.nodeAsked] = {node: s.dataset.node || '', state: s.dataset.state, error: s.dataset.error || '',
			orders: [...s.querySelectorAll('li.order')].map(li => JSON.parse(li.dataset.order))};
	}
	return out;
})()`

// waitAnswered is a promise of performance.now() once body[data-answered]
// reaches n.
func waitAnswered(n int) string {
	return `new Promise((resolve, reject) => {
		const t0 = performance.now();
		const check = () => {
			if (+document.body.dataset.answered >= ` + itoa(n) + `) resolve(performance.now());
			else if (performance.now() - t0 > 120000) reject(new Error('no answer in 2 minutes'));
			else setTimeout(check, 2);
		};
		check();
	})`
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

type shownVersion struct {
	Node   string     `json:"node"`
	State  string     `json:"state"`
	Error  string     `json:"error"`
	Orders [][]string `json:"orders"`
}

// checkShown compares the page's orders for source, per version, with
// the command's.
func checkShown(t *testing.T, b *cdp.Browser, cli, name, source string, tmp string) {
	t.Helper()
	var shown map[string]shownVersion
	if err := b.Eval(pageShown, &shown); err != nil {
		t.Fatal(err)
	}
	if len(shown) == 0 {
		t.Fatalf("%s: the page shows no version", name)
	}
	file := filepath.Join(tmp, name)
	if err := os.WriteFile(file, []byte(source), 0o644); err != nil {
		t.Fatal(err)
	}
	for asked, sv := range shown {
		if sv.State != "done" {
			t.Errorf("%s, Node %s: the page's state is %q (%s)", name, asked, sv.State, sv.Error)
			continue
		}
		node, want := cliOrders(t, cli, file, asked, sv.Node)
		if sv.Node != node {
			t.Errorf("%s, Node %s: the page shows release %s, the command %s", name, asked, sv.Node, node)
		}
		if !reflect.DeepEqual(sv.Orders, want) {
			t.Errorf("%s, Node %s: the page shows the orders\n%q\nthe command\n%q", name, asked, sv.Orders, want)
		}
	}
}

func TestPlaygroundInChromium(t *testing.T) {
	exe := chromium()
	if exe == "" {
		t.Skip("no headless Chromium: apt-get install -y chromium-headless-shell (or set LOOPLINT_CHROMIUM) to run the playground's browser tests")
	}
	if testing.Short() {
		t.Skip("-short: the playground's browser tests build the WebAssembly")
	}
	dist, cli := playground(t)
	srv := httptest.NewServer(Handler(os.DirFS(dist)))
	defer srv.Close()
	b := startBrowser(t, exe)
	tmp := t.TempDir()

	var examples []Example
	data, err := os.ReadFile(filepath.Join(dist, Examples))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &examples); err != nil {
		t.Fatal(err)
	}
	if len(examples) < 2 || examples[0].Name != "event-loop-tour.js" {
		t.Fatalf("the examples are %d, the first %q: want event-loop-tour.js first", len(examples), examples[0].Name)
	}

	// The first answer: event-loop-tour.js, the page's first example,
	// from navigation (performance.now() counts from it).
	if err := b.Navigate(srv.URL+"/", time.Minute); err != nil {
		t.Fatal(err)
	}
	var first struct{ One, All float64 }
	err = b.Eval(`new Promise((resolve, reject) => {
		let one = 0;
		const check = () => {
			if (!one && document.querySelector('section.version[data-state=done]')) one = performance.now();
			if (+document.body.dataset.answered >= 1) resolve({One: one || performance.now(), All: performance.now()});
			else if (performance.now() > 120000) reject(new Error('no answer in 2 minutes'));
			else setTimeout(check, 2);
		};
		check();
	})`, &first)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("load to first answer (event-loop-tour.js): %.0f ms to the first version shown, %.0f ms to all", first.One, first.All)
	var timing any
	b.Eval(`[window.looplintTiming, performance.timeOrigin]`, &timing)
	t.Logf("timing: %v", timing)
	checkShown(t, b, cli, examples[0].Name, examples[0].Source, tmp)
	checkReports(t, b, cli, examples[0].Source)
	checkTimeline(t, b, examples[0].Name)
	shot(t, b, "playground.png")

	// Each other example, picked from the list.
	answered := 1
	var worst float64
	for _, ex := range examples[1:] {
		var ms float64
		err := b.Eval(`(async () => {
			const sel = document.getElementById('example');
			sel.value = `+jsString(ex.Name)+`;
			const t0 = performance.now();
			sel.dispatchEvent(new Event('change'));
			return (await `+waitAnswered(answered+1)+`) - t0;
		})()`, &ms)
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		answered++
		worst = max(worst, ms)
		t.Logf("%s: answered in %.0f ms", ex.Name, ms)
		var code string
		if err := b.Eval(`document.getElementById('code').value`, &code); err != nil {
			t.Fatal(err)
		}
		if code != ex.Source {
			t.Errorf("%s: the editor does not hold the example", ex.Name)
		}
		checkShown(t, b, cli, ex.Name, ex.Source, tmp)
		checkReports(t, b, cli, ex.Source)
		checkTimeline(t, b, ex.Name)
		shot(t, b, strings.TrimSuffix(ex.Name, ".js")+".png")
	}
	t.Logf("slowest example after the first: %.0f ms", worst)

	// Chromium and Firefox beside Node, on the last example: each shows
	// what predict --target says, and its timeline steps through it.
	last := examples[len(examples)-1]
	var sides []string
	err = b.Eval(`(async () => {
		for (const i of document.querySelectorAll('#browsers input')) i.checked = true;
		document.getElementById('run').click();
		await `+waitAnswered(answered+1)+`;
		return [...document.querySelectorAll('section.version')].map(s => s.dataset.target || s.dataset.node);
	})()`, &sides)
	if err != nil {
		t.Fatal(err)
	}
	answered++
	if !slices.Contains(sides, "chromium") || !slices.Contains(sides, "firefox") {
		t.Errorf("with the browsers ticked the page shows %q", sides)
	}
	checkShown(t, b, cli, last.Name, last.Source, tmp)
	checkReports(t, b, cli, last.Source)
	if err := b.Eval(`(() => { const li = document.querySelector('section.version[data-target="chromium"] li.order'); li.click(); return true; })()`, nil); err != nil {
		t.Fatal(err)
	}
	checkTimeline(t, b, last.Name+" on Chromium")
	shot(t, b, "browsers.png")
	if err := b.Eval(`(() => { for (const i of document.querySelectorAll('#browsers input')) i.checked = false; return true; })()`, nil); err != nil {
		t.Fatal(err)
	}

	// A syntax error is said for each version and marked on its line.
	var bad struct {
		States []string `json:"states"`
		Marked bool     `json:"marked"`
	}
	err = b.Eval(`(async () => {
		document.getElementById('code').value = "console.log(1);\nlet x = ;\n";
		document.getElementById('run').click();
		await `+waitAnswered(answered+1)+`;
		return {states: [...document.querySelectorAll('section.version')].map(s => s.dataset.state),
			marked: !!document.querySelector('#gutter .hazard') && document.querySelector('#highlight .hazard').dataset.line === '2'};
	})()`, &bad)
	if err != nil {
		t.Fatal(err)
	}
	answered++
	if len(bad.States) == 0 || !bad.Marked || slices.ContainsFunc(bad.States, func(s string) bool { return s != "error" }) {
		t.Errorf("a syntax error: states %q, marked on its line: %v", bad.States, bad.Marked)
	}

	// A share link carries the code and the versions.
	source := "// shared: h\u00e9llo \u2713\nsetTimeout(() => console.log('t\u00e9'), 0);\nprocess.nextTick(() => console.log('tick'));\nconsole.log('sync');\n"
	var link string
	err = b.Eval(`(async () => {
		const code = document.getElementById('code');
		code.value = `+jsString(source)+`;
		for (const i of document.querySelectorAll('#versions input')) i.checked = i.value === '12' || i.value === '24';
		document.getElementById('share').click();
		return location.href;
	})()`, &link)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(link, "#") {
		t.Fatalf("the share link %q carries no fragment", link)
	}
	if err := b.Navigate("about:blank", time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(link, time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := b.Eval(waitAnswered(1), nil); err != nil {
		t.Fatal(err)
	}
	var code string
	if err := b.Eval(`document.getElementById('code').value`, &code); err != nil {
		t.Fatal(err)
	}
	if code != source {
		t.Errorf("the share link gave the code %q, want %q", code, source)
	}
	var shown map[string]shownVersion
	if err := b.Eval(pageShown, &shown); err != nil {
		t.Fatal(err)
	}
	if _, ok := shown["12"]; !ok || len(shown) != 2 {
		t.Errorf("the share link shows versions %v, want 12 and 24", keys(shown))
	}
	checkShown(t, b, cli, "shared.js", source, tmp)

	checkQuiz(t, b, cli, srv.URL)
}

// quizGrade is what the page and looplint quiz --format json say of an
// answer.
type quizGrade struct {
	Correct  bool     `json:"correct"`
	Right    int      `json:"right"`
	Order    []string `json:"order"`
	Position int      `json:"position"`
}

// checkQuiz: a quiz link draws the puzzle looplint quiz draws for the
// same level, seed and release, and the page grades an answer as the
// command does: the shuffled lines as given, then Node's order.
func checkQuiz(t *testing.T, b *cdp.Browser, cli, url string) {
	t.Helper()
	if err := b.Navigate("about:blank", time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := b.Navigate(url+"/#quiz=2&seed=7&node=22", time.Minute); err != nil {
		t.Fatal(err)
	}
	waitState := func(state string) string {
		return `new Promise((resolve, reject) => {
			const t0 = performance.now();
			const check = () => {
				const s = document.getElementById('quiz').dataset.state;
				if (s === ` + jsString(state) + `) resolve(s);
				else if (s === 'error') reject(new Error(document.getElementById('quiz-status').textContent + document.getElementById('quiz-grade').textContent));
				else if (performance.now() - t0 > 120000) reject(new Error('quiz: no ` + state + ` in 2 minutes'));
				else setTimeout(check, 5);
			};
			check();
		})`
	}
	if err := b.Eval(waitState("ready"), nil); err != nil {
		t.Fatal(err)
	}
	var page struct {
		Seed    string   `json:"seed"`
		Node    string   `json:"node"`
		Program string   `json:"program"`
		Labels  []string `json:"labels"`
	}
	if err := b.Eval(`({seed: document.getElementById('quiz').dataset.seed, node: document.getElementById('quiz').dataset.node,
		program: document.getElementById('quiz-program').textContent,
		labels: [...document.querySelectorAll('#quiz-labels li')].map(li => li.dataset.quizLabel)})`, &page); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cli, "quiz", "--format", "json", "--level", "2", "--seed", "7", "--node", "22", "--print")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("looplint quiz --print: %v", err)
	}
	var want struct {
		Node    string   `json:"node"`
		Program string   `json:"program"`
		Labels  []string `json:"labels"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	if page.Seed != "7" || page.Node != want.Node || page.Program != want.Program || !slices.Equal(page.Labels, want.Labels) {
		t.Fatalf("the page's puzzle (seed %s, Node %s, lines %q) is not looplint quiz's (Node %s, lines %q)", page.Seed, page.Node, page.Labels, want.Node, want.Labels)
	}
	grade := func(answer []string) (got, cliGrade quizGrade) {
		t.Helper()
		err := b.Eval(`(async () => {
			const ol = document.getElementById('quiz-labels');
			const byLabel = new Map([...ol.children].map(li => [li.dataset.quizLabel, li]));
			for (const l of `+mustJSON(answer)+`) ol.append(byLabel.get(l));
			document.getElementById('quiz-check').click();
			await `+waitState("graded")+`;
			const g = document.getElementById('quiz-grade').dataset;
			return {correct: g.correct === 'true', right: +g.right, order: JSON.parse(g.order), position: +(g.position || 0)};
		})()`, &got)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(cli, "quiz", "--format", "json", "--level", "2", "--seed", "7", "--node", "22", "--answer", strings.Join(answer, ","))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("looplint quiz --answer: %v", err)
		}
		var rep struct {
			quizGrade
			Mistake *struct {
				Position int `json:"position"`
			} `json:"mistake"`
		}
		if err := json.Unmarshal(out, &rep); err != nil {
			t.Fatal(err)
		}
		cliGrade = rep.quizGrade
		if rep.Mistake != nil {
			cliGrade.Position = rep.Mistake.Position
		}
		return got, cliGrade
	}
	got, cliGrade := grade(page.Labels)
	shot(t, b, "quiz.png")
	t.Logf("quiz (level 2, seed 7, Node %s): the shuffled lines graded %+v", page.Node, got)
	if !reflect.DeepEqual(got, cliGrade) {
		t.Errorf("the page graded the shuffled lines %+v, looplint quiz %+v", got, cliGrade)
	}
	got, cliGrade = grade(cliGrade.Order)
	if !got.Correct || !reflect.DeepEqual(got, cliGrade) {
		t.Errorf("the page graded Node's order %+v, looplint quiz %+v", got, cliGrade)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// checkReports: the engine's reports are, whole, what looplint predict
// --format json --explain prints for a file snippet.js (the name the page
// gives) holding source, but for the sandbox's paths.
func checkReports(t *testing.T, b *cdp.Browser, cli, source string) {
	t.Helper()
	var reports map[string]any
	if err := b.Eval(`window.looplintReports`, &reports); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "snippet.js"), []byte(source), 0o644); err != nil {
		t.Fatal(err)
	}
	for node, got := range reports {
		release, _ := got.(map[string]any)["node"].(string)
		cmd := exec.Command(cli, append(append([]string{"predict", "--format", "json", "--explain"}, sideArgs(node, release)...), "snippet.js")...)
		cmd.Dir = dir
		out, _ := cmd.Output()
		// The sandbox lies at the host's paths for the command, at its
		// own for the engine (web/README.md).
		out = bytes.ReplaceAll(out, []byte(dir+"/"), []byte("/app/"))
		var want any
		if err := json.Unmarshal(out, &want); err != nil {
			t.Fatalf("predict --node %s: %v", node, err)
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", " ")
			t.Errorf("Node %s: the engine's report differs from the command's:\n%s\nwant\n%s", node, g, out)
		}
	}
	if len(reports) == 0 {
		t.Error("the page holds no reports")
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// checkTimeline steps through the chosen order (the first version's
// lead): each step is current in turn, and the steps print the order.
func checkTimeline(t *testing.T, b *cdp.Browser, name string) {
	t.Helper()
	var got struct {
		Order   []string `json:"order"`
		Printed []string `json:"printed"`
		Steps   int      `json:"steps"`
		Stepped bool     `json:"stepped"`
		Collap  bool     `json:"collapsed"`
		Unshown []string `json:"unshown"`
	}
	err := b.Eval(`(() => {
		const chosen = document.querySelector('li.order.chosen');
		const steps = [...document.querySelectorAll('#timeline li[data-step]')];
		const sec = chosen && chosen.closest('section.version');
		const explain = sec ? window.looplintReports[sec.dataset.nodeAsked].orders[+chosen.dataset.index].explain || [] : [];
		let stepped = true;
		const unshown = [];
		for (let k = 1; k < steps.length; k++) {
			document.getElementById('next').click();
			const cur = document.querySelector('#timeline li.current');
			if (!cur || cur.dataset.step !== String(k)) stepped = false;
			// A callback or a job waited in its queue, shown by name
			// first there, just before it ran (a summary of several
			// silent jobs names them together; the runtime lists no jobs).
			const st = explain[+(cur && cur.dataset.step)];
			if (st && ['timer', 'interval', 'immediate', 'nextTick', 'microtask', 'message', 'event', 'raf', 'idle'].includes(st.queue) && !(st.jobs > 1)) {
				const box = document.querySelector('#loop-view .queue.active');
				const names = box ? JSON.parse(box.dataset.queued || '[]') : [];
				if (!box || !('unknown' in box.dataset) && names[0] !== st.callback) unshown.push(st.callback + ' (step ' + k + ')');
			}
		}
		return {order: chosen ? JSON.parse(chosen.dataset.order) : null, unshown,
			printed: steps.flatMap(li => JSON.parse(li.dataset.printed)), steps: steps.length, stepped,
			collapsed: steps.some(li => li.querySelector('.why') && /again|more steps/.test(li.textContent))};
	})()`, &got)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case got.Order == nil:
		t.Errorf("%s: no order is chosen for the timeline", name)
	case got.Steps == 0:
		t.Errorf("%s: the timeline has no steps", name)
	case !got.Stepped:
		t.Errorf("%s: stepping did not move through the timeline's steps", name)
	case !got.Collap && !reflect.DeepEqual(got.Printed, got.Order):
		t.Errorf("%s: the timeline's steps print %q, the order is %q", name, got.Printed, got.Order)
	case len(got.Unshown) > 0:
		t.Errorf("%s: callbacks run from a queue that did not show them first: %q", name, got.Unshown)
	}
}

// TestPageInChromium opens predict --format html's page from a file with
// nothing to fetch: it shows the command's orders for each version.
func TestPageInChromium(t *testing.T) {
	exe := chromium()
	if exe == "" {
		t.Skip("no headless Chromium: apt-get install -y chromium-headless-shell (or set LOOPLINT_CHROMIUM) to run the playground's browser tests")
	}
	_, cli := playgroundCLI(t)
	tour, _ := filepath.Abs("../testdata/examples/event-loop-tour.js")
	out := filepath.Join(t.TempDir(), "tour.html")
	cmd := exec.Command(cli, "predict", "--format", "html", "--node", "10,22,26", tour)
	var page bytes.Buffer
	cmd.Stdout = &page
	if err := cmd.Run(); err != nil {
		t.Fatalf("predict --format html: %v", err)
	}
	if err := os.WriteFile(out, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b := startBrowser(t, exe)
	url := "file://" + filepath.ToSlash(out)
	if err := b.Navigate(url, time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := b.Eval(waitAnswered(1), nil); err != nil {
		t.Fatal(err)
	}
	for _, u := range b.Requests() {
		if u != url && !strings.HasPrefix(u, "data:") {
			t.Errorf("the page fetched %s", u)
		}
	}
	var shown map[string]shownVersion
	if err := b.Eval(pageShown, &shown); err != nil {
		t.Fatal(err)
	}
	if len(shown) != 3 {
		t.Errorf("the page shows versions %v, want 3", keys(shown))
	}
	for _, node := range []string{"10", "22", "26"} {
		release, want := cliOrders(t, cli, tour, node, "")
		sv, ok := shown[release]
		if !ok {
			t.Errorf("the page does not show Node %s", release)
			continue
		}
		if !reflect.DeepEqual(sv.Orders, want) {
			t.Errorf("Node %s: the page shows\n%q\nthe command\n%q", release, sv.Orders, want)
		}
	}
	checkTimeline(t, b, "event-loop-tour.js (--format html)")
	shot(t, b, "page.png")
}

// shot writes a screenshot into $LOOPLINT_WEB_SHOTS, when set.
func shot(t *testing.T, b *cdp.Browser, name string) {
	dir := os.Getenv("LOOPLINT_WEB_SHOTS")
	if dir == "" {
		return
	}
	if err := b.Screenshot(filepath.Join(dir, name)); err != nil {
		t.Errorf("screenshot %s: %v", name, err)
	}
}

// playgroundCLI builds looplint only.
func playgroundCLI(t *testing.T) (string, string) {
	t.Helper()
	root, _ := filepath.Abs("..")
	cli := filepath.Join(t.TempDir(), "looplint")
	cmd := exec.Command("go", "build", "-o", cli, "./cmd/looplint")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return root, cli
}
