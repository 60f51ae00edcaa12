package elo

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEloDiff(t *testing.T) {
	// Reference values: -400 * log10(1/p - 1).
	tests := []struct {
		p, want float64
	}{
		{0.5, 0},
		{0.75, 190.848501887865},
		{0.25, -190.848501887865},
		{0.64, 99.95098928663995},
		{0.9, 381.69700377572985},
		{0.1, -381.69700377572985},
		{10.0 / 11, 400}, // odds 10:1 is exactly 400 points
		{0, math.Inf(-1)},
		{1, math.Inf(1)},
	}
	for _, tt := range tests {
		got := Diff(tt.p)
		if math.IsInf(tt.want, 0) {
			assert.Equal(t, tt.want, got, "p=%v", tt.p)
			continue
		}
		assert.InDelta(t, tt.want, got, 1e-9, "p=%v", tt.p)
	}
}

func TestWilsonInterval(t *testing.T) {
	// Reference values from the closed form (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)
	// with z = 1.959964, e.g. 7/10 -> [0.3968, 0.8922] as in the usual tables.
	tests := []struct {
		score  float64
		n      int
		lo, hi float64
	}{
		{7, 10, 0.39677814746114537, 0.8922087325936989},
		{50, 100, 0.4038315303659956, 0.5961684696340044},
		{75, 100, 0.656955364519384, 0.8245478863771232},
		{5.5, 10, 0.2736696896123183, 0.7985770304013928},
		{0, 10, 0, 0.2775327998628892},
		{10, 10, 0.7224672001371107, 1},
		{1, 1, 0.20654931437723745, 1},
	}
	for _, tt := range tests {
		lo, hi, err := Wilson(tt.score, tt.n, Z95)
		require.NoError(t, err)
		assert.InDelta(t, tt.lo, lo, 1e-12, "lo %v/%d", tt.score, tt.n)
		assert.InDelta(t, tt.hi, hi, 1e-12, "hi %v/%d", tt.score, tt.n)
	}
	for _, bad := range []struct {
		score float64
		n     int
	}{{0, 0}, {3, 2}, {-1, 5}} {
		_, _, err := Wilson(bad.score, bad.n, Z95)
		assert.Error(t, err, "%v/%d", bad.score, bad.n)
	}
}
