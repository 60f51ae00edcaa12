package gtp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// final_score counts deadStone (see play_test.go) under the rules in force,
// with the white stone at C4 dead. Black: 19 stones, 8 empty points and C4;
// White: 7 stones and 14 empty points.
func TestFinalScore(t *testing.T) {
	for _, tc := range []struct {
		rules string
		komi  string
		want  string
	}{
		{"japanese", "0.5", "W+4.5"}, // territory: B 9 points + 1 prisoner, W 14 + 0.5
		{"chinese", "0.5", "B+6.5"},  // area: B 28, W 21 + 0.5
		{"chinese", "7", "0"},
		{"tromp-taylor", "7.5", "W+0.5"},
	} {
		s := newTestServer(t)
		out := runScript(t, s, strings.Join([]string{"boardsize 7", "kgs-rules " + tc.rules, "komi " + tc.komi,
			"gogui-setup " + setupArgs(deadStone), "final_status_list dead", "final_score"}, "\n"))
		assert.Equal(t, "= \n\n= \n\n= \n\n= \n\n= C4\n\n= "+tc.want+"\n\n", out, "%s komi %s", tc.rules, tc.komi)
	}
}

// assertScoreAgrees checks that final_score is what the rules count with
// exactly the stones final_status_list dead lists removed.
func assertScoreAgrees(t *testing.T, s *Server, ss *session, what string) {
	t.Helper()
	dead := strings.Fields(strings.TrimPrefix(ss.ask("final_status_list dead"), "= "))
	score := strings.TrimPrefix(ss.ask("final_score"), "= ")
	g := s.Game()
	status := rules.NewStatusMap(g.Board())
	for _, v := range dead {
		p, err := g.Board().ParseVertex(v)
		require.NoError(t, err)
		require.NotEqual(t, rules.Empty, g.Board().Color(p), "%s: dead %s is a stone", what, v)
		status[p] = rules.Dead
	}
	assert.Equal(t, g.Score(status).String(), score, what)
	t.Logf("%s: %d dead stones, final_score %s", what, len(dead), score)
}

// final_score and final_status_list agree on a game the engine played
// against itself, under territory and area scoring.
func TestFinalScoreAgreesWithStatusList(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	for i := 0; i < 40; i++ {
		require.Regexp(t, vertexRE, ss.ask("genmove "+[]string{"b", "w"}[i%2]))
	}
	assertScoreAgrees(t, s, ss, "self-play, japanese")
	require.Equal(t, "= ", ss.ask("kgs-rules chinese"))
	assertScoreAgrees(t, s, ss, "self-play, chinese")
}
