package parse

import (
	"fmt"
	"io"
	"os"
)

// ReadFile reads a regular file of at most MaxSize bytes. A FIFO, a device
// or a pseudo-file (/proc) is refused or cut at the limit instead of read
// forever: the file is opened without blocking and checked once open.
func ReadFile(path string) ([]byte, error) {
	fd, err := os.OpenFile(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, err
	}
	defer fd.Close()
	st, err := fd.Stat()
	if err != nil {
		return nil, err
	}
	if m := st.Mode(); !m.IsRegular() {
		what := "not a regular file"
		switch {
		case m&os.ModeNamedPipe != 0:
			what = "a named pipe, not a regular file"
		case m&os.ModeDevice != 0:
			what = "a device, not a regular file"
		case m&os.ModeSocket != 0:
			what = "a socket, not a regular file"
		case m.IsDir():
			what = "a directory, not a regular file"
		}
		return nil, fmt.Errorf("%s", what)
	}
	if st.Size() > MaxSize { // refused as below, without reading it
		return nil, fmt.Errorf("file is more than %d bytes; looplint reads at most %d", MaxSize, MaxSize)
	}
	// Read into a buffer of the file's size (one more byte tells that it
	// grew past MaxSize): io.ReadAll's growing buffer allocated about
	// twice the tree's size over a run.
	data := make([]byte, 0, min(st.Size(), MaxSize)+1)
	for {
		n, err := fd.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF || n == 0 && err == nil {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			if len(data) > MaxSize {
				break
			}
			data = append(data, 0)[:len(data)] // grew since the stat
		}
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("file is more than %d bytes; looplint reads at most %d", MaxSize, MaxSize)
	}
	return data, nil
}
