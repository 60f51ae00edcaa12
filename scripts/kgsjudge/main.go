// Command kgsjudge measures the dead-stone judgement on counted KGS games
// (a collection written by scripts/endgames) in two steps, so that changes
// to the judgement or the counting can be tried on all 6,500 games in
// minutes instead of the searches' hour:
//
//	go run ./scripts/kgsjudge -set FILE -cache OWN.jsonl [-workers 2] [-seed 7] [-param NAME=VALUE]...
//	go run ./scripts/kgsjudge -set FILE -score OWN.jsonl [-param NAME=VALUE]... [-show NAME] [-workers 2]
//
// -cache runs the engine's final-ownership searches (one thread per worker,
// seed 7 unless -seed says) and stores each game's ownership as a JSON
// line. -score judges and counts every cached game with the current code
// (FinalJudge), -workers games at once, lists the games whose count
// differs from the recorded result and sums up: exact results, right
// winners, and the misses by size. -show prints one game's judged board.
// Both take the engine's parameters as -param sets them, e.g.
// -param status_playouts=4000 or -param final_dead_ownership=0.3.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/judge"
	"github.com/gtpgo/gtpgo/rules"
)

// cached is one line of an ownership cache.
type cached struct {
	Name      string    `json:"name"`
	Ownership []float64 `json:"ownership"`
}

func main() {
	set := flag.String("set", "testdata/endgame/kgs-counted.sgf", "SGF collection of counted games (scripts/endgames)")
	cacheOut := flag.String("cache", "", "compute the final ownership of every game into this file")
	workers := flag.Int("workers", 2, "games searched (-cache) or judged (-score) at once")
	seed := flag.Int64("seed", 7, "with -cache: the searches' random seed (another one samples the playouts' noise)")
	scoreIn := flag.String("score", "", "judge and count every game from this ownership cache")
	params := engine.DefaultParams()
	flag.Func("param", "NAME=VALUE: an engine parameter to search (-cache) or judge (-score) with; repeatable", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok {
			return fmt.Errorf("%q is not NAME=VALUE", s)
		}
		return params.Set(name, value)
	})
	show := flag.String("show", "", "with -score: print this game's judged board (its GN)")
	flag.Parse()
	if *workers < 1 {
		log.Fatal("-workers must be at least 1")
	}
	data, err := os.ReadFile(*set)
	if err != nil {
		log.Fatal(err)
	}
	games, err := rules.ParseSGF(data)
	if err != nil {
		log.Fatal(err)
	}
	switch {
	case *cacheOut != "":
		err = writeCache(games, *cacheOut, params, *workers, *seed)
	case *scoreIn != "":
		var f *os.File
		if f, err = os.Open(*scoreIn); err == nil {
			_, err = score(games, f, params.JudgeParams, *show, *workers, os.Stdout)
			f.Close()
		}
	default:
		flag.Usage()
		os.Exit(2)
	}
	if err != nil {
		log.Fatal(err)
	}
}

func writeCache(games []*rules.SGFGame, out string, params engine.Params, workers int, seed int64) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := cache(games, w, params, workers, seed); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// cache writes the final ownership of every game as JSON lines, in the
// games' order.
func cache(games []*rules.SGFGame, out io.Writer, params engine.Params, workers int, seed int64) error {
	lines := make([][]byte, len(games))
	var g errgroup.Group
	g.SetLimit(workers)
	engines := make(chan *engine.Engine, workers)
	for i := 0; i < workers; i++ {
		p := params
		p.Threads, p.Seed, p.MemoryMB = 1, seed, 256
		engines <- engine.New(p)
	}
	for i, sg := range games {
		g.Go(func() error {
			game, _, err := sg.NewGame(rules.Japanese, true)
			if err != nil {
				return fmt.Errorf("%s: %w", sg.Info["GN"], err)
			}
			e := <-engines
			own := e.FinalOwnership(context.Background(), game).Merged(game.Board())
			engines <- e
			lines[i], err = json.Marshal(cached{sg.Info["GN"], own})
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := fmt.Fprintf(out, "%s\n", l); err != nil {
			return err
		}
	}
	return nil
}

// tally sums up a scoring run.
type tally struct {
	games, exact, winner, negated int
	bySize                        [4]int // misses by 1, 2-5, 6-20, more points
}

// score judges and counts every game of the cache read from in, writing
// the misses, the summary and the board of the game named show to out.
func score(games []*rules.SGFGame, in io.Reader, jp judge.Params, show string, workers int, out io.Writer) (tally, error) {
	var t tally
	own := map[string][]float64{}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c cached
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return t, err
		}
		own[c.Name] = c.Ownership
	}
	if err := sc.Err(); err != nil {
		return t, err
	}
	// the judgements are independent and take most of the time: they run
	// on the workers, the tally in the games' order
	type judged struct {
		g      *rules.Game
		status rules.StatusMap
	}
	results := make([]judged, len(games))
	var eg errgroup.Group
	eg.SetLimit(workers)
	for i, sg := range games {
		o, cachedGame := own[sg.Info["GN"]]
		if _, scored := rules.MarginOf(sg.Result); !cachedGame || !scored {
			continue
		}
		eg.Go(func() error {
			g, _, err := sg.NewGame(rules.Japanese, true)
			if err != nil {
				return fmt.Errorf("%s: %w", sg.Info["GN"], err)
			}
			b := g.Board()
			if len(o) != b.Len {
				return fmt.Errorf("%s: cached ownership for another board", sg.Info["GN"])
			}
			results[i] = judged{g: g, status: jp.FinalJudge(b, o)}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return t, err
	}
	for i, sg := range games {
		g, status := results[i].g, results[i].status
		if g == nil {
			continue
		}
		want, _ := rules.MarginOf(sg.Result)
		got := g.Score(status).Margin()
		if sg.Info["GN"] == show {
			printBoard(out, g, status)
		}
		t.games++
		if (got > 0) == (want > 0) {
			t.winner++
		}
		if math.Abs(got-want) < 0.01 {
			t.exact++
			continue
		}
		fmt.Fprintf(out, "%s: recorded %+.1f, judged %+.1f\n", sg.Info["GN"], want, got)
		if got == -want {
			t.negated++
		}
		switch d := math.Abs(got - want); {
		case d <= 1:
			t.bySize[0]++
		case d <= 5:
			t.bySize[1]++
		case d <= 20:
			t.bySize[2]++
		default:
			t.bySize[3]++
		}
	}
	if t.games == 0 {
		return t, fmt.Errorf("no game of the set is in the cache")
	}
	n := float64(t.games)
	fmt.Fprintf(out, "%d games: exact %d (%.1f%%), right winner %d (%.1f%%)\n", t.games, t.exact, 100*float64(t.exact)/n, t.winner, 100*float64(t.winner)/n)
	fmt.Fprintf(out, "misses by 1 point %d, 2-5 %d, 6-20 %d, more %d; %d exactly the recorded result negated\n", t.bySize[0], t.bySize[1], t.bySize[2], t.bySize[3], t.negated)
	return t, nil
}

// printBoard prints the position with the judgement: x/o dead stones, X/O
// alive, S/s seki (Black/White), and each point's owner under the game's scoring (+ Black,
// - White).
func printBoard(out io.Writer, g *rules.Game, status rules.StatusMap) {
	b := g.Board()
	owners := rules.Owners(b, status, g.Rules.Scoring)
	fmt.Fprintln(out, g.Rules.Name, "komi", g.Komi, "judged", g.Score(status))
	for y := b.Size - 1; y >= 0; y-- {
		line := fmt.Sprintf("%2d ", y+1)
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			ch := byte('.')
			switch c, st := b.Color(p), status.At(p); {
			case c == rules.Black:
				ch = "XxS"[st]
			case c == rules.White:
				ch = "Oos"[st]
			case owners[p] == rules.Black:
				ch = '+'
			case owners[p] == rules.White:
				ch = '-'
			}
			line += string(ch) + " "
		}
		fmt.Fprintln(out, line)
	}
}
