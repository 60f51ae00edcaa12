package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/scripts/internal/elo"
)

func TestMatchStats(t *testing.T) {
	tests := []struct {
		name                 string
		wins, draws, losses  int
		rate, rateLo, rateHi float64
		elo, eloLo, eloHi    string
	}{
		{"even", 50, 0, 50, 0.5, 0.4038315303659956, 0.5961684696340044, "0", "-68", "+68"},
		{"seven of ten", 7, 0, 3, 0.7, 0.39677814746114537, 0.8922087325936989, "+147", "-73", "+367"},
		{"draws count half", 5, 1, 4, 0.55, 0.2736696896123183, 0.7985770304013928, "+35", "-170", "+239"},
		{"clean sweep", 10, 0, 0, 1, 0.7224672001371107, 1, "+inf", "+166", "+inf"},
		{"all lost", 0, 0, 10, 0, 0, 0.2775327998628892, "-inf", "-inf", "-166"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := matchStats(tt.wins, tt.draws, tt.losses)
			require.NoError(t, err)
			assert.Equal(t, tt.wins+tt.draws+tt.losses, s.Games)
			assert.InDelta(t, tt.rate, s.Rate, 1e-12)
			assert.InDelta(t, tt.rateLo, s.RateLo, 1e-12)
			assert.InDelta(t, tt.rateHi, s.RateHi, 1e-12)
			assert.Equal(t, tt.elo, elo.Format(s.Elo))
			assert.Equal(t, tt.eloLo, elo.Format(s.EloLo))
			assert.Equal(t, tt.eloHi, elo.Format(s.EloHi))
		})
	}
	_, err := matchStats(0, 0, 0)
	assert.Error(t, err, "no games, no statistics")
}
