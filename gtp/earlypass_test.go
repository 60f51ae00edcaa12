package gtp

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// earlyPassGame is one game of TestEndsGamesAgainstAnEarlyPasser.
type earlyPassGame struct {
	size      int
	komi      float64
	rules     string // kgs-rules name: chinese or japanese
	us        string // gtpgo's colour: b or w
	passAfter int    // the opponent passes from this many moves of the game on
}

// An opponent that passes early (a beginner in a GUI does): GNU Go's moves
// up to some move, then only passes. gtpgo must play on until the board is
// settled, and then its final_score and a GNU Go referee's (area counting
// under Chinese rules, territory counting under Japanese) name the same
// winner, within a point (GNU Go counts some dame differently).
func TestEndsGamesAgainstAnEarlyPasser(t *testing.T) {
	const gnugo = "/usr/games/gnugo"
	if _, err := os.Stat(gnugo); err != nil {
		t.Fatalf("GNU Go is needed (scripts/test installs it): %v", err)
	}
	games := []earlyPassGame{
		{9, 7, "chinese", "b", 14}, {9, 7, "chinese", "w", 20}, {9, 7, "japanese", "b", 24}, {9, 7, "japanese", "w", 30},
		{9, 7, "chinese", "w", 40}, {9, 7, "japanese", "b", 40},
		{13, 7, "chinese", "b", 40}, {13, 7, "japanese", "w", 60},
		{19, 7.5, "chinese", "w", 200}, {19, 7.5, "japanese", "b", 220},
	}
	if testing.Short() {
		games = games[:4]
	}
	for _, g := range games {
		t.Run(fmt.Sprintf("%dx%d %s gtpgo %s, passes from move %d", g.size, g.size, g.rules, g.us, g.passAfter), func(t *testing.T) {
			t.Parallel()
			playEarlyPassGame(t, gnugo, g)
		})
	}
}

func playEarlyPassGame(t *testing.T, gnugo string, g earlyPassGame) {
	// fewer playouts on bigger boards: the test is about the end of the
	// game, and gtpgo plays every move from the opponent's first pass on
	playouts := map[int]string{9: "1500", 13: "1000", 19: "500"}[g.size]
	us := startProc(t, gtpgoBinary(t), "-playouts", playouts, "-threads", "1", "-memory", "128", "-log", "error")
	them := startProc(t, gnugo, "--mode", "gtp", "--level", "1")
	for _, p := range []*proc{us, them} {
		p.mustAsk(fmt.Sprintf("boardsize %d", g.size))
		p.mustAsk("clear_board")
		p.mustAsk("komi " + strconv.FormatFloat(g.komi, 'f', -1, 64))
	}
	us.mustAsk("kgs-rules " + g.rules)
	other := map[string]string{"b": "w", "w": "b"}
	color, passes, resigned := "b", 0, ""
	var record []string
	for len(record) < 4*g.size*g.size && passes < 2 && resigned == "" {
		var move string
		switch {
		case color == g.us:
			move = strings.ToUpper(us.mustAsk("genmove " + color))
		case len(record) >= g.passAfter:
			move = "PASS"
		default:
			move = strings.ToUpper(them.mustAsk("genmove " + color))
		}
		switch move {
		case "RESIGN":
			resigned = color
		case "PASS":
			passes++
		default:
			passes = 0
		}
		if resigned == "" {
			if color == g.us || move == "PASS" && color != g.us && len(record) >= g.passAfter {
				// GNU Go learns of every move it did not generate itself
				assert.Equal(t, "= ", them.ask("play "+color+" "+move), "GNU Go refused %s %s", color, move)
			}
			if color != g.us {
				assert.Equal(t, "= ", us.ask("play "+color+" "+move), "gtpgo refused %s %s", color, move)
			}
		}
		record = append(record, color+" "+move)
		color = other[color]
	}
	t.Logf("%d moves: %s", len(record), strings.Join(record, " "))
	require.Equal(t, "", resigned, "an opponent that passes is not resigned to")
	require.Equal(t, 2, passes, "the game ends by two passes")

	referee := startProc(t, gnugo, refereeArgs(g.rules)...)
	referee.mustAsk(fmt.Sprintf("boardsize %d", g.size))
	referee.mustAsk("clear_board")
	referee.mustAsk("komi " + strconv.FormatFloat(g.komi, 'f', -1, 64))
	for _, m := range record {
		referee.mustAsk("play " + m)
	}
	ours, theirs := us.mustAsk("final_score"), referee.mustAsk("final_score")
	t.Logf("final_score: gtpgo %s, referee %s", ours, theirs)
	o, r := signedScore(t, ours), signedScore(t, theirs)
	if math.Abs(o-r) > 1 {
		t.Logf("gtpgo's dead stones: %s; the referee's: %s\n%s", us.mustAsk("final_status_list dead"),
			referee.mustAsk("final_status_list dead"), us.mustAsk("showboard"))
	}
	assert.True(t, o > 0 == (r > 0) && o != 0 == (r != 0), "the same winner: gtpgo %s, referee %s", ours, theirs)
	assert.LessOrEqual(t, math.Abs(o-r), 1.0, "within a point: gtpgo %s, referee %s", ours, theirs)
}

// refereeArgs are GNU Go's arguments as a referee of rules: area counting
// under Chinese rules, territory counting (its default) under Japanese.
func refereeArgs(rules string) []string {
	args := []string{"--mode", "gtp"}
	if rules == "chinese" {
		args = append(args, "--chinese-rules")
	}
	return args
}

// signedScore reads a final_score result as Black's margin.
func signedScore(t *testing.T, s string) float64 {
	t.Helper()
	if s == "0" {
		return 0
	}
	require.Regexp(t, `^[BW]\+\d+(\.\d+)?$`, s)
	v, err := strconv.ParseFloat(s[2:], 64)
	require.NoError(t, err)
	if s[0] == 'W' {
		v = -v
	}
	return v
}
