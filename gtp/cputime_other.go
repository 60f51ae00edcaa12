//go:build !unix

package gtp

import "time"

// processCPUTime is not available here; cputime then reports the wall time
// spent searching.
func processCPUTime() (time.Duration, bool) { return 0, false }
