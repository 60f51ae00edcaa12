package gtp

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// testParams are fast, deterministic engine settings: one thread, a fixed
// seed, a small tree and a playout cap well below the (long) move time, so
// that searches stop on playouts, not on the clock.
func testParams() engine.Params {
	p := engine.DefaultParams()
	p.Threads = 1
	p.Seed = 1
	p.MemoryMB = 32
	p.MaxPlayouts = 300
	p.MoveTime = 600
	return p
}

// newTestServer returns a server with the default session (19x19, komi 7.5,
// Japanese rules) and the test engine settings.
func newTestServer(t *testing.T) *Server {
	t.Helper()
	s, err := New(engine.New(testParams()), DefaultConfig())
	require.NoError(t, err)
	return s
}

// runScript feeds input to a server until the input ends and returns
// everything it wrote.
func runScript(t *testing.T, s *Server, input string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, s.Serve(strings.NewReader(input), &out))
	return out.String()
}

// splitResponses cuts a response stream at its empty lines.
func splitResponses(out string) []string {
	out = strings.TrimSuffix(out, "\n\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n\n")
}

// session is a server running on pipes, driven command by command.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func startSession(t *testing.T, s *Server) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss := &session{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		err := s.Serve(inR, outW)
		outW.Close()
		ss.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR) // let a server still writing finish
		<-ss.done
		inR.Close()
	})
	return ss
}

func (ss *session) send(lines ...string) {
	ss.t.Helper()
	_, err := io.WriteString(ss.in, strings.Join(lines, "\n")+"\n")
	require.NoError(ss.t, err)
}

// response reads one complete response (up to its empty line).
func (ss *session) response() string {
	ss.t.Helper()
	var b strings.Builder
	for {
		line, err := ss.out.ReadString('\n')
		require.NoError(ss.t, err, "reading a response; got so far %q", b.String())
		if line == "\n" {
			return b.String()
		}
		b.WriteString(line)
	}
}

// ask sends one command and returns its response without the final LF.
func (ss *session) ask(cmd string) string {
	ss.t.Helper()
	ss.send(cmd)
	return strings.TrimSuffix(ss.response(), "\n")
}

// setupArgs turns a diagram into gogui-setup arguments.
func setupArgs(diagram string) string {
	b := rules.MustDiagram(diagram)
	var args []string
	for _, p := range b.Points() {
		switch b.Color(p) {
		case rules.Black:
			args = append(args, "b", b.Vertex(p))
		case rules.White:
			args = append(args, "w", b.Vertex(p))
		}
	}
	return strings.Join(args, " ")
}
