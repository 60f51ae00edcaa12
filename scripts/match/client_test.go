package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLineWriter(t *testing.T) {
	lines := make(chan string, 10)
	w := &lineWriter{lines: lines, stop: make(chan struct{})}
	for _, chunk := range []string{"= D4\n", "\n=1", "2 pa", "ss\n\n", "partial"} {
		n, err := w.Write([]byte(chunk))
		require.NoError(t, err)
		assert.Equal(t, len(chunk), n)
	}
	close(lines)
	var got []string
	for l := range lines {
		got = append(got, l)
	}
	assert.Equal(t, []string{"= D4", "", "=12 pass", ""}, got)
	assert.Equal(t, "partial", string(w.partial))
}

func TestLineWriterBoundsLongLines(t *testing.T) {
	lines := make(chan string, 4)
	w := &lineWriter{lines: lines, stop: make(chan struct{})}
	// Without a line break in sight, the buffer is cut at maxLine.
	_, err := w.Write([]byte(strings.Repeat("x", maxLine+10)))
	require.NoError(t, err)
	_, err = w.Write([]byte("\n"))
	require.NoError(t, err)
	assert.Len(t, <-lines, maxLine)
	assert.Equal(t, strings.Repeat("x", 10), <-lines)
}

func TestLineWriterStops(t *testing.T) {
	stop := make(chan struct{})
	w := &lineWriter{lines: make(chan string), stop: stop}
	close(stop)
	_, err := w.Write([]byte("nobody reads this\n"))
	assert.Error(t, err, "a killed engine's output must not block")
}

func TestCleanLine(t *testing.T) {
	assert.Equal(t, "= A1 B2", cleanLine("=\tA1\x01 B2\r"))
}

// TestEngineTranscript drives a fake engine directly through the client.
func TestEngineTranscript(t *testing.T) {
	e, err := startEngine(context.Background(), fakeCommand(t, "name=Scripted", "refuse=komi"), 5*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "Scripted", e.name)
	assert.Equal(t, "1.0", e.version)
	assert.True(t, e.known["genmove"])
	assert.False(t, e.known["kgs-rules"])

	resp, err := e.send("boardsize 5", 5*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "", resp)
	resp, err = e.send("genmove b", 5*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "A1", resp)
	_, err = e.send("komi 6.5", 5*time.Second)
	var f *gtpFailure
	require.ErrorAs(t, err, &f)
	assert.Equal(t, "refused", f.msg)
	resp, err = e.send("list_commands", 5*time.Second)
	require.NoError(t, err)
	assert.Contains(t, resp, "\ngenmove\n", "multi-line answers keep their lines")
	assert.Greater(t, e.close(), time.Duration(-1))
	_, err = e.send("name", 5*time.Second)
	assert.Error(t, err, "a closed engine answers nothing")
}

// TestInterruptDropsGameInProgress cancels a match while an engine thinks:
// the game is not recorded and the error says how to resume.
func TestInterruptDropsGameInProgress(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	var out, errOut strings.Builder
	err := run(ctx, []string{
		"-black", fakeCommand(t, "hang=1"), "-white", fakeCommand(t),
		"-games", "1", "-size", "5", "-out", dir,
	}, &out, &errOut)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "interrupted")
	if d, rerr := readDatFile(filepath.Join(dir, "results.dat")); rerr == nil && d != nil {
		assert.Empty(t, d.Rows)
	}
}
