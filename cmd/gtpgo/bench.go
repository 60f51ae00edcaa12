package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// bench prints light-playout speed and full-search speed on an empty board.
func bench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gtpgo bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	size := fs.Int("size", 19, "board size")
	playouts := fs.Int("playouts", 20000, "playouts of the full search")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads")
	seconds := fs.Float64("seconds", 1, "how long to run light playouts")
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
	if *playouts < 1 || *threads < 1 {
		fmt.Fprintf(stderr, "gtpgo bench: -playouts and -threads must be positive\n")
		return 2
	}

	// light playouts: uniform random moves, one thread
	var b rules.Board
	r := rules.NewRand(1)
	n, moves := 0, 0
	budget := time.Duration(*seconds * float64(time.Second))
	start := time.Now()
	for n == 0 || time.Since(start) < budget {
		for i := 0; i < 100; i++ {
			b.CopyFrom(root)
			moves += b.LightPlayout(r, 3**size**size)
			n++
		}
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "light playouts %dx%d (1 thread): %.0f playouts/s, %.1f ns/move, %.1f moves/playout\n",
		*size, *size, float64(n)/el.Seconds(), float64(el.Nanoseconds())/float64(moves), float64(moves)/float64(n))

	// full search from the empty board
	p := engine.DefaultParams()
	p.Threads = *threads
	p.Seed = 1
	p.ReuseTree = false
	if err := p.Validate(); err != nil {
		fmt.Fprintf(stderr, "gtpgo bench: %v\n", err)
		return 2
	}
	g, err := rules.NewGame(*size, rules.Chinese, 7.5)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo bench: %v\n", err)
		return 2
	}
	eng := engine.New(p)
	start = time.Now()
	res := eng.Search(context.Background(), g, rules.Black, engine.Limits{Playouts: *playouts})
	el = time.Since(start)
	fmt.Fprintf(stdout, "search %dx%d (%d threads, %s playouts): %d playouts in %.2fs, %.0f playouts/s, best %s\n",
		*size, *size, p.Threads, p.PlayoutPolicy, res.Playouts, el.Seconds(), float64(res.Playouts)/el.Seconds(),
		g.Board().Vertex(res.Move))
	return 0
}
