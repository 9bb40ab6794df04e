//go:build !linux

package main

import "errors"

// starver is -starve and -one-cpu, which need Linux (per-thread CPU
// affinity and nice).
type starver struct{}

func newStarver(int, bool) (*starver, error) {
	return nil, errors.New("-starve and -one-cpu need Linux")
}

func (*starver) pin(int) error                   { return nil }
func (*starver) how() string                     { return "" }
func (*starver) watch(int, uint32) (stop func()) { return func() {} }
