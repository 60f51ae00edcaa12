package engine

import (
	"context"
	"fmt"
	"math"
	"os"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// The final positions of real games that ended by counting (the KGS games of
// testdata/endgame/kgs-counted.sgf, extracted by scripts/endgames): the score
// under each game's own rules, with the dead stones as the engine judges
// them, must be the recorded result on most games and name the right winner
// on nearly all. The recorded result is what the players agreed after
// marking the dead stones, so this measures the dead-stone judgement. GNU Go,
// the classic reference, gets about 92% exact and 99% right winners on such
// games. GTPGO_KGS_SET names another set to measure (scripts/endgames
// writes disjoint samples of the 6,500 counted games with -offset);
// scripts/kgsjudge caches a set's ownership to try judgements on it quickly.
func TestFinalScoreOfCountedKGSGames(t *testing.T) {
	if raceDetector {
		// the race run is for the concurrent search; the judgement is
		// sequential, and these readings take minutes under the detector
		t.Skip("covered by the run without the race detector")
	}
	set := "../testdata/endgame/kgs-counted.sgf"
	if s := os.Getenv("GTPGO_KGS_SET"); s != "" {
		set = s
	}
	data, err := os.ReadFile(set)
	require.NoError(t, err)
	games, err := rules.ParseSGF(data)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(games), 200)
	if testing.Short() {
		games = games[:20]
	}

	type outcome struct {
		name          string
		want, got     float64
		exact, winner bool
		err           error
	}
	results := make([]outcome, len(games))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := testParams()
			p.MemoryMB = 256
			e := New(p)
			for i := range work {
				sg := games[i]
				want, ok := rules.MarginOf(sg.Result)
				if !ok {
					results[i].err = fmt.Errorf("game %d: result %q is not a score", i, sg.Result)
					continue
				}
				g, _, err := sg.NewGame(rules.Japanese, true)
				if err != nil {
					results[i].err = err
					continue
				}
				got := g.Score(e.Verdict(context.Background(), g).Status).Margin()
				results[i] = outcome{name: sg.Info["GN"], want: want, got: got,
					exact: math.Abs(got-want) < 0.01, winner: (got > 0) == (want > 0)}
			}
		}()
	}
	for i := range games {
		work <- i
	}
	close(work)
	wg.Wait()

	exact, winner := 0, 0
	for _, r := range results {
		require.NoError(t, r.err)
		if r.exact {
			exact++
		} else {
			t.Logf("%s: recorded %+.1f, judged %+.1f", r.name, r.want, r.got)
		}
		if r.winner {
			winner++
		}
	}
	n := float64(len(results))
	t.Logf("%d games: exact result %.1f%%, right winner %.1f%%", len(results), 100*float64(exact)/n, 100*float64(winner)/n)
	// measured 93.8% exact and 98.8% right winners on this set, 95.0%
	// (6,175) and 99.1% (6,439) on all 6,500 counted games (the issue asks
	// for 95% and 99%); the bounds guard against regressions
	minExact, minWinner := 0.90, 0.98
	if testing.Short() {
		minExact, minWinner = 0.80, 0.90 // 20 games: a couple of misses swing the rate
	}
	require.GreaterOrEqual(t, float64(exact)/n, minExact, "exact results")
	require.GreaterOrEqual(t, float64(winner)/n, minWinner, "right winners")
}
