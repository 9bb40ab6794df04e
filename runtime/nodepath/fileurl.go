package nodepath

import (
	"net/url"
	"strings"
)

// FileURLToPath is url.fileURLToPath of href on POSIX: the path a file:
// URL names, percent-decoded. code is "" on success, else Node's error
// code, with msg its message.
func FileURLToPath(href string) (path, code, msg string) {
	u, err := url.Parse(href)
	if err != nil || u.Scheme == "" {
		return "", "ERR_INVALID_URL", "Invalid URL"
	}
	if !strings.EqualFold(u.Scheme, "file") {
		return "", "ERR_INVALID_URL_SCHEME", "The URL must be of scheme file"
	}
	if u.Host != "" && u.Host != "localhost" {
		return "", "ERR_INVALID_FILE_URL_HOST", `File URL host must be "localhost" or empty on linux`
	}
	raw := u.EscapedPath()
	if strings.Contains(strings.ToLower(raw), "%2f") {
		return "", "ERR_INVALID_FILE_URL_PATH", "File URL path must not include encoded / characters"
	}
	p, err := url.PathUnescape(raw)
	if err != nil {
		return "", "ERR_INVALID_URL", "Invalid URL"
	}
	if p == "" {
		p = "/"
	}
	return p, "", ""
}

// FileURL is the file: URL of an absolute path, as import.meta.url and
// url.pathToFileURL write it (a space is %20).
func FileURL(path string) string {
	return (&url.URL{Scheme: "file", Path: path}).String()
}
