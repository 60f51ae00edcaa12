package main

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSPRTMath(t *testing.T) {
	s, err := parseSPRT("0,200", 0.05, 0.05)
	require.NoError(t, err)
	lower, upper := s.bounds()
	assert.InDelta(t, math.Log(0.05/0.95), lower, 1e-12)
	assert.InDelta(t, math.Log(0.95/0.05), upper, 1e-12)
	// a win moves the LLR by log(p1/p0), a loss by log((1-p1)/(1-p0)), a
	// draw by half of each
	p1 := 1 / (1 + math.Pow(10, -0.5))
	assert.InDelta(t, math.Log(p1/0.5), s.llr(1, 0, 0), 1e-12)
	assert.InDelta(t, math.Log((1-p1)/0.5), s.llr(0, 0, 1), 1e-12)
	assert.InDelta(t, (s.llr(1, 0, 0)+s.llr(0, 0, 1))/2, s.llr(0, 1, 0), 1e-12)
	tests := []struct {
		wins, draws, losses int
		want                string
	}{
		{7, 0, 0, ""}, // 7 x 0.419 = 2.93, just short of 2.94
		{8, 0, 0, "H1"},
		{0, 0, 4, ""}, // a loss is -0.73
		{0, 0, 5, "H0"},
		{20, 0, 20, "H0"}, // even results: not 200 Elo stronger
		{12, 0, 3, ""},
		{13, 0, 3, "H1"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, s.decision(tc.wins, tc.draws, tc.losses), "%+v: LLR %.2f", tc, s.llr(tc.wins, tc.draws, tc.losses))
	}
	assert.Contains(t, s.report(8, 0, 0), "SPRT elo0 0, elo1 +200 (false positives 5%, false negatives 5%): LLR 3.35 in [-2.94, 2.94]: H1 accepted")

	for _, bad := range []string{"30", "30,0", "a,b", "0,2000"} {
		_, err := parseSPRT(bad, 0.05, 0.05)
		assert.Error(t, err, bad)
	}
	_, err = parseSPRT("0,30", 0, 0.05)
	assert.Error(t, err)
}

// A match under -sprt stops once the test decides: engine 2 resigns every
// game, so 8 straight wins accept 200 Elo, and a rerun plays nothing more.
func TestSPRTStopsTheMatch(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-engine1", fakeCommand(t, "name=Winner"), "-engine2", fakeCommand(t, "name=Quitter", "resign=1"),
		"-games", "30", "-size", "5", "-sprt", "0,200"}
	out, _, err := runMatch(t, dir, args...)
	require.NoError(t, err)
	assert.Len(t, readResults(t, dir).Rows, 8)
	assert.Contains(t, out, "Winner wins 8, Quitter wins 0")
	assert.Contains(t, out, "H1 accepted: engine 1 is +200 Elo stronger or more")
	out, _, err = runMatch(t, dir, args...)
	require.NoError(t, err)
	assert.Len(t, readResults(t, dir).Rows, 8, "a decided match plays no more")
	assert.Contains(t, out, "H1 accepted")
}
