// Command trainmm learns gtpgo's move model (movemodel/model.dat) from the
// strong players' games in ../shared/data/games, with Coulom's
// minorisation-maximisation for the generalised Bradley-Terry model
// ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007), and
// measures how well it predicts the moves of held-out games.
//
//	go run ./scripts/trainmm [-games DIR] [-out movemodel/model.dat] [-every N] [-iterations N]
//	go run ./scripts/trainmm -test movemodel/model.dat     (only measure a model)
//	go run ./scripts/trainmm -verify movemodel/model.dat   (train again with its flags, compare)
//	go run ./scripts/trainmm -owner movemodel/ownership.txt (the ownership buckets' ratings, owner.go)
//	go run ./scripts/trainmm -playout movemodel/playoutshapes.txt (the playout shapes' ratings, playout.go)
//
// The games: the 19x19 games of the four collections; every 10th game of
// 2006 is held out for testing (those without handicap are measured). From
// the others, the dictionary counts the 3x3 shapes of every legal move and
// the spatial patterns of the moves played, in every -every'th position, and
// keeps those seen often enough; the features of every legal move (and
// pass) of those positions are then the data of the MM iterations. Each
// feature level starts with a prior of one virtual win and one virtual loss
// against a rating of 1, so rare levels stay sane. The same data, flags and
// code give the same file: the file records the command that made it, and
// -verify checks it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// config is what the model depends on: the flags that shape it.
type config struct {
	every, patternEvery, iterations, minShape, minPattern, workers, limit int
}

// flags registers the config's flags on fs.
func (c *config) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.every, "every", 4, "use every n-th position of the training games")
	fs.IntVar(&c.patternEvery, "pattern-every", 1, "count the spatial patterns played in every n-th position")
	fs.IntVar(&c.iterations, "iterations", 25, "MM iterations (each updates every group once)")
	fs.IntVar(&c.minShape, "min-shape", 100, "keep 3x3 shapes seen at least this often among the legal moves")
	fs.IntVar(&c.minPattern, "min-pattern", 10, "keep spatial patterns played at least this often")
	fs.IntVar(&c.workers, "workers", 2, "parallel workers (the sums' order, so the file, depends on it)")
	fs.IntVar(&c.limit, "limit", 0, "use only the first n training games (0: all; for trying things)")
}

// command is the trainmm command line that makes the same model.
func (c *config) command() string {
	return fmt.Sprintf("trainmm -every %d -pattern-every %d -iterations %d -min-shape %d -min-pattern %d -workers %d -limit %d",
		c.every, c.patternEvery, c.iterations, c.minShape, c.minPattern, c.workers, c.limit)
}

func main() {
	var cfg config
	cfg.flags(flag.CommandLine)
	dir := flag.String("games", "../shared/data/games", "directory of gzip'd SGF collections")
	out := flag.String("out", "movemodel/model.dat", "model file to write")
	testOnly := flag.String("test", "", "only measure this model on the held-out games")
	testGames := flag.String("test-games", "", "with -test: measure on the games of these SGF files instead (a glob; any board size)")
	verify := flag.String("verify", "", "train again with this model's recorded flags and compare the files")
	owner := flag.String("owner", "", "learn the ownership buckets' ratings on top of the embedded model and write them to this file")
	var oc ownerConfig
	flag.IntVar(&oc.gameEvery, "owner-game-every", 50, "with -owner: use every n-th training game")
	flag.IntVar(&oc.every, "owner-every", 20, "with -owner: use every n-th position of those games")
	flag.IntVar(&oc.playouts, "owner-playouts", 256, "with -owner: playouts of the search that gives each position's ownership")
	flag.IntVar(&oc.iterations, "owner-iterations", 30, "with -owner: MM iterations")
	flag.IntVar(&oc.testGames, "owner-test-games", 100, "with -owner: held-out games measured")
	playout := flag.String("playout", "", "learn the playout shapes' ratings (playout.go) and write them to this file")
	var pc playoutConfig
	flag.IntVar(&pc.gameEvery, "playout-game-every", 4, "with -playout: use every n-th training game")
	flag.IntVar(&pc.every, "playout-every", 4, "with -playout: use every n-th position of those games")
	flag.IntVar(&pc.iterations, "playout-iterations", 30, "with -playout: MM iterations")
	flag.IntVar(&pc.minSeen, "playout-min-seen", 200, "with -playout: codes seen fewer times among the candidates share one rating")
	flag.IntVar(&pc.testGames, "playout-test-games", 200, "with -playout: held-out games measured")
	flag.Parse()
	oc.workers = cfg.workers
	pc.workers = cfg.workers

	start := time.Now()
	var model []byte
	if *testOnly != "" || *verify != "" {
		var err error
		if model, err = os.ReadFile(*testOnly + *verify); err != nil {
			log.Fatal(err)
		}
	}
	if *verify != "" {
		m, err := movemodel.DecodeModel(model)
		if err != nil {
			log.Fatal(err)
		}
		fs := flag.NewFlagSet("trainmm", flag.ContinueOnError)
		cfg = config{}
		cfg.flags(fs)
		line, _, _ := strings.Cut(m.Provenance, "\n")
		if err := fs.Parse(strings.Fields(strings.TrimPrefix(line, "trainmm"))); err != nil {
			log.Fatalf("%s: provenance %q: %v", *verify, line, err)
		}
	}
	train, test, err := loadGames(*dir)
	if err != nil {
		log.Fatal(err)
	}
	if cfg.limit > 0 && cfg.limit < len(train) {
		train = train[:cfg.limit]
	}
	log.Printf("%d training games, %d test games (19x19, no handicap) in %.0fs", len(train), len(test), time.Since(start).Seconds())

	if *playout != "" {
		if err := os.WriteFile(*playout, []byte(trainPlayoutShapes(&pc, train, test)), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote %s (%.0fs)", *playout, time.Since(start).Seconds())
		return
	}
	if *owner != "" {
		m, err := movemodel.Default()
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*owner, []byte(trainOwnership(&oc, m, train, test)), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote %s (%.0fs)", *owner, time.Since(start).Seconds())
		return
	}
	if *testOnly != "" {
		m, err := movemodel.DecodeModel(model)
		if err != nil {
			log.Fatal(err)
		}
		if *testGames != "" {
			if test, err = readGlob(*testGames); err != nil {
				log.Fatal(err)
			}
			log.Printf("%d games from %s", len(test), *testGames)
		}
		fmt.Print(measure(m, test, cfg.workers))
		return
	}
	file := trainModel(&cfg, train, test, start)
	if *verify != "" {
		if !bytes.Equal(file, model) {
			log.Fatalf("%s differs from what %s makes now", *verify, cfg.command())
		}
		log.Printf("%s is what %s makes (%.0fs)", *verify, cfg.command(), time.Since(start).Seconds())
		return
	}
	if err := os.WriteFile(*out, file, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d bytes (%.0fs)", *out, len(file), time.Since(start).Seconds())
}

// trainModel learns a model from the training games and measures it on
// the test games; the model file records the command and the figures.
func trainModel(cfg *config, train, test []*rules.SGFGame, start time.Time) []byte {
	dict := buildDictionary(train, cfg)
	log.Printf("dictionary: %d shapes, %d spatial patterns (%.0fs)", len(dict.Shapes), len(dict.Patterns), time.Since(start).Seconds())
	data := extract(train, dict, cfg.every, cfg.workers)
	log.Printf("data: %d positions, %d candidates (%.0fs)", len(data.positions), data.total, time.Since(start).Seconds())
	m := &movemodel.Model{Dictionary: dict}
	gammas := data.train(cfg.iterations, cfg.workers)
	for g := range gammas {
		m.Gammas[g] = make([]float32, len(gammas[g]))
		for i, v := range gammas[g] {
			m.Gammas[g][i] = float32(v)
		}
	}
	log.Printf("trained (%.0fs)", time.Since(start).Seconds())
	figures := measure(m, test, cfg.workers)
	fmt.Print(figures)
	m.Provenance = fmt.Sprintf("%s\n%d training games, %d positions, %d candidates; %d shapes, %d spatial patterns\n%s",
		cfg.command(), len(train), len(data.positions), data.total, len(dict.Shapes), len(dict.Patterns), figures)
	return m.Encode()
}

// loadGames reads the 19x19 games: the training games, and the test games
// (every 10th game of 2006, those without handicap measured).
func loadGames(dir string) (train, test []*rules.SGFGame, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.sgf.gz"))
	if err != nil || len(files) == 0 {
		return nil, nil, fmt.Errorf("no game files in %s", dir)
	}
	sort.Strings(files)
	for _, f := range files {
		games, err := rules.ReadSGFFile(f)
		if err != nil {
			return nil, nil, err
		}
		held := filepath.Base(f) == "kgs-2006.sgf.gz"
		for i, g := range games {
			if g.Size != 19 {
				continue
			}
			switch {
			case held && i%10 == 0:
				if g.Handicap < 2 && len(g.Setup) == 0 {
					test = append(test, g)
				}
			default:
				train = append(train, g)
			}
		}
	}
	return train, test, nil
}

// readGlob reads every game of the SGF files a glob names.
func readGlob(glob string) ([]*rules.SGFGame, error) {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no files match %s", glob)
	}
	sort.Strings(files)
	var games []*rules.SGFGame
	for _, f := range files {
		gs, err := rules.ReadSGFFile(f)
		if err != nil {
			return nil, err
		}
		games = append(games, gs...)
	}
	return games, nil
}

// position is one position of a game and the move played there.
type position struct {
	game   *rules.Game // at this position (the search's view of it)
	b      *rules.Board
	color  rules.Color
	played rules.Point
	number int // move number, from 1
}

// replay calls fn with every position of g before a move that the board
// accepts; it stops at a setup node or a refused move.
func replay(sg *rules.SGFGame, fn func(position)) {
	g, _, err := sg.Replay(rules.Japanese, 1, true)
	if err != nil {
		return
	}
	n := 0
	for _, node := range sg.Nodes {
		if node.Setup != nil && node.Index > 0 {
			return // a setup mid-game: the rest is not a game
		}
		if node.Move == nil {
			continue
		}
		m := *node.Move
		b := g.Board()
		if m.Point != rules.Pass && !b.LegalEmpty(m.Point, m.Color) {
			return
		}
		n++
		fn(position{game: g, b: b, color: m.Color, played: m.Point, number: n})
		if err := g.PlayUnchecked(m.Point, m.Color); err != nil {
			return
		}
	}
}

// sampled tells whether the n-th position (from 1) of game i is used.
func sampled(i, n, every int) bool { return (n+i)%every == 0 }

// forGames runs fn on the games split among workers: worker w takes the
// games i with i % workers == w.
func forGames(games []*rules.SGFGame, workers int, fn func(w, i int, g *rules.SGFGame)) {
	var grp errgroup.Group
	for w := 0; w < workers; w++ {
		grp.Go(func() error {
			for i := w; i < len(games); i += workers {
				fn(w, i, games[i])
			}
			return nil
		})
	}
	grp.Wait()
}

// buildDictionary counts the canonical 3x3 shapes of the legal moves in the
// sampled positions and the canonical spatial patterns of the moves played
// in every patternEvery'th, and keeps the frequent ones, sorted (so the file
// is repeatable).
func buildDictionary(games []*rules.SGFGame, cfg *config) *movemodel.Dictionary {
	workers := cfg.workers
	type counts struct {
		shapes   map[movemodel.Shape]int
		patterns map[uint64]int
		contents map[uint64]movemodel.Pattern
	}
	per := make([]counts, workers)
	for w := range per {
		per[w] = counts{map[movemodel.Shape]int{}, map[uint64]int{}, map[uint64]movemodel.Pattern{}}
	}
	forGames(games, workers, func(w, i int, g *rules.SGFGame) {
		c := &per[w]
		var moves []rules.Point
		replay(g, func(pos position) {
			if sampled(i, pos.number, cfg.every) {
				moves = movemodel.LegalMoves(pos.b, pos.color, moves[:0])
				for _, p := range moves {
					if p != rules.Pass {
						c.shapes[movemodel.ShapeAt(pos.b, p, pos.color).Canonical()]++
					}
				}
			}
			if pos.played == rules.Pass || !sampled(i, pos.number, cfg.patternEvery) {
				return
			}
			for _, pt := range movemodel.SpatialPatterns(pos.b, pos.played, pos.color) {
				canon, h := pt.Canonical()
				c.patterns[h]++
				if _, ok := c.contents[h]; !ok {
					c.contents[h] = canon
				}
			}
		})
	})
	shapes, patterns, contents := per[0].shapes, per[0].patterns, per[0].contents
	for _, c := range per[1:] {
		for k, v := range c.shapes {
			shapes[k] += v
		}
		for k, v := range c.patterns {
			patterns[k] += v
			if _, ok := contents[k]; !ok {
				contents[k] = c.contents[k]
			}
		}
	}
	var keptShapes []movemodel.Shape
	for s, n := range shapes {
		if n >= cfg.minShape {
			keptShapes = append(keptShapes, s)
		}
	}
	sort.Slice(keptShapes, func(i, j int) bool { return keptShapes[i] < keptShapes[j] })
	var keptHashes []uint64
	for h, n := range patterns {
		if n >= cfg.minPattern {
			keptHashes = append(keptHashes, h)
		}
	}
	sort.Slice(keptHashes, func(i, j int) bool {
		a, b := contents[keptHashes[i]], contents[keptHashes[j]]
		if a.Size != b.Size {
			return a.Size < b.Size
		}
		return keptHashes[i] < keptHashes[j]
	})
	kept := make([]movemodel.Pattern, len(keptHashes))
	for i, h := range keptHashes {
		kept[i] = contents[h]
	}
	return movemodel.NewDictionary(keptShapes, kept)
}

// candidate is one legal move of a training position, its features packed:
// the fixed groups' levels as bytes (255: none), the dictionary groups'
// indices as int32 (-1: none).
type candidate struct {
	small   [movemodel.GroupShape]uint8
	shape   int32
	spatial int32
}

func pack(f movemodel.Features) candidate {
	var c candidate
	for g := 0; g < movemodel.GroupShape; g++ {
		c.small[g] = uint8(f[g]) // -1 becomes 255
	}
	c.shape, c.spatial = f[movemodel.GroupShape], f[movemodel.GroupSpatial]
	return c
}

// dataset is the training data: every candidate of every position, kept
// per game, and the index of the move played in each position.
type dataset struct {
	positions []trainPosition
	levels    [movemodel.NumGroups]int
	total     int // candidates
}

type trainPosition struct {
	cands  []candidate // a slice of its game's candidates
	played int32       // index of the move played
}

// extract computes the features of every legal move (and pass) of the
// sampled positions.
func extract(games []*rules.SGFGame, dict *movemodel.Dictionary, every, workers int) *dataset {
	type part struct {
		cands  []candidate
		sizes  []int32
		played []int32
	}
	parts := make([]part, len(games))
	exts := make([]*movemodel.Extractor, workers)
	for w := range exts {
		exts[w] = movemodel.NewExtractor(dict)
	}
	forGames(games, workers, func(w, i int, g *rules.SGFGame) {
		x := exts[w]
		pt := &parts[i]
		var moves []rules.Point
		replay(g, func(pos position) {
			if !sampled(i, pos.number, every) {
				return
			}
			moves = movemodel.LegalMoves(pos.b, pos.color, moves[:0])
			played := int32(-1)
			x.Prepare(pos.b, pos.color)
			for j, p := range moves {
				if p == pos.played {
					played = int32(j)
				}
				pt.cands = append(pt.cands, pack(x.Features(p)))
			}
			pt.sizes = append(pt.sizes, int32(len(moves)))
			pt.played = append(pt.played, played)
		})
	})
	d := &dataset{}
	for _, pt := range parts {
		off := 0
		for k, n := range pt.sizes {
			if pt.played[k] >= 0 {
				d.positions = append(d.positions, trainPosition{pt.cands[off : off+int(n) : off+int(n)], pt.played[k]})
				d.total += int(n)
			}
			off += int(n)
		}
	}
	copy(d.levels[:], movemodel.FixedLevels[:])
	d.levels[movemodel.GroupShape] = len(dict.Shapes)
	d.levels[movemodel.GroupSpatial] = len(dict.Patterns)
	return d
}

// level is the candidate's level in group g, or -1.
func (c *candidate) level(g int) int {
	switch g {
	case movemodel.GroupShape:
		return int(c.shape)
	case movemodel.GroupSpatial:
		return int(c.spatial)
	}
	if c.small[g] == 255 {
		return -1
	}
	return int(c.small[g])
}

func strength(c *candidate, gammas *[movemodel.NumGroups][]float64) float64 {
	s := 1.0
	for g := 0; g < movemodel.GroupShape; g++ {
		if l := c.small[g]; l != 255 {
			s *= gammas[g][l]
		}
	}
	if c.shape >= 0 {
		s *= gammas[movemodel.GroupShape][c.shape]
	}
	if c.spatial >= 0 {
		s *= gammas[movemodel.GroupSpatial][c.spatial]
	}
	return s
}

// train runs the MM iterations: each updates the groups one after another,
// every level of a group at once, gamma_i = (W_i + 1) / (sum over positions
// j of C_ij / E_j + 2 / (gamma_i + 1)), where W_i counts the played moves
// with level i, E_j is the strength of all of position j's candidates, C_ij
// that of its candidates with level i, divided by gamma_i, and the +1 and
// 2/(gamma_i+1) are the virtual win and loss against a rating of 1.
func (d *dataset) train(iterations, workers int) [movemodel.NumGroups][]float64 {
	var gammas, wins [movemodel.NumGroups][]float64
	for g := range gammas {
		gammas[g] = make([]float64, d.levels[g])
		wins[g] = make([]float64, d.levels[g])
		for i := range gammas[g] {
			gammas[g][i] = 1
		}
	}
	for _, pos := range d.positions {
		c := &pos.cands[pos.played]
		for g := range wins {
			if l := c.level(g); l >= 0 {
				wins[g][l]++
			}
		}
	}
	positions := len(d.positions)
	for it := 0; it < iterations; it++ {
		for g := 0; g < movemodel.NumGroups; g++ {
			sums := make([][]float64, workers)
			var grp errgroup.Group
			for w := 0; w < workers; w++ {
				sums[w] = make([]float64, d.levels[g])
				grp.Go(func() error {
					sum := sums[w]
					var strengths []float64
					for j := w; j < positions; j += workers {
						cands := d.positions[j].cands
						strengths = strengths[:0]
						total := 0.0
						for k := range cands {
							s := strength(&cands[k], &gammas)
							strengths = append(strengths, s)
							total += s
						}
						for k := range cands {
							if l := cands[k].level(g); l >= 0 {
								sum[l] += strengths[k] / gammas[g][l] / total
							}
						}
					}
					return nil
				})
			}
			grp.Wait()
			for l := range gammas[g] {
				c := 0.0
				for w := range sums {
					c += sums[w][l]
				}
				gammas[g][l] = (wins[g][l] + 1) / (c + 2/(gammas[g][l]+1))
			}
		}
		if (it+1)%5 == 0 || it+1 == iterations {
			log.Printf("iteration %d: log-likelihood per position %.4f", it+1, d.logLikelihood(&gammas))
		}
	}
	return gammas
}

// logLikelihood is the mean log-probability of the played moves.
func (d *dataset) logLikelihood(gammas *[movemodel.NumGroups][]float64) float64 {
	sum := 0.0
	for _, pos := range d.positions {
		total := 0.0
		for k := range pos.cands {
			total += strength(&pos.cands[k], gammas)
		}
		sum += math.Log(strength(&pos.cands[pos.played], gammas) / total)
	}
	return sum / float64(len(d.positions))
}

// counts are positions, and those whose played move the model ranked
// first, in the first 5, in the first 10.
type counts struct{ n, top1, top5, top10 int }

func (c *counts) add(rank int) {
	c.n++
	if rank == 1 {
		c.top1++
	}
	if rank <= 5 {
		c.top5++
	}
	if rank <= 10 {
		c.top10++
	}
}

func (c *counts) merge(o counts) {
	c.n, c.top1, c.top5, c.top10 = c.n+o.n, c.top1+o.top1, c.top5+o.top5, c.top10+o.top10
}

// tally counts the predictions, in all and by game phase (moves 1-30,
// 31-150, 151 on).
type tally struct {
	all   counts
	phase [3]counts
}

// measure ranks the played move among every legal move (and pass) of every
// position of the test games. Ties count against the model: the played
// move's rank is one more than the number of other moves at least as
// strong.
func measure(m *movemodel.Model, games []*rules.SGFGame, workers int) tally {
	per := make([]tally, workers)
	raters := make([]*movemodel.Rater, workers)
	for w := range raters {
		raters[w] = m.NewRater()
	}
	forGames(games, workers, func(w, i int, g *rules.SGFGame) {
		t := &per[w]
		var moves []rules.Point
		var probs []float32
		replay(g, func(pos position) {
			moves = movemodel.LegalMoves(pos.b, pos.color, moves[:0])
			probs = append(probs[:0], make([]float32, len(moves))...)
			raters[w].Rate(pos.b, pos.color, moves, probs)
			played := -1
			for j, p := range moves {
				if p == pos.played {
					played = j
				}
			}
			if played < 0 {
				return
			}
			rank := 1
			for j := range moves {
				if j != played && probs[j] >= probs[played] {
					rank++
				}
			}
			ph := 0
			switch {
			case pos.number > 150:
				ph = 2
			case pos.number > 30:
				ph = 1
			}
			t.all.add(rank)
			t.phase[ph].add(rank)
		})
	})
	var t tally
	for _, p := range per {
		t.all.merge(p.all)
		for i := range t.phase {
			t.phase[i].merge(p.phase[i])
		}
	}
	return t
}

// String reports the figures, a line in all and one per phase.
func (t tally) String() string {
	pct := func(a, n int) float64 { return 100 * float64(a) / float64(max(n, 1)) }
	var b strings.Builder
	fmt.Fprintf(&b, "held-out positions: %d; top-1 %.2f%%, top-5 %.2f%%, top-10 %.2f%%\n",
		t.all.n, pct(t.all.top1, t.all.n), pct(t.all.top5, t.all.n), pct(t.all.top10, t.all.n))
	for i, name := range []string{"moves 1-30", "moves 31-150", "moves 151+"} {
		p := t.phase[i]
		fmt.Fprintf(&b, "  %-13s %7d positions: top-1 %.2f%%, top-5 %.2f%%, top-10 %.2f%%\n",
			name, p.n, pct(p.top1, p.n), pct(p.top5, p.n), pct(p.top10, p.n))
	}
	return b.String()
}
