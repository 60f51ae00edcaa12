package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// bench prints the speed of the engine's playouts (light and heavy, on the
// board and policy the search runs), of a reference light playout on
// rules.LightBoard, and of the full search, on an empty board.
// Machines here are shared and noisy, so every figure is the median of
// several rounds, measured in one run (min and max beside it).
func bench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gtpgo bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := fs.Int("size", 19, "board size")
	playouts := fs.Int("playouts", 10000, "playouts of each full search")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads (the search is also measured with one)")
	seconds := fs.Float64("seconds", 1, "length of one round of light playouts")
	rounds := fs.Int("rounds", 5, "rounds of each measurement; the median is reported")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	root, err := rules.NewBoard(*size)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo bench: %v\n", err)
		return 2
	}
	if *playouts < 1 || *threads < 1 || *rounds < 1 || *seconds <= 0 {
		fmt.Fprintf(stderr, "gtpgo bench: -playouts, -threads, -rounds and -seconds must be positive\n")
		return 2
	}

	budget := time.Duration(*seconds * float64(time.Second))
	// rounds of playouts for budget each, one thread: the medians of the
	// playout rate and of the time per move, and the moves per playout
	measure := func(play func() (n, moves int)) (rates, nsPerMove []float64, movesPerPlayout float64) {
		for round := 0; round < *rounds; round++ {
			n, moves := 0, 0
			start := time.Now()
			for n == 0 || time.Since(start) < budget {
				dn, dm := play()
				n, moves = n+dn, moves+dm
			}
			el := time.Since(start)
			rates = append(rates, float64(n)/el.Seconds())
			nsPerMove = append(nsPerMove, float64(el.Nanoseconds())/float64(moves))
			movesPerPlayout = float64(moves) / float64(n)
		}
		return rates, nsPerMove, movesPerPlayout
	}

	// the playouts the search runs: the engine's board and policy, light
	// and heavy, with the default configuration
	for _, policy := range []string{"light", "heavy"} {
		p := engine.DefaultParams()
		p.PlayoutPolicy = policy
		run, err := engine.NewPlayoutRun(*size, p, 1)
		if err != nil {
			fmt.Fprintf(stderr, "gtpgo bench: %v\n", err)
			return 2
		}
		rates, ns, perPlayout := measure(func() (int, int) { return 100, run.Play(100) })
		fmt.Fprintf(stdout, "engine %s playouts %dx%d (1 thread, no tree): %s playouts/s, %s ns/move, %.1f moves/playout\n",
			policy, *size, *size, spread(rates, "%.0f"), spread(ns, "%.1f"), perPlayout)
	}

	// a reference the engine does not play on: uniform random playouts on
	// rules.LightBoard, a pseudo-liberty board built for nothing else (what
	// light playouts could cost on the leanest board)
	var empty, b rules.LightBoard
	empty.Load(root)
	r := rules.NewRand(1)
	rates, ns, perPlayout := measure(func() (int, int) {
		moves := 0
		for i := 0; i < 100; i++ {
			b.CopyFrom(&empty)
			moves += b.LightPlayout(r, 3**size**size)
		}
		return 100, moves
	})
	fmt.Fprintf(stdout, "reference: random playouts on rules.LightBoard %dx%d, a board the engine does not use (1 thread): %s playouts/s, %s ns/move, %.1f moves/playout\n",
		*size, *size, spread(rates, "%.0f"), spread(ns, "%.1f"), perPlayout)

	// full search from the empty board, with one thread and with -threads
	g, err := rules.NewGame(*size, rules.Chinese, 7.5)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo bench: %v\n", err)
		return 2
	}
	search := func(threads int) ([]float64, string) {
		p := engine.DefaultParams()
		p.Threads = threads
		p.Seed = 1
		p.ReuseTree = false
		eng := engine.New(p)
		eng.Search(context.Background(), g, rules.Black, engine.Limits{Playouts: 1000}) // allocate the tree
		var rates []float64
		var best string
		for round := 0; round < *rounds; round++ {
			start := time.Now()
			res := eng.Search(context.Background(), g, rules.Black, engine.Limits{Playouts: *playouts})
			rates = append(rates, float64(res.Playouts)/time.Since(start).Seconds())
			best = g.Board().Vertex(res.Move)
		}
		return rates, best
	}
	one, best := search(1)
	fmt.Fprintf(stdout, "search %dx%d (1 thread, %s playouts): %s playouts/s, best %s\n",
		*size, *size, engine.DefaultParams().PlayoutPolicy, spread(one, "%.0f"), best)
	if *threads > 1 {
		many, best := search(*threads)
		fmt.Fprintf(stdout, "search %dx%d (%d threads): %s playouts/s, best %s; %.2fx one thread\n",
			*size, *size, *threads, spread(many, "%.0f"), best, median(many)/median(one))
	}
	return 0
}

// spread formats the median of xs with its minimum and maximum.
func spread(xs []float64, format string) string {
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	return fmt.Sprintf(format+" (min "+format+", max "+format+")", median(xs), lo, hi)
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
