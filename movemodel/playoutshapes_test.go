package movemodel

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// rotateDiagram turns a square diagram (rows of single-character cells
// separated by spaces) a quarter turn clockwise.
func rotateDiagram(diagram string) string {
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(diagram), "\n") {
		rows = append(rows, strings.Fields(line))
	}
	n := len(rows)
	var sb strings.Builder
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			sb.WriteString(rows[n-1-j][i] + " ")
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func TestPlayoutCode(t *testing.T) {
	// C3's neighbours: N C4 white in atari, NE D4 black, E D3 white (three
	// liberties), S C2 black, NW B4 black, the rest empty.
	const diagram = `
		. . X . .
		. X O X .
		. . . O .
		. . X . .
		. . . . .`
	b := rules.MustDiagram(diagram)
	c3, err := b.ParseVertex("C3")
	require.NoError(t, err)
	const (
		n, ne, e, se, s, sw, w, nw = 0, 2, 4, 6, 8, 10, 12, 14
		atariN                     = 1 << 16
	)
	black := uint32(cellEnemy<<n|cellOwn<<ne|cellEnemy<<e|cellOwn<<s|cellOwn<<nw) | atariN
	white := uint32(cellOwn<<n|cellEnemy<<ne|cellOwn<<e|cellEnemy<<s|cellEnemy<<nw) | atariN
	assert.Equal(t, black, PlayoutCode(b, c3, rules.Black), "seen from Black")
	assert.Equal(t, white, PlayoutCode(b, c3, rules.White), "seen from White: the colours swap, the atari stays")

	a1, err := b.ParseVertex("A1")
	require.NoError(t, err)
	corner := uint32(cellEdge<<se | cellEdge<<s | cellEdge<<sw | cellEdge<<w | cellEdge<<nw)
	assert.Equal(t, corner, PlayoutCode(b, a1, rules.Black), "off the board below and left")

	// the same position turned: C3 stays the centre, its code changes, its
	// canonical code does not
	turned := rules.MustDiagram(rotateDiagram(diagram))
	code := PlayoutCode(turned, c3, rules.Black)
	assert.NotEqual(t, black, code)
	assert.Equal(t, CanonicalPlayoutCode(black), CanonicalPlayoutCode(code))
	assert.Equal(t, CanonicalPlayoutCode(black), CanonicalPlayoutCodeFast(code))
}

func TestCanonicalPlayoutCodeTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		code := uint32(rng.IntN(PlayoutCodes))
		canon := CanonicalPlayoutCode(code)
		require.Equal(t, canon, CanonicalPlayoutCodeFast(code), "code %05x", code)
		require.LessOrEqual(t, canon, code)
		require.Equal(t, canon, CanonicalPlayoutCode(canon), "canonical codes are their own")
	}
}

func TestPlayoutGammasRoundTrip(t *testing.T) {
	g := &PlayoutGammas{
		Codes:  []uint32{0, CanonicalPlayoutCode(0xfc), OtherPlayoutCode},
		Gammas: []float32{0.25, 0.01, 1},
		Seen:   []int64{1000, 300, 7},
	}
	text := FormatPlayoutGammas(g, "trainmm -playout x\nfigures")
	assert.True(t, strings.HasPrefix(text, "# trainmm -playout x\n# figures\n"), text)
	back, err := ParsePlayoutGammas(text)
	require.NoError(t, err)
	assert.Equal(t, g, back)
	assert.Equal(t, float32(0.01), back.Gamma(0xfc<<8&0xffff), "a turned code has its canonical code's rating")
	assert.Equal(t, float32(1), back.Gamma(0x55), "an unlisted code has the rare codes' rating")
}

func TestParsePlayoutGammasRefuses(t *testing.T) {
	tests := []struct{ name, text string }{
		{"empty", "# only a comment\n"},
		{"no rare codes' rating", "00000 1 5\n"},
		{"two fields", "00000 1\n100000 1 1\n"},
		{"zero rating", "00000 0 5\n100000 1 1\n"},
		{"not hex", "0x0g0 1 5\n100000 1 1\n"},
		{"not canonical", "0fc00 1 5\n100000 1 1\n"},
		{"not ascending", "00004 1 5\n00000 1 5\n100000 1 1\n"},
		{"beyond the codes", "200000 1 5\n"},
	}
	for _, tc := range tests {
		_, err := ParsePlayoutGammas(tc.text)
		assert.Error(t, err, tc.name)
	}
}

func TestPlayoutAcceptance(t *testing.T) {
	hane := CanonicalPlayoutCode(cellOwn | cellEnemy<<4)
	edge := CanonicalPlayoutCode(0xfc)
	g := &PlayoutGammas{
		Codes:  []uint32{0, hane, edge, OtherPlayoutCode},
		Gammas: []float32{1, 4, 0.1, 0.5},
		Seen:   []int64{50, 10, 40, 0},
	}
	require.Less(t, hane, OtherPlayoutCode)
	// the top tenth of the candidates by count are the hane's: its rating
	// is the one taken always
	acc := g.Acceptance(0.1)
	require.Len(t, acc, PlayoutCodes)
	assert.Equal(t, uint8(255), acc[cellEnemy|cellOwn<<4], "the hane turned")
	assert.Equal(t, uint8(64), acc[0], "the empty shape: a quarter of the hane's rating")
	assert.Equal(t, uint8(6), acc[0xfc<<8&0xffff], "the edge turned")
	assert.Equal(t, uint8(32), acc[0x55], "an unlisted code: the rare codes' rating")
	// half the candidates: the empty shape's rating and all above it are taken
	acc = g.Acceptance(0.5)
	assert.Equal(t, uint8(255), acc[0])
	assert.Equal(t, uint8(26), acc[edge])
}

func TestEmbeddedPlayoutGammas(t *testing.T) {
	g, err := DefaultPlayoutGammas()
	require.NoError(t, err)
	assert.Greater(t, len(g.Codes), 500, "ratings of the common codes")
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	rate := func(v string) float32 {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		return g.Gamma(PlayoutCode(b, p, rules.Black))
	}
	assert.Greater(t, rate("E5"), 10*rate("E1"), "an open first-line point is rated far below an open centre point")
	assert.Greater(t, rate("B2"), 10*rate("A1"), "and so is the corner")
}
