//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package memfs

import (
	"os"
	"syscall"
)

// pseudoFS names the kernel file systems a mount must not show the
// snippet: their files describe this machine and looplint's own process
// (/proc/self/environ holds its environment), not a project.
var pseudoFS = map[int64]string{
	0x9fa0:     "procfs",
	0x62656572: "sysfs",
	0x27e0eb:   "cgroupfs",
	0x63677270: "cgroup2fs",
	0x64626720: "debugfs",
	0x73636673: "securityfs",
	0x74726163: "tracefs",
	0x62656570: "configfs",
	0x1cd1:     "devpts",
	0xcafe4a11: "bpffs",
	0x6165676c: "pstorefs",
	0xde5e81e4: "efivarfs",
	0xf97cff8c: "selinuxfs",
}

// pseudo reports the kernel file system f is on, if it is one of those.
func pseudo(f *os.File) (string, bool) {
	var st syscall.Statfs_t
	if err := syscall.Fstatfs(int(f.Fd()), &st); err != nil {
		return "", false
	}
	name, ok := pseudoFS[int64(st.Type)]
	return name, ok
}
