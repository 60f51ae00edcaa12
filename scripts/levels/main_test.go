package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A results table as the match runner writes it (B = the first engine):
// the referee's result counts, else the engines' when they agree.
const sampleDat = `# Black: gtpgo
# White: GNU Go
#
#GAME	RES_B	RES_W	RES_R	ALT	DUP	LEN	TIME_B	TIME_W	CPU_B	CPU_W	ERR	ERR_MSG
0	B+1.5	B+1.5	B+1.5	0	-	45	3.9	4.8	3.8	4.5	0	
1	W+R	W+R	W+R	1	-	38	3.3	4.5	3.3	4.3	0	
2	B+2.5	B+2.5	?	0	-	48	4.4	18.9	4.0	16.1	0	
3	B+2.5	W+0.5	?	1	-	41	3.6	7.5	3.3	6.2	0	
4	0	0	0	0	-	41	3.6	7.5	3.3	6.2	0	
`

func TestReadResults(t *testing.T) {
	p, err := readResults(strings.NewReader(sampleDat))
	require.NoError(t, err)
	assert.Equal(t, pairing{Wins: 2, Losses: 1, Draws: 1, Unknown: 1}, p)
}

// The fit recovers the differences that exact win rates imply, chaining
// engines that never met, up to the pull of the virtual draws.
func TestFitChains(t *testing.T) {
	// L1 is 200 Elo below GG1 (24%), GG1 100 below GG10 (L3 at GG1 +100
	// and GG10 + 0), L5 200 above GG10 (76%)
	pairs := []pairing{
		{A: "L1", B: "GG1", Wins: 240, Losses: 760},
		{A: "L3", B: "GG1", Wins: 640, Losses: 360},
		{A: "L3", B: "GG10", Wins: 500, Losses: 500},
		{A: "L5", B: "GG10", Wins: 760, Losses: 240},
	}
	elo, half, err := fit(pairs, "GG10")
	require.NoError(t, err)
	assert.InDelta(t, 0, elo["GG10"], 1e-6)
	assert.InDelta(t, 0, elo["L3"], 5)
	assert.InDelta(t, -100, elo["GG1"], 5)
	assert.InDelta(t, -300, elo["L1"], 8)
	assert.InDelta(t, 200, elo["L5"], 5)
	assert.Zero(t, half["GG10"])
	assert.Greater(t, half["L1"], half["L5"], "L1 is placed through two pairings, L5 through one")

	_, _, err = fit(append(pairs, pairing{A: "L7", B: "L8", Wins: 1}), "GG10")
	assert.ErrorContains(t, err, "do not connect")
	_, _, err = fit(pairs, "GG5")
	assert.ErrorContains(t, err, "played no game")
}

// A clean sweep stays finite.
func TestFitSweep(t *testing.T) {
	elo, _, err := fit([]pairing{{A: "L10", B: "GG10", Wins: 20}}, "GG10")
	require.NoError(t, err)
	assert.InDelta(t, 400*0.3222+400*1.3, elo["L10"], 200, "20.5 of 21 points: about +640")
}

func TestReport(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"L1-GG10", "L2-GG10"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, name), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name, "results.dat"), []byte(sampleDat), 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "bin"), 0o755))
	pairs, err := readPairings(dir)
	require.NoError(t, err)
	require.Len(t, pairs, 2)
	var out bytes.Buffer
	require.NoError(t, report(&out, pairs, "GG10"))
	assert.Contains(t, out.String(), "| level 1 vs GNU Go 10 | 4 (+1 unscored) | 2.5 | 62% (22-91%) | +89 (-220 .. +398) |")
	assert.Contains(t, out.String(), "| level 2 |")
	assert.Contains(t, out.String(), "| GNU Go 10 | 0 |  | 8 |")
}
