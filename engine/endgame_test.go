package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// gameOn builds a game under the given rules on a diagram's position.
func gameOn(t *testing.T, diagram string, r rules.Ruleset, komi float64, toMove rules.Color) *rules.Game {
	t.Helper()
	g := gameFromDiagram(t, diagram, komi)
	g.SetRules(r)
	g.SetToMove(toMove)
	return g
}

// statusOf returns the judged status of the chain at each vertex.
func statusOf(g *rules.Game, st rules.StatusMap, vertices ...string) []rules.Status {
	var out []rules.Status
	for _, v := range vertices {
		p, err := g.Board().ParseVertex(v)
		if err != nil {
			panic(err)
		}
		out = append(out, st.At(p))
	}
	return out
}

// End-of-game positions with a known judgement and score. Each is judged as
// Verdict does for final_status_list and final_score.
func TestFinalStatusAndScore(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		rules   rules.Ruleset
		komi    float64
		alive   []string
		dead    []string
		seki    []string
		score   string
	}{
		{
			// the seki's eyes (A7, E7) and shared liberty (C7) count for
			// nobody under Japanese rules; A4 and A2 are Black's, the 12
			// points at the bottom right White's
			name: "seki: no territory under Japanese rules",
			diagram: `
				. O . X . X O
				O O X X X X O
				X X O O O O O
				. X X O . . .
				X X . O . . .
				. X X O . . .
				X X X O . . .`,
			rules: rules.Japanese, komi: 0.5,
			alive: []string{"A5", "G7", "D4"},
			seki:  []string{"B7", "D7"},
			score: "W+10.5",
		},
		{
			name: "seki under area counting: stones and eyes count",
			diagram: `
				. O . X . X O
				O O X X X X O
				X X O O O O O
				. X X O . . .
				X X . O . . .
				. X X O . . .
				X X X O . . .`,
			rules: rules.Chinese, komi: 0.5,
			seki:  []string{"B7", "D7"},
			score: "W+7.5", // 20 to 27 + 0.5
		},
		{
			// B6 is a dead White stone in Black's area, G2 a dead Black
			// stone in White's: each is a prisoner and its point territory
			name: "dead stones inside territory",
			diagram: `
				. . . X O . .
				. O X X O . .
				. X . X O . .
				. . . X O . .
				X X X X O . .
				O O O O O . X
				. . . . . . .`,
			rules: rules.Japanese, komi: 0.5,
			alive: []string{"D7", "E7", "A3", "A2"},
			dead:  []string{"B6", "G2"},
			score: "W+9.5", // 10 + 1 prisoner to 19 + 1 prisoner + 0.5
		},
		{
			// Black's second eye at C7 hangs on D7, which is in atari: White
			// takes the ko at C7 and, with no ko threats left on a finished
			// board, connects; the group lived only through the ko
			name: "a group alive only through a ko is dead",
			diagram: `
				. X . X O . .
				X X X O O . .
				O O O O . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			rules: rules.Japanese, komi: 6.5,
			dead:  []string{"B7", "D7"},
			alive: []string{"E7", "A5"},
			score: "W+53.5", // 42 points of territory, 5 prisoners and komi 6.5
		},
		{
			// bent four in the corner: Black's B7, A6, B6 fill a bent-four
			// eye space that White can always make into a ko and, under
			// Japanese rules, is dead as it stands
			name: "bent four in the corner is dead",
			diagram: `
				. X O . O . .
				X X O . O . .
				O O O O O . .
				X X X X O . .
				. X . X O . .
				X X X X O . .
				. X . X O . .`,
			rules: rules.Japanese, komi: 6.5,
			dead:  []string{"B7", "A6"},
			alive: []string{"C7", "E1", "B4"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := gameOn(t, tc.diagram, tc.rules, tc.komi, rules.Black)
			e := New(testParams())
			st := e.Verdict(context.Background(), g).Status
			for _, v := range tc.alive {
				assert.Equal(t, []rules.Status{rules.Alive}, statusOf(g, st, v), "%s alive", v)
			}
			for _, v := range tc.dead {
				assert.Equal(t, []rules.Status{rules.Dead}, statusOf(g, st, v), "%s dead", v)
			}
			for _, v := range tc.seki {
				assert.Equal(t, []rules.Status{rules.Seki}, statusOf(g, st, v), "%s seki", v)
			}
			if tc.score != "" {
				assert.Equal(t, tc.score, g.Score(st).String())
			}
		})
	}
}

// At the end of a game the engine fills the last dame, under area rules
// where it is worth a point and under Japanese rules where it is worth
// nothing but could hide a cut; then it answers a pass with a pass, never
// filling its own territory.
func TestPassingAtTheEnd(t *testing.T) {
	// White's area is the right, Black's the left; D4 is the only dame
	diagram := `
		. X . X O . .
		X X X X O . .
		. X . X O . .
		X X X . O O O
		. X . X O . .
		X X X X O . .
		. X . X O . .`
	e := New(testParams())
	lim := Limits{Playouts: 3000}

	// Japanese: White leads by 12 + 0.5 to 8 with the dame unfilled
	g := gameOn(t, diagram, rules.Japanese, 0.5, rules.Black)
	require.NoError(t, g.Play(rules.Pass, rules.Black))
	res := e.GenMove(context.Background(), g, rules.White, lim, false)
	require.Equal(t, "D4", g.Board().Vertex(res.Move), "Japanese rules: the dame first")
	require.NoError(t, g.Play(res.Move, rules.White))
	require.NoError(t, g.Play(rules.Pass, rules.Black))
	res = e.GenMove(context.Background(), g, rules.White, lim, false)
	assert.Equal(t, rules.Pass, res.Move, "Japanese rules: answer the pass, nothing left to gain")
	assert.Equal(t, "W+4.5", g.Score(e.Verdict(context.Background(), g).Status).String())

	// Chinese, komi 6.5: Black has 27 points to White's 27.5 unless it
	// takes the dame D4
	g = gameOn(t, diagram, rules.Chinese, 6.5, rules.Black)
	res = e.GenMove(context.Background(), g, rules.Black, lim, false)
	assert.Equal(t, "D4", g.Board().Vertex(res.Move), "area rules: the dame is worth a point")
}

// Under Tromp-Taylor rules the board is counted as it stands, so the engine
// never passes while a dead enemy stone would make it lose: it captures.
func TestNoPassIntoTrompTaylorLoss(t *testing.T) {
	// Black wins by area only once the dead White stone at B6 is gone
	diagram := `
		. . . X O . .
		. O . X O . .
		. . . X O . .
		. . . X O . .
		. . . X O . .
		. . . X O . .
		. . . X O . .`
	g := gameOn(t, diagram, rules.TrompTaylor, 0.5, rules.Black)
	require.NoError(t, g.Play(rules.Pass, rules.White))
	e := New(testParams())
	for i := 0; i < 12 && g.Board().Color(g.Board().At(1, 5)) == rules.White; i++ {
		res := e.GenMove(context.Background(), g, rules.Black, Limits{Playouts: 3000}, false)
		require.NotEqual(t, rules.Pass, res.Move, "passing now loses under Tromp-Taylor")
		require.NoError(t, g.Play(res.Move, rules.Black))
		require.NoError(t, g.Play(rules.Pass, rules.White))
	}
	assert.Equal(t, rules.Empty, g.Board().Color(g.Board().At(1, 5)), "the dead stone was captured")
}

// Under area rules the engine takes a chain in atari in its own area rather
// than pass and leave a capturing race for the referee to misjudge. From a
// 9x9 game against GNU Go: Black's J3-J4 is in atari inside White's corner; had
// Black time to take J2 with J1, it would become a race GNU Go counts as
// White's group dead.
func TestAreaRulesCaptureBeforePassing(t *testing.T) {
	diagram := `
		O . . . O O X X O
		. . X . O O X O O
		O X O O O X X O .
		O O O . O X O O O
		O X O O X X X O .
		X X X O X X X O X
		X X X X X . X O X
		X O O O X X . X O
		X X . . X X . X .`
	g := gameOn(t, diagram, rules.Chinese, 7, rules.Black)
	e := New(testParams())
	j4 := g.Board().At(8, 3)
	for i := 0; i < 12; i++ {
		black := rules.Pass
		if i == 0 {
			black = g.Board().At(6, 0) // G1, Black's last move in the game
		}
		require.NoError(t, g.Play(black, rules.Black))
		res := e.GenMove(context.Background(), g, rules.White, Limits{Playouts: 3000}, false)
		if res.Move == rules.Pass {
			break
		}
		require.NoError(t, g.Play(res.Move, rules.White))
	}
	assert.Equal(t, rules.Empty, g.Board().Color(j4), "Black's J3-J4 taken before White passed")
}

// Under area rules the engine connects its own chain left in atari to a
// living chain rather than pass and let the referee count it dead. Both from
// 9x9 games against GNU Go (komi 7), where White passed and Black passed too:
// in the first Black had just retaken the ko at F4, and GNU Go counted F4
// dead and won by 2 points where Black had counted B+2; in the second Black's
// A1 was counted dead and A1-A2 White's, where connecting at A2 makes both
// Black's.
func TestAreaRulesConnectBeforePassing(t *testing.T) {
	tests := []struct {
		name, diagram, connection string
	}{
		{"retaken ko", `
		. . . . X . O . .
		. . X . X O . O O
		X X . . . X O X .
		O O X . . X . X .
		. O X X X . X X .
		O O O X O X O X X
		. O . O O O O O O
		. . . O . O O . .
		O O O O . . . . .`, "F5"},
		{"corner stone", `
		. . X . . X X . .
		. . X X . X . X .
		. . . X . . . X .
		. . . X X X X X X
		. . . X O O O X O
		. X . X O . O O O
		X X X O . O O . .
		. X O O O X O . .
		X O O . . . . . .`, "A2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameOn(t, tt.diagram, rules.Chinese, 7, rules.White)
			require.NoError(t, g.Play(rules.Pass, rules.White))
			e := New(testParams())
			p, err := g.Board().ParseVertex(tt.connection)
			require.NoError(t, err)
			for i := 0; i < 12 && g.Board().Color(p) == rules.Empty; i++ {
				res := e.GenMove(context.Background(), g, rules.Black, Limits{Playouts: 3000}, false)
				if res.Move == rules.Pass {
					break
				}
				require.NoError(t, g.Play(res.Move, rules.Black))
				require.NoError(t, g.Play(rules.Pass, rules.White))
			}
			assert.Equal(t, rules.Black, g.Board().Color(p), "Black connected at %s before passing", tt.connection)
		})
	}
}

// The cleanup move attacks the opponent's dead stones: a liberty of the dead
// white stone, and nothing when no stone of the opponent is dead.
func TestCleanupMoveAttacksDeadStones(t *testing.T) {
	g := gameOn(t, `
		. X . X O . .
		X X X X O . .
		. X . X O . .
		X X O X O . .
		. X . X O . .
		X X X X O . .
		. X . X O . .`, rules.Japanese, 0.5, rules.Black)
	b := g.Board()
	c4, err := b.ParseVertex("C4")
	require.NoError(t, err)
	status := rules.NewStatusMap(b)
	status.SetChain(b, c4, rules.Dead)
	p, ok := cleanupMove(g, rules.Black, Result{}, status)
	require.True(t, ok)
	assert.Contains(t, []string{"C5", "C3"}, b.Vertex(p))
	_, ok = cleanupMove(g, rules.White, Result{}, status)
	assert.False(t, ok, "no black stone is dead")
}
