package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// faultKind classifies how an engine broke the protocol or the game; every
// fault loses the game for the engine that made it.
type faultKind int

const (
	faultCrash     faultKind = iota // could not start, exited, EOF, write error
	faultTimeout                    // answered too late or not at all
	faultMalformed                  // output that is not a GTP response
	faultRefused                    // '?' to a command it must accept
	faultIllegal                    // a move that is unparsable or illegal
)

var faultNames = [...]string{"crash", "time-out", "malformed response", "refused command", "illegal move"}

func (k faultKind) String() string { return faultNames[k] }

// parseFaultKind is the inverse of String, for reading results back.
func parseFaultKind(s string) (faultKind, bool) {
	for i, n := range faultNames {
		if n == s {
			return faultKind(i), true
		}
	}
	return 0, false
}

// engineFault is an engine failure that forfeits the game.
type engineFault struct {
	kind faultKind
	msg  string
}

func (f *engineFault) Error() string { return f.kind.String() + ": " + f.msg }

// gtpFailure is a well-formed failure response ("? message").
type gtpFailure struct {
	command, msg string
}

func (f *gtpFailure) Error() string { return fmt.Sprintf("%s: ? %s", f.command, f.msg) }

// errInterrupted is returned when the match is cancelled (Ctrl-C); the game
// in progress is dropped, not recorded.
var errInterrupted = errors.New("interrupted")

// engine is one running GTP engine process and the controller's side of its
// pipes. Not safe for concurrent use: a game drives its engines from one
// goroutine.
type engine struct {
	command string
	ctx     context.Context
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // complete stdout lines; closed after the process exits
	exited  chan struct{} // closed once Wait has returned
	waitErr error
	stderr  *tailBuffer
	stop    chan struct{} // closed by kill so the stdout writer never blocks
	stopped sync.Once
	id      int
	dead    error // set once the engine is unusable; returned by later sends

	name, version string
	known         map[string]bool // from list_commands
}

// startEngine starts command (a command line, split like a shell would split
// it, without expansions) and reads its name, version and command list; the
// handshake commands must each answer within timeout.
func startEngine(ctx context.Context, command string, timeout time.Duration) (*engine, error) {
	argv, err := splitCommand(command)
	if err != nil {
		return nil, &engineFault{faultCrash, err.Error()}
	}
	if len(argv) == 0 {
		return nil, &engineFault{faultCrash, "empty engine command"}
	}
	e := &engine{
		command: command,
		ctx:     ctx,
		lines:   make(chan string, 64),
		exited:  make(chan struct{}),
		stderr:  &tailBuffer{max: 2048},
		stop:    make(chan struct{}),
		known:   map[string]bool{},
	}
	e.cmd = exec.Command(argv[0], argv[1:]...)
	// A process group of its own, so that a kill also reaches the children
	// of a wrapper script, and a terminal's Ctrl-C reaches only us (we then
	// kill the engines ourselves).
	e.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	e.cmd.Stdout = &lineWriter{lines: e.lines, stop: e.stop}
	e.cmd.Stderr = e.stderr
	// A grandchild holding the pipes open must not keep Wait from returning.
	e.cmd.WaitDelay = 2 * time.Second
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		return nil, &engineFault{faultCrash, err.Error()}
	}
	if err := e.cmd.Start(); err != nil {
		return nil, &engineFault{faultCrash, fmt.Sprintf("cannot start %q: %v", command, err)}
	}
	go func() {
		e.waitErr = e.cmd.Wait()
		// Wait has returned, so the stdout copier is done: nothing sends
		// on lines any more.
		close(e.lines)
		close(e.exited)
	}()
	if _, err := e.send("protocol_version", timeout); err != nil && !isFailure(err) {
		e.close()
		return nil, err
	}
	for _, q := range []struct {
		cmd string
		dst *string
	}{{"name", &e.name}, {"version", &e.version}} {
		v, err := e.send(q.cmd, timeout)
		if err != nil && !isFailure(err) {
			e.close()
			return nil, err
		}
		if err == nil {
			*q.dst = v
		}
	}
	list, err := e.send("list_commands", timeout)
	if err != nil && !isFailure(err) {
		e.close()
		return nil, err
	}
	for _, c := range strings.Fields(list) {
		e.known[c] = true
	}
	return e, nil
}

// isFailure tells whether err is a '?' answer rather than a broken engine.
func isFailure(err error) bool {
	var f *gtpFailure
	return errors.As(err, &f)
}

// send sends one command and returns the response text (without the status
// character, id and terminating empty line). A '?' answer is a *gtpFailure;
// a broken or late engine is an *engineFault, after which the engine is
// killed and every later send fails at once.
func (e *engine) send(command string, timeout time.Duration) (string, error) {
	text, _, err := e.timedSend(command, timeout)
	return text, err
}

// timedSend is send that also returns the wall time from writing the command
// to reading the end of the response.
func (e *engine) timedSend(command string, timeout time.Duration) (string, time.Duration, error) {
	if e.dead != nil {
		return "", 0, e.dead
	}
	if err := e.ctx.Err(); err != nil {
		e.kill(errInterrupted)
		return "", 0, errInterrupted
	}
	e.id++
	start := time.Now()
	if _, err := fmt.Fprintf(e.stdin, "%d %s\n", e.id, command); err != nil {
		return "", 0, e.fail(faultCrash, "writing %q: %v%s", command, err, e.exitInfo())
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var resp []string
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return "", time.Since(start), e.fail(faultCrash, "exited while answering %q%s", command, e.exitInfo())
			}
			line = cleanLine(line)
			if len(resp) == 0 {
				if strings.TrimSpace(line) == "" {
					continue
				}
				if line[0] != '=' && line[0] != '?' {
					return "", time.Since(start), e.fail(faultMalformed, "answer to %q starts with %q", command, clip(line, 60))
				}
				resp = append(resp, line)
				continue
			}
			if strings.TrimSpace(line) != "" {
				resp = append(resp, line)
				continue
			}
			elapsed := time.Since(start)
			text, err := e.parseResponse(command, resp)
			return text, elapsed, err
		case <-timer.C:
			elapsed := time.Since(start)
			return "", elapsed, e.fail(faultTimeout, "no answer to %q within %.1fs", command, timeout.Seconds())
		case <-e.ctx.Done():
			e.kill(errInterrupted)
			return "", time.Since(start), errInterrupted
		}
	}
}

// parseResponse checks the status line of a complete response and returns
// its text.
func (e *engine) parseResponse(command string, resp []string) (string, error) {
	first := resp[0]
	status, rest := first[0], first[1:]
	digits := 0
	for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
		digits++
	}
	// An engine that drops the id is tolerated; a wrong id means it answers
	// some other command and the conversation is out of step.
	if digits > 0 {
		if id, _ := strconv.Atoi(rest[:digits]); id != e.id {
			return "", e.fail(faultMalformed, "answer to %q has id %d, want %d", command, id, e.id)
		}
	}
	rest = rest[digits:]
	if rest != "" && rest[0] != ' ' {
		return "", e.fail(faultMalformed, "answer to %q: malformed status line %q", command, clip(first, 60))
	}
	lines := append([]string{strings.TrimSpace(rest)}, resp[1:]...)
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	if status == '?' {
		return text, &gtpFailure{command: command, msg: text}
	}
	return text, nil
}

// fail marks the engine broken with a fault, kills it and returns the fault.
func (e *engine) fail(kind faultKind, format string, args ...any) error {
	f := &engineFault{kind: kind, msg: fmt.Sprintf(format, args...)}
	e.kill(f)
	return f
}

// kill ends the process group at once and makes later sends return reason.
func (e *engine) kill(reason error) {
	if e.dead == nil {
		e.dead = reason
	}
	e.stopped.Do(func() { close(e.stop) })
	if e.cmd.Process != nil {
		// The negative pid names the engine's process group.
		_ = syscall.Kill(-e.cmd.Process.Pid, syscall.SIGKILL)
	}
}

// exitInfo describes how the process ended and the last of its stderr, for
// crash messages; it waits briefly, because EOF on stdout can come just
// before the exit status is known.
func (e *engine) exitInfo() string {
	var b strings.Builder
	select {
	case <-e.exited:
		if e.waitErr != nil {
			fmt.Fprintf(&b, " (%v)", e.waitErr)
		} else {
			b.WriteString(" (exit status 0)")
		}
	case <-time.After(time.Second):
	}
	if tail := strings.TrimSpace(e.stderr.String()); tail != "" {
		lines := strings.Split(tail, "\n")
		fmt.Fprintf(&b, "; stderr: %s", clip(strings.TrimSpace(lines[len(lines)-1]), 120))
	}
	return b.String()
}

// close asks a healthy engine to quit, waits a little for it to exit and
// kills it otherwise. It returns the CPU time the process used, when known.
func (e *engine) close() time.Duration {
	if e.dead == nil {
		_, _ = e.send("quit", 5*time.Second)
	}
	_ = e.stdin.Close()
	select {
	case <-e.exited:
	case <-time.After(5 * time.Second):
		e.kill(errors.New("did not exit after quit"))
		<-e.exited
	}
	e.stopped.Do(func() { close(e.stop) })
	if e.dead == nil {
		e.dead = &engineFault{faultCrash, "engine was closed"}
	}
	if st := e.cmd.ProcessState; st != nil {
		return st.UserTime() + st.SystemTime()
	}
	return 0
}

// maxLine bounds the stdout bytes buffered without a line break.
const maxLine = 1 << 20

// lineWriter receives an engine's stdout and passes on complete lines.
type lineWriter struct {
	lines   chan<- string
	stop    <-chan struct{}
	partial []byte
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 && len(w.partial) > maxLine {
			// An endless line must not eat memory: hand it on in pieces
			// (it is not a GTP response, so it will be malformed).
			i = maxLine
		}
		if i < 0 {
			return len(p), nil
		}
		line := string(w.partial[:i])
		if i < len(w.partial) && w.partial[i] == '\n' {
			i++
		}
		w.partial = w.partial[i:]
		select {
		case w.lines <- line:
		case <-w.stop:
			return 0, io.ErrClosedPipe
		}
	}
}

// tailBuffer keeps the last max bytes written to it (an engine's stderr),
// so a chatty engine never blocks and crash messages can quote it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// cleanLine applies GTP's response preprocessing: drop control characters
// other than HT, turn HT into a space (GTP §3.1, controller side).
func cleanLine(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, s)
}

// clip shortens s to at most n bytes for messages.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// splitCommand splits a command line into words the way a POSIX shell
// would, honouring single quotes, double quotes and backslashes, but with no
// expansions: engine commands are given as one flag value.
func splitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("command %q ends with a backslash", s)
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in command %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \" in command %q", s)
			}
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
