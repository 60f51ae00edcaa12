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
