package engine

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// Several workers on one tree (run with -race): the statistics must add up
// exactly once the search has stopped.
func TestParallelTreeStatistics(t *testing.T) {
	g, err := rules.NewGame(9, rules.Chinese, 7)
	require.NoError(t, err)
	p := testParams()
	p.Threads = 4
	e := New(p)
	res := e.Search(context.Background(), g, rules.Black, Limits{Playouts: 3000})
	require.GreaterOrEqual(t, res.Playouts, 3000)
	// every playout passed through the root exactly once, with no virtual
	// loss left behind anywhere
	assert.Equal(t, res.Playouts, res.RootVisits)
	sum := 0
	for _, c := range res.Candidates {
		sum += c.Visits
	}
	assert.Equal(t, res.RootVisits, sum, "root visits are the sum of the children's")
}

// One thread and a seed give the same search twice.
func TestDeterministicWithSeed(t *testing.T) {
	g, err := rules.NewGame(9, rules.Chinese, 7)
	require.NoError(t, err)
	run := func() Result {
		e := New(testParams())
		return e.Search(context.Background(), g, rules.Black, Limits{Playouts: 2000})
	}
	a, b := run(), run()
	require.Equal(t, a.Move, b.Move)
	require.Equal(t, len(a.Candidates), len(b.Candidates))
	for i := range a.Candidates {
		assert.Equal(t, a.Candidates[i].Move, b.Candidates[i].Move)
		assert.Equal(t, a.Candidates[i].Visits, b.Candidates[i].Visits)
	}
}

// Tree reuse: after a move and a reply, the next search starts from the
// subtree's statistics.
func TestTreeReuse(t *testing.T) {
	g, err := rules.NewGame(9, rules.Chinese, 7)
	require.NoError(t, err)
	e := New(testParams())
	res := e.Search(context.Background(), g, rules.Black, Limits{Playouts: 4000})
	require.NoError(t, g.Play(res.Move, rules.Black))
	reply := res.Candidates[0].PV[1]
	require.NoError(t, g.Play(reply, rules.White))
	next := e.Search(context.Background(), g, rules.Black, Limits{Playouts: 100})
	assert.Greater(t, next.RootVisits, next.Playouts, "root keeps the visits it had as a grandchild")
}

// A cancelled context stops the search at once with a legal move.
func TestSearchStopsOnCancel(t *testing.T) {
	g, err := rules.NewGame(19, rules.Japanese, 6.5)
	require.NoError(t, err)
	e := New(testParams())
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	start := time.Now()
	res := e.Search(ctx, g, rules.Black, Limits{Time: time.Hour})
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.NoError(t, g.Check(res.Move, rules.Black))
}

func TestKomiUnderRules(t *testing.T) {
	tests := []struct {
		rules    rules.Ruleset
		komi     float64
		handicap int
		want     float64
	}{
		{rules.Japanese, 6.5, 0, 6.5},
		{rules.Japanese, 0.5, 4, 4.5}, // Black's 4 extra stones count in area, not territory
		{rules.Chinese, 7.5, 0, 7.5},
		{rules.Chinese, 0.5, 4, 4.5}, // White receives a point per handicap stone
		{rules.AGA, 0.5, 4, 3.5},     // N-1
		{rules.TrompTaylor, 7.5, 3, 7.5},
	}
	for _, tc := range tests {
		g, err := rules.NewGame(19, tc.rules, tc.komi)
		require.NoError(t, err)
		if tc.handicap > 0 {
			var pts []rules.Point
			for i := 0; i < tc.handicap; i++ {
				pts = append(pts, g.Board().At(3+6*(i%2), 3+6*(i/2)))
			}
			require.NoError(t, g.SetHandicap(pts))
		}
		assert.Equal(t, tc.want, Komi(g), "%s komi %v handicap %d", tc.rules.Name, tc.komi, tc.handicap)
	}
}

func TestDynamicKomi(t *testing.T) {
	g, err := rules.NewGame(19, rules.Japanese, 0.5)
	require.NoError(t, err)
	sp := DefaultParams().SearchParams
	sp.HandicapStoneValue = 7
	assert.Zero(t, sp.DynamicKomi(g, rules.Black), "even game")
	b := g.Board()
	require.NoError(t, g.SetHandicap([]rules.Point{b.At(3, 3), b.At(15, 15), b.At(3, 15), b.At(15, 3)}))
	black, white := sp.DynamicKomi(g, rules.Black), sp.DynamicKomi(g, rules.White)
	assert.InDelta(t, 28, black, 0.01, "Black plays as if White had 4 stones' worth more")
	assert.InDelta(t, -28, white, 0.01)
	for i := 0; i < 100; i++ {
		require.NoError(t, g.Play(rules.Pass, g.ToMove()))
	}
	later := sp.DynamicKomi(g, rules.Black)
	assert.Greater(t, later, 0.0)
	assert.Less(t, later, black, "the offset fades as the game goes on")
	for i := 0; i < 100; i++ {
		require.NoError(t, g.Play(rules.Pass, g.ToMove()))
	}
	assert.Zero(t, sp.DynamicKomi(g, rules.Black))
}

// A playout's value: win, jigo and loss without a score bonus; with one,
// bigger margins are worth more, yet every win beats every jigo and every
// jigo every loss.
func TestPlayoutValue(t *testing.T) {
	const scale = 20 // the margin scale of a 9x9 board
	tests := []struct {
		name  string
		diff  float64
		bonus float64
		want  int64
	}{
		{"win", 0.5, 0, winUnit},
		{"big win", 60, 0, winUnit},
		{"jigo", 0, 0, winUnit / 2},
		{"loss", -0.5, 0, 0},
		{"win by the margin scale, bonus 0.1", 20, 0.1, winUnit},
		{"win by more than the scale: capped", 45, 0.1, winUnit},
		{"narrow win, bonus 0.1", 0.5, 0.1, 974},  // 0.9*1024 + 0.1*1024*(0.5+0.0125)
		{"jigo, bonus 0.1", 0, 0.1, winUnit / 2},  // the bonus is centred on the jigo
		{"narrow loss, bonus 0.1", -0.5, 0.1, 50}, // 0.1*1024*(0.5-0.0125)
		{"big loss, bonus 0.1", -45, 0.1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, playoutValue(tc.diff, tc.bonus, scale))
		})
	}
	// strictly increasing up to the margin scale, with the largest bonus allowed
	prev := int64(-1)
	for d := -float64(scale); d <= scale; d += 0.5 {
		v := playoutValue(d, 0.49, scale)
		assert.Greater(t, v, prev, "margin %v", d)
		prev = v
		switch {
		case d > 0:
			assert.Greater(t, v, int64(winUnit/2), "a win is worth more than a jigo")
		case d < 0:
			assert.Less(t, v, int64(winUnit/2), "a loss is worth less than a jigo")
		}
	}
}

// With early stopping the search ends once the leader cannot be caught in
// the time left (Black's move into White's only open area, A3-E3, leads at
// once); without it the search thinks for the whole target time.
func TestEarlyStop(t *testing.T) {
	diagram := `
		. . . . . . .
		. . . . . . .
		X X X X X X X
		O O O O O O X
		. . . . . O X
		O O O O . O X
		. . . O O O X`
	for _, early := range []bool{true, false} {
		g := gameFromDiagram(t, diagram, 0.5)
		e := New(testParams())
		lim := Limits{Time: 2 * time.Second, EarlyStop: early}
		res := e.Search(context.Background(), g, rules.Black, lim)
		if early {
			assert.Less(t, res.Elapsed, lim.Time, "an obvious move stops the search early")
		} else {
			assert.GreaterOrEqual(t, res.Elapsed, lim.Time, "no early stop: the whole target time")
		}
	}
}

// With an integer komi a jigo counts as a loss for the player to move: its
// playouts' komi moves half a point against it; with jigo_half the komi
// stays and a jigo is worth half a win. A fractional komi stays as it is.
func TestPlayoutKomi(t *testing.T) {
	for _, tc := range []struct {
		komi     float64
		color    rules.Color
		jigoHalf bool
		want     float64
	}{
		{7, rules.Black, false, 7.5},
		{7, rules.White, false, 6.5},
		{0, rules.White, false, -0.5},
		{-3, rules.Black, false, -2.5},
		{7, rules.Black, true, 7},
		{7, rules.White, true, 7},
		{7.5, rules.Black, false, 7.5},
		{7.5, rules.White, false, 7.5},
		{6.5, rules.White, true, 6.5},
	} {
		assert.Equal(t, tc.want, playoutKomi(tc.komi, tc.color, tc.jigoHalf), "komi %v, %v, jigo_half %v", tc.komi, tc.color, tc.jigoHalf)
	}
	// a 9x9 playout ending Black 44, White 37 is a jigo at komi 7:
	// Black's search calls it a loss, White's too, with jigo_half half a win
	diff := func(c rules.Color, half bool) float64 { return 44 - 37 - playoutKomi(7, c, half) }
	assert.Equal(t, int64(0), playoutValue(diff(rules.Black, false), 0, 20), "Black loses the jigo")
	assert.Equal(t, int64(winUnit), playoutValue(diff(rules.White, false), 0, 20), "Black wins it in White's search: White loses it")
	assert.Equal(t, int64(winUnit/2), playoutValue(diff(rules.Black, true), 0, 20))
	assert.Equal(t, int64(winUnit/2), playoutValue(diff(rules.White, true), 0, 20))
}
