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
// White: 7 stones and 14 empty points. Tromp-Taylor counts the board as it
// stands: C4 is alive and C5, C3 are nobody's.
func TestFinalScore(t *testing.T) {
	for _, tc := range []struct {
		rules, komi, dead, want string
	}{
		{"japanese", "0.5", "C4", "W+4.5"}, // territory: B 9 points + 1 prisoner, W 14 + 0.5
		{"chinese", "0.5", "C4", "B+6.5"},  // area: B 28, W 21 + 0.5
		{"chinese", "7", "C4", "0"},
		{"aga", "7.5", "C4", "W+0.5"},
		{"tromp-taylor", "7.5", "", "W+4.5"}, // B 19 + 6, W 7 + 14 + 1 + 7.5
	} {
		s := newTestServer(t)
		out := runScript(t, s, strings.Join([]string{"boardsize 7", "kgs-rules " + tc.rules, "komi " + tc.komi,
			"gogui-setup " + setupArgs(deadStone), "final_status_list dead", "final_score"}, "\n"))
		assert.Equal(t, "= \n\n= \n\n= \n\n= \n\n= "+tc.dead+"\n\n= "+tc.want+"\n\n", out, "%s komi %s", tc.rules, tc.komi)
	}
}

// assertScoreAgrees checks that final_score is what the rules count with
// the statuses final_status_list gives: the dead stones removed, and the
// seki stones' neighbouring points counted for nobody (territory scoring).
func assertScoreAgrees(t *testing.T, s *Server, ss *session, what string) {
	t.Helper()
	g := s.Game()
	status := rules.NewStatusMap(g.Board())
	counts := map[rules.Status]int{}
	for _, st := range []rules.Status{rules.Dead, rules.Seki, rules.Alive} {
		for _, v := range strings.Fields(strings.TrimPrefix(ss.ask("final_status_list "+st.String()), "= ")) {
			p, err := g.Board().ParseVertex(v)
			require.NoError(t, err)
			require.NotEqual(t, rules.Empty, g.Board().Color(p), "%s: %s %s is a stone", what, st, v)
			require.Equal(t, rules.Alive, status[p], "%s: %s is listed twice", what, v)
			status[p] = st
			counts[st]++
		}
	}
	stones := 0
	for _, p := range g.Board().Points() {
		if g.Board().Color(p) != rules.Empty {
			stones++
		}
	}
	require.Equal(t, stones, counts[rules.Dead]+counts[rules.Seki]+counts[rules.Alive], "%s: every stone is listed once", what)
	score := strings.TrimPrefix(ss.ask("final_score"), "= ")
	assert.Equal(t, g.Score(status).String(), score, what)
	t.Logf("%s: %d dead, %d seki stones, final_score %s", what, counts[rules.Dead], counts[rules.Seki], score)
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

	for _, file := range []string{"kgs-2001-0010-japanese-counted.sgf", "kgs-2001-0098-chinese-counted.sgf"} {
		require.Equal(t, "= ", ss.ask("loadsgf ../testdata/sgf/"+file))
		assertScoreAgrees(t, s, ss, file)
	}
}

// The end of a 9x9 game against Pachi (issue 21): Black's right-side group
// (G9 to H4) has a squared-four eye space with White's H8 inside, dead
// whoever moves. final_score once called it alive and H8 dead (B+12); GNU
// Go's referee says W+18, as now gtpgo does.
func TestFinalScoreOfASquaredFourWithAStoneInside(t *testing.T) {
	s := newTestServer(t)
	out := runScript(t, s, "loadsgf ../testdata/endgame/pachi-squared-four.sgf\nfinal_status_list dead\nfinal_score")
	assert.Equal(t, "= \n\n= G9 H9 J9 F8 G8 G7 G6 H6 J6 H5 H4\n\n= W+18.0\n\n", out)
}

// A false seki at the end of a self-play game (calibration/9/L4-L5,
// game-001): White's eight stones in the lower left and Black's B1 share A1
// and C1, but Black A1 makes White take two stones and leaves it one eye. GNU
// Go counts B+13.5, White's stones dead.
func TestFinalScoreOfAFalseSeki(t *testing.T) {
	s := newTestServer(t)
	out := runScript(t, s, "loadsgf ../testdata/endgame/selfplay-false-seki.sgf\nfinal_status_list seki\nfinal_status_list dead\nfinal_score")
	assert.Equal(t, "= \n\n= \n\n= A3 C3 A2 B2 C2 D2 E2 D1\n\n= B+13.5\n\n", out)
}
