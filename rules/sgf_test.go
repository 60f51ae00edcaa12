package rules

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sgfTestdata is the shared directory of hand-made SGF files.
const sgfTestdata = "../testdata/sgf"

func readTestSGF(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sgfTestdata, name))
	require.NoError(t, err)
	return data
}

// describeStones writes stones as "B A7, E B6" (E for AE).
func describeStones(geo Geometry, stones []Move) string {
	parts := make([]string, len(stones))
	for i, m := range stones {
		letter := m.Color.Letter()
		if m.Color == Empty {
			letter = "E"
		}
		parts[i] = letter + " " + geo.Vertex(m.Point)
	}
	return strings.Join(parts, ", ")
}

// describeNode writes a node as "B E5", "W pass", "setup B F2, E C5; PL W".
func describeNode(geo Geometry, n SGFNode) string {
	var parts []string
	if n.Setup != nil {
		parts = append(parts, "setup "+describeStones(geo, n.Setup))
	}
	if n.PlayerToMove != Empty {
		parts = append(parts, "PL "+n.PlayerToMove.Letter())
	}
	if n.Move != nil {
		parts = append(parts, n.Move.Color.Letter()+" "+geo.Vertex(n.Move.Point))
	}
	return strings.Join(parts, "; ")
}

// sgfWant is what one parsed game should hold; info lists only the
// properties the row cares about.
type sgfWant struct {
	size     int
	komi     float64
	handicap int
	rules    string
	result   string
	info     map[string]string
	setup    string
	toMove   Color
	nodes    []string
}

func checkSGFGame(t *testing.T, want sgfWant, got *SGFGame) {
	t.Helper()
	geo, err := NewGeometry(got.Size)
	require.NoError(t, err)
	assert.Equal(t, want.size, got.Size, "size")
	assert.Equal(t, want.komi, got.Komi, "komi")
	assert.Equal(t, want.handicap, got.Handicap, "handicap")
	assert.Equal(t, want.rules, got.Rules, "rules")
	assert.Equal(t, want.result, got.Result, "result")
	for k, v := range want.info {
		assert.Equal(t, v, got.Info[k], "info %s", k)
	}
	assert.Equal(t, want.setup, describeStones(geo, got.Setup), "setup")
	assert.Equal(t, want.toMove, got.PlayerToMove, "PL")
	nodes := make([]string, len(got.Nodes))
	for i, n := range got.Nodes {
		nodes[i] = describeNode(geo, n)
	}
	if len(want.nodes) == 0 {
		want.nodes = []string{}
	}
	assert.Equal(t, want.nodes, nodes, "nodes")
}

func TestParseSGF(t *testing.T) {
	tests := []struct {
		name string
		file string // in testdata/sgf, or
		text string
		want []sgfWant
	}{
		{
			name: "escapes, soft line break, both pass forms, RE outside the root ignored", file: "simple.sgf",
			want: []sgfWant{{size: 9, komi: 7, rules: "Chinese", info: map[string]string{
				"PB": "Black ] player", "PW": `White \ player`, "DT": "2024-01-02", "GN": "simple", "AP": "handmade:1",
				"C": "A comment with an escaped ] bracket,\na soft line break hereand a colon: fine",
			}, nodes: []string{"B E5", "W G7", "B C3", "W pass", "B pass", "W C7"}}},
		},
		{
			name: "collection of three games", file: "collection.sgf",
			want: []sgfWant{
				{size: 5, komi: 0.5, info: map[string]string{"PB": "first"}, nodes: []string{"B C3", "W D3"}},
				{size: 7, komi: 2, info: map[string]string{"PB": "second"}, nodes: []string{"B D4", "W C4", "B C3"}},
				{size: 9, result: "W+R", info: map[string]string{"PB": "third"}, nodes: []string{"B E5"}},
			},
		},
		{
			name: "handicap stones", file: "handicap.sgf",
			want: []sgfWant{{size: 19, komi: 0.5, handicap: 4, rules: "Japanese", setup: "B D16, B Q16, B D4, B Q4",
				nodes: []string{"W R14", "B O17", "W F3"}}},
		},
		{
			name: "root and mid-game setup, compressed list, AE, PL", file: "setup.sgf",
			want: []sgfWant{{size: 7, setup: "B A7, B B7, B A6, E B6, B G1, W C5, W C4", toMove: White,
				nodes: []string{"W E3", "setup B F2, E C5; PL W", "W F3", "B F1"}}},
		},
		{
			name: "main line only", file: "variations.sgf",
			want: []sgfWant{{size: 9, nodes: []string{"B E5", "W C7", "B G7", "W C3"}}},
		},
		{
			name: "FF[3] identifiers with lower-case letters and tt passes", file: "ff3.sgf",
			want: []sgfWant{{size: 13, komi: 5.5, info: map[string]string{"PB": "old", "FF": "3"},
				setup: "B D10, B K4, W K10", nodes: []string{"B G7", "W D4", "B pass", "W pass"}}},
		},
		{
			name: "bytes that are not UTF-8 kept as they are", file: "latin1.sgf",
			want: []sgfWant{{size: 9, info: map[string]string{"PB": "Andr\xe9", "PW": "\xff\xfe\x00\x01",
				"C": "caf\xe9 \xc3(", "CA": "ISO-8859-1"}, nodes: []string{"B E5"}}},
		},
		{
			name: "KGS header", file: "kgs.sgf",
			want: []sgfWant{{size: 19, komi: 6.5, rules: "Japanese", result: "B+12.50",
				info:  map[string]string{"KM": "6.50", "PW": "white7d", "BR": "6d", "OT": "5x30 byo-yomi"},
				nodes: []string{"B Q16", "W D4", "B Q4", "W D16", "B pass", "W pass"}}},
		},
		{
			name: "lower-case identifiers",
			text: "(;sz[5]km[1.5];b[aa];w[bb])",
			want: []sgfWant{{size: 5, komi: 1.5, nodes: []string{"B A5", "W B4"}}},
		},
		{
			name: "whitespace between every token",
			text: " \n( \n ;\tSZ \n [5] \r\n ; B [aa] \t ;\n W\n[bb]\n(;B[cc])\n)\n  ",
			want: []sgfWant{{size: 5, nodes: []string{"B A5", "W B4", "B C3"}}},
		},
		{
			name: "compressed lists with corners in any order",
			text: "(;SZ[5]AB[aa:cb]AW[ee:ed][]AB[bd])",
			want: []sgfWant{{size: 5, setup: "B A5, B B5, B C5, B A4, B B4, B C4, W E2, W E1, B B2"}},
		},
		{
			name: "a point named again keeps its place and takes the last colour",
			text: "(;SZ[5]AB[aa:bb]AE[ab:bb]AW[bb][aa:ee]AE[ee];AW[aa]AB[aa]AE[bb])",
			want: []sgfWant{{size: 5, setup: "W A5, W B5, W A4, W B4, W C5, W D5, W E5, W C4, W D4, W E4, " +
				"W A3, W B3, W C3, W D3, W E3, W A2, W B2, W C2, W D2, W E2, W A1, W B1, W C1, W D1, E E1",
				nodes: []string{"setup B A5, E B4"}}},
		},
		{
			name: "UTF-8 byte order mark",
			text: "\xef\xbb\xbf(;SZ[5];B[aa])",
			want: []sgfWant{{size: 5, nodes: []string{"B A5"}}},
		},
		{
			name: "escapes in game info",
			text: `(;SZ[9]PB[a\\b\]c]PW[\x\:])`,
			want: []sgfWant{{size: 9, info: map[string]string{"PB": `a\b]c`, "PW": "x:"}}},
		},
		{
			name: "a move in the root, PL-only node",
			text: "(;SZ[5]B[cc];PL[B];B[dd])",
			want: []sgfWant{{size: 5, nodes: []string{"B C3", "setup ; PL B", "B D2"}}},
		},
		{
			name: "tt is a point on boards over 19x19, B[] a pass",
			text: "(;SZ[25];B[tt];W[])",
			want: []sgfWant{{size: 25, nodes: []string{"B U6", "W pass"}}},
		},
		{
			name: "missing SZ is 19, decimal comma, PL as a number",
			text: "(;KM[6,5]PL[2];W[aa])",
			want: []sgfWant{{size: 19, komi: 6.5, toMove: White, nodes: []string{"W A19"}}},
		},
		{
			name: "square SZ with a colon, empty KM and HA, repeated property keeps the first",
			text: "(;SZ[9:9]KM[]HA[]PB[one]PB[two]C[x][y];C[comment only])",
			want: []sgfWant{{size: 9, info: map[string]string{"PB": "one", "C": "x"}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(tt.text)
			if tt.file != "" {
				data = readTestSGF(t, tt.file)
			}
			games, err := ParseSGF(data)
			require.NoError(t, err)
			require.Len(t, games, len(tt.want))
			for i, w := range tt.want {
				checkSGFGame(t, w, games[i])
			}
		})
	}
}

func TestParseSGFErrors(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		want   string // in the message
		offset int
	}{
		{"empty input", "", "no game found", 0},
		{"only whitespace", " \n", "no game found", 2},
		{"text before the first (", "junk(;SZ[9])", "before the first '('", 0},
		{"closing paren first", ")", "before the first '('", 0},
		{"truncated: unclosed (", "(;SZ[9];B[aa]", "unclosed '('", 0},
		{"truncated inside a variation", "(;SZ[9](;B[aa]", "unclosed '('", 7},
		{"unclosed [", "(;SZ[9];B[aa)", "unclosed '['", 9},
		{"escaped ] does not close", `(;SZ[9]C[abc\])`, "unclosed '['", 8},
		{"move off the board", "(;SZ[9];B[aa];W[jj])", `node 2, byte 15: move: point "jj" is off the 9x9 board`, 15},
		{"column u off a 19x19 board", "(;SZ[19];B[ut])", `move: point "ut" is off the 19x19 board`, 10},
		{"move in upper case", "(;SZ[9];B[AA])", "invalid point", 9},
		{"move of three letters", "(;SZ[9];B[abc])", "invalid point", 9},
		{"SZ too small", "(;SZ[1])", "board size SZ[1] is not supported", 4},
		{"SZ too large", "(;SZ[26])", "board size SZ[26]", 4},
		{"SZ not a number", "(;SZ[abc])", "board size SZ[abc]", 4},
		{"rectangular board", "(;SZ[19:13])", "board size SZ[19:13]", 4},
		{"unparsable KM", "(;KM[six])", "unparsable komi KM[six]", 4},
		{"KM not finite", "(;KM[NaN])", "unparsable komi", 4},
		{"bad HA", "(;HA[x])", "invalid handicap HA[x]", 4},
		{"negative HA", "(;HA[-2])", "invalid handicap", 4},
		{"setup off the board", "(;SZ[9]AB[aa:zz])", "AB: point \"zz\" is off the 9x9 board", 9},
		{"setup point malformed", "(;SZ[9]AW[a])", "AW: invalid point", 9},
		{"move with two values", "(;SZ[9];B[aa][bb])", "a move with 2 values", 9},
		{"two moves in a node", "(;SZ[9];B[aa]W[bb])", "two moves in one node", 14},
		{"bad PL", "(;SZ[9]PL[X])", "invalid player PL[X]", 9},
		{"not Go", "(;GM[2])", "GM[2] is not a game of Go", 4},
		{"empty game tree", "()", "game tree without nodes", 0},
		{"variation before any node", "((;B[aa]))", "game tree without nodes", 1},
		{"empty variation", "(;SZ[9]())", "game tree without nodes", 7},
		{"junk after a game", "(;SZ[9])junk", "unexpected 'j' after game 1", 8},
		{"property without value", "(;SZ)", `property "SZ" without a value`, 2},
		{"digit in a node", "(;SZ[9] 5[9])", "unexpected '5' in a node", 8},
		{"node after a variation", "(;SZ[9](;B[aa]);W[bb])", "node after a variation", 15},
		{"error in a variation has no node number", "(;SZ[9](;B[aa])(;B[aa]C[x)", "game 1, byte 23: unclosed '['", 23},
		{"junk between nodes", "(;SZ[9]\x00;B[aa])", "unexpected '\\x00' in a node", 7},
		{"deep nesting, truncated", "(;" + strings.Repeat("(;B[aa]", 100000), "unclosed '('", 2 + 7*99999},
		{"error in the second game", "(;SZ[9])(;SZ[9];B[zz])", "game 2, node 1", 17},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParseSGF([]byte(tt.text))
			require.Error(t, err)
			assert.Nil(t, games)
			assert.Contains(t, err.Error(), tt.want)
			var se *SGFError
			require.ErrorAs(t, err, &se)
			assert.Equal(t, tt.offset, se.Offset, "offset")
		})
	}
}

// sgfPosition writes the SZ, AB and AW properties of a diagram position.
func sgfPosition(diagram string) string {
	b := MustDiagram(diagram)
	var sb strings.Builder
	fmt.Fprintf(&sb, "SZ[%d]", b.Size)
	for _, c := range []Color{Black, White} {
		sb.WriteString(map[Color]string{Black: "AB", White: "AW"}[c])
		for _, p := range b.Points() {
			if b.Color(p) == c {
				sb.WriteString("[" + sgfPointString(b.Geometry, p) + "]")
			}
		}
	}
	return sb.String()
}

// sendTwoReturnOne: Black throws in at A7 (two stones in atari), White
// takes two at C7, Black takes one back at B7 and the whole board is as at
// the start, with White to move.
const sendTwoReturnOne = `
. X . X . . .
O O X X . . .
O O X . . . .
O O X . . . .
O O X . . . .
. O X . . . .
. O X . . . .`

func TestSGFNewGame(t *testing.T) {
	sendTwo := sgfPosition(sendTwoReturnOne) + ";B[aa];W[ca];B[ba]"
	tests := []struct {
		name     string
		text     string
		lenient  bool
		rules    Ruleset
		handicap int
		toMove   Color // at the start
		final    string
		issues   []string // lenient-mode superko reports
		err      string   // a refused move or bad setup
		moveErr  error
	}{
		{name: "RU Japanese", text: "(;SZ[3]RU[Japanese]KM[6.5];B[bb])", rules: Japanese, toMove: Black,
			final: ". . .\n. X .\n. . ."},
		{name: "RU Chinese", text: "(;SZ[3]RU[Chinese];B[bb])", rules: Chinese, toMove: Black,
			final: ". . .\n. X .\n. . ."},
		{name: "RU AGA", text: "(;SZ[3]RU[AGA];B[bb])", rules: AGA, toMove: Black, final: ". . .\n. X .\n. . ."},
		{name: "RU NZ", text: "(;SZ[3]RU[NZ];B[bb])", rules: NewZealand, toMove: Black, final: ". . .\n. X .\n. . ."},
		{name: "unknown RU falls back to the default", text: "(;SZ[3]RU[Ing];B[bb])", rules: TrompTaylor,
			toMove: Black, final: ". . .\n. X .\n. . ."},
		{name: "no RU", text: "(;SZ[3];B[bb])", rules: TrompTaylor, toMove: Black, final: ". . .\n. X .\n. . ."},
		{name: "handicap stones: White first", text: "(;SZ[5]HA[2]AB[bb][dd];W[cc])", rules: TrompTaylor,
			handicap: 2, toMove: White, final: ". . . . .\n. X . . .\n. . O . .\n. . . X .\n. . . . ."},
		{name: "HA with more stones than HA: setup, White first", text: "(;SZ[5]HA[2]AB[aa][bb][dd];W[cc])",
			rules: TrompTaylor, handicap: 2, toMove: White,
			final: "X . . . .\n. X . . .\n. . O . .\n. . . X .\n. . . . ."},
		{name: "HA with white setup stones too", text: "(;SZ[5]HA[2]AB[bb][dd]AW[ee];W[cc])", rules: TrompTaylor,
			handicap: 2, toMove: White, final: ". . . . .\n. X . . .\n. . O . .\n. . . X .\n. . . . O"},
		{name: "PL overrides the handicap default", text: "(;SZ[5]HA[2]AB[bb][dd]PL[B];B[cc])", rules: TrompTaylor,
			handicap: 2, toMove: Black, final: ". . . . .\n. X . . .\n. . X . .\n. . . X .\n. . . . ."},
		{name: "setup with PL", text: "(;SZ[3]AB[aa]AW[cc]PL[W];W[bb])", rules: TrompTaylor, toMove: White,
			final: "X . .\n. O .\n. . O"},
		{name: "consecutive moves of one colour", text: "(;SZ[3];B[aa];B[bb];B[cc])", rules: TrompTaylor,
			toMove: Black, final: "X . .\n. X .\n. . X"},
		{name: "mid-game setup removes and adds stones", text: file2text("setup.sgf"), rules: TrompTaylor,
			toMove: White, final: "X X . . . . .\nX . . . . . .\n. . . . . . .\n. . O . . . .\n. . . . O O .\n. . . . . X .\n. . . . . X X"},
		{name: "occupied point refused with its move number", text: "(;SZ[5];B[cc];W[dd];B[cc])", rules: TrompTaylor,
			err: "sgf: move 3 (node 3) B C3: point is occupied", moveErr: ErrOccupied},
		{name: "ko recapture refused", text: "(;" + sgfPosition(`
. X O . .
X O . O .
. X O . .
. . . . .
. . . . .`) + "RU[Japanese];B[cb];W[bb])", err: "sgf: move 2 (node 2) W B4: move retakes a ko", moveErr: ErrKo},
		{name: "single-stone suicide refused", text: "(;SZ[3]AB[ba][ab];W[aa])",
			err: "sgf: move 1 (node 1) W A3: move is suicide", moveErr: ErrSuicide},
		{name: "send two return one: positional superko refuses", text: "(;RU[Chinese]" + sendTwo + ")",
			err: "sgf: move 3 (node 3) B B7: move repeats an earlier position (superko)", moveErr: ErrSuperko},
		{name: "send two return one: lenient accepts and reports", text: "(;RU[Chinese]" + sendTwo + ")",
			lenient: true, rules: Chinese, toMove: Black, final: sendTwoReturnOne,
			issues: []string{"sgf: move 3 (node 3) B B7: move repeats an earlier position (superko)"}},
		{name: "send two return one: situational superko allows", text: "(;RU[AGA]" + sendTwo + ")",
			rules: AGA, toMove: Black, final: sendTwoReturnOne},
		{name: "a start position with a chain without liberties", text: "(;SZ[2]AB[aa][ab][ba][bb])",
			err: "sgf: game 1, node 0, byte 1: start position: chain at A1 has no liberties"},
		{name: "mid-game setup with a chain without liberties", text: "(;SZ[2];B[aa];AB[ab][ba][bb])",
			err: "sgf: game 1, node 2, byte 13: setup: chain at A1 has no liberties"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := ParseSGF([]byte(tt.text))
			require.NoError(t, err)
			g, issues, err := games[0].NewGame(TrompTaylor, tt.lenient)
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				if tt.moveErr != nil {
					var me *MoveError
					require.ErrorAs(t, err, &me)
					assert.ErrorIs(t, err, tt.moveErr)
				}
				assert.Nil(t, g)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.rules, g.Rules)
			assert.Equal(t, tt.handicap, g.Handicap())
			assert.Equal(t, tt.toMove, g.Start().ToMove(), "first player")
			assert.Equal(t, MustDiagram(tt.final).String(), g.Board().String())
			got := make([]string, len(issues))
			for i, e := range issues {
				got[i] = e.Error()
				assert.ErrorIs(t, e, ErrSuperko)
			}
			if tt.issues == nil {
				tt.issues = []string{}
			}
			assert.Equal(t, tt.issues, got)
		})
	}
}

// file2text reads a testdata file for a table row.
func file2text(name string) string {
	data, err := os.ReadFile(filepath.Join(sgfTestdata, name))
	if err != nil {
		panic(err)
	}
	return string(data)
}

func TestSGFReplayBefore(t *testing.T) {
	// Move numbers count plays and passes; the setup node between moves 1
	// and 2 belongs to the position before move 2.
	games, err := ParseSGF(readTestSGF(t, "setup.sgf"))
	require.NoError(t, err)
	s := games[0]
	tests := []struct {
		before int
		events int // game events: moves and setups
		toMove Color
		board  string
	}{
		{1, 0, White, "X X . . . . .\nX . . . . . .\n. . O . . . .\n. . O . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . X"},
		{2, 2, White, "X X . . . . .\nX . . . . . .\n. . . . . . .\n. . O . . . .\n. . . . O . .\n. . . . . X .\n. . . . . . X"},
		{3, 3, Black, "X X . . . . .\nX . . . . . .\n. . . . . . .\n. . O . . . .\n. . . . O O .\n. . . . . X .\n. . . . . . X"},
		{4, 4, White, "X X . . . . .\nX . . . . . .\n. . . . . . .\n. . O . . . .\n. . . . O O .\n. . . . . X .\n. . . . . X X"},
		{0, 4, White, "X X . . . . .\nX . . . . . .\n. . . . . . .\n. . O . . . .\n. . . . O O .\n. . . . . X .\n. . . . . X X"},
		{99, 4, White, "X X . . . . .\nX . . . . . .\n. . . . . . .\n. . O . . . .\n. . . . O O .\n. . . . . X .\n. . . . . X X"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint("before ", tt.before), func(t *testing.T) {
			g, _, err := s.Replay(Japanese, tt.before, false)
			require.NoError(t, err)
			assert.Equal(t, tt.events, g.MoveNumber())
			assert.Equal(t, tt.toMove, g.ToMove())
			assert.Equal(t, MustDiagram(tt.board).String(), g.Board().String())
		})
	}

	// A record where the same colour moves twice: stopping before the
	// second move gives that colour the turn.
	games, err = ParseSGF([]byte("(;SZ[5];B[aa];B[bb])"))
	require.NoError(t, err)
	g, _, err := games[0].Replay(Japanese, 2, false)
	require.NoError(t, err)
	assert.Equal(t, Black, g.ToMove())
}

// requireSameGame checks that two records hold the same game: rules, komi,
// handicap, start, and every position with its player to move.
func requireSameGame(t testing.TB, want, got *Game) {
	t.Helper()
	require.Equal(t, want.Size(), got.Size(), "size")
	require.Equal(t, want.Rules, got.Rules, "rules")
	require.Equal(t, want.Komi, got.Komi, "komi")
	require.Equal(t, want.Handicap(), got.Handicap(), "handicap")
	require.Equal(t, want.MoveNumber(), got.MoveNumber(), "events")
	require.Equal(t, want.Moves(), got.Moves(), "moves")
	require.Equal(t, want.History(), got.History(), "position hashes")
	// Step both records through their events side by side (Position(n)
	// for every n would replay quadratically).
	var a, b Board
	a.CopyFrom(want.Start())
	b.CopyFrom(got.Start())
	for n := 0; ; n++ {
		require.Equal(t, a.String(), b.String(), "position %d", n)
		require.Equal(t, a.ToMove(), b.ToMove(), "player to move in position %d", n)
		require.Equal(t, a.Captures(Black), b.Captures(Black), "captures in position %d", n)
		require.Equal(t, a.Captures(White), b.Captures(White), "captures in position %d", n)
		if n == len(want.events) {
			break
		}
		applyEvent(t, &a, want.events[n])
		applyEvent(t, &b, got.events[n])
	}
	require.Equal(t, want.Board().String(), b.String(), "final position")
}

// applyEvent plays one event of a record on a board, as Game does.
func applyEvent(t testing.TB, b *Board, e event) {
	if e.setup != nil {
		require.NoError(t, b.SetStones(e.setup))
		b.SetToMove(e.toMove)
		return
	}
	b.PlayLegal(e.move.Point, e.move.Color)
}

// roundTrip writes g with WriteSGF, reads it back and checks it is the same
// game with the same result and info.
func roundTrip(t testing.TB, g *Game, info map[string]string, result string) {
	t.Helper()
	text := WriteSGF(g, SGFNotes{Info: info, Result: result})
	games, err := ParseSGF(text)
	require.NoError(t, err, "%s", text)
	require.Len(t, games, 1)
	back, _, err := games[0].NewGame(Ruleset{Name: "none"}, true)
	require.NoError(t, err, "%s", text)
	requireSameGame(t, g, back)
	require.Equal(t, result, games[0].Result)
	for k, v := range info {
		if validSGFIdent(k) && !sgfReserved[k] {
			require.Equal(t, v, games[0].Info[k], "info %s", k)
		}
	}
}

// randomRecord builds a game with the Game API: sometimes handicap or setup
// stones and a chosen first player, then random moves, passes, the odd
// same-colour move and mid-game setup.
func randomRecord(t testing.TB, rng *Rand, size int) *Game {
	rulesets := []Ruleset{Japanese, Chinese, AGA, NewZealand, TrompTaylor}
	komis := []float64{0, 0.5, 6.5, 7.5, -3, 5.25, 1e-7}
	g, err := NewGame(size, rulesets[rng.Intn(len(rulesets))], komis[rng.Intn(len(komis))])
	require.NoError(t, err)
	pts := g.Board().Points()
	switch rng.Intn(4) {
	case 0:
		n := 2 + rng.Intn(3)
		hc := make([]Point, 0, n)
		for len(hc) < n {
			p := pts[rng.Intn(len(pts))]
			if !containsPoint(hc, p) {
				hc = append(hc, p)
			}
		}
		if size > 2 {
			require.NoError(t, g.SetHandicap(hc))
		}
	case 1:
		var stones []Move
		for i := 0; i < size; i++ {
			stones = append(stones, Move{Color: Color(1 + rng.Intn(2)), Point: pts[rng.Intn(len(pts))]})
		}
		_ = g.SetupStart(stones) // a refused setup leaves an empty start
		if rng.Intn(3) == 0 {
			g.SetHandicapCount(2 + rng.Intn(5))
		}
		g.SetToMove(Color(1 + rng.Intn(2)))
	}
	moves := rng.Intn(3 * size * size)
	for i := 0; i < moves; i++ {
		c := g.ToMove()
		switch r := rng.Intn(60); {
		case r == 0:
			_ = g.Play(Pass, c)
			continue
		case r == 1:
			c = c.Opponent()
		case r == 2:
			p := pts[rng.Intn(len(pts))]
			q := pts[rng.Intn(len(pts))]
			_ = g.Setup([]Move{{Color: Color(rng.Intn(3)), Point: p}, {Color: Color(rng.Intn(3)), Point: q},
				{Color: Color(rng.Intn(3)), Point: p}}, Color(1+rng.Intn(2)))
			continue
		}
		played := false
		for try := 0; try < 10 && !played; try++ {
			played = g.Play(pts[rng.Intn(len(pts))], c) == nil
		}
		if !played {
			require.NoError(t, g.Play(Pass, c))
		}
	}
	return g
}

func containsPoint(ps []Point, p Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func TestSGFRoundTrip(t *testing.T) {
	t.Run("testdata files", func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join(sgfTestdata, "*.sgf"))
		require.NoError(t, err)
		require.NotEmpty(t, files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			games, err := ParseSGF(data)
			require.NoError(t, err, f)
			for _, s := range games {
				g, _, err := s.NewGame(Japanese, true)
				require.NoError(t, err, f)
				roundTrip(t, g, s.Info, s.Result)
			}
		}
	})
	t.Run("hand-written info needing escapes", func(t *testing.T) {
		g, err := NewGame(9, NewZealand, 7)
		require.NoError(t, err)
		require.NoError(t, g.Play(g.Board().At(4, 4), Black))
		roundTrip(t, g, map[string]string{"PB": `a]b\c`, "C": "line\nbreak \\\nnot soft", "GN": "\xff\xfe",
			"ignored": "lower-case key", "KM": "99"}, "B+R")
		text := string(WriteSGF(g, SGFNotes{Info: map[string]string{"PB": `a]b\c`, "ignored": "x", "KM": "99"}, Result: "B+R"}))
		assert.Equal(t, "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7]RU[NZ]RE[B+R]PB[a\\]b\\\\c]\n;B[ee])\n", text)
	})
	t.Run("handicap game with passes", func(t *testing.T) {
		g, err := NewGame(19, Chinese, 0.5)
		require.NoError(t, err)
		require.NoError(t, g.SetHandicap([]Point{g.Board().At(3, 3), g.Board().At(15, 15)}))
		require.NoError(t, g.Play(g.Board().At(15, 3), White))
		require.NoError(t, g.Play(Pass, Black))
		require.NoError(t, g.Play(Pass, White))
		text := string(WriteSGF(g, SGFNotes{}))
		assert.Equal(t, "(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[0.5]RU[Chinese]HA[2]AB[pd][dp]\n;W[pp];B[];W[])\n", text)
		roundTrip(t, g, nil, "")
	})
	t.Run("node comments and variations", func(t *testing.T) {
		g, err := NewGame(9, Japanese, 6.5)
		require.NoError(t, err)
		at := func(v string) Point {
			p, err := g.Board().ParseVertex(v)
			require.NoError(t, err)
			return p
		}
		for i, v := range []string{"E5", "C3", "G7", "pass"} {
			require.NoError(t, g.Play(at(v), []Color{Black, White}[i%2]))
		}
		notes := SGFNotes{
			Info:  map[string]string{"PB": "gtpgo"},
			Nodes: map[int]map[string]string{1: {"C": "a mistake]", "B": "ignored"}, 3: {"C": "end"}},
			Variations: map[int][]SGFLine{
				1: {{Moves: []Move{{White, at("E3")}, {Black, at("D3")}}, Props: []map[string]string{{"C": "better"}}}},
				2: {{Moves: []Move{{Black, at("C7")}}}, {Moves: []Move{{Black, Pass}}}},
			},
		}
		text := string(WriteSGF(g, notes))
		assert.Equal(t, "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]PB[gtpgo]\n;B[ee]\n(;W[cg]C[a mistake\\]]\n\n"+
			"(;B[gc];W[]C[end]\n)\n(;B[cc])\n(;B[]))\n(;W[eg]C[better];B[dg]))\n", text)
		games, err := ParseSGF([]byte(text))
		require.NoError(t, err)
		require.Len(t, games, 1)
		back, _, err := games[0].NewGame(Japanese, false)
		require.NoError(t, err)
		assert.Equal(t, g.Moves(), back.Moves(), "the main line is the game")
		assert.Equal(t, []string{"", "a mistake]", "", "end"},
			[]string{games[0].Nodes[0].Comment, games[0].Nodes[1].Comment, games[0].Nodes[2].Comment, games[0].Nodes[3].Comment})
	})
	t.Run("charset and rules' name as the source gave them", func(t *testing.T) {
		g, err := NewGame(9, Japanese, 6.5)
		require.NoError(t, err)
		text := string(WriteSGF(g, SGFNotes{Info: map[string]string{"CA": "ISO-8859-1", "RU": "Ing"}}))
		assert.Equal(t, "(;FF[4]GM[1]CA[ISO-8859-1]SZ[9]KM[6.5]RU[Ing]\n)\n", text)
	})
	t.Run("random records", func(t *testing.T) {
		rng := NewRand(7)
		n := 300
		if testing.Short() {
			n = 40
		}
		for i := 0; i < n; i++ {
			size := 2 + rng.Intn(MaxSize-1)
			if i%3 == 0 {
				size = 2 + rng.Intn(8)
			}
			g := randomRecord(t, rng, size)
			roundTrip(t, g, map[string]string{"GN": fmt.Sprint("random ", i)}, []string{"", "W+3.5", "0"}[i%3])
		}
	})
	t.Run("KGS sample", func(t *testing.T) {
		files, _ := filepath.Glob(kgsGlob)
		if len(files) == 0 {
			t.Skip("no KGS records in " + kgsGlob)
		}
		games := readKGS(t, files[0])
		for i := 0; i < len(games); i += 97 {
			g, _, err := games[i].NewGame(Japanese, false)
			require.NoError(t, err)
			roundTrip(t, g, games[i].Info, games[i].Result)
		}
	})
}

func TestSGFMoveErrorUnwraps(t *testing.T) {
	e := &MoveError{MoveNumber: 3, Node: 4, Move: Move{Color: White, Point: Pass}, Vertex: "pass", Err: ErrKo}
	assert.True(t, errors.Is(e, ErrKo))
	assert.Equal(t, "sgf: move 3 (node 4) W pass: move retakes a ko", e.Error())
}

// BenchmarkParseSGF parses the 2001 KGS collection (2,298 games, 3.5 MB).
func BenchmarkParseSGF(b *testing.B) {
	files, _ := filepath.Glob(kgsGlob)
	if len(files) == 0 {
		b.Skip("no KGS records in " + kgsGlob)
	}
	f, err := os.Open(files[0])
	require.NoError(b, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(b, err)
	data, err := io.ReadAll(zr)
	require.NoError(b, err)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseSGF(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSGFNewGame replays a 300-move record under Chinese rules
// (positional superko checks against the whole history).
func BenchmarkSGFNewGame(b *testing.B) {
	g, err := NewGame(19, Chinese, 7.5)
	require.NoError(b, err)
	rng := NewRand(3)
	var scratch Board
	for g.MoveNumber() < 300 {
		scratch.CopyFrom(g.Board())
		c := g.ToMove()
		if p := scratch.RandomMove(c, rng); g.Play(p, c) != nil {
			require.NoError(b, g.Play(Pass, c))
		}
	}
	games, err := ParseSGF(WriteSGF(g, SGFNotes{}))
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := games[0].NewGame(Chinese, false); err != nil {
			b.Fatal(err)
		}
	}
}

func TestReadSGFFile(t *testing.T) {
	dir := t.TempDir()
	text := []byte("(;SZ[9]KM[6.5];B[ee];W[cc])(;SZ[13];B[dd])")
	plain := filepath.Join(dir, "games.sgf")
	require.NoError(t, os.WriteFile(plain, text, 0o644))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err := zw.Write(text)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	zipped := filepath.Join(dir, "games.sgf.gz")
	require.NoError(t, os.WriteFile(zipped, gz.Bytes(), 0o644))
	for _, path := range []string{plain, zipped} {
		games, err := ReadSGFFile(path)
		require.NoError(t, err, path)
		require.Len(t, games, 2)
		assert.Equal(t, 9, games[0].Size)
		assert.Equal(t, 13, games[1].Size)
		assert.Len(t, games[0].Nodes, 2)
	}
	_, err = ReadSGFFile(filepath.Join(dir, "missing.sgf"))
	assert.Error(t, err)
	broken := filepath.Join(dir, "broken.sgf.gz")
	require.NoError(t, os.WriteFile(broken, gz.Bytes()[:len(gz.Bytes())/2], 0o644))
	_, err = ReadSGFFile(broken)
	assert.Error(t, err)
}
