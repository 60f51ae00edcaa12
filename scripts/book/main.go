// Command book learns gtpgo's 19x19 opening book (opening/book.dat) from the
// strong players' games in ../shared/data/games: the moves played in the
// positions of the first moves of the even games, counted up to the
// symmetries of the board, the frequent ones kept.
//
//	go run ./scripts/book [-games DIR] [-out opening/book.dat] [-moves 30] [-min-position 10] [-min-move 3] [-holdout 0]
//	go run ./scripts/book -verify opening/book.dat   (build again with its flags, compare)
//
// The games: the 19x19 games without handicap (HA below 2, no setup
// stones). A game is read up to its -moves'th move, and only up to a pass,
// a setup node or a move the board refuses (occupied, ko, suicide): what
// follows is not an opening. With -holdout n, every n-th of those games is
// left out of the book, and the report of how deep the book reaches is
// measured on them rather than on the book's own games. The same data and
// flags give the same file: it records the command that made it, and
// -verify checks it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/opening"
	"github.com/gtpgo/gtpgo/rules"
)

// config is what the book depends on: the flags that shape it.
type config struct {
	moves, minPosition, minMove, holdout int
}

// flags registers the config's flags on fs.
func (c *config) flags(fs *flag.FlagSet) {
	fs.IntVar(&c.moves, "moves", 30, "read the first n moves of each game")
	fs.IntVar(&c.minPosition, "min-position", 10, "keep positions seen at least this often")
	fs.IntVar(&c.minMove, "min-move", 3, "keep the moves played at least this often in a kept position")
	fs.IntVar(&c.holdout, "holdout", 0, "leave every n-th game out of the book and measure on those (0: none)")
}

// command is the book command line that makes the same book.
func (c *config) command() string {
	return fmt.Sprintf("book -moves %d -min-position %d -min-move %d -holdout %d",
		c.moves, c.minPosition, c.minMove, c.holdout)
}

// parseCommand reads the config back from the first line of a book's
// provenance.
func parseCommand(line string) (config, error) {
	var cfg config
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.flags(fs)
	rest, ok := strings.CutPrefix(line, "book ")
	if !ok {
		return cfg, fmt.Errorf("not a book command: %q", line)
	}
	if err := fs.Parse(strings.Fields(rest)); err != nil {
		return cfg, fmt.Errorf("command %q: %v", line, err)
	}
	return cfg, nil
}

func main() {
	var cfg config
	cfg.flags(flag.CommandLine)
	dir := flag.String("games", "../shared/data/games", "directory of SGF collections (*.sgf.gz, *.sgf)")
	out := flag.String("out", "opening/book.dat", "book file to write")
	verify := flag.String("verify", "", "build again with this book's recorded flags and compare the files")
	flag.Parse()

	start := time.Now()
	var old []byte
	if *verify != "" {
		var err error
		if old, err = os.ReadFile(*verify); err != nil {
			log.Fatal(err)
		}
		bk, err := opening.DecodeBook(old)
		if err != nil {
			log.Fatalf("%s: %v", *verify, err)
		}
		line, _, _ := strings.Cut(bk.Provenance, "\n")
		if cfg, err = parseCommand(line); err != nil {
			log.Fatalf("%s: %v", *verify, err)
		}
	}
	read, even, err := loadGames(*dir)
	if err != nil {
		log.Fatal(err)
	}
	train, test := split(even, cfg.holdout)
	bk := build(&cfg, train, read)
	file := bk.Encode()
	if *verify != "" {
		if !bytes.Equal(file, old) {
			log.Fatalf("%s differs from what %s makes now", *verify, cfg.command())
		}
		log.Printf("%s is what %s makes (%.1fs)", *verify, cfg.command(), time.Since(start).Seconds())
		return
	}
	if err := os.WriteFile(*out, file, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s\n", cfg.command())
	fmt.Printf("games read: %d; even 19x19: %d, %d in the book, %d held out\n", read, len(even), len(train), len(test))
	fmt.Printf("book: %d positions, %d entries; %s: %d bytes (%.1fs)\n",
		bk.Positions(), bk.Entries(), *out, len(file), time.Since(start).Seconds())
	fmt.Print(report(bk, train, test, cfg.moves))
}

// loadGames reads every game of the SGF files in dir (in name order) and
// returns how many there are and the even 19x19 ones.
func loadGames(dir string) (read int, even []*rules.SGFGame, err error) {
	var files []string
	for _, pattern := range []string{"*.sgf.gz", "*.sgf"} {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		files = append(files, m...)
	}
	if len(files) == 0 {
		return 0, nil, fmt.Errorf("no game files in %s", dir)
	}
	sort.Strings(files)
	for _, f := range files {
		games, err := rules.ReadSGFFile(f)
		if err != nil {
			return 0, nil, err
		}
		read += len(games)
		for _, g := range games {
			if g.Size == opening.Size && g.Handicap < 2 && len(g.Setup) == 0 {
				even = append(even, g)
			}
		}
	}
	return read, even, nil
}

// split leaves every n-th game out of the book (none when n <= 0).
func split(games []*rules.SGFGame, n int) (train, test []*rules.SGFGame) {
	if n <= 0 {
		return games, nil
	}
	for i, g := range games {
		if i%n == 0 {
			test = append(test, g)
		} else {
			train = append(train, g)
		}
	}
	return train, test
}

// replay calls fn with the position before each of the first moves of g
// (number from 1) and the move played there. It stops at a pass, a setup
// node or a move the board refuses: from there on it is not an opening.
func replay(g *rules.SGFGame, moves int, fn func(b *rules.Board, m rules.Move, number int)) {
	b, err := rules.NewBoard(g.Size)
	if err != nil {
		return
	}
	n := 0
	for _, node := range g.Nodes {
		if node.Setup != nil && node.Index > 0 {
			return
		}
		if node.Move == nil {
			continue
		}
		m := *node.Move
		if n++; n > moves || m.Point == rules.Pass || b.Check(m.Point, m.Color) != nil {
			return
		}
		fn(b, m, n)
		b.PlayLegal(m.Point, m.Color)
	}
}

// build counts the moves of the games' openings and keeps the frequent
// ones; read is the number of games the files held (for the provenance).
func build(cfg *config, games []*rules.SGFGame, read int) *opening.Book {
	var bd opening.Builder
	for _, g := range games {
		replay(g, cfg.moves, func(b *rules.Board, m rules.Move, _ int) { bd.Add(b, m.Color, m.Point) })
	}
	bk := bd.Build(cfg.minPosition, cfg.minMove, "")
	bk.Provenance = fmt.Sprintf("%s\n%d games read, %d even 19x19 games in the book; %d positions, %d entries",
		cfg.command(), read, len(games), bk.Positions(), bk.Entries())
	return bk
}

// depth is how far the book reaches: the book's positions by the move
// number they come before (1: the empty board), and the games by the
// number of the move before which their deepest book position comes
// (0: not even the empty board).
type depth struct {
	positions []int
	deepest   []int
	games     int
}

// measureDepth counts the book's positions met in train by move number
// and, in test (or train when test is empty), the deepest book position of
// each game.
func measureDepth(bk *opening.Book, train, test []*rules.SGFGame, moves int) depth {
	d := depth{positions: make([]int, moves+1), deepest: make([]int, moves+1)}
	first := map[uint64]int{} // a book position's smallest move number
	for _, g := range train {
		replay(g, moves, func(b *rules.Board, m rules.Move, n int) {
			if bk.Lookup(b, m.Color) == nil {
				return
			}
			key, _ := opening.Key(b, m.Color)
			if f, ok := first[key]; !ok || n < f {
				first[key] = n
			}
		})
	}
	for _, n := range first {
		d.positions[n]++
	}
	if len(test) == 0 {
		test = train
	}
	for _, g := range test {
		deepest := 0
		replay(g, moves, func(b *rules.Board, m rules.Move, n int) {
			if bk.Lookup(b, m.Color) != nil {
				deepest = n
			}
		})
		d.deepest[deepest]++
		d.games++
	}
	return d
}

// report describes how deep the book reaches.
func report(bk *opening.Book, train, test []*rules.SGFGame, moves int) string {
	d := measureDepth(bk, train, test, moves)
	var b strings.Builder
	b.WriteString("book positions by move number (the move about to be played):\n")
	writeHistogram(&b, d.positions)
	which := "the book's own games"
	if len(test) > 0 {
		which = "the held-out games"
	}
	fmt.Fprintf(&b, "deepest book position of each of %s (%d), by move number:\n", which, d.games)
	writeHistogram(&b, d.deepest)
	sum, cum, median := 0, 0, 0
	for n, c := range d.deepest {
		sum += n * c
		if cum += c; median == 0 && 2*cum >= d.games {
			median = n
		}
	}
	fmt.Fprintf(&b, "  mean %.1f, median %d\n", float64(sum)/float64(max(d.games, 1)), median)
	return b.String()
}

// writeHistogram writes "number:count" pairs, ten a line, skipping the
// empty ones.
func writeHistogram(b *strings.Builder, counts []int) {
	k := 0
	for n, c := range counts {
		if c == 0 {
			continue
		}
		if k%10 == 0 {
			if k > 0 {
				b.WriteString("\n")
			}
			b.WriteString(" ")
		}
		fmt.Fprintf(b, " %2d:%d", n, c)
		k++
	}
	b.WriteString("\n")
}
