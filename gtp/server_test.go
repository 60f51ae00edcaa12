package gtp

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// Garbage of every kind gets exactly one error response per non-empty line,
// and the engine still answers afterwards.
func TestGarbageInput(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(rng.Intn(256))
		if binary[i] == '\n' || binary[i] == '#' {
			binary[i] = 'x'
		}
	}
	lines := []string{
		string(binary),
		"\x00\x01\x02\xff\xfe",
		strings.Repeat("x", 1<<20),
		"name " + strings.Repeat("y ", 1<<19),
		"frobnicate", "genmove_black", "PLAY b D4", "play", "play b", "play b D4 D5", "boardsize",
		"boardsize 0", "boardsize 26", "boardsize -1", "boardsize 18446744073709551616", "boardsize 1e3",
		"play b I5", "play w resign", "play b T20", "play b A0", "play B", "play 4 D4", "komi", "komi seven",
		"undo", "undo 2", "genmove", "genmove pass", "time_left", "final_status_list", "fixed_handicap",
		"place_free_handicap x", "set_free_handicap", "loadsgf", "kgs-rules", "gg-undo -3", "12", "12 13",
	}
	want := 0
	for _, l := range lines {
		if Preprocess([]byte(l)) != "" {
			want++
		}
	}
	require.Equal(t, len(lines), want, "every garbage line must be a command line")
	input := strings.Join(lines, "\n") + "\nknown_command " + strings.Repeat("z", 1<<20) + "\n99 name\n"
	out := runScript(t, newTestServer(t), input)
	responses := splitResponses(out)
	require.Len(t, responses, want+2)
	for i, r := range responses[:want] {
		assert.True(t, strings.HasPrefix(r, "?"), "line %d (%.40q) answered %.80q", i, lines[i], r)
		assert.NotContains(t, r, "\n", "an error is one line")
		assert.Less(t, len(r), 200, "error messages are short even for huge input")
	}
	assert.Equal(t, "= false", responses[want])
	assert.Equal(t, "=99 gtpgo", responses[want+1])
	assert.Equal(t, "? unknown command", responses[0])
	assert.Equal(t, "? unknown command", responses[2])
	assert.Equal(t, "? unacceptable size", responses[12])
	assert.Equal(t, "? cannot undo", responses[24])
}

// A megabyte-long command is no problem: no line-length limit.
func TestLongCommandLine(t *testing.T) {
	var seq strings.Builder
	seq.WriteString("gogui-play_sequence")
	for seq.Len() < 1<<20 {
		seq.WriteString(" b pass w pass")
	}
	n := strings.Count(seq.String(), "pass")
	s := newTestServer(t)
	out := runScript(t, s, "boardsize 9\n"+seq.String()+"\nplay b E5\n")
	assert.Equal(t, "= \n\n= \n\n= \n\n", out)
	assert.Equal(t, n+1, s.Game().MoveNumber())
	assert.Equal(t, rules.White, s.Game().ToMove())
}

// Many commands written at once are answered in order.
func TestPipelinedCommands(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	var cmds, want []string
	cmds = append(cmds, "1 boardsize 9", "2 clear_board")
	want = append(want, "=1 ", "=2 ")
	id := 3
	g, err := rules.NewGame(9, rules.Japanese, 7.5)
	require.NoError(t, err)
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x += 2 {
			p := g.Board().At(x, y)
			c := []string{"b", "w"}[(x/2+y)%2]
			cmds = append(cmds, fmt.Sprintf("%d play %s %s", id, c, g.Board().Vertex(p)))
			want = append(want, fmt.Sprintf("=%d ", id))
			id++
			cmds = append(cmds, fmt.Sprintf("%d name", id))
			want = append(want, fmt.Sprintf("=%d gtpgo", id))
			id++
		}
	}
	cmds = append(cmds, fmt.Sprintf("%d play b A1", id)) // occupied
	want = append(want, fmt.Sprintf("?%d illegal move", id))
	id++
	for i := 0; i < 10; i++ {
		cmds = append(cmds, fmt.Sprintf("%d undo", id))
		want = append(want, fmt.Sprintf("=%d ", id))
		id++
	}
	cmds = append(cmds, fmt.Sprintf("%d genmove w", id))
	genmoveID := id
	ss.send(cmds...) // one write: the server reads far ahead of its answers
	for i, w := range want {
		require.Equal(t, w, strings.TrimSuffix(ss.response(), "\n"), "response %d", i)
	}
	assert.Regexp(t, fmt.Sprintf(`^=%d [A-J][1-9]\n$`, genmoveID), ss.response())
}

// slowParams make genmove think for ten minutes unless interrupted.
func slowParams() engine.Params {
	p := testParams()
	p.MaxPlayouts = 0
	p.MoveTime = 600
	return p
}

// `# interrupt` stops a running genmove, which answers with a legal move.
func TestInterruptRunningGenmove(t *testing.T) {
	s, err := New(engine.New(slowParams()), DefaultConfig())
	require.NoError(t, err)
	running := make(chan string, 10)
	s.onRun = func(name string) { running <- name }
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	<-running
	ss.send("7 genmove b")
	require.Equal(t, "genmove", <-running)
	time.Sleep(100 * time.Millisecond) // let the search get going
	ss.send("# interrupt")
	got := make(chan string, 1)
	go func() { got <- ss.response() }()
	var resp string
	select {
	case resp = <-got:
	case <-time.After(60 * time.Second):
		t.Fatal("genmove was not interrupted")
	}
	m := regexp.MustCompile(`^=7 ([A-J][1-9])\n$`).FindStringSubmatch(resp)
	require.NotNil(t, m, "response %q", resp)
	p, err := s.Game().Board().ParseVertex(m[1])
	require.NoError(t, err)
	assert.Equal(t, []rules.Move{{Color: rules.Black, Point: p}}, s.Game().Moves())
	assert.Equal(t, "= gtpgo", ss.ask("name"), "the session goes on")
}

// An interrupt that arrives while genmove is still queued behind another
// command still interrupts it; an interrupt with nothing to interrupt is
// ignored and never answered.
func TestInterruptQueuedGenmove(t *testing.T) {
	s, err := New(engine.New(slowParams()), DefaultConfig())
	require.NoError(t, err)
	ss := startSession(t, s)
	ss.send("# interrupt", "1 boardsize 9", "2 genmove b", "# interrupt", "3 genmove w", "# interrupt")
	assert.Equal(t, "=1 \n", ss.response())
	assert.Regexp(t, `^=2 [A-J][1-9]\n$`, ss.response())
	assert.Regexp(t, `^=3 [A-J][1-9]\n$`, ss.response())
	assert.Equal(t, "=4 gtpgo", ss.ask("4 name"))
	assert.Len(t, s.Game().Moves(), 2)
}

// A command under StopOnInput (the future analysis streams) ends on the
// next input line, even an empty one, or at once when a line is already
// queued; its response is a header, its lines, and an empty line.
func TestStopOnInput(t *testing.T) {
	s := newTestServer(t)
	s.Register("test-stream", func(c *Call) (string, error) {
		ctx := c.StopOnInput()
		if err := c.BeginStream(); err != nil {
			return "", err
		}
		if err := c.WriteLine("info first\n\nsecond"); err != nil {
			return "", err
		}
		<-ctx.Done()
		return "stopped", nil
	})
	ss := startSession(t, s)

	ss.send("5 test-stream")
	assert.Equal(t, "=5\ninfo first\nsecond\n", readLines(t, ss, 3))
	ss.send("6 name")
	assert.Equal(t, "stopped\n", ss.response())
	assert.Equal(t, "=6 gtpgo\n", ss.response())

	ss.send("test-stream")
	assert.Equal(t, "=\ninfo first\nsecond\n", readLines(t, ss, 3))
	ss.send("") // an empty line stops it too, and is not answered
	assert.Equal(t, "stopped\n", ss.response())

	ss.send("8 test-stream", "9 name")
	assert.Equal(t, "=8\ninfo first\nsecond\nstopped\n", ss.response())
	assert.Equal(t, "=9 gtpgo\n", ss.response())
}

func readLines(t *testing.T, ss *session, n int) string {
	t.Helper()
	var b strings.Builder
	for i := 0; i < n; i++ {
		line, err := ss.out.ReadString('\n')
		require.NoError(t, err)
		b.WriteString(line)
	}
	return b.String()
}

// Commands that are not streams (genmove) are not stopped by the commands
// queued behind them: Sabaki pipelines genmove with what follows.
func TestQueuedCommandDoesNotCancel(t *testing.T) {
	s := newTestServer(t)
	release := make(chan struct{})
	s.Register("test-wait", func(c *Call) (string, error) {
		select {
		case <-c.Context().Done():
			return "cancelled", nil
		case <-release:
			return "released", nil
		}
	})
	ss := startSession(t, s)
	ss.send("test-wait", "", "name")
	for queued := false; !queued; {
		time.Sleep(time.Millisecond)
		s.in.mu.Lock()
		queued = len(s.in.items) == 1 && s.in.lines == 3
		s.in.mu.Unlock()
	}
	close(release)
	assert.Equal(t, "= released\n", ss.response())
	assert.Equal(t, "= gtpgo\n", ss.response())
}
