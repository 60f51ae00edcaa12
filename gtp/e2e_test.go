package gtp

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// End-to-end tests: build the real binary and talk to it over pipes.

var (
	binDir    string
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gtpgo-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// gtpgoBinary builds cmd/gtpgo once per test run.
func gtpgoBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		binPath = filepath.Join(binDir, "gtpgo")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/gtpgo/gtpgo/cmd/gtpgo").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return binPath
}

// proc is a GTP engine process.
type proc struct {
	t      *testing.T
	name   string
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *syncBuffer
}

func startProc(t *testing.T, path string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	p := &proc{t: t, name: filepath.Base(path), cmd: cmd, in: in, out: bufio.NewReader(out), stderr: &syncBuffer{}}
	cmd.Stderr = p.stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	return p
}

func (p *proc) send(line string) {
	p.t.Helper()
	_, err := io.WriteString(p.in, line+"\n")
	require.NoError(p.t, err)
}

// read reads one response; every line before the empty one belongs to it.
func (p *proc) read() string {
	p.t.Helper()
	var b strings.Builder
	for {
		line, err := p.out.ReadString('\n')
		require.NoError(p.t, err, "%s: reading a response (so far %q); stderr:\n%s", p.name, b.String(), p.stderr.String())
		if line == "\n" {
			return strings.TrimSuffix(b.String(), "\n")
		}
		b.WriteString(line)
	}
}

func (p *proc) ask(cmd string) string {
	p.t.Helper()
	p.send(cmd)
	return p.read()
}

// mustAsk expects success and returns the result without "= ".
func (p *proc) mustAsk(cmd string) string {
	p.t.Helper()
	resp := p.ask(cmd)
	require.True(p.t, strings.HasPrefix(resp, "= "), "%s: %s answered %q", p.name, cmd, resp)
	return strings.TrimPrefix(resp, "= ")
}

// wait waits for the process to exit and returns its exit code.
func (p *proc) wait() int {
	p.t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		require.NoError(p.t, err)
		return 0
	case <-time.After(30 * time.Second):
		p.t.Fatalf("%s did not exit", p.name)
		return -1
	}
}

var fastFlags = []string{"-playouts", "300", "-threads", "1", "-memory", "32"}

func TestBinarySessionAndQuit(t *testing.T) {
	p := startProc(t, gtpgoBinary(t), append(fastFlags, "-log", "debug")...)
	assert.Equal(t, "=1 2", p.ask("1 protocol_version"))
	assert.Equal(t, "gtpgo", p.mustAsk("name"))
	assert.Regexp(t, `^\d+\.\d+`, p.mustAsk("version"))
	assert.Equal(t, "true", p.mustAsk("known_command gogui-interrupt"))
	p.mustAsk("boardsize 9")
	p.mustAsk("komi 6.5")
	move := p.mustAsk("genmove b")
	assert.Regexp(t, `^[A-J][1-9]$`, move)
	p.mustAsk("play w pass")
	assert.Equal(t, "? illegal move", p.ask("play w "+move))
	board := p.mustAsk("showboard")
	assert.Contains(t, board, "Komi 6.5, japanese rules, handicap 0, move 2, black to move")
	assert.Equal(t, "=9 ", p.ask("9 quit"))
	assert.Equal(t, 0, p.wait())
	// stderr is only log lines, none of which a GUI could take for protocol
	for _, line := range strings.Split(strings.TrimSpace(p.stderr.String()), "\n") {
		assert.True(t, strings.HasPrefix(line, "gtpgo: "), "stderr line %q", line)
	}
	assert.Contains(t, p.stderr.String(), "< 9 quit")
}

// The end of input ends the process once the commands read are answered.
func TestBinaryEndsAtEOF(t *testing.T) {
	p := startProc(t, gtpgoBinary(t), append(fastFlags, "-size", "9", "-komi", "5.5", "-rules", "chinese")...)
	p.send("1 genmove b\n2 genmove w\n3 showboard\n4 name")
	require.NoError(t, p.in.Close())
	assert.Regexp(t, `^=1 [A-J][1-9]$`, p.read())
	assert.Regexp(t, `^=2 [A-J][1-9]$`, p.read())
	assert.Contains(t, p.read(), "Komi 5.5, chinese rules, handicap 0, move 2, black to move")
	assert.Equal(t, "=4 gtpgo", p.read())
	rest, err := io.ReadAll(p.out) // ends when the process closes stdout
	require.NoError(t, err)
	assert.Empty(t, rest)
	assert.Equal(t, 0, p.wait())
}

func TestBinaryHelp(t *testing.T) {
	out, err := exec.Command(gtpgoBinary(t), "-help").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, flag := range []string{"-threads", "-playouts", "-time", "-move_time", "-rules", "-komi", "-size",
		"-seed", "-log", "-memory", "-rave_equiv", "-resign_threshold", "bench"} {
		assert.Contains(t, string(out), flag)
	}
	out, err = exec.Command(gtpgoBinary(t), "-no-such-flag").CombinedOutput()
	assert.Error(t, err, "%s", out)
	out, err = exec.Command(gtpgoBinary(t), "-rules", "klingon").CombinedOutput()
	assert.Error(t, err)
	assert.Contains(t, string(out), "unknown rules")
}

func TestBinaryBench(t *testing.T) {
	out, err := exec.Command(gtpgoBinary(t), "bench", "-size", "9", "-playouts", "2000", "-threads", "2",
		"-seconds", "0.2", "-rounds", "3").CombinedOutput()
	require.NoError(t, err, "%s", out)
	num := `\d+ \(min \d+, max \d+\)`
	perMove := `[\d.]+ \(min [\d.]+, max [\d.]+\) ns/move`
	// the engine's playouts: random ones last about 111 moves on 9x9 (Don
	// Dailey's reference), heavy ones a few less
	assert.Regexp(t, regexp.MustCompile(`engine light playouts 9x9 \(1 thread, no tree\): `+num+` playouts/s, `+perMove+`, 1[01]\d\.\d moves/playout`), string(out))
	assert.Regexp(t, regexp.MustCompile(`engine heavy playouts 9x9 \(1 thread, no tree\): `+num+` playouts/s, `+perMove+`, (9\d|1[01]\d)\.\d moves/playout`), string(out))
	assert.Regexp(t, regexp.MustCompile(`reference: random playouts on rules.LightBoard 9x9, a board the engine does not use \(1 thread\): `+num+` playouts/s, `+perMove+`, 1[01]\d\.\d moves/playout`), string(out))
	assert.Regexp(t, regexp.MustCompile(`search 9x9 \(1 thread, heavy playouts\): `+num+` playouts/s, best [A-J]\d`), string(out))
	assert.Regexp(t, regexp.MustCompile(`search 9x9 \(2 threads\): `+num+` playouts/s, best [A-J]\d; [\d.]+x one thread`), string(out))
}

// A whole 9x9 game against GNU Go, driven over GTP like gogui-twogtp does.
func TestGameAgainstGNUGo(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Skip("GNU Go is not installed")
	}
	us := startProc(t, gtpgoBinary(t), "-playouts", "500", "-threads", "1", "-memory", "64", "-log", "error")
	them := startProc(t, gnugo, "--mode", "gtp", "--level", "1")
	for _, p := range []*proc{us, them} {
		p.mustAsk("boardsize 9")
		p.mustAsk("clear_board")
		p.mustAsk("komi 7.5")
	}
	players := map[string]*proc{"b": us, "w": them}
	other := map[string]string{"b": "w", "w": "b"}
	color, passes, resigned := "b", 0, ""
	var record []string
	for len(record) < 400 && passes < 2 && resigned == "" {
		mover, opponent := players[color], players[other[color]]
		move := strings.ToUpper(mover.mustAsk("genmove " + color))
		require.Regexp(t, `^([A-HJ][1-9]|PASS|RESIGN)$`, move, "%s's move", mover.name)
		switch move {
		case "RESIGN":
			resigned = color
		case "PASS":
			passes++
		default:
			passes = 0
		}
		if resigned == "" {
			assert.Equal(t, "= ", opponent.ask("play "+color+" "+move), "%s refused %s's %s %s", opponent.name, mover.name, color, move)
		}
		record = append(record, color+" "+move)
		color = other[color]
	}
	t.Logf("%d moves: %s", len(record), strings.Join(record, ", "))
	require.True(t, passes == 2 || resigned != "", "the game did not end")
	if resigned != "" {
		t.Logf("%s resigned", resigned)
	}
	// both score the final position (after a resignation, the one on the board)
	scoreRE := `^(B\+|W\+)\d+\.\d$|^0$`
	ours, theirs := us.mustAsk("final_score"), them.mustAsk("final_score")
	t.Logf("final_score: gtpgo %s, GNU Go %s", ours, theirs)
	assert.Regexp(t, scoreRE, ours)
	assert.Regexp(t, scoreRE, theirs)
	for _, p := range []*proc{us, them} {
		p.mustAsk("quit")
		assert.Equal(t, 0, p.wait())
	}
}

// loadsgf of real games through the binary: each file's position, then a
// move from it.
func TestBinaryLoadSGF(t *testing.T) {
	files, err := filepath.Glob("../testdata/sgf/kgs-*.sgf")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	p := startProc(t, gtpgoBinary(t), fastFlags...)
	for _, file := range files {
		abs, err := filepath.Abs(file)
		require.NoError(t, err)
		rec := readRecord(t, file)
		p.mustAsk("loadsgf " + abs)
		board := p.mustAsk("showboard")
		assert.Contains(t, board, fmt.Sprintf("handicap %d, move %d,", rec.handicap, len(rec.moves)), file)
		p.mustAsk("loadsgf " + abs + " 30")
		board = p.mustAsk("showboard")
		assert.Contains(t, board, fmt.Sprintf("handicap %d, move 29, %s to move", rec.handicap, rec.moves[29].Color), file)
		assert.Regexp(t, `^([A-HJ-T]([1-9]|1[0-9])|pass)$`, p.mustAsk("genmove "+rec.moves[29].Color.String()), file)
	}
	assert.Equal(t, "? cannot load file", p.ask("loadsgf "+filepath.Join(t.TempDir(), "missing.sgf")))
	p.mustAsk("quit")
	assert.Equal(t, 0, p.wait())
}
