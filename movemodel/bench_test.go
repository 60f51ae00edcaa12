package movemodel

import (
	"testing"

	"github.com/gtpgo/gtpgo/rules"
)

// benchmarkRate rates every legal move (and pass) of a middle-game
// position (random stones on a third of the board) with the embedded model:
// the cost of the priors of one new tree node.
func benchmarkRate(bm *testing.B, size int) {
	m, err := Default()
	if err != nil {
		bm.Fatal(err)
	}
	b := randomBoard(bm, size, size*size/3, 5)
	moves := LegalMoves(b, rules.Black, nil)
	probs := make([]float32, len(moves))
	r := m.NewRater()
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		r.Rate(b, rules.Black, moves, probs)
	}
	bm.ReportMetric(float64(len(moves)), "moves")
}

func BenchmarkRate9(bm *testing.B)  { benchmarkRate(bm, 9) }
func BenchmarkRate19(bm *testing.B) { benchmarkRate(bm, 19) }
