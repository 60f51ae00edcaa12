// Command endgames extracts the test set of counted games for the
// end-of-game tests: games from the KGS collections whose result is a score
// (RE like B+12.50) and whose last two moves are passes, so the final
// position holds the dead stones the players agreed on.
//
//	go run ./scripts/endgames [-games DIR] [-every 25] [-offset 7] [-out testdata/endgame/kgs-counted.sgf]
//
// Every n-th such game (from the given offset) is written, in file order, to
// one SGF collection with the original root properties.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/gtpgo/gtpgo/rules"
)

var scored = regexp.MustCompile(`^[BW]\+[0-9]+(\.[0-9]+)?$`)

func main() {
	dir := flag.String("games", "../shared/data/games", "directory of gzip'd SGF collections")
	every := flag.Int("every", 25, "take every n-th counted game")
	offset := flag.Int("offset", 7, "index of the first game taken, counted from 0")
	out := flag.String("out", "testdata/endgame/kgs-counted.sgf", "output collection")
	flag.Parse()
	files, err := filepath.Glob(filepath.Join(*dir, "*.sgf.gz"))
	if err != nil || len(files) == 0 {
		log.Fatalf("no game files in %s", *dir)
	}
	sort.Strings(files)
	var collection []byte
	counted, kept := 0, 0
	for _, f := range files {
		games, err := rules.ReadSGFFile(f)
		if err != nil {
			log.Fatalf("%s: %v", f, err)
		}
		for i, sg := range games {
			if !scored.MatchString(sg.Result) || !endsWithTwoPasses(sg) {
				continue
			}
			counted++
			if (counted-1-*offset)%*every != 0 || counted-1 < *offset {
				continue
			}
			g, _, err := sg.NewGame(rules.Japanese, true)
			if err != nil {
				log.Fatalf("%s game %d: %v", f, i, err)
			}
			info := map[string]string{"GN": fmt.Sprintf("%s#%d", filepath.Base(f), i)}
			for _, k := range []string{"PB", "PW", "BR", "WR", "DT", "RU"} {
				if v, ok := sg.Info[k]; ok {
					info[k] = v
				}
			}
			collection = append(collection, rules.WriteSGF(g, rules.SGFNotes{Info: info, Result: sg.Result})...)
			collection = append(collection, '\n')
			kept++
		}
	}
	if err := os.WriteFile(*out, collection, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d counted games, %d written to %s\n", counted, kept, *out)
}

func endsWithTwoPasses(sg *rules.SGFGame) bool {
	var last []rules.Move
	for _, n := range sg.Nodes {
		if n.Move != nil {
			last = append(last, *n.Move)
		}
	}
	return len(last) >= 2 && last[len(last)-1].Point == rules.Pass && last[len(last)-2].Point == rules.Pass
}
