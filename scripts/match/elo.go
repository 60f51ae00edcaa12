package main

import "github.com/gtpgo/gtpgo/scripts/internal/elo"

// stats is the win rate and Elo estimate of one engine against another.
type stats struct {
	Score, Games         int     // Score is in half points: win 2, draw 1
	Rate, RateLo, RateHi float64 // win rate and its 95% Wilson interval
	Elo, EloLo, EloHi    float64 // Elo difference and its interval
}

// matchStats computes the win rate of the first engine with its 95% interval
// and the Elo difference it implies; draws count half. The Elo interval is
// the Wilson interval mapped through eloDiff (the map is monotonic).
func matchStats(wins, draws, losses int) (stats, error) {
	n := wins + draws + losses
	score := float64(wins) + float64(draws)/2
	lo, hi, err := elo.Wilson(score, n, elo.Z95)
	if err != nil {
		return stats{}, err
	}
	p := score / float64(n)
	return stats{
		Score: 2*wins + draws, Games: n,
		Rate: p, RateLo: lo, RateHi: hi,
		Elo: elo.Diff(p), EloLo: elo.Diff(lo), EloHi: elo.Diff(hi),
	}, nil
}
