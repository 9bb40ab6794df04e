package lsp

// The parts of the Language Server Protocol (3.17) looplint speaks, as
// JSON. Positions count UTF-16 code units, as the protocol's default says.

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type rangeT struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type textDocumentItem struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
	Text    string `json:"text"`
}

type docID struct {
	URI     string `json:"uri"`
	Version int    `json:"version,omitempty"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type contentChange struct {
	Range *rangeT `json:"range,omitempty"`
	Text  string  `json:"text"`
}

type didChangeParams struct {
	TextDocument   docID           `json:"textDocument"`
	ContentChanges []contentChange `json:"contentChanges"`
}

type didSaveParams struct {
	TextDocument docID   `json:"textDocument"`
	Text         *string `json:"text,omitempty"`
}

type didCloseParams struct {
	TextDocument docID `json:"textDocument"`
}

type diagnostic struct {
	Range    rangeT `json:"range"`
	Severity int    `json:"severity"` // 1 error, 2 warning
	Code     string `json:"code"`
	CodeDesc *struct {
		Href string `json:"href"`
	} `json:"codeDescription,omitempty"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

type publishParams struct {
	URI         string       `json:"uri"`
	Version     int          `json:"version,omitempty"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type textEdit struct {
	Range   rangeT `json:"range"`
	NewText string `json:"newText"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

type codeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	Diagnostics []diagnostic  `json:"diagnostics,omitempty"`
	IsPreferred bool          `json:"isPreferred,omitempty"`
	Edit        workspaceEdit `json:"edit"`
}

type codeActionParams struct {
	TextDocument docID  `json:"textDocument"`
	Range        rangeT `json:"range"`
	Context      struct {
		Diagnostics []diagnostic `json:"diagnostics"`
	} `json:"context"`
}

type hoverParams struct {
	TextDocument docID    `json:"textDocument"`
	Position     position `json:"position"`
}

type markup struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}

type hover struct {
	Contents markup  `json:"contents"`
	Range    *rangeT `json:"range,omitempty"`
}
