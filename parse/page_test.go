package parse

import "testing"

func TestParsePage(t *testing.T) {
	src := `<!doctype html>
<html><head><meta charset="utf-8">
<script defer src="d.js"></script>
<script async src='a.js'></script>
<script type="module">console.log("m");</script>
<!-- <script>not a script</script> -->
<script type="application/json">{"x": 1}</script>
</head><body>
<div id="outer" class="a b"><button id=inner>x</button></div>
<script>
console.log("inline");
</script>
</body></html>`
	pg, err := ParsePage("p.html", src)
	if err != nil {
		t.Fatal(err)
	}
	kinds := []ScriptKind{ScriptDefer, ScriptAsync, ScriptModule, ScriptClassic}
	if len(pg.Scripts) != len(kinds) {
		t.Fatalf("scripts %+v", pg.Scripts)
	}
	for i, k := range kinds {
		if pg.Scripts[i].Kind != k {
			t.Errorf("script %d: kind %d, want %d", i, pg.Scripts[i].Kind, k)
		}
	}
	if s := pg.Scripts[3]; s.Line != 10 || s.Col != 9 || s.Code != "\nconsole.log(\"inline\");\n" {
		t.Errorf("inline script at %d:%d: %q", s.Line, s.Col, s.Code)
	}
	html := pg.Root.Children[0]
	body := html.Children[1]
	if body.Tag != "body" || body.Children[0].Attrs["id"] != "outer" || body.Children[0].Children[0].Attrs["id"] != "inner" {
		t.Errorf("tree: %+v", body)
	}
	if _, err := ParsePage("p.html", "<p>\n<script>x"); err == nil || err.Error() != "p.html:2:9: <script> without </script>" {
		t.Errorf("unclosed script: %v", err)
	}
}
