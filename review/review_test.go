package review

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// testOptions search with one thread and a fixed seed, so that a review is
// the same at every run.
func testOptions(playouts int) Options {
	p := engine.DefaultParams()
	p.Threads, p.Seed, p.MemoryMB = 1, 1, 16
	return Options{Params: p, Playouts: playouts, Rules: rules.Japanese, Komi: 7.5}
}

func parseGame(t *testing.T, sgf string) *rules.SGFGame {
	t.Helper()
	games, err := rules.ParseSGF([]byte(sgf))
	require.NoError(t, err)
	return games[0]
}

// treeNode is a node of an SGF file as the test reads it, independently of
// the writer: properties with their values, and children.
type treeNode struct {
	props    map[string][]string
	children []*treeNode
}

// readTree reads the first game tree of an SGF text.
func readTree(t *testing.T, data []byte) *treeNode {
	t.Helper()
	s := string(data)
	i := 0
	var parse func() []*treeNode // a sequence and its branches: the first nodes of each
	parse = func() []*treeNode {
		require.Equal(t, byte('('), s[i])
		i++
		var first, last *treeNode
		for {
			for i < len(s) && (s[i] == '\n' || s[i] == ' ') {
				i++
			}
			switch s[i] {
			case ';':
				i++
				n := &treeNode{props: map[string][]string{}}
				for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
					j := i
					for s[i] >= 'A' && s[i] <= 'Z' {
						i++
					}
					id := s[j:i]
					for i < len(s) && s[i] == '[' {
						var v strings.Builder
						for i++; s[i] != ']'; i++ {
							if s[i] == '\\' {
								i++
							}
							v.WriteByte(s[i])
						}
						i++
						n.props[id] = append(n.props[id], v.String())
					}
				}
				if last == nil {
					first = n
				} else {
					last.children = append(last.children, n)
				}
				last = n
			case '(':
				last.children = append(last.children, parse()...)
			case ')':
				i++
				return []*treeNode{first}
			default:
				t.Fatalf("unexpected %q at byte %d", s[i], i)
			}
		}
	}
	return parse()[0]
}

// mainLine follows the first children from n.
func mainLine(n *treeNode) []*treeNode {
	var out []*treeNode
	for len(n.children) > 0 {
		n = n.children[0]
		out = append(out, n)
	}
	return out
}

var (
	winRateLine = regexp.MustCompile(`Black's win rate: (\d+\.\d)% before, (\d+\.\d)% after\.`)
	leadLine    = regexp.MustCompile(`Score lead: [BW]\+\d+\.\d before, [BW]\+\d+\.\d after\.`)
)

// A real 9x9 game in which Black leaves three stones in atari at move 17
// (J9 instead of E2) and White captures them.
func TestReviewFindsTheBlunder(t *testing.T) {
	g, err := Load("../testdata/review/blunder-9x9.sgf", 1)
	require.NoError(t, err)
	var reports []Progress
	opt := testOptions(400)
	opt.Progress = func(p Progress) { reports = append(reports, p) }
	r, err := Run(context.Background(), g, opt)
	require.NoError(t, err)
	require.Len(t, r.Moves, 40)
	require.Len(t, reports, 40, "a report per move")
	for i, p := range reports {
		assert.Equal(t, i+1, p.Move.Number)
		assert.Equal(t, 41, p.Total, "the positions before every move and after the last")
	}
	assert.Equal(t, 1, reports[0].Done)
	assert.Equal(t, 41, reports[39].Done)

	blunder := r.Moves[16]
	require.Equal(t, "J9", blunder.Vertex)
	assert.Equal(t, Blunder, blunder.Severity)
	assert.Greater(t, blunder.WinDrop, 0.3, "losing three stones in a close game")
	assert.Greater(t, blunder.PointDrop, 5.0)
	assert.Equal(t, "E2", r.Record.Board().Vertex(blunder.Before.Best), "gtpgo saves the stones")
	require.NotNil(t, blunder.Played)
	assert.Equal(t, blunder.Move.Point, blunder.Played.Best, "J9 searched alone")
	assert.Equal(t, blunder.Played.WinRate, blunder.WinAfter)
	// (White's reply in that variation is not asserted: at 200 playouts the
	// search, ahead either way, may prefer another move to the capture)
	assert.Equal(t, blunder.Move.Point, blunder.Played.PV[0], "the variation starts with J9")
	assert.Contains(t, blunder.TurningPoint, "one of the three largest losses")
	assert.Equal(t, []*Move{&r.Moves[16]}, r.Mistakes(rules.Black, Blunder))
	for _, m := range r.Moves {
		if m.EngineMove {
			assert.Equal(t, Fine, m.Severity, "move %d", m.Number)
			assert.Nil(t, m.Played)
			assert.Zero(t, m.WinDrop)
		} else {
			require.NotNil(t, m.Played, "move %d", m.Number)
			assert.Equal(t, m.Move.Color, m.Played.ToMove, "the same player to move before and after")
			assert.InDelta(t, m.Played.Playouts, 200, 2, "half the budget more")
		}
		wb, _ := forColor(m.WinBefore, 0, m.Move.Color)
		wa, _ := forColor(m.WinAfter, 0, m.Move.Color)
		assert.InDelta(t, wb-wa, m.WinDrop, 1e-9)
		assert.Equal(t, DefaultThresholds.Classify(m.WinDrop) != Fine && !m.EngineMove, m.Severity != Fine)
		// the position after a move is the one before the next
		if m.Number < 40 {
			assert.Same(t, m.Next, r.Moves[m.Number].Before)
		}
	}
	assert.Same(t, r.Start, r.Moves[0].Before)

	// the SGF: the game's main line, a comment at every move, the variations
	out := r.SGF()
	games, err := rules.ParseSGF(out)
	require.NoError(t, err)
	back, _, err := games[0].NewGame(rules.Japanese, false)
	require.NoError(t, err)
	assert.Equal(t, r.Record.Moves(), back.Moves())
	assert.Equal(t, "Chinese", games[0].Rules)
	assert.Equal(t, 7.0, games[0].Komi)
	assert.Equal(t, "gtpgo", games[0].Info["PB"])

	_, _, smoothWin, _ := r.Curves()
	root := readTree(t, out)
	nodes := mainLine(root)
	require.Len(t, nodes, 40)
	variations := 0
	parent := root
	for i, n := range nodes {
		m := r.Moves[i]
		color := m.Move.Color.Letter()
		require.Len(t, n.props[color], 1, "move %d", m.Number)
		c := n.props["C"][0]
		assert.True(t, strings.HasPrefix(c, fmt.Sprintf("Move %d %s %s: ", m.Number, color, m.Vertex)), c)
		wr := winRateLine.FindStringSubmatch(c)
		require.NotNil(t, wr, c)
		assert.Equal(t, pct(m.WinBefore), wr[1]+"%")
		assert.Equal(t, pct(m.WinAfter), wr[2]+"%")
		assert.Regexp(t, leadLine, c)
		assert.Equal(t, []string{sbkv(smoothWin[m.Number])}, n.props["SBKV"])
		if m.EngineMove {
			assert.Len(t, parent.children, 1, "move %d is gtpgo's choice: no variation", m.Number)
		} else {
			require.Len(t, parent.children, 2, "move %d", m.Number)
			v := parent.children[1]
			assert.Equal(t, []string{sgfPoint(r.geometry(), m.Before.Best)}, v.props[color])
			assert.Contains(t, v.props["C"][0], fmt.Sprintf("instead of move %d", m.Number))
			assert.Len(t, append([]*treeNode{v}, mainLine(v)...), len(m.Before.PV))
			variations++
		}
		parent = n
	}
	assert.Positive(t, variations)
	assert.Equal(t, []string{"2"}, nodes[16].props["BM"])
	assert.Contains(t, nodes[16].props["C"][0], "Move 17 B J9: BLUNDER, Black's win rate -")
	assert.Contains(t, nodes[16].props["C"][0], "gtpgo prefers E2")
	assert.Contains(t, nodes[16].props["C"][0], "After J9 gtpgo expects (Black ")

	summary := root.props["C"][0]
	assert.Equal(t, r.Summary(), summary)
	assert.Contains(t, summary, "gtpgo review: Black (gtpgo) against White (gtpgo), 9x9, komi 7, Chinese rules, result W+R.")
	assert.Contains(t, summary, "Mistakes by size:\n")
	assert.Regexp(t, `\nBlack \(gtpgo\): 1 blunder \(move 17\); (no mistakes|\d+ mistakes? \(moves? [\d, ]+\)); `, summary)
	assert.Regexp(t, `\nWhite \(gtpgo\): (no blunders|\d+ blunders? \(moves? [\d, ]+\)); `, summary)
	assert.Regexp(t, `\nTurning points:\n(.*\n)*move 17 B J9: blunder, Black's win rate \d+\.\d% -> \d+\.\d%, score lead [BW]\+\d+\.\d -> W\+\d+\.\d; (.*; )?one of the three largest losses\.\n`, summary)
	assert.Contains(t, summary, "400 playouts per position, 1 thread")
	assert.Equal(t, []string{sbkv(smoothWin[0])}, root.props["SBKV"])
	assert.Equal(t, []string{"gtpgo self-play at 2000 playouts a move, except move 17: Black J9 replaces gtpgo's E2 " +
		"and leaves the three stones D3, E3 and E4 in atari; White captures them with E2 and Black resigns after move 40."},
		root.props["GC"])

}

// The same review twice gives the same SGF: a fixed seed and one thread.
func TestReviewIsReproducible(t *testing.T) {
	g := parseGame(t, "(;SZ[7]KM[9]RU[Chinese];B[dd];W[cc];B[dc];W[cd];B[ce];W[be];B[de])")
	a, err := Run(context.Background(), g, testOptions(200))
	require.NoError(t, err)
	b, err := Run(context.Background(), g, testOptions(200))
	require.NoError(t, err)
	a.Elapsed, b.Elapsed = 0, 0
	assert.Equal(t, string(a.SGF()), string(b.SGF()))
}

// A handicap game: White moves first, the stones and HA are kept, and the
// rules and komi come from the file.
func TestReviewHandicapGame(t *testing.T) {
	games, err := rules.ReadSGFFile("../testdata/sgf/kgs-2001-0015-japanese-handicap4.sgf")
	require.NoError(t, err)
	g := games[0]
	g.Nodes = g.Nodes[:16] // the opening is enough
	r, err := Run(context.Background(), g, testOptions(150))
	require.NoError(t, err)
	require.Len(t, r.Moves, 16)
	assert.Equal(t, rules.White, r.Moves[0].Move.Color)
	assert.Equal(t, rules.White, r.Start.ToMove)
	assert.Equal(t, 4, r.Record.Handicap())
	assert.Equal(t, 0.5, r.Komi)
	assert.Equal(t, rules.Japanese, r.Rules)
	assert.Greater(t, r.Start.WinRate, 0.5, "four stones are worth more than half a point of komi")
	assert.Contains(t, r.Summary(), "19x19, komi 0.5, handicap 4, Japanese rules, result W+Resign.")
	assert.Contains(t, r.Summary(), "Black (ug 2d) against White (WYA 7d)")

	out := r.SGF()
	back, err := rules.ParseSGF(out)
	require.NoError(t, err)
	assert.Equal(t, 4, back[0].Handicap)
	assert.Equal(t, g.Setup, back[0].Setup)
	rec, _, err := back[0].NewGame(rules.Chinese, false)
	require.NoError(t, err)
	assert.Equal(t, 4, rec.Handicap())
	assert.Equal(t, r.Record.Moves(), rec.Moves())
	assert.Equal(t, r.Record.Board().Hash(), rec.Board().Hash())
}

// Every rule set an SGF names is the one reviewed under; without RU (or
// with unknown rules) the default applies and the summary says so. Passes
// (in the middle and at the end) are moves like any other.
func TestReviewRulesAndPasses(t *testing.T) {
	for _, tc := range []struct {
		ru      string
		want    rules.Ruleset
		given   bool
		summary string
	}{
		{"RU[Japanese]", rules.Japanese, true, "Japanese rules"},
		{"RU[Chinese]", rules.Chinese, true, "Chinese rules"},
		{"RU[AGA]", rules.AGA, true, "AGA rules"},
		{"RU[NZ]", rules.NewZealand, true, "NZ rules"},
		{"RU[Tromp-Taylor]", rules.TrompTaylor, true, "Tromp-Taylor rules"},
		{"RU[Ing]", rules.Japanese, false, "Japanese rules (RU[Ing] is unknown)"},
		{"", rules.Japanese, false, "Japanese rules (the file names none)"},
	} {
		t.Run(tc.ru, func(t *testing.T) {
			g := parseGame(t, "(;SZ[5]KM[0.5]"+tc.ru+";B[cc];W[bc];B[];W[cb];B[bd];W[];B[])")
			r, err := Run(context.Background(), g, testOptions(50))
			require.NoError(t, err)
			assert.Equal(t, tc.want, r.Rules)
			assert.Equal(t, tc.want, r.Record.Rules)
			assert.Equal(t, tc.given, r.RulesGiven)
			assert.Contains(t, r.Summary(), "5x5, komi 0.5, "+tc.summary)
			require.Len(t, r.Moves, 7)
			assert.Equal(t, "pass", r.Moves[2].Vertex)
			assert.Equal(t, "pass", r.Moves[6].Vertex)
			assert.Contains(t, r.Comment(&r.Moves[6]), "Move 7 B pass: ")
			back, err := rules.ParseSGF(r.SGF())
			require.NoError(t, err)
			rec, _, err := back[0].NewGame(rules.Japanese, false)
			require.NoError(t, err)
			assert.Equal(t, r.Record.Moves(), rec.Moves())
			if tc.ru != "" {
				assert.Equal(t, strings.TrimSuffix(strings.TrimPrefix(tc.ru, "RU["), "]"), back[0].Rules)
			}
		})
	}
}

// Without KM the review takes Options.Komi and says so; setup stones in
// the middle of the record are searched around (the position after the
// move before them is searched on its own).
func TestReviewKomiAndSetup(t *testing.T) {
	g := parseGame(t, "(;SZ[7];B[dd];W[cc];AB[ee]AW[bb];B[dc];W[cd])")
	var last Progress
	opt := testOptions(400)
	opt.Komi = 6
	opt.Progress = func(p Progress) { last = p }
	r, err := Run(context.Background(), g, opt)
	require.NoError(t, err)
	assert.Equal(t, 6, last.Total, "4 positions before a move, 1 after the last, 1 after move 2 before the setup")
	assert.Equal(t, 6, last.Done)
	assert.NotSame(t, r.Moves[1].Next, r.Moves[2].Before)
	assert.Equal(t, rules.Black, r.Moves[1].Next.ToMove)
	assert.Same(t, r.Moves[0].Next, r.Moves[1].Before)
	assert.Equal(t, 6.0, r.Record.Komi)
	assert.Contains(t, r.Summary(), "komi 6 (the file gives none)")
	back, err := rules.ParseSGF(r.SGF())
	require.NoError(t, err)
	assert.Equal(t, 6.0, back[0].Komi)
	rec, _, err := back[0].NewGame(rules.Japanese, false)
	require.NoError(t, err)
	assert.Equal(t, r.Record.Board().Hash(), rec.Board().Hash())
}

// Records that do not replay are refused before any search.
func TestReviewRefusesBrokenRecords(t *testing.T) {
	for _, tc := range []struct{ name, sgf, err string }{
		{"occupied point", "(;SZ[9];B[ee];W[ee])", "move 2 (node 2) W E5"},
		{"no moves", "(;SZ[9]KM[7])", ErrNoMoves.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := testOptions(400)
			opt.Progress = func(Progress) { t.Fatal("searched") }
			_, err := Run(context.Background(), parseGame(t, tc.sgf), opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
	_, err := Load("../testdata/review/missing.sgf", 1)
	assert.Error(t, err)
	_, err = Load("../testdata/review/blunder-9x9.sgf", 2)
	assert.EqualError(t, err, "../testdata/review/blunder-9x9.sgf: no game 2 (the file has 1)")
	_, err = Run(context.Background(), parseGame(t, "(;SZ[9];B[ee])"), Options{Params: engine.DefaultParams()})
	assert.Error(t, err, "no budget")
}

func TestReviewCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, parseGame(t, "(;SZ[9];B[ee];W[cc])"), testOptions(100000))
	assert.ErrorIs(t, err, context.Canceled)
}

// The lead changes hands where the smoothed curve leaves the band
// 45%-55% on the other side; the move marked is the one around there that
// lost most for the side falling behind.
func TestTurningPoints(t *testing.T) {
	// Black's win rate at positions 0..8, and each move's loss for its player
	curve := []float64{0.50, 0.52, 0.50, 0.20, 0.22, 0.20, 0.50, 0.80, 0.80}
	drops := []float64{0.01, 0.02, 0.30, 0.01, 0.02, 0.30, -0.30, 0}
	r := &Review{Start: &Eval{WinRate: curve[0]}, Thresholds: DefaultThresholds}
	for i, d := range drops {
		c := rules.Black
		if i%2 == 1 {
			c = rules.White
		}
		r.Moves = append(r.Moves, Move{Number: i + 1, Move: rules.Move{Color: c}, Next: &Eval{WinRate: curve[i+1]},
			WinDrop: d, Severity: DefaultThresholds.Classify(d)})
	}
	r.turningPoints()
	var got []string
	for _, m := range r.Moves {
		got = append(got, m.TurningPoint)
	}
	assert.Equal(t, []string{"", "",
		// smoothed, position 2 is (0.52+2*0.50+0.20)/4 = 43%: White leads
		// from there; of Black's moves 1 and 3 around it, 3 lost most
		"White takes the lead (the smoothed curve of Black's win rate falls below 45%); one of the three largest losses",
		"", "",
		// position 7 is (0.50+2*0.80+0.80)/4 = 72.5%: of White's moves 6 and
		// 8, 6 lost most
		"Black takes the lead (the smoothed curve of Black's win rate rises above 55%); one of the three largest losses",
		"", "",
	}, got)
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		drop float64
		want Severity
	}{
		{-0.3, Fine}, {0, Fine}, {0.049, Fine}, {0.05, Inaccuracy}, {0.099, Inaccuracy},
		{0.10, Mistake}, {0.199, Mistake}, {0.20, Blunder}, {0.9, Blunder},
	} {
		assert.Equal(t, tc.want, DefaultThresholds.Classify(tc.drop), "drop %g", tc.drop)
	}
}

func TestProgressBar(t *testing.T) {
	m := &Move{Number: 17, Move: rules.Move{Color: rules.Black}, Vertex: "J9", Severity: Blunder, WinDrop: 0.514, PointDrop: 31.2}
	var b bytes.Buffer
	bar := ProgressBar(&b, false)
	bar(Progress{Done: 1, Total: 4, Move: &Move{Number: 16, Move: rules.Move{Color: rules.White}, Vertex: "D2", EngineMove: true}})
	bar(Progress{Done: 2, Total: 4, ETA: 3e9, Move: m})
	assert.Equal(t, "review [######------------------] 1/4  25%  0s left  move 16 W D2: gtpgo's choice\n"+
		"review [############------------] 2/4  50%  3s left  move 17 B J9: blunder (-51.4%, -31.2 pts)\n", b.String())
	b.Reset()
	bar = ProgressBar(&b, true)
	bar(Progress{Done: 4, Total: 4, Move: m})
	assert.Equal(t, "\rreview [########################] 4/4 100%  0s left  move 17 B J9: blunder (-51.4%, -31.2 pts)\x1b[K\n", b.String())
}

// sgfPoint is a point's SGF value; a pass is the empty value.
func sgfPoint(geo rules.Geometry, p rules.Point) string {
	if p == rules.Pass {
		return ""
	}
	x, y := geo.XY(p)
	return string([]byte{byte('a' + x), byte('a' + geo.Size - 1 - y)})
}
