package rules

import "testing"

func benchmarkLightPlayout(bm *testing.B, size int) {
	root, err := NewBoard(size)
	if err != nil {
		bm.Fatal(err)
	}
	var b Board
	r := NewRand(1)
	moves := 0
	bm.ReportAllocs()
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		b.CopyFrom(root)
		moves += b.LightPlayout(r, 3*size*size)
	}
	bm.ReportMetric(float64(bm.N)/bm.Elapsed().Seconds(), "playouts/s")
	bm.ReportMetric(float64(moves)/float64(bm.N), "moves/playout")
	bm.ReportMetric(float64(bm.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}

func BenchmarkLightPlayout9(bm *testing.B)  { benchmarkLightPlayout(bm, 9) }
func BenchmarkLightPlayout19(bm *testing.B) { benchmarkLightPlayout(bm, 19) }
