package gtp

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// sgfRecord reads what loadsgf must reproduce straight from the file text,
// independently of the SGF reader: AB stones and the main-line moves
// (these KGS files have no variations).
type sgfRecord struct {
	size     int
	setup    []rules.Point
	moves    []rules.Move
	komi     string
	rules    string
	handicap int
}

func readRecord(t *testing.T, path string) sgfRecord {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	text := string(data)
	prop := func(id string) string {
		m := regexp.MustCompile(`\b` + id + `\[([^\]]*)\]`).FindStringSubmatch(text)
		if m == nil {
			return ""
		}
		return m[1]
	}
	rec := sgfRecord{size: 19, komi: prop("KM"), rules: prop("RU")}
	if ha := prop("HA"); ha != "" {
		rec.handicap = int(ha[0] - '0')
	}
	g, err := rules.NewGeometry(rec.size)
	require.NoError(t, err)
	point := func(v string) rules.Point {
		if v == "" || v == "tt" {
			return rules.Pass
		}
		return g.At(int(v[0]-'a'), rec.size-1-int(v[1]-'a'))
	}
	if m := regexp.MustCompile(`AB((?:\[[a-s]{2}\]\s*)+)`).FindStringSubmatch(text); m != nil {
		for _, v := range regexp.MustCompile(`\[([a-s]{2})\]`).FindAllStringSubmatch(m[1], -1) {
			rec.setup = append(rec.setup, point(v[1]))
		}
	}
	for _, m := range regexp.MustCompile(`;\s*([BW])\[([a-t]{0,2})\]`).FindAllStringSubmatch(text, -1) {
		c := rules.Black
		if m[1] == "W" {
			c = rules.White
		}
		rec.moves = append(rec.moves, rules.Move{Color: c, Point: point(m[2])})
	}
	return rec
}

// loadsgf reproduces real games: size, komi, rules from RU, handicap
// stones, and the moves up to but not including the given move number.
func TestLoadSGF(t *testing.T) {
	files, err := filepath.Glob("../testdata/sgf/kgs-*.sgf")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		rec := readRecord(t, file)
		require.Greater(t, len(rec.moves), 100, file)
		r, err := rules.RulesetByName(rec.rules)
		require.NoError(t, err, file)
		for _, before := range []int{0, 1, 2, 50, len(rec.moves), len(rec.moves) + 1, 1000} {
			s := newTestServer(t)
			cmd := "loadsgf " + file
			if before > 0 {
				cmd += " " + strconv.Itoa(before)
			}
			// the session's komi and rules are replaced by the file's
			out := runScript(t, s, "boardsize 9\nkomi 100\nkgs-rules tromp-taylor\n"+cmd+"\n")
			require.Equal(t, "= \n\n= \n\n= \n\n= \n\n", out, cmd)

			want, err := rules.NewGame(rec.size, r, 0)
			require.NoError(t, err)
			if len(rec.setup) > 0 {
				require.NoError(t, want.SetHandicap(rec.setup))
			}
			n := len(rec.moves)
			if before > 0 && before <= n {
				n = before - 1
			}
			for _, m := range rec.moves[:n] {
				require.NoError(t, want.Play(m.Point, m.Color))
			}
			g := s.Game()
			assert.Equal(t, rec.size, g.Size(), cmd)
			komi, err := strconv.ParseFloat(rec.komi, 64)
			require.NoError(t, err)
			assert.Equal(t, komi, g.Komi, cmd)
			assert.Equal(t, r.Name, g.Rules.Name, cmd)
			assert.Equal(t, rec.handicap, g.Handicap(), cmd)
			assert.Equal(t, want.Moves(), g.Moves(), cmd)
			assert.Equal(t, want.Board().String(), g.Board().String(), cmd)
			if n < len(rec.moves) {
				assert.Equal(t, rec.moves[n].Color, g.ToMove(), "%s: the player of the next move is to move", cmd)
			}
		}
	}
}

// A refused loadsgf changes nothing: missing, unreadable or invalid files.
func TestLoadSGFRefused(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sgf")
	require.NoError(t, os.WriteFile(bad, []byte("(;SZ[9];B[ee];W[ee])"), 0o644)) // W plays on B's stone
	huge := filepath.Join(dir, "huge.sgf")
	require.NoError(t, os.WriteFile(huge, []byte("(;SZ[30];B[aa])"), 0o644))
	s := newTestServer(t)
	ss := startSession(t, s)
	for _, cmd := range []string{"boardsize 7", "komi 3.5", "play b D4", "play w C3"} {
		require.Equal(t, "= ", ss.ask(cmd))
	}
	before := stateOf(s)
	for _, cmd := range []string{
		"loadsgf " + filepath.Join(dir, "missing.sgf"), "loadsgf " + dir, "loadsgf " + bad, "loadsgf " + huge,
		"loadsgf " + bad + " 2x", "loadsgf " + bad + " -1", "loadsgf", "loadsgf a b c",
	} {
		resp := ss.ask(cmd)
		assert.True(t, strings.HasPrefix(resp, "? "), "%s answered %q", cmd, resp)
		assert.Equal(t, before, stateOf(s), cmd)
	}
	assert.Equal(t, "? cannot load file", ss.ask("loadsgf "+bad))
}

// printsgf writes the game so that loadsgf reads the same game back.
func TestPrintSGFRoundTrip(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.sgf")
	s := newTestServer(t)
	ss := startSession(t, s)
	for _, cmd := range []string{"boardsize 9", "komi 6.5", "kgs-rules aga", "fixed_handicap 3",
		"play w E5", "play b D5", "play w pass", "play b E4", "genmove w", "printsgf " + file} {
		require.True(t, strings.HasPrefix(ss.ask(cmd), "= "), cmd)
	}
	saved := stateOf(s)
	sgf := ss.ask("printsgf")
	require.True(t, strings.HasPrefix(sgf, "= (;"), sgf)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, strings.TrimPrefix(sgf, "= "), strings.TrimSpace(string(data)))

	require.Equal(t, "= ", ss.ask("boardsize 13"))
	require.Equal(t, "= ", ss.ask("kgs-rules japanese"))
	require.Equal(t, "= ", ss.ask("loadsgf "+file))
	assert.Equal(t, saved, stateOf(s))
	assert.True(t, strings.HasPrefix(ss.ask("printsgf "+filepath.Join(dir, "no", "such.sgf")), "? cannot write file "))
}
