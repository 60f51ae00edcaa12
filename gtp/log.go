package gtp

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Level is a logging verbosity.
type Level int

// Log levels, from silent to chatty.
const (
	LevelQuiet Level = iota
	LevelError
	LevelInfo
	LevelDebug
)

// ParseLevel reads a level name: quiet, error, info or debug.
func ParseLevel(s string) (Level, error) {
	for l, name := range levelNames {
		if strings.EqualFold(s, name) {
			return Level(l), nil
		}
	}
	return LevelQuiet, fmt.Errorf("unknown log level %q (want quiet, error, info or debug)", s)
}

var levelNames = [...]string{"quiet", "error", "info", "debug"}

func (l Level) String() string { return levelNames[l] }

// logPrefix starts every log line: GUIs that merge stderr into stdout
// (Lizzie) must never mistake a log line for a response or analysis output,
// which start with "=", "?", "info" or "play".
const logPrefix = "gtpgo: "

// Logger writes log lines to stderr without ever blocking the engine: lines
// go through a bounded buffer to a writer goroutine, and when the buffer is
// full (the GUI does not drain stderr) new lines are dropped and counted.
// A nil *Logger discards everything.
type Logger struct {
	level   Level
	lines   chan string
	stop    chan struct{}
	done    chan struct{}
	dropped atomic.Int64
	close   sync.Once
}

// NewLogger starts a logger writing to w lines at or below level, buffering
// up to capacity lines.
func NewLogger(w io.Writer, level Level, capacity int) *Logger {
	l := &Logger{level: level, lines: make(chan string, max(capacity, 1)),
		stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		for {
			select {
			case line := <-l.lines:
				// a write error (stderr gone) is ignored: logging is best effort
				_, _ = io.WriteString(w, line)
			case <-l.stop:
				for {
					select {
					case line := <-l.lines:
						_, _ = io.WriteString(w, line)
					default:
						return
					}
				}
			}
		}
	}()
	return l
}

// Enabled tells whether lines of this level are written.
func (l *Logger) Enabled(level Level) bool { return l != nil && level <= l.level && level > LevelQuiet }

// Errorf logs at error level.
func (l *Logger) Errorf(format string, args ...any) { l.log(LevelError, format, args...) }

// Infof logs at info level.
func (l *Logger) Infof(format string, args ...any) { l.log(LevelInfo, format, args...) }

// Debugf logs at debug level.
func (l *Logger) Debugf(format string, args ...any) { l.log(LevelDebug, format, args...) }

func (l *Logger) log(level Level, format string, args ...any) {
	if !l.Enabled(level) {
		return
	}
	msg := fmt.Sprintf(format, args...)
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(msg, "\n"), "\n") {
		b.WriteString(logPrefix)
		b.WriteString(cleanLine(line))
		b.WriteByte('\n')
	}
	select {
	case l.lines <- b.String():
	default:
		l.dropped.Add(1)
	}
}

// Dropped is the number of log messages lost because the buffer was full.
func (l *Logger) Dropped() int64 {
	if l == nil {
		return 0
	}
	return l.dropped.Load()
}

// Close stops the logger, waiting at most wait for buffered lines to be
// written (a stuck stderr must not keep the process alive). Lines logged
// after Close are buffered and never written.
func (l *Logger) Close(wait time.Duration) {
	if l == nil {
		return
	}
	l.close.Do(func() { close(l.stop) })
	select {
	case <-l.done:
	case <-time.After(wait):
	}
}
