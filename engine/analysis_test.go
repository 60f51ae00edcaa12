package engine

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// AnalysisReport sees the running search's tree: every root move is either
// a candidate (with its PV's visits) or unvisited, never both.
func TestAnalysisReport(t *testing.T) {
	g, err := rules.NewGame(9, rules.Chinese, 7.5)
	require.NoError(t, err)
	p := testParams()
	p.Threads = 2 // the tree is read while workers write it (run with -race)
	e := New(p)
	var reports []Analysis
	lim := Limits{Playouts: 3000, ReportEvery: 2 * time.Millisecond,
		Report: e.AnalysisReport(func(a Analysis) { reports = append(reports, a) })}
	res := e.Search(context.Background(), g, rules.Black, lim)
	require.NotEmpty(t, reports)
	sawUnvisited, sawLongPV := false, false
	for _, a := range reports {
		require.Len(t, a.PVVisits, len(a.Candidates))
		seen := map[rules.Point]bool{}
		for i, c := range a.Candidates {
			seen[c.Move] = true
			require.Len(t, a.PVVisits[i], len(c.PV), "one count per PV move")
			assert.Equal(t, c.Visits, a.PVVisits[i][0])
			for j := 1; j < len(c.PV); j++ {
				assert.LessOrEqual(t, a.PVVisits[i][j], a.PVVisits[i][j-1])
				assert.GreaterOrEqual(t, a.PVVisits[i][j], 2, "the PV follows moves seen twice")
			}
			sawLongPV = sawLongPV || len(c.PV) > 2
		}
		for j, u := range a.Unvisited {
			assert.False(t, seen[u.Move], "%v is a candidate and unvisited", u.Move)
			assert.Zero(t, u.Visits)
			assert.Equal(t, []rules.Point{u.Move}, u.PV)
			assert.True(t, u.Prior > 0 && u.Prior < 1)
			assert.True(t, u.WinRate > 0 && u.WinRate < 1)
			if j > 0 {
				assert.LessOrEqual(t, u.Prior, a.Unvisited[j-1].Prior, "highest prior first")
			}
		}
		// all 81 points and pass, one way or the other
		assert.Equal(t, 82, len(a.Candidates)+len(a.Unvisited))
		sawUnvisited = sawUnvisited || len(a.Unvisited) > 0
	}
	assert.True(t, sawUnvisited, "early reports have unvisited moves")
	assert.True(t, sawLongPV, "later reports have variations")
	assert.GreaterOrEqual(t, res.Playouts, 3000)
}

// Two living groups with only eyes left: every playout ends with the same
// area, Black's 28 points to White's 21, so each side's lead is exact.
func TestScoreSampler(t *testing.T) {
	g := gameFromDiagram(t, `
		. X . X O . O
		X X X X O O O
		. X . X O . O
		X X X X O O O
		. X . X O . O
		X X X X O O O
		. X . X O . O`, 0.5)
	for _, tc := range []struct {
		color rules.Color
		move  string
		lead  float64
	}{
		{rules.Black, "pass", 6.5},
		{rules.Black, "A7", 6.5}, // filling an own eye keeps the area
		{rules.White, "pass", -6.5},
		{rules.White, "F5", -6.5},
	} {
		s := NewScoreSampler(g, tc.color, testParams())
		p, err := g.Board().ParseVertex(tc.move)
		require.NoError(t, err)
		s.Sample(p, 10)
		assert.Equal(t, 10, s.Samples(p), "%v %s", tc.color, tc.move)
		assert.Equal(t, tc.lead, s.Lead(p, 0, 0), "%v %s", tc.color, tc.move)
		assert.Equal(t, tc.lead/2, s.Lead(p, 0, 10), "shrunk half way to the prior")
		occupied, _ := g.Board().ParseVertex("B7")
		s.Sample(occupied, 5)
		assert.Zero(t, s.Samples(occupied), "an illegal move gets no playouts")
		assert.Equal(t, 1.5, s.Lead(occupied, 1.5, 8), "no samples: the prior")
	}
}

// ownershipMeans, read while a worker records playouts, stays within
// [-1, 1]: the sums and their count are not read at one instant. On this
// board every point (stone or eye) is Black's in every playout, so a count
// read before the sums would show means beyond 1.
func TestOwnershipMeansWhileRecording(t *testing.T) {
	b := rules.MustDiagram(`
		X X . X X X X X X
		X X X X X X . X X
		X X X X X X X X X
		X . X X X X X X X
		X X X X X X X . X
		X X X X X X X X X
		X X X . X X X X X
		X X X X X X X X X
		X X X X X . X X X`)
	s := &search{}
	s.root.CopyFrom(b)
	s.owner = make([]atomic.Int32, b.Len)
	w := &worker{s: s}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 200000 {
			w.recordOwnership(b)
		}
	}()
	reads, outside := 0, 0
	for running := true; running; reads++ {
		select {
		case <-done:
			running = false
		default:
		}
		for _, o := range s.ownershipMeans() {
			if o < -1 || o > 1 {
				outside++
			}
		}
	}
	assert.Zero(t, outside, "means beyond [-1, 1] in %d reads", reads)
	means := s.ownershipMeans()
	for _, p := range b.Points() {
		require.Equal(t, 1.0, means[p], "every point is Black's")
	}
}
