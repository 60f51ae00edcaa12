package rules

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// gnugoPath is where Debian's gnugo package installs GNU Go.
const gnugoPath = "/usr/games/gnugo"

// gtpEngine is a minimal GTP client for an engine process.
type gtpEngine struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// startGNUGo runs GNU Go in GTP mode with the extra arguments; the test is
// skipped when the binary is not installed.
func startGNUGo(t *testing.T, args ...string) *gtpEngine {
	t.Helper()
	if _, err := os.Stat(gnugoPath); err != nil {
		t.Skipf("GNU Go not installed at %s (Debian package gnugo): %v", gnugoPath, err)
	}
	cmd := exec.Command(gnugoPath, append([]string{"--mode", "gtp"}, args...)...)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	e := &gtpEngine{t: t, cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		_, _ = io.WriteString(in, "quit\n")
		_ = in.Close()
		_ = cmd.Wait()
	})
	return e
}

// send sends one command and returns the response text, or an error
// holding the text of a failure response.
func (e *gtpEngine) send(command string) (string, error) {
	if _, err := io.WriteString(e.in, command+"\n"); err != nil {
		return "", err
	}
	var lines []string
	for {
		line, err := e.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("%s: reading the response: %w", command, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if len(lines) == 0 {
				continue
			}
			break
		}
		lines = append(lines, line)
	}
	text := strings.TrimSpace(strings.Join(lines, "\n")[1:])
	if lines[0][0] == '?' {
		return "", fmt.Errorf("%s: %s", command, text)
	}
	if lines[0][0] != '=' {
		return "", fmt.Errorf("%s: malformed response %q", command, lines)
	}
	return text, nil
}

func (e *gtpEngine) must(command string) string {
	e.t.Helper()
	out, err := e.send(command)
	require.NoError(e.t, err)
	return out
}

// vertexSet reads a GTP vertex list into a sorted, upper-case list.
func vertexSet(s string) []string {
	f := strings.Fields(strings.ToUpper(s))
	sort.Strings(f)
	return f
}

func ourVertices(b *Board, keep func(Point) bool) []string {
	out := []string{}
	for _, p := range b.Points() {
		if keep(p) {
			out = append(out, b.Vertex(p))
		}
	}
	sort.Strings(out)
	return out
}

// compareWithGNUGo checks the stones of both colours and the legality of
// every point for the player to move, and returns the number of empty points
// that are illegal for that player (suicide or ko).
func compareWithGNUGo(t *testing.T, e *gtpEngine, g *Game, where string) int {
	t.Helper()
	b := g.Board()
	for _, c := range []Color{Black, White} {
		want := ourVertices(b, func(p Point) bool { return b.Color(p) == c })
		require.Equal(t, want, vertexSet(e.must("list_stones "+c.String())), "%s: %v stones\n%s", where, c, b)
	}
	c := g.ToMove()
	want := ourVertices(b, func(p Point) bool { return g.Check(p, c) == nil })
	require.Equal(t, want, vertexSet(e.must("all_legal "+c.String())), "%s: legal moves for %v\n%s", where, c, b)
	return b.EmptyCount() - len(want)
}

// randomLegal picks a random legal move for the player to move: usually one
// that fills no own one-point eye, sometimes any (so big chains get
// captured), Pass when there is none.
func randomLegal(g *Game, rng *Rand, anyMove bool, buf []Point) Point {
	b := g.Board()
	c := g.ToMove()
	buf = buf[:0]
	for i := 0; i < b.EmptyCount(); i++ {
		p := b.EmptyAt(i)
		if g.Check(p, c) == nil && (anyMove || !b.IsEye(p, c)) {
			buf = append(buf, p)
		}
	}
	if len(buf) == 0 {
		return Pass
	}
	return buf[rng.Intn(len(buf))]
}

// playBoth plays the move in our game and in GNU Go.
func playBoth(t *testing.T, e *gtpEngine, g *Game, p Point) {
	t.Helper()
	c := g.ToMove()
	require.NoError(t, g.Play(p, c))
	e.must(fmt.Sprintf("play %s %s", c, g.Board().Vertex(p)))
}

// Random games played in our Game (Japanese rules: simple ko, no suicide)
// and in GNU Go, whose defaults are the same: the stones on the board and
// the legal moves of the player to move must agree throughout.
func TestLegalityAgainstGNUGo(t *testing.T) {
	e := startGNUGo(t)
	rng := NewRand(20261130)
	games := map[int]int{7: 100, 9: 60, 13: 15}
	if testing.Short() {
		games = map[int]int{7: 3, 9: 2, 13: 1}
	}
	var buf []Point
	moves, checks, captures, kos, illegal := 0, 0, 0, 0, 0
	for _, size := range []int{7, 9, 13} {
		for n := 0; n < games[size]; n++ {
			g, err := NewGame(size, Japanese, 6.5)
			require.NoError(t, err)
			e.must(fmt.Sprintf("boardsize %d", size))
			e.must("clear_board")
			for m := 0; m < 3*size*size && !g.Ended(); m++ {
				p := Pass
				if rng.Intn(60) != 0 {
					p = randomLegal(g, rng, rng.Intn(8) == 0, buf)
				}
				before := g.Board().Captures(Black) + g.Board().Captures(White)
				playBoth(t, e, g, p)
				moves++
				captures += g.Board().Captures(Black) + g.Board().Captures(White) - before
				ko, _ := g.Board().Ko()
				if ko != NoPoint {
					kos++
				}
				if m%3 == 0 || ko != NoPoint || g.Board().Passes() > 0 {
					illegal += compareWithGNUGo(t, e, g, fmt.Sprintf("%dx%d game %d move %d", size, size, n, m))
					checks++
				}
			}
		}
	}
	t.Logf("%d moves, %d board and legality comparisons (%d illegal empty points among them), %d stones captured, %d ko bans",
		moves, checks, illegal, captures, kos)
}

// fillGame plays a game in our Game and in every engine where both sides
// fill every point that is not a one-point eye of their own, then pass
// twice: every chain ends up living on one-point eyes.
func fillGame(t *testing.T, g *Game, rng *Rand, engines ...*gtpEngine) {
	t.Helper()
	var buf []Point
	for m := 0; !g.Ended(); m++ {
		require.Less(t, m, 10*g.Size()*g.Size(), "fill game does not end")
		p := randomLegal(g, rng, false, buf)
		c := g.ToMove()
		require.NoError(t, g.Play(p, c))
		for _, e := range engines {
			e.must(fmt.Sprintf("play %s %s", c, g.Board().Vertex(p)))
		}
	}
}

// Games filled up to the last eye and scored by both programs: with every
// stone alive, area counting (GNU Go's --chinese-rules) and territory
// counting (its default Japanese rules, prisoners included) must agree
// exactly with ours, komi included.
func TestScoreAgainstGNUGo(t *testing.T) {
	area := startGNUGo(t, "--chinese-rules")
	territory := startGNUGo(t)
	rng := NewRand(20261201)
	games := map[int]int{7: 40, 9: 30, 13: 10}
	if testing.Short() {
		games = map[int]int{7: 2, 9: 1, 13: 1}
	}
	compared, skipped := 0, 0
	for _, size := range []int{7, 9, 13} {
		for n := 0; n < games[size]; n++ {
			komi := []float64{0, 0.5, 6.5, 7.5, -2}[rng.Intn(5)]
			g, err := NewGame(size, Chinese, komi)
			require.NoError(t, err)
			// simple ko, like GNU Go: the games are played, not judged
			g.Rules.Ko = SimpleKo
			for _, e := range []*gtpEngine{area, territory} {
				e.must(fmt.Sprintf("boardsize %d", size))
				e.must("clear_board")
				e.must(fmt.Sprintf("komi %g", komi))
			}
			fillGame(t, g, rng, area, territory)
			b := g.Board()
			if !settled(b) { // ended on a ko capture: a chain in atari
				skipped++
				continue
			}
			where := fmt.Sprintf("%dx%d game %d komi %g\n%s", size, size, n, komi, b)
			require.Equal(t, area.must("final_score"), g.Score(nil).String(), "area: "+where)
			g.SetRules(Japanese)
			require.Equal(t, territory.must("final_score"), g.Score(nil).String(), "territory: "+where)
			compared++
		}
	}
	t.Logf("%d final scores compared under area and territory rules, %d games skipped (ended on a ko)", compared, skipped)
	require.Positive(t, compared)
}

// unconditionalName is GNU Go's unconditional_status answer for a point our
// PassAlive settles: alive, dead, black_territory or white_territory.
func unconditionalName(b *Board, owner []Color, p Point) string {
	switch c := b.Color(p); {
	case owner[p] == Empty:
		return "undecided"
	case c == Empty:
		return owner[p].String() + "_territory"
	case owner[p] == c:
		return "alive"
	}
	return "dead"
}

// GNU Go's unconditional_status is its own version of unconditional life
// (engine/unconditional.c: the opponent captures what it can, then fills
// the liberties of what is left). It settles more than Benson's algorithm:
// for instance a stone that the opponent could capture, inside an area where
// the opponent cannot live, is "alive" for GNU Go and unsettled for us. But
// it never contradicts PassAlive: every point PassAlive settles, GNU Go
// settles the same way.
func TestPassAliveAgainstGNUGo(t *testing.T) {
	e := startGNUGo(t)
	rng := NewRand(20261202)
	positions := map[int]int{7: 80, 9: 60, 13: 10}
	if testing.Short() {
		positions = map[int]int{7: 8, 9: 6, 13: 1}
	}
	settledBoth, settledGNUGoOnly := map[string]int{}, 0
	for _, size := range []int{7, 9, 13} {
		for n := 0; n < positions[size]; n++ {
			b := randomPosition(size, rng)
			e.must(fmt.Sprintf("boardsize %d", size))
			e.must("clear_board")
			// any order of placement works: a chain not yet complete has
			// a liberty where its missing stones go, so nothing is captured
			for _, p := range b.Points() {
				if c := b.Color(p); c != Empty {
					e.must(fmt.Sprintf("play %s %s", c, b.Vertex(p)))
				}
			}
			require.Equal(t, ourVertices(b, func(p Point) bool { return b.Color(p) == Black }),
				vertexSet(e.must("list_stones black")))
			owner := PassAlive(b)
			for _, p := range b.Points() {
				got := e.must("unconditional_status " + b.Vertex(p))
				want := unconditionalName(b, owner, p)
				if want == "undecided" {
					if got != want {
						settledGNUGoOnly++
					}
					continue
				}
				require.Equal(t, want, got, "%dx%d position %d at %s\n%s\nPassAlive:\n%s",
					size, size, n, b.Vertex(p), b, ownerString(b, owner))
				settledBoth[want]++
			}
		}
	}
	t.Logf("settled by both: %v; by GNU Go only: %d points", settledBoth, settledGNUGoOnly)
	require.Positive(t, settledBoth["alive"])
	if !testing.Short() { // the short sample is too small to be sure to hold a dead stone
		require.Positive(t, settledBoth["dead"])
	}
}

// GNU Go's fixed_handicap agrees with FixedHandicap on every size it
// supports (up to 19x19), stones and errors alike, except on 12x12 where it
// uses the 4th line (gtp.md 1.8).
func TestFixedHandicapAgainstGNUGo(t *testing.T) {
	e := startGNUGo(t)
	compared := 0
	for size := 2; size <= 19; size++ {
		g, err := NewGeometry(size)
		require.NoError(t, err)
		e.must(fmt.Sprintf("boardsize %d", size))
		for n := 0; n <= 10; n++ {
			e.must("clear_board")
			got, gnugoErr := e.send(fmt.Sprintf("fixed_handicap %d", n))
			pts, err := FixedHandicap(size, n)
			if err != nil {
				require.Error(t, gnugoErr, "size %d n %d: GNU Go places %s", size, n, got)
				require.Contains(t, gnugoErr.Error(), err.Error())
				continue
			}
			require.NoError(t, gnugoErr, "size %d n %d", size, n)
			if size == 12 {
				continue
			}
			want := make([]string, len(pts))
			for i, p := range pts {
				want[i] = g.Vertex(p)
			}
			sort.Strings(want)
			require.Equal(t, want, vertexSet(got), "size %d n %d", size, n)
			compared++
		}
	}
	t.Logf("%d placements compared", compared)
}
