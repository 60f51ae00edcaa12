package rules

import "testing"

// playoutBoard is what the light-playout benchmarks need of a board.
type playoutBoard interface {
	LightPlayout(r *Rand, maxMoves int) int
}

func benchmarkLightPlayout(bm *testing.B, size int, b playoutBoard, reset func()) {
	r := NewRand(1)
	moves := 0
	bm.ReportAllocs()
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		reset()
		moves += b.LightPlayout(r, 3*size*size)
	}
	bm.ReportMetric(float64(bm.N)/bm.Elapsed().Seconds(), "playouts/s")
	bm.ReportMetric(float64(moves)/float64(bm.N), "moves/playout")
	bm.ReportMetric(float64(bm.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

// benchmarkBoard runs light playouts on Board (exact liberties).
func benchmarkBoard(bm *testing.B, size int) {
	root, err := NewBoard(size)
	if err != nil {
		bm.Fatal(err)
	}
	var b Board
	benchmarkLightPlayout(bm, size, &b, func() { b.CopyFrom(root) })
}

// benchmarkLightBoard runs them on LightBoard (pseudo-liberties).
func benchmarkLightBoard(bm *testing.B, size int) {
	root, err := NewBoard(size)
	if err != nil {
		bm.Fatal(err)
	}
	var start, lb LightBoard
	start.Load(root)
	benchmarkLightPlayout(bm, size, &lb, func() { lb.CopyFrom(&start) })
}

func BenchmarkLightPlayout9(bm *testing.B)       { benchmarkLightBoard(bm, 9) }
func BenchmarkLightPlayout19(bm *testing.B)      { benchmarkLightBoard(bm, 19) }
func BenchmarkBoardLightPlayout9(bm *testing.B)  { benchmarkBoard(bm, 9) }
func BenchmarkBoardLightPlayout19(bm *testing.B) { benchmarkBoard(bm, 19) }
