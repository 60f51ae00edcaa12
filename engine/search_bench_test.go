package engine

import (
	"context"
	"testing"

	"github.com/gtpgo/gtpgo/rules"
)

func benchmarkSearch(bm *testing.B, size, threads int, policy string) {
	g, err := rules.NewGame(size, rules.Chinese, 7.5)
	if err != nil {
		bm.Fatal(err)
	}
	p := DefaultParams()
	p.Threads = threads
	p.Seed = 1
	p.PlayoutPolicy = policy
	p.ReuseTree = false
	e := New(p)
	// the first search allocates and clears the tree arenas (the memory
	// budget, 1 GiB by default): not part of the search speed
	e.Search(context.Background(), g, rules.Black, Limits{Playouts: 100})
	playouts := 0
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		res := e.Search(context.Background(), g, rules.Black, Limits{Playouts: 20000})
		playouts += res.Playouts
	}
	bm.ReportMetric(float64(playouts)/bm.Elapsed().Seconds(), "playouts/s")
}

func BenchmarkSearch9Heavy1(bm *testing.B)  { benchmarkSearch(bm, 9, 1, "heavy") }
func BenchmarkSearch9Heavy2(bm *testing.B)  { benchmarkSearch(bm, 9, 2, "heavy") }
func BenchmarkSearch19Heavy1(bm *testing.B) { benchmarkSearch(bm, 19, 1, "heavy") }
func BenchmarkSearch19Heavy2(bm *testing.B) { benchmarkSearch(bm, 19, 2, "heavy") }
func BenchmarkSearch9Light1(bm *testing.B)  { benchmarkSearch(bm, 9, 1, "light") }

// The playouts the search runs, from an empty board without a tree (what
// `gtpgo bench` reports as the engine's playout speed).
func benchmarkPlayouts(bm *testing.B, size int, policy string) {
	p := DefaultParams()
	p.PlayoutPolicy = policy
	run, err := NewPlayoutRun(size, p, 1)
	if err != nil {
		bm.Fatal(err)
	}
	moves := 0
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		moves += run.Play(1)
	}
	bm.ReportMetric(float64(bm.N)/bm.Elapsed().Seconds(), "playouts/s")
	bm.ReportMetric(float64(moves)/float64(bm.N), "moves/playout")
}

func BenchmarkPlayouts9Light(bm *testing.B)  { benchmarkPlayouts(bm, 9, "light") }
func BenchmarkPlayouts9Heavy(bm *testing.B)  { benchmarkPlayouts(bm, 9, "heavy") }
func BenchmarkPlayouts19Light(bm *testing.B) { benchmarkPlayouts(bm, 19, "light") }
func BenchmarkPlayouts19Heavy(bm *testing.B) { benchmarkPlayouts(bm, 19, "heavy") }
