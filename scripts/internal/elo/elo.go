// Package elo is the arithmetic of match results that the match runner
// and the level calibration share: the Wilson interval of a win rate and
// the Elo difference a win rate implies.
package elo

import (
	"fmt"
	"math"
)

// Z95 is the two-sided 95% quantile of the standard normal distribution.
const Z95 = 1.959963984540054

// Wilson is the Wilson score interval of a win rate: score points
// (wins plus half the draws) out of n games, at normal quantile z. Wilson
// rather than the normal approximation because match sizes are small and
// win rates near 0 or 1 are common, where the normal interval leaves [0, 1].
func Wilson(score float64, n int, z float64) (lo, hi float64, err error) {
	if n <= 0 {
		return 0, 0, fmt.Errorf("wilson interval of %d games", n)
	}
	if score < 0 || score > float64(n) {
		return 0, 0, fmt.Errorf("score %g out of range 0..%d", score, n)
	}
	nf := float64(n)
	p := score / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	lo, hi = centre-half, centre+half
	// At p = 0 or 1 the bound is exactly 0 or 1; rounding must not turn an
	// infinite Elo bound into a finite one.
	if score == 0 {
		lo = 0
	}
	if score == nf {
		hi = 1
	}
	return math.Max(0, lo), math.Min(1, hi), nil
}

// Diff is the Elo rating difference that makes the expected score p under
// the logistic model: p = 1 / (1 + 10^(-d/400)). It is -Inf at 0 and +Inf at 1.
func Diff(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// Format prints an Elo value with sign, and infinities as +inf/-inf.
func Format(d float64) string {
	switch {
	case math.IsInf(d, 1):
		return "+inf"
	case math.IsInf(d, -1):
		return "-inf"
	case math.Abs(d) < 0.5:
		return "0" // not "-0"
	}
	return fmt.Sprintf("%+.0f", d)
}
