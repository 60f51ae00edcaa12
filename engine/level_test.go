package engine

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/judge"
	"github.com/gtpgo/gtpgo/rules"
)

// The level parameter: 1 to 10, 10 by default; below 10 the playouts
// grow and the noise shrinks with the level.
func TestLevelParameters(t *testing.T) {
	p := DefaultParams()
	assert.Equal(t, MaxLevel, p.Level, "the full engine by default")
	for _, tc := range []struct {
		value string
		ok    bool
	}{{"0", false}, {"1", true}, {"5", true}, {"10", true}, {"11", false}, {"-1", false}, {"2.5", false}} {
		q := DefaultParams()
		err := q.Set("level", tc.value)
		if tc.ok {
			assert.NoError(t, err, tc.value)
			assert.Equal(t, tc.value, strconv.Itoa(q.Level))
		} else {
			assert.Error(t, err, tc.value)
			assert.Equal(t, MaxLevel, q.Level, "a refused value changes nothing")
		}
	}

	for _, l := range []int{0, MaxLevel, MaxLevel + 1} {
		_, ok := Level(l, 9)
		assert.False(t, ok, "level %d plays as the full engine", l)
	}
	for _, size := range []int{5, 9, 13, 19, 25} {
		prev, ok := Level(1, size)
		require.True(t, ok)
		assert.Positive(t, prev.Playouts)
		for l := 2; l < MaxLevel; l++ {
			spec, ok := Level(l, size)
			require.True(t, ok, "level %d", l)
			assert.Greater(t, spec.Playouts, prev.Playouts, "%dx%d level %d: more playouts than level %d", size, size, l, l-1)
			assert.LessOrEqual(t, spec.Playouts, 3*prev.Playouts, "%dx%d level %d: about double, not a leap", size, size, l)
			assert.Less(t, spec.Temperature, prev.Temperature, "level %d: less noise", l)
			assert.Less(t, spec.Margin, prev.Margin, "level %d: a narrower margin", l)
			assert.Greater(t, spec.MinShare, prev.MinShare, "level %d: alternatives need more visits", l)
			assert.GreaterOrEqual(t, spec.MinVisits, prev.MinVisits, "level %d: alternatives need as many visits at least", l)
			prev = spec
		}
	}
	// 9x9 and smaller share one table, 19x19 and larger another with
	// smaller steps, and 13x13 lies between them; where the two tables'
	// draws agree only the playouts depend on the size.
	for l := 1; l < MaxLevel; l++ {
		small, _ := Level(l, 5)
		nine, _ := Level(l, 9)
		thirteen, _ := Level(l, 13)
		nineteen, _ := Level(l, 19)
		big, _ := Level(l, 25)
		assert.Equal(t, nine, small, "level %d", l)
		assert.Equal(t, nineteen, big, "level %d", l)
		assert.Equal(t, levelSpecs[l-1], nine, "level %d", l)
		assert.Equal(t, levelSpecs19[l-1], nineteen, "level %d", l)
		assert.LessOrEqual(t, nine.Playouts, thirteen.Playouts, "level %d", l)
		assert.LessOrEqual(t, thirteen.Playouts, nineteen.Playouts, "level %d", l)
		between := func(a, x, b float64) bool { return min(a, b) <= x && x <= max(a, b) }
		assert.True(t, between(nine.Temperature, thirteen.Temperature, nineteen.Temperature), "level %d", l)
		assert.True(t, between(nine.Margin, thirteen.Margin, nineteen.Margin), "level %d", l)
		assert.True(t, between(nine.MinShare, thirteen.MinShare, nineteen.MinShare), "level %d", l)
		sameDraw := nineteen
		sameDraw.Playouts = nine.Playouts
		if sameDraw == nine {
			sameThirteen := thirteen
			sameThirteen.Playouts = nine.Playouts
			assert.Equal(t, nine, sameThirteen, "level %d: only the playouts depend on the size", l)
		}
	}
	// level 1's draw on 19x19 is tighter than on 9x9, about halfway to level 2's
	nine, _ := Level(1, 9)
	nineteen, _ := Level(1, 19)
	assert.Less(t, nineteen.Temperature, nine.Temperature)
	assert.Greater(t, nineteen.MinShare, nine.MinShare)
	first, _ := Level(1, 19)
	last, _ := Level(MaxLevel-1, 19)
	assert.Less(t, float64(last.Playouts)/float64(first.Playouts), 100.0,
		"19x19 levels grow by less than doubling: eight steps span under 100 times the playouts")
	for l := 1; l < MaxLevel; l++ {
		spec, _ := Level(l, 9)
		assert.Positive(t, spec.Temperature)
		assert.True(t, spec.Margin > 0 && spec.Margin < 0.5, "level %d margin %v", l, spec.Margin)
		assert.True(t, spec.MinShare > 0 && spec.MinShare < 1, "level %d share %v", l, spec.MinShare)
		assert.Positive(t, spec.MinVisits, "level %d", l)
	}
}

// Level 10 is the engine as it was before levels: GenMove's move and
// statistics are those of the plain search, with one thread and a seed.
func TestLevel10IsTheFullEngine(t *testing.T) {
	positions := []struct {
		name    string
		diagram string
		color   rules.Color
	}{
		{"empty board", "", rules.Black},
		{"middle game", `
			. . . . . . . . .
			. . . . . . . . .
			. . O O . X . . .
			. . X O . X . . .
			. . X X O O X . .
			. . . X O . X . .
			. . . . X O O . .
			. . . . . . . . .
			. . . . . . . . .`, rules.White},
	}
	for _, pos := range positions {
		t.Run(pos.name, func(t *testing.T) {
			newGame := func() *rules.Game {
				if pos.diagram == "" {
					g, err := rules.NewGame(9, rules.Chinese, 7.5)
					require.NoError(t, err)
					return g
				}
				g := gameFromDiagram(t, pos.diagram, 7.5)
				g.SetToMove(pos.color)
				return g
			}
			lim := Limits{Playouts: 3000}
			p := testParams()
			require.Equal(t, MaxLevel, p.Level)
			e := New(p)
			assert.Nil(t, e.levelFor(newGame(), pos.color, false), "no level play at level 10")
			plain := New(p).Search(context.Background(), newGame(), pos.color, lim)
			got := e.GenMove(context.Background(), newGame(), pos.color, lim, false)
			assert.Equal(t, plain.Move, got.Move)
			assert.Equal(t, plain.Playouts, got.Playouts)
			assert.Equal(t, plain.Candidates, got.Candidates)
		})
	}
}

// Below level 10 a move costs the level's playouts, whatever the time
// limits, or fewer when the caller asks for fewer.
func TestLevelPlayoutCap(t *testing.T) {
	g, err := rules.NewGame(9, rules.Chinese, 7.5)
	require.NoError(t, err)
	for l := 1; l <= 4; l++ {
		spec, _ := Level(l, 9)
		p := testParams()
		p.Level = l
		res := New(p).GenMove(context.Background(), g, rules.Black, Limits{}, false)
		assert.Equal(t, spec.Playouts, res.Playouts, "level %d", l)
		res = New(p).GenMove(context.Background(), g, rules.Black, Limits{Playouts: 20}, false)
		assert.Equal(t, 20, res.Playouts, "level %d with a smaller cap", l)
	}
	big, err := rules.NewGame(19, rules.Chinese, 7.5)
	require.NoError(t, err)
	spec, _ := Level(1, 19)
	p := testParams()
	p.Level = 1
	res := New(p).GenMove(context.Background(), big, rules.Black, Limits{}, false)
	assert.Equal(t, spec.Playouts, res.Playouts, "19x19 level 1 has the 19x19 table's playouts")
	assert.Equal(t, levelSpecs19[0].Playouts, res.Playouts)
}

// After the opponent's pass a level searches at least levelEndPlayouts and
// plays the search's move: the pass decision is the full engine's.
func TestLevelEndOfGame(t *testing.T) {
	g := gameFromDiagram(t, `
		. X O . O . .
		X X O O O O O
		. X X X X X X
		X X . X . X .
		. X X X X X X
		X X O O O O O
		. X O . O . .`, 0.5)
	g.SetToMove(rules.White)
	require.NoError(t, g.Play(rules.Pass, rules.White))
	p := testParams()
	p.Level = 1
	e := New(p)
	lv := e.levelFor(g, rules.Black, false)
	require.NotNil(t, lv)
	assert.True(t, lv.endgame)
	res := e.GenMove(context.Background(), g, rules.Black, Limits{}, false)
	assert.GreaterOrEqual(t, res.Playouts, levelEndPlayouts)
	assert.Equal(t, rules.Pass, res.Move, "Black wins by passing")
}

// candidates builds search candidates from "vertex visits winrate" triples.
func candidates(t *testing.T, b *rules.Board, specs ...string) []Candidate {
	t.Helper()
	var out []Candidate
	for _, s := range specs {
		var v string
		var c Candidate
		_, err := fmt.Sscan(s, &v, &c.Visits, &c.WinRate)
		require.NoError(t, err, s)
		c.Move, err = b.ParseVertex(v)
		require.NoError(t, err, s)
		out = append(out, c)
	}
	return out
}

// draws returns how often each move is drawn in n draws.
func draws(b *rules.Board, color rules.Color, cands []Candidate, spec LevelSpec, n int) map[string]int {
	out := map[string]int{}
	r := rules.NewRand(1)
	for range n {
		out[b.Vertex(levelChoice(b, color, cands, spec, r))]++
	}
	return out
}

// The draw among candidates, on diagram positions: which moves it may
// play at the noisiest level, and which it never plays at any level.
func TestLevelChoiceGuardRails(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		color   rules.Color
		cands   []string // "vertex visits winrate", most visited first
		allowed []string // the moves drawn at level 1, each at least once
	}{
		{
			name: "close alternatives are drawn",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color:   rules.White,
			cands:   []string{"C3 30 0.50", "G7 20 0.48", "C7 12 0.47", "G3 10 0.45"},
			allowed: []string{"C3", "G7", "C7", "G3"},
		},
		{
			name: "not visited enough, or too much worse: never",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color: rules.White,
			// G7: a fine win rate on 3 visits; C7: well visited, 30% worse
			cands:   []string{"C3 100 0.50", "G3 60 0.45", "C7 50 0.20", "G7 3 0.90"},
			allowed: []string{"C3", "G3"},
		},
		{
			name: "a pass is never drawn instead of a move",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color:   rules.White,
			cands:   []string{"C3 40 0.60", "pass 39 0.60", "G7 20 0.58"},
			allowed: []string{"C3", "G7"},
		},
		{
			// F7 fills Black's own eye; E4 and B4 leave Black's two
			// stones, three after the move, in atari; F2 and C7 are fine
			name: "never an own eye, never a self-atari of more than a stone",
			diagram: `
				. . . . X . X
				. . . . X X X
				. O O O O . .
				O . X X . O .
				. O O O O . .
				. . . . . . .
				. . . . . . .`,
			color:   rules.Black,
			cands:   []string{"F2 40 0.55", "F7 30 0.55", "E4 30 0.55", "B4 30 0.55", "C7 20 0.55"},
			allowed: []string{"F2", "C7"},
		},
		{
			// a lone stone in atari (A1) can be good play: a throw-in, a
			// sacrifice
			name: "a one-stone self-atari may be drawn",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . X . . . .
				. O . . . . .
				. O . . . . .`,
			color:   rules.Black,
			cands:   []string{"E5 40 0.60", "A1 30 0.60"},
			allowed: []string{"E5", "A1"},
		},
		{
			// H5 saves Black's six stones from atari: played at every level
			// though F3 and G7 are as good by the search's numbers
			name: "saving five or more stones from atari is always played",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. O O O O O O . .
				O X X X X X X . .
				. O O O O O O . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color:   rules.Black,
			cands:   []string{"H5 40 0.50", "F3 39 0.50", "G7 38 0.50"},
			allowed: []string{"H5"},
		},
		{
			name: "capturing five or more stones is always played",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. X X X X X X . .
				X O O O O O O . .
				. X X X X X X . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color:   rules.Black,
			cands:   []string{"H5 40 0.90", "F3 39 0.90", "G7 38 0.90"},
			allowed: []string{"H5"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			b.SetToMove(tc.color)
			cands := candidates(t, b, tc.cands...)
			for l := 1; l < MaxLevel; l++ {
				spec, _ := Level(l, 9)
				got := draws(b, tc.color, cands, spec, 400)
				for v := range got {
					assert.Contains(t, tc.allowed, v, "level %d drew %s (%v)", l, v, got)
				}
				if l == 1 {
					for _, v := range tc.allowed {
						assert.Positive(t, got[v], "level 1 never drew %s (%v)", v, got)
					}
				}
			}
		})
	}
}

// The noise shrinks with the level: the best move is drawn more often.
func TestLevelChoiceNoiseShrinks(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	cands := candidates(t, b, "C3 3000 0.50", "G7 1500 0.49", "C7 1100 0.485")
	first := -1
	prev := -1
	for l := 1; l < MaxLevel; l++ {
		spec, _ := Level(l, 9)
		best := draws(b, rules.White, cands, spec, 2000)["C3"]
		assert.GreaterOrEqual(t, best, prev, "level %d", l)
		if first < 0 {
			first = best
		}
		prev = best
	}
	assert.Less(t, first, 1100, "level 1 plays another move about half the time")
	assert.Greater(t, prev, 1400, "level 9 mostly plays the best move")
}

// fiveInAtari: Black's five stones in atari, which F5 saves (three
// liberties and room) or captures.
const fiveInAtari = `
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	O O O O O . . . .
	X X X X X . . . .
	O O O O O . . . .
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .`

// The guard rails in real games: at every level the search's move saves a
// big group in atari and captures a big group in atari, and no level ever
// fills its own eye.
func TestLevelsPlayTheObviousMoves(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		color   rules.Color
		want    []string // one of these
		never   []string
	}{
		{
			// (a chain whose escape runs into a ladder is no test: saving it
			// is futile)
			name:    "save five stones in atari",
			diagram: fiveInAtari,
			color:   rules.Black,
			want:    []string{"F5"},
		},
		{
			// the same position with White to move
			name:    "capture five stones in atari",
			diagram: fiveInAtari,
			color:   rules.White,
			want:    []string{"F5"},
		},
		{
			name: "never fill an own eye",
			diagram: `
				. X . X O . . . .
				X X X X O . . . .
				. X . X O . . . .
				X X X X O . . . .
				. . . X O . . . .
				. . . X O . . . .
				. . . X O . . . .
				. . . X O . . . .
				. . . X O . . . .`,
			color: rules.Black,
			never: []string{"A9", "C9", "A7", "C7"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seeds := int64(3)
			if testing.Short() {
				seeds = 1 // -short runs under the race detector in CI
			}
			for l := 1; l < MaxLevel; l++ {
				for seed := int64(1); seed <= seeds; seed++ {
					g := gameFromDiagram(t, tc.diagram, 7.5)
					g.SetToMove(tc.color)
					p := testParams()
					p.Level, p.Seed = l, seed
					// a cap keeps the high levels quick: the guard rails
					// do not depend on the playouts
					res := New(p).GenMove(context.Background(), g, tc.color, Limits{Playouts: 2000}, false)
					v := g.Board().Vertex(res.Move)
					if tc.want != nil {
						assert.Contains(t, tc.want, v, "level %d seed %d", l, seed)
					}
					assert.NotContains(t, tc.never, v, "level %d seed %d", l, seed)
				}
			}
		})
	}
}

// selfPlay plays a 9x9 game under Chinese rules between two levels, each
// with its own engine (one thread, seeded), and returns the winner's
// colour. The game ends with two passes, a resignation or 150 moves, and
// is scored as final_score scores it.
func selfPlay(t *testing.T, black, white int, seed int64) rules.Color {
	t.Helper()
	g, err := rules.NewGame(9, rules.Chinese, 7.5)
	require.NoError(t, err)
	engines := map[rules.Color]*Engine{}
	for c, l := range map[rules.Color]int{rules.Black: black, rules.White: white} {
		p := testParams()
		p.Level, p.Seed = l, seed+int64(c)
		engines[c] = New(p)
	}
	ctx := context.Background()
	for c := rules.Black; !g.Ended() && g.MoveNumber() < 150; c = c.Opponent() {
		res := engines[c].GenMove(ctx, g, c, Limits{}, false)
		if res.Resign {
			return c.Opponent()
		}
		require.NoError(t, g.Play(res.Move, c))
	}
	return judge.ScoreIfPassed(g, engines[rules.Black].Verdict(ctx, g).Status).Winner()
}

// Strength grows with the level: in a handful of seeded 9x9 games, each
// level playing Black and White in turn, level 6 beats level 2 in at least
// 6 of 8 (7 today; the games are the same on every run).
func TestLevelsSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("self-play games")
	}
	const low, high, games = 2, 6, 8
	wins := 0
	for i := range games {
		black, white := high, low
		if i%2 == 1 {
			black, white = low, high
		}
		winner := selfPlay(t, black, white, int64(i+1))
		if (winner == rules.Black) == (black == high) {
			wins++
		}
		t.Logf("game %d: level %d (Black) vs level %d (White): %s won", i, black, white, winner)
	}
	assert.GreaterOrEqual(t, wins, games-2, "level %d won %d of %d games against level %d", high, wins, games, low)
}
