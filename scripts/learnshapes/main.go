// Command learnshapes learns the value of 3x3 shapes (see engine/shape.go)
// from the strong players' games in ../shared/data/games and writes
// engine/shapes.dat, which the engine embeds.
//
//	go run ./scripts/learnshapes [-games DIR] [-every N] [-out engine/shapes.dat]
//
// For every position of every game (every N-th game), each legal move of the
// player to move that does not fill its own eye is a candidate: the shape of
// each candidate is counted as seen, and the shape of the move played as
// chosen. A shape's value is its smoothed choice rate relative to the
// average candidate, on a log scale: 128 + 16*log2(rate/average).
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

func main() {
	dir := flag.String("games", "../shared/data/games", "directory of gzip'd SGF collections")
	every := flag.Int("every", 3, "use every n-th game")
	minSeen := flag.Int("min-seen", 400, "keep shapes seen at least this often")
	out := flag.String("out", "engine/shapes.dat", "output file")
	flag.Parse()

	files, err := filepath.Glob(filepath.Join(*dir, "*.sgf.gz"))
	if err != nil || len(files) == 0 {
		log.Fatalf("no game files in %s", *dir)
	}
	sort.Strings(files)
	seen := make([]uint32, 1<<24)
	chosen := make([]uint32, 1<<24)
	var games, positions, totalSeen, totalChosen int
	n := 0
	for _, f := range files {
		coll, err := rules.ReadSGFFile(f)
		if err != nil {
			log.Fatalf("%s: %v", f, err)
		}
		for _, sg := range coll {
			n++
			if n%*every != 0 {
				continue
			}
			g, _, err := sg.Replay(rules.Japanese, 1, true) // the start position
			if err != nil {
				continue
			}
			games++
			for _, node := range sg.Nodes {
				if node.Setup != nil {
					break // a setup mid-game: the rest is not a game
				}
				if node.Move == nil {
					continue
				}
				m := *node.Move
				b := g.Board()
				if m.Point != rules.Pass && b.Color(m.Point) == rules.Empty {
					positions++
					for i := 0; i < b.EmptyCount(); i++ {
						p := b.EmptyAt(i)
						if !b.LegalEmpty(p, m.Color) || b.IsEye(p, m.Color) {
							continue
						}
						code := engine.ShapeCode(b, p, m.Color)
						seen[code]++
						totalSeen++
						if p == m.Point {
							chosen[code]++
							totalChosen++
						}
					}
				}
				if err := g.PlayUnchecked(m.Point, m.Color); err != nil {
					break
				}
			}
		}
		fmt.Fprintf(os.Stderr, "%s: %d games, %d positions so far\n", filepath.Base(f), games, positions)
	}
	avg := float64(totalChosen) / float64(totalSeen)
	const prior = 50 // virtual observations at the average rate
	values := map[uint32]uint8{}
	for code, s := range seen {
		if int(s) < *minSeen {
			continue
		}
		rate := (float64(chosen[code]) + prior*avg) / (float64(s) + prior)
		v := 128 + 16*math.Log2(rate/avg)
		values[uint32(code)] = uint8(math.Max(1, math.Min(255, math.Round(v))))
	}
	if err := os.WriteFile(*out, engine.EncodeShapes(values), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d games, %d positions, %d candidate moves; %d shapes kept in %s (average choice rate %.4f)\n",
		games, positions, totalSeen, len(values), *out, avg)
}
