package gtp

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gtpgo-policy answers every legal move with the move model's probability,
// most likely first, on one line; the probabilities sum to one.
func TestPolicyCommand(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	// White's C2 puts Black C3 in atari: running out at B3 is among what
	// the model expects of Black most (with the cut at D4)
	for _, cmd := range []string{"play b c3", "play w d3", "play b e5", "play w c4", "play b g7", "play w c2"} {
		require.Equal(t, "= ", ss.ask(cmd))
	}
	resp := ss.ask("gtpgo-policy b")
	require.True(t, strings.HasPrefix(resp, "= "), resp)
	f := strings.Fields(strings.TrimPrefix(resp, "= "))
	require.Equal(t, 2*(81-6+1), len(f), "every empty point is legal, and pass")
	sum, last := 0.0, 1.0
	seen := map[string]bool{}
	for i := 0; i < len(f); i += 2 {
		require.Regexp(t, regexp.MustCompile(`^([A-HJ][1-9]|pass)$`), f[i])
		require.False(t, seen[f[i]], f[i])
		seen[f[i]] = true
		v, err := strconv.ParseFloat(f[i+1], 64)
		require.NoError(t, err)
		assert.LessOrEqual(t, v, last, "most likely first")
		sum, last = sum+v, v
	}
	assert.InDelta(t, 1, sum, 0.05, "rounded to 3 decimals")
	assert.True(t, seen["pass"])
	assert.Contains(t, []string{f[0], f[2], f[4]}, "B3", "escaping the atari is among the three likeliest")

	assert.Equal(t, "? invalid color \"x\"", ss.ask("gtpgo-policy x"))
	assert.Equal(t, "? missing argument: usage gtpgo-policy color", ss.ask("gtpgo-policy"))
}

// The GoGui heat map: an INFLUENCE value for every legal point, the
// likeliest 1, and the likeliest moves labelled in percent.
func TestPolicyHeatMap(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	resp := strings.TrimPrefix(ss.ask("gtpgo-policy_gfx"), "= ")
	lines := strings.Split(resp, "\n")
	require.Len(t, lines, 3, resp)
	pairs := gfxPairs(t, lines[0], "INFLUENCE", regexp.MustCompile(`^[01]\.[0-9]{2}$`))
	assert.Len(t, pairs, 81)
	top := 0
	for _, p := range pairs {
		if p[1] == "1.00" {
			top++
		}
	}
	assert.Positive(t, top)
	labels := gfxPairs(t, lines[1], "LABEL", regexp.MustCompile(`^\d+$`))
	assert.Len(t, labels, labelledPolicy)
	assert.Equal(t, "TEXT move model for black: 82 legal moves", lines[2])
}
