package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The light playouts match the reference statistics of Don Dailey's
// reference bot (confirmed by several implementations): on 9x9 with komi
// 7.5, uniform random playouts that never fill a one-point eye of the mover
// last about 111 moves, and Black wins about 42% of them. Board and
// LightBoard draw the same moves from the same stream, so both must give
// exactly the same totals.
func TestLightPlayoutStatistics(t *testing.T) {
	const playouts = 100000
	root, err := NewBoard(9)
	if err != nil {
		t.Fatal(err)
	}
	var start, lb LightBoard
	start.Load(root)
	var b Board
	r1, r2 := NewRand(42), NewRand(42)
	moves, blackWins, boardMoves, boardBlackWins := 0, 0, 0, 0
	for i := 0; i < playouts; i++ {
		lb.CopyFrom(&start)
		moves += lb.LightPlayout(r1, 3*81)
		if float64(lb.PlayoutScore()) > 7.5 {
			blackWins++
		}
		b.CopyFrom(root)
		boardMoves += b.LightPlayout(r2, 3*81)
		if float64(b.PlayoutScore()) > 7.5 {
			boardBlackWins++
		}
	}
	meanMoves := float64(moves) / playouts
	winRate := float64(blackWins) / playouts
	t.Logf("%d playouts: %.2f moves per playout, Black wins %.4f", playouts, meanMoves, winRate)
	// the standard error of the win rate over 100,000 playouts is 0.0016
	assert.InDelta(t, 111, meanMoves, 1.0, "moves per playout")
	assert.InDelta(t, 0.42, winRate, 0.01, "Black's win rate")
	assert.Equal(t, moves, boardMoves, "Board and LightBoard play the same moves")
	assert.Equal(t, blackWins, boardBlackWins, "and score them the same")
}
