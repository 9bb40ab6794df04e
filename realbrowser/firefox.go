package realbrowser

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// firefoxPrefs go into a fresh profile's user.js: console calls on stdout,
// and none of the first-run pages, updates or telemetry.
const firefoxPrefs = `user_pref("devtools.console.stdout.content", true);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.auto", false);
user_pref("app.update.enabled", false);
user_pref("network.proxy.type", 0);
`

// firefoxVersion is what `firefox --version` says after "Firefox ".
func firefoxVersion(exe string) (string, error) {
	out, err := exec.Command(exe, "--version").Output()
	if err != nil {
		return "", fmt.Errorf("%s --version: %v", exe, err)
	}
	f := strings.Fields(string(out))
	if len(f) == 0 {
		return "", fmt.Errorf("%s --version printed nothing", exe)
	}
	return f[len(f)-1], nil
}

// runFirefox runs the page n times in headless Firefox. Firefox is not
// driven: each run's page goes on to the next itself after its end line,
// and the console lines Firefox prints on stdout are read. A run that does
// not end in time is killed with its browser, which starts again at the
// next run.
func runFirefox(exe string, c *Page, n int, timeout time.Duration) (string, []Result, error) {
	version, err := firefoxVersion(exe)
	if err != nil {
		return "", nil, err
	}
	srv := serve(c, "firefox", n, true)
	defer srv.Close()
	out := make([]Result, n)
	for start := 0; start < n; {
		rs, last, err := firefoxFrom(exe, c, timeout, srv.URL, start, n)
		if err != nil {
			return "", nil, err
		}
		for i := start; i <= last && i < n; i++ {
			out[i] = rs.result(i)
		}
		start = last + 1
	}
	return version, out, nil
}

// firefoxFrom starts Firefox on run start and reads its console until run
// n-1 ends or a run takes too long; last is the last run it saw end, or
// the one it killed.
func firefoxFrom(exe string, c *Page, timeout time.Duration, base string, start, n int) (*runs, int, error) {
	profile, err := os.MkdirTemp("", "realbrowser-firefox-")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(profile)
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		return nil, 0, err
	}
	cmd := exec.Command(exe, "--headless", "--no-remote", "--profile", profile, fmt.Sprintf("%s/run/%d/", base, start))
	cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1")
	ownGroup(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, 0, err
	}
	if err := cmd.Start(); err != nil {
		return nil, 0, err
	}
	lines := make(chan string)
	defer func() {
		killGroup(cmd)
		for range lines {
		}
		cmd.Wait()
	}()
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	rs := newRuns()
	last := start - 1
	// The first run also waits for Firefox to start.
	limit := timeout + c.Quiet + 20*time.Second
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return rs, last + 1, nil
			}
			l, ok := parseFirefoxLine(line)
			if !ok {
				continue
			}
			if i := rs.add(l); i >= 0 {
				if i > last {
					last = i
				}
				if last == n-1 {
					return rs, last, nil
				}
				timer.Reset(timeout + c.Quiet)
			}
		case <-timer.C:
			return rs, last + 1, nil
		}
	}
}
