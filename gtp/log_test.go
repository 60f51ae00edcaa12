package gtp

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuffer is a bytes.Buffer safe for the logger's writer goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLoggerLevelsAndPrefix(t *testing.T) {
	var buf syncBuffer
	l := NewLogger(&buf, LevelInfo, 100)
	l.Errorf("= looks like a response")
	l.Infof("info move D4 visits 3\nplay D4\n? second")
	l.Debugf("not shown")
	l.Close(time.Minute)
	want := "gtpgo: = looks like a response\ngtpgo: info move D4 visits 3\ngtpgo: play D4\ngtpgo: ? second\n"
	assert.Equal(t, want, buf.String())
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		for _, bad := range []string{"=", "?", "info", "play"} {
			assert.False(t, strings.HasPrefix(line, bad), "log line %q", line)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for name, want := range map[string]Level{"quiet": LevelQuiet, "ERROR": LevelError, "info": LevelInfo, "debug": LevelDebug} {
		l, err := ParseLevel(name)
		require.NoError(t, err)
		assert.Equal(t, want, l)
	}
	_, err := ParseLevel("loud")
	assert.Error(t, err)
}

// A stderr nobody drains never blocks the engine: lines are dropped.
func TestLoggerNeverBlocks(t *testing.T) {
	r, w := io.Pipe() // nothing reads r: every write blocks
	defer r.Close()
	l := NewLogger(w, LevelDebug, 16)
	for i := 0; i < 10000; i++ {
		l.Debugf("line %d", i)
	}
	assert.Greater(t, l.Dropped(), int64(9000))
	l.Close(10 * time.Millisecond) // returns although the writer is stuck
	l.Infof("after close")         // harmless
}

func TestNilLogger(t *testing.T) {
	var l *Logger
	l.Errorf("x")
	assert.False(t, l.Enabled(LevelError))
	assert.Zero(t, l.Dropped())
	l.Close(0)
}

// A server whose stderr is stuck still answers at debug level.
func TestServerWithStuckLog(t *testing.T) {
	r, w := io.Pipe()
	defer r.Close()
	cfg := DefaultConfig()
	cfg.Log = NewLogger(w, LevelDebug, 4)
	defer cfg.Log.Close(0)
	s, err := New(newTestServer(t).eng, cfg)
	require.NoError(t, err)
	script := strings.Repeat("name\nfoo\n", 200) + "boardsize 9\ngenmove b\n"
	out := runScript(t, s, script)
	assert.Len(t, splitResponses(out), 402)
	assert.Greater(t, cfg.Log.Dropped(), int64(0))
}
