package gtp

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// askTimed sends a command and returns its response and how long it took.
func askTimed(ss *session, cmd string) (string, time.Duration) {
	start := time.Now()
	resp := ss.ask(cmd)
	return resp, time.Since(start)
}

// With pondering on, the engine searches the opponent's position after its
// move until the next command, which is answered at once and finds the
// game as it was; the next genmove starts from the pondered subtree.
func TestPonder(t *testing.T) {
	p := testParams()
	p.Ponder = true
	p.MaxPlayouts = 30 // genmove's own search gives a reply at most this
	s, err := New(engine.New(p), DefaultConfig())
	require.NoError(t, err)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	resp := ss.ask("genmove b")
	require.Regexp(t, `^= [A-J][1-9]$`, resp)
	want, err := rules.NewGame(9, rules.Japanese, 7.5)
	require.NoError(t, err)
	m, err := want.Board().ParseVertex(strings.TrimPrefix(resp, "= "))
	require.NoError(t, err)
	require.NoError(t, want.Play(m, rules.Black))

	time.Sleep(600 * time.Millisecond) // pondering
	resp, took := askTimed(ss, "showboard")
	assert.Less(t, took, 2*time.Second, "the command that stops pondering is answered at once (loose bound)")
	assert.Equal(t, "= \n"+showboard(want), resp, "pondering changed nothing")
	pondered := s.lastPonder
	assert.Equal(t, rules.White, pondered.Color, "pondered for the opponent")
	require.NotEmpty(t, pondered.Candidates)
	reply := pondered.Candidates[0]
	assert.Greater(t, reply.Visits, p.MaxPlayouts, "more than genmove's own search could give")

	// the opponent plays the reply pondered most: genmove starts from that
	// subtree, with all its visits
	require.Equal(t, "= ", ss.ask("play w "+want.Board().Vertex(reply.Move)))
	require.Regexp(t, `^= [A-J][1-9]$`, ss.ask("genmove b"))
	assert.Equal(t, p.MaxPlayouts, s.lastSearch.Playouts)
	assert.Equal(t, reply.Visits+s.lastSearch.Playouts, s.lastSearch.RootVisits, "the pondered subtree was reused")

	// a command right after genmove waits for nothing
	resp, took = askTimed(ss, "name")
	assert.Equal(t, "= gtpgo", resp)
	assert.Less(t, took, 2*time.Second)
	assert.Equal(t, 3, s.Game().MoveNumber())
}

// Pondering is off by default, and never runs after a resignation or the
// end of the game.
func TestNoPonder(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	require.Regexp(t, `^= [A-J][1-9]$`, ss.ask("genmove b"))
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, "= gtpgo", ss.ask("name"))
	assert.Zero(t, s.lastPonder.Playouts, "no pondering without the flag")

	p := testParams()
	p.Ponder = true
	s, err := New(engine.New(p), DefaultConfig())
	require.NoError(t, err)
	ss = startSession(t, s)
	// on a settled board, Black wins by passing after White's pass: the
	// game ends
	settled := strings.Replace(deadStone, "X X O X O", "X X . X O", 1)
	for _, cmd := range []string{"boardsize 7", "komi -50", "gogui-setup " + setupArgs(settled), "play w pass"} {
		require.Equal(t, "= ", ss.ask(cmd))
	}
	require.Equal(t, "= pass", ss.ask("genmove b"))
	require.True(t, s.Game().Ended())
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, "= gtpgo", ss.ask("name"))
	assert.Zero(t, s.lastPonder.Playouts, "the game is over: nothing to ponder")
}
