//go:build unix

package gtp

import (
	"syscall"
	"time"
)

// processCPUTime is the user plus system CPU time of the whole process (all
// search threads), as GNU Go's cputime reports it.
func processCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
