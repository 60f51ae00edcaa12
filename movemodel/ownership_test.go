package movemodel

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

func TestOwnerBucket(t *testing.T) {
	tests := []struct {
		share float64
		want  int
	}{
		{0, 0}, {0.099, 0}, {0.1, 1}, {0.5, 5}, {0.95, 9}, {1, 9}, {-0.01, 0}, {1.01, 9},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, OwnerBucket(tc.share), "share %v", tc.share)
	}
}

func TestOwnerShare(t *testing.T) {
	tests := []struct {
		o     float64
		c     rules.Color
		share float64
	}{
		{1, rules.Black, 1}, {1, rules.White, 0}, {-1, rules.White, 1}, {0, rules.Black, 0.5}, {0.5, rules.White, 0.25},
	}
	for _, tc := range tests {
		assert.InDelta(t, tc.share, OwnerShare(tc.o, tc.c), 1e-12, "%v for %v", tc.o, tc.c)
	}
}

func TestOwnerGammasRoundTrip(t *testing.T) {
	g := OwnerGammas{0.1, 0.5, 1, 1.25, 1, 1, 2, 3, 0.75, 0.3}
	text := FormatOwnerGammas(g, "trainmm -owner x\nsecond line")
	assert.Contains(t, text, "# trainmm -owner x\n# second line\n")
	back, err := ParseOwnerGammas(text)
	require.NoError(t, err)
	assert.Equal(t, g, back)

	for _, bad := range []string{
		"", "# only comments\n", "1 2 3\n", "1 1 1 1 1 1 1 1 1 0\n", "1 1 1 1 1 1 1 1 1 x\n",
		"1 1 1 1 1 1 1 1 1 1\n1 1 1 1 1 1 1 1 1 1\n", "1 1 1 1 1 1 1 1 1 NaN\n",
	} {
		_, err := ParseOwnerGammas(bad)
		assert.Error(t, err, "%q", bad)
	}
}

// The embedded ratings are a training run's: they say how they were made,
// and rate points settled for either side below the open ones.
func TestEmbeddedOwnerGammas(t *testing.T) {
	g, err := DefaultOwnerGammas()
	require.NoError(t, err)
	assert.Contains(t, ownershipText, "# trainmm -owner ")
	assert.Contains(t, ownershipText, "held-out with ownership")
	mid := g[OwnerBuckets/2]
	assert.Less(t, g[0], mid, "the opponent's settled points")
	assert.Less(t, g[OwnerBuckets-1], mid, "the player's own settled points")
}
