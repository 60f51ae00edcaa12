package gtp

import (
	"context"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// gfxArgs checks that a gfx line is keyword followed by (vertex value)
// pairs and returns the pairs.
func gfxPairs(t *testing.T, line, keyword string, value *regexp.Regexp) [][2]string {
	t.Helper()
	f := strings.Fields(line)
	require.NotEmpty(t, f)
	require.Equal(t, keyword, f[0], line)
	require.Equal(t, 1, len(f)%2, "pairs in %q", line)
	var out [][2]string
	for i := 1; i < len(f); i += 2 {
		require.Regexp(t, `^[A-HJ-T]([1-9]|1[0-9])$`, f[i], line)
		require.Regexp(t, value, f[i+1], line)
		out = append(out, [2]string{f[i], f[i+1]})
	}
	return out
}

// The ownership display: an INFLUENCE value for every point, +1 for Black
// whoever the search is for (GoGui's convention).
func TestGoGuiOwnership(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	require.Equal(t, "= ", ss.ask("gogui-setup "+setupArgs(walledOff9)))
	for _, col := range []string{"b", "w"} {
		resp := ss.ask("gtpgo-ownership " + col)
		pairs := gfxPairs(t, strings.TrimPrefix(resp, "= "), "INFLUENCE", regexp.MustCompile(`^-?[01]\.[0-9]{2}$`))
		require.Len(t, pairs, 81)
		own := map[string]float64{}
		for _, p := range pairs {
			v, err := strconv.ParseFloat(p[1], 64)
			require.NoError(t, err)
			assert.True(t, v >= -1 && v <= 1)
			own[p[0]] = v
		}
		for _, v := range []string{"A9", "J9", "E8", "B9"} {
			assert.Greater(t, own[v], 0.8, "%s for %s", v, col)
		}
		for _, v := range []string{"A1", "J1", "E2", "B1"} {
			assert.Less(t, own[v], -0.8, "%s for %s", v, col)
		}
	}
}

// The territory display is final_score's judgement: each side's
// territory, the dead stone's point counted for its captor and marked.
// (Both groups have eyes: a position in doubt would cost a deeper search.)
func TestGoGuiTerritory(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 7"))
	require.Equal(t, "= ", ss.ask("gogui-setup "+setupArgs(`
		. X . . . . .
		X X . O . . .
		. X . . . . .
		X X X X X X X
		O O O O O O O
		. O . . O . .
		O . O . O . .`)))
	resp := strings.TrimPrefix(ss.ask("gtpgo-territory"), "= ")
	lines := strings.Split(resp, "\n")
	require.Len(t, lines, 3, resp)
	points := func(line, keyword string) []string {
		f := strings.Fields(line)
		require.Equal(t, keyword, f[0])
		sort.Strings(f[1:])
		return f[1:]
	}
	sorted := func(s string) []string {
		f := strings.Fields(s)
		sort.Strings(f)
		return f
	}
	assert.Equal(t, sorted("A7 C7 D7 E7 F7 G7 C6 D6 E6 F6 G6 A5 C5 D5 E5 F5 G5"), points(lines[0], "BLACK"))
	assert.Equal(t, sorted("A2 C2 D2 F2 G2 B1 D1 F1 G1"), points(lines[1], "WHITE"))
	assert.Equal(t, []string{"D6"}, points(lines[2], "MARK"))
	assert.Equal(t, "= D6", ss.ask("final_status_list dead"), "the same judgement")
}

// Candidates, variation and summary come from one search of the position:
// the labels, the variation and the text agree with each other.
func TestGoGuiCandidates(t *testing.T) {
	p := testParams()
	p.MaxPlayouts = 3000
	_, ss := openingSession(t, p)
	ask := func(cmd string) string {
		resp := ss.ask(cmd)
		require.True(t, strings.HasPrefix(resp, "= "), "%s: %q", cmd, resp)
		return strings.TrimPrefix(resp, "= ")
	}
	legal := strings.Fields(ask("gtpgo-legal_moves b"))
	visits := gfxPairs(t, ask("gtpgo-visits b"), "LABEL", regexp.MustCompile(`^[0-9]+$`))
	rates := gfxPairs(t, ask("gtpgo-winrates b"), "LABEL", regexp.MustCompile(`^[0-9]{1,3}$`))
	require.NotEmpty(t, visits)
	require.LessOrEqual(t, len(visits), labelledCandidates)
	require.Len(t, rates, len(visits))
	total := 0
	for i, v := range visits {
		assert.Equal(t, v[0], rates[i][0], "the same candidates, in the same order")
		n, _ := strconv.Atoi(v[1])
		total += n
		if i > 0 {
			prev, _ := strconv.Atoi(visits[i-1][1])
			assert.LessOrEqual(t, n, prev, "most visited first")
		}
		r, _ := strconv.Atoi(rates[i][1])
		assert.LessOrEqual(t, r, 100)
		assert.Contains(t, legal, v[0], "candidates are legal moves")
	}
	assert.LessOrEqual(t, total, 3000)

	pv := strings.Fields(ask("gtpgo-pv b"))
	require.Equal(t, "VAR", pv[0])
	require.Equal(t, 1, len(pv)%2)
	for i := 1; i < len(pv); i += 2 {
		assert.Equal(t, []string{"b", "w"}[(i/2)%2], pv[i], "colours alternate from Black")
		assert.Regexp(t, `^([A-HJ][1-9]|pass)$`, pv[i+1])
	}
	assert.Equal(t, visits[0][0], pv[2], "the variation starts with the most visited move")

	sum := strings.Split(ask("gtpgo-summary b"), "\n")
	require.Len(t, sum, 3)
	assert.Regexp(t, `^black to move: win rate [0-9.]+%, score estimate ([BW]\+[0-9]+\.[0-9]|0)$`, sum[0])
	assert.Regexp(t, `^best `+visits[0][0]+` \(`+visits[0][1]+` visits, win rate [0-9.]+%\), variation `+
		regexp.QuoteMeta(strings.Join(pvMoves(pv), " "))+`$`, sum[1])
	assert.Regexp(t, `^3000 playouts in [0-9.]+ s \([0-9]+ playouts/s\), [0-9]+ visits in the tree$`, sum[2])

	// White's view is another search, with White first in the variation
	wpv := strings.Fields(ask("gtpgo-pv w"))
	assert.Equal(t, "w", wpv[1])
	assert.Regexp(t, `^white to move`, ask("gtpgo-summary w"))
	assert.Regexp(t, `^\? `, ss.ask("gtpgo-pv x"), "bad colour")
}

func pvMoves(varLine []string) []string {
	var out []string
	for i := 2; i < len(varLine); i += 2 {
		out = append(out, varLine[i])
	}
	return out
}

// The parameter dialog changes the engine live: turning pondering on makes
// the next genmove ponder.
func TestGoGuiParamPonder(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	assert.Contains(t, ss.ask("gtpgo-param"), "\n[bool] ponder 0\n")
	require.Equal(t, "= ", ss.ask("gtpgo-param ponder 1"))
	assert.Contains(t, ss.ask("gtpgo-param"), "\n[bool] ponder 1\n")
	assert.Regexp(t, `^= [A-J][1-9]$`, ss.ask("genmove b"))
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, "= gtpgo", ss.ask("name"))
	assert.Equal(t, rules.White, s.lastPonder.Color, "pondered for the opponent")
	assert.Greater(t, s.lastPonder.Playouts, 0)
}

// gfxBlocks splits stderr into its gogui-gfx blocks, checking that every
// other line is a log line and every block is well formed: known commands
// with valid arguments, ended by an empty line.
func gfxBlocks(t *testing.T, stderr string) [][]string {
	t.Helper()
	var blocks [][]string
	var cur []string
	in := false
	for _, line := range strings.Split(stderr, "\n") {
		switch {
		case !in && line == "gogui-gfx:":
			in, cur = true, nil
		case !in:
			assert.True(t, line == "" || strings.HasPrefix(line, "gtpgo: "), "stray stderr line %q", line)
		case line == "":
			in = false
			blocks = append(blocks, cur)
		default:
			f := strings.Fields(line)
			require.NotEmpty(t, f, "blank-ish line in a block")
			switch f[0] {
			case "VAR":
				require.Equal(t, 1, len(f)%2, line)
				for i := 1; i < len(f); i += 2 {
					assert.Contains(t, []string{"b", "w"}, f[i], line)
					assert.Regexp(t, `^([A-HJ-T]([1-9]|1[0-9])|pass)$`, f[i+1], line)
				}
			case "LABEL":
				gfxPairs(t, line, "LABEL", regexp.MustCompile(`^[0-9]+$`))
			case "TEXT":
				assert.Regexp(t, `^TEXT (black|white) [A-HJ-T][0-9]+ [0-9.]+% \([0-9]+ visits\), score ([BW]\+[0-9.]+|0), [0-9]+ playouts, [0-9]+/s$`, line)
			case "CLEAR":
				assert.Len(t, f, 1)
			default:
				t.Errorf("unknown gfx command in %q", line)
			}
			cur = append(cur, line)
		}
	}
	assert.False(t, in, "a block is not terminated")
	return blocks
}

// With -live_gfx, genmove draws on stderr while it thinks (blocks of
// VAR/LABEL/TEXT) and clears the drawing before it answers; without the
// flag nothing but log lines reaches stderr.
func TestBinaryLiveGfx(t *testing.T) {
	for _, on := range []bool{true, false} {
		args := []string{"-threads", "1", "-memory", "64", "-move_time", "60", "-size", "9"}
		if on {
			args = append(args, "-live_gfx")
		}
		p := startProc(t, gtpgoBinary(t), args...)
		// the move model loads in the background at start; wait for it so
		// that the search, not the loading, fills the time below
		p.mustAsk("gtpgo-policy b")
		p.send("genmove b")
		time.Sleep(900 * time.Millisecond) // a few refreshes (4 a second)
		p.send("# interrupt")
		assert.Regexp(t, `^= [A-J][1-9]$`, p.read())
		p.mustAsk("quit")
		require.Equal(t, 0, p.wait())
		blocks := gfxBlocks(t, p.stderr.String())
		if !on {
			assert.Empty(t, blocks)
			assert.NotContains(t, p.stderr.String(), "gogui-gfx")
			continue
		}
		require.GreaterOrEqual(t, len(blocks), 2, "stderr:\n%s", p.stderr.String())
		assert.Equal(t, []string{"CLEAR"}, blocks[len(blocks)-1], "cleared before the answer")
		for _, b := range blocks[:len(blocks)-1] {
			require.Len(t, b, 3, "VAR, LABEL, TEXT: %q", b)
			assert.Regexp(t, `^VAR b [A-J][1-9]`, b[0])
			assert.Regexp(t, `^LABEL`, b[1])
			assert.Regexp(t, `^TEXT black`, b[2])
		}
	}
	out, err := exec.Command(gtpgoBinary(t), "-help").CombinedOutput()
	require.NoError(t, err)
	assert.Contains(t, string(out), "-live_gfx")
	assert.Contains(t, string(out), "-ponder")
}

// blockedWriter is a stderr nobody reads: writes wait until released.
type blockedWriter struct{ release chan struct{} }

func (w blockedWriter) Write(p []byte) (int, error) {
	<-w.release
	return len(p), nil
}

// Live graphics never hold the engine up, even when stderr is not drained:
// pictures are replaced, the final clear gives up after a moment, and
// closing does not hang.
func TestLiveGfxNeverBlocks(t *testing.T) {
	g, err := rules.NewGame(9, rules.Chinese, 7)
	require.NoError(t, err)
	snap := engine.New(testParams()).Search(context.Background(), g, rules.Black, engine.Limits{Playouts: 200}).Snapshot
	w := blockedWriter{release: make(chan struct{})}
	l := NewLiveGfx(w)
	start := time.Now()
	for i := 0; i < 1000; i++ {
		l.show(snap)
	}
	l.Clear()
	assert.Less(t, time.Since(start), 2*time.Second, "loose bound: about liveGfxClearWait")
	l.Close()
	assert.Less(t, time.Since(start), 5*time.Second)
	close(w.release)
}

// walledOff9 is a 9x9 position where Black surely owns the top two rows and
// White the bottom two; the middle is open.
const walledOff9 = `
		. X . X . X . X .
		X X X X X X X X X
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		O O O O O O O O O
		. O . O . O . O .`

// The live graphics label no candidate on a point of the variation: the
// label would hide the variation's move number there.
func TestLiveGfxKeepsVariationNumbers(t *testing.T) {
	geo, err := rules.NewGeometry(9)
	require.NoError(t, err)
	at := func(v string) rules.Point {
		p, err := geo.ParseVertex(v)
		require.NoError(t, err)
		return p
	}
	snap := engine.Snapshot{Geometry: geo, Color: rules.Black, Playouts: 300, Candidates: []engine.Candidate{
		{Move: at("E5"), Visits: 200, WinRate: 0.6, PV: []rules.Point{at("E5"), at("C3"), at("D4")}},
		{Move: at("D4"), Visits: 60, WinRate: 0.5}, // third in the variation
		{Move: at("G7"), Visits: 40, WinRate: 0.4},
	}}
	var out syncBuffer
	l := NewLiveGfx(&out)
	l.show(snap)
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "TEXT") }, 5*time.Second, time.Millisecond)
	l.Close()
	blocks := gfxBlocks(t, out.String())
	require.Len(t, blocks, 1)
	assert.Equal(t, "VAR b E5 w C3 b D4", blocks[0][0])
	assert.Equal(t, "LABEL G7 40", blocks[0][1], "D4 shows its number 3, not a label")
}
