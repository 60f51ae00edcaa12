// Command levels turns the matches of scripts/levels/calibrate into the
// strength table of gtpgo's levels: every pairing's result with its 95%
// interval, and the Elo of every engine relative to an anchor (GNU Go level
// 10), fitted to all the pairings at once.
//
// Usage:
//
//	go run ./scripts/levels [-anchor GG10] DIR
//
// DIR holds one directory per pairing, named A-B after its engines (L1 ..
// L10 for gtpgo's levels, GG0 .. GG10 for GNU Go's), each with the match
// runner's results.dat, whose first engine is A.
//
// The fit is Bradley-Terry with the logistic Elo curve (the match runner's):
// the ratings that make the observed scores most likely. It chains the
// pairings: a level that only met GNU Go level 1 is placed through the
// levels that met both GNU Go 1 and GNU Go 10, and one that only met gtpgo
// at full strength through gtpgo's other pairings. Each pairing counts one
// virtual draw besides its games, so that a clean sweep gives a large but
// finite difference; its interval comes from the fit's Fisher information.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/scripts/internal/elo"
)

func main() {
	anchor := flag.String("anchor", "GG10", "the engine rated 0")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: levels [-anchor NAME] DIR\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	pairs, err := readPairings(flag.Arg(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "levels: %v\n", err)
		os.Exit(1)
	}
	if err := report(os.Stdout, pairs, *anchor); err != nil {
		fmt.Fprintf(os.Stderr, "levels: %v\n", err)
		os.Exit(1)
	}
}

// pairing is one match: A's score against B.
type pairing struct {
	A, B                 string
	Wins, Draws, Losses  int // from A's side
	Unknown              int // games without a result
	Rate, RateLo, RateHi float64
}

func (p pairing) games() int { return p.Wins + p.Draws + p.Losses }

// readPairings reads every DIR/A-B/results.dat.
func readPairings(dir string) ([]pairing, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []pairing
	for _, e := range entries {
		a, b, ok := strings.Cut(e.Name(), "-")
		if !e.IsDir() || !ok || !validName(a) || !validName(b) {
			continue
		}
		f, err := os.Open(filepath.Join(dir, e.Name(), "results.dat"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		p, err := readResults(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		p.A, p.B = a, b
		if p.games() > 0 {
			p.Rate, p.RateLo, p.RateHi = rate(float64(p.Wins)+float64(p.Draws)/2, p.games())
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].A != out[j].A {
			return order(out[i].A) < order(out[j].A)
		}
		return order(out[i].B) < order(out[j].B)
	})
	if len(out) == 0 {
		return nil, fmt.Errorf("no results under %s", dir)
	}
	return out, nil
}

// validName tells whether s names an engine: L1..L10 or GG0..GG10.
func validName(s string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(s, "GG"), "L"))
	return err == nil && (strings.HasPrefix(s, "L") && n >= 1 && n <= 10 || strings.HasPrefix(s, "GG") && n >= 0 && n <= 10)
}

// order sorts gtpgo's levels first, then GNU Go's, each by level.
func order(s string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(s, "GG"), "L"))
	if strings.HasPrefix(s, "GG") {
		return 100 + n
	}
	return n
}

// readResults tallies a results.dat (gogui-twogtp's layout, as the match
// runner writes it: B is the first engine). A game's result is the
// referee's, else the engines' when they agree.
func readResults(r io.Reader) (pairing, error) {
	var p pairing
	sc := bufio.NewScanner(r)
	col := map[string]int{}
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#GAME") {
			for i, c := range strings.Split(strings.TrimPrefix(line, "#"), "\t") {
				col[c] = i
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(col) == 0 {
			return p, fmt.Errorf("a game before the column titles")
		}
		f := strings.Split(line, "\t")
		cell := func(name string) string {
			if i, ok := col[name]; ok && i < len(f) {
				return strings.ToUpper(strings.TrimSpace(f[i]))
			}
			return ""
		}
		res := cell("RES_R")
		if !known(res) && cell("RES_B") == cell("RES_W") {
			res = cell("RES_B")
		}
		switch {
		case res == "0" || res == "DRAW" || res == "JIGO":
			p.Draws++
		case strings.HasPrefix(res, "B+"):
			p.Wins++
		case strings.HasPrefix(res, "W+"):
			p.Losses++
		default:
			p.Unknown++
		}
	}
	return p, sc.Err()
}

func known(res string) bool {
	return res == "0" || strings.HasPrefix(res, "B+") || strings.HasPrefix(res, "W+")
}

// eloPerNat converts a logistic rating in natural units into Elo.
var eloPerNat = 400 / math.Ln10

// fit returns the Bradley-Terry ratings (Elo, anchor at 0) of the engines
// in pairs and their 95% half-intervals, by minorization-maximization
// (Hunter 2004) with one virtual draw per pairing. The engines must be
// connected through the pairings.
func fit(pairs []pairing, anchor string) (elo, half map[string]float64, err error) {
	idx := map[string]int{}
	var names []string
	add := func(s string) {
		if _, ok := idx[s]; !ok {
			idx[s] = len(names)
			names = append(names, s)
		}
	}
	for _, p := range pairs {
		add(p.A)
		add(p.B)
	}
	a, ok := idx[anchor]
	if !ok {
		return nil, nil, fmt.Errorf("the anchor %s played no game", anchor)
	}
	n := len(names)
	games := make([][]float64, n) // games[i][j]: games between i and j
	for i := range games {
		games[i] = make([]float64, n)
	}
	score := make([]float64, n) // points, a draw half
	for _, p := range pairs {
		i, j := idx[p.A], idx[p.B]
		g := float64(p.games()) + 1 // the virtual draw
		games[i][j] += g
		games[j][i] += g
		score[i] += float64(p.Wins) + float64(p.Draws)/2 + 0.5
		score[j] += float64(p.Losses) + float64(p.Draws)/2 + 0.5
	}
	if !connected(games, a) {
		return nil, nil, fmt.Errorf("the pairings do not connect every engine to %s", anchor)
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for iter := 0; iter < 100000; iter++ {
		change := 0.0
		for i := range gamma {
			den := 0.0
			for j := range gamma {
				if games[i][j] > 0 {
					den += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			g := score[i] / den
			change = math.Max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		norm := gamma[a]
		for i := range gamma {
			gamma[i] /= norm
		}
		if change < 1e-10 {
			break
		}
	}
	// Fisher information in natural units, without the anchor's row and
	// column (its rating is fixed); its inverse is the covariance
	info := make([][]float64, n)
	for i := range info {
		info[i] = make([]float64, n)
		for j := range gamma {
			if i == j || games[i][j] == 0 {
				continue
			}
			pq := gamma[i] * gamma[j] / ((gamma[i] + gamma[j]) * (gamma[i] + gamma[j]))
			info[i][j] -= games[i][j] * pq
			info[i][i] += games[i][j] * pq
		}
	}
	var keep []int
	for i := range names {
		if i != a {
			keep = append(keep, i)
		}
	}
	m := make([][]float64, len(keep))
	for r, i := range keep {
		m[r] = make([]float64, len(keep))
		for c, j := range keep {
			m[r][c] = info[i][j]
		}
	}
	cov, err := invert(m)
	if err != nil {
		return nil, nil, err
	}
	elo, half = map[string]float64{}, map[string]float64{}
	for i, s := range names {
		elo[s] = eloPerNat * math.Log(gamma[i])
	}
	half[anchor] = 0
	for r, i := range keep {
		half[names[i]] = 1.959963984540054 * eloPerNat * math.Sqrt(cov[r][r])
	}
	return elo, half, nil
}

// connected tells whether every engine meets the one at index from through
// some chain of pairings.
func connected(games [][]float64, from int) bool {
	seen := make([]bool, len(games))
	stack := []int{from}
	seen[from] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j, g := range games[i] {
			if g > 0 && !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	for _, s := range seen {
		if !s {
			return false
		}
	}
	return true
}

// invert inverts a symmetric positive definite matrix (Gauss-Jordan).
func invert(m [][]float64) ([][]float64, error) {
	n := len(m)
	a := make([][]float64, n)
	for i := range m {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for c := 0; c < n; c++ {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-12 {
			return nil, fmt.Errorf("singular information matrix")
		}
		a[c], a[piv] = a[piv], a[c]
		d := a[c][c]
		for k := range a[c] {
			a[c][k] /= d
		}
		for r := 0; r < n; r++ {
			if r != c && a[r][c] != 0 {
				f := a[r][c]
				for k := range a[r] {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	out := make([][]float64, n)
	for i := range a {
		out[i] = a[i][n:]
	}
	return out, nil
}

// label names an engine for the tables.
func label(s string) string {
	switch {
	case s == "L10":
		return "gtpgo full"
	case strings.HasPrefix(s, "L"):
		return "level " + s[1:]
	}
	return "GNU Go " + s[2:]
}

// report prints the pairings and the fitted ratings as Markdown tables.
func report(w io.Writer, pairs []pairing, anchor string) error {
	fmt.Fprintf(w, "| pairing | games | score | win rate (95%% CI) | Elo difference (95%% CI) |\n|---|---|---|---|---|\n")
	for _, p := range pairs {
		score := float64(p.Wins) + float64(p.Draws)/2
		extra := ""
		if p.Unknown > 0 {
			extra = fmt.Sprintf(" (+%d unscored)", p.Unknown)
		}
		fmt.Fprintf(w, "| %s vs %s | %d%s | %g | %.0f%% (%.0f-%.0f%%) | %s (%s .. %s) |\n",
			label(p.A), label(p.B), p.games(), extra, score, 100*p.Rate, 100*p.RateLo, 100*p.RateHi,
			elo.Format(elo.Diff(p.Rate)), elo.Format(elo.Diff(p.RateLo)), elo.Format(elo.Diff(p.RateHi)))
	}
	ratings, half, err := fit(pairs, anchor)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(ratings))
	for s := range ratings {
		names = append(names, s)
	}
	sort.Slice(names, func(i, j int) bool { return order(names[i]) < order(names[j]) })
	fmt.Fprintf(w, "\n| engine | Elo vs %s (95%% CI) | step from the level below | games |\n|---|---|---|---|\n", label(anchor))
	played := map[string]int{}
	for _, p := range pairs {
		played[p.A] += p.games()
		played[p.B] += p.games()
	}
	prev := ""
	for _, s := range names {
		step := ""
		if strings.HasPrefix(s, "L") && prev != "" && order(s) == order(prev)+1 {
			step = elo.Format(ratings[s] - ratings[prev])
		}
		if strings.HasPrefix(s, "L") {
			prev = s
		}
		ci := ""
		if s != anchor {
			ci = fmt.Sprintf(" (%s .. %s)", elo.Format(ratings[s]-half[s]), elo.Format(ratings[s]+half[s]))
		}
		fmt.Fprintf(w, "| %s | %s%s | %s | %d |\n", label(s), elo.Format(ratings[s]), ci, step, played[s])
	}
	return nil
}

// rate is the win rate of score points out of n games and its 95% Wilson
// interval.
func rate(score float64, n int) (p, lo, hi float64) {
	lo, hi, err := elo.Wilson(score, n, elo.Z95)
	if err != nil {
		return math.NaN(), math.NaN(), math.NaN()
	}
	return score / float64(n), lo, hi
}
