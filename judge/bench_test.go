package judge

import (
	"testing"

	"github.com/gtpgo/gtpgo/rules"
)

// fullRandomBoard fills a board with random legal moves (no own eyes
// filled) until both sides pass: the densest position random play reaches,
// full of small enclosed areas for the readings.
func fullRandomBoard(tb testing.TB, size int, seed uint64) *rules.Board {
	b, err := rules.NewBoard(size)
	if err != nil {
		tb.Fatal(err)
	}
	r := rules.NewRand(seed)
	c := rules.Black
	for i := 0; i < 4*size*size && b.Passes() < 2; i++ {
		b.RandomMove(c, r)
		c = c.Opponent()
	}
	return b
}

// randomOwnership gives each chain a random ownership, so that chains of
// both colours are dead, alive and in doubt all over the board: the worst
// case for the readings, which the node budgets bound.
func randomOwnership(b *rules.Board, seed uint64) Ownership {
	r := rules.NewRand(seed)
	own := Ownership{BlackFirst: make([]float64, b.Len), WhiteFirst: make([]float64, b.Len)}
	for _, p := range b.Points() {
		if b.Color(p) == rules.Empty || b.ChainHead(p) != int(p) {
			continue
		}
		bf, wf := 2*r.Float64()-1, 2*r.Float64()-1
		for _, s := range b.ChainStones(p, nil) {
			own.BlackFirst[s], own.WhiteFirst[s] = bf, wf
		}
	}
	return own
}

// The judgement of a full 25x25 board with random ownership: the bound on
// final_score's time beyond the ownership searches (which have their
// playouts as bound). Run: go test -bench Verdict25 ./judge
func BenchmarkVerdict25Random(bm *testing.B) {
	jp := DefaultParams()
	boards := make([]*rules.Board, 4)
	owns := make([]Ownership, len(boards))
	for i := range boards {
		boards[i] = fullRandomBoard(bm, 25, uint64(i+1))
		owns[i] = randomOwnership(boards[i], uint64(i+7))
	}
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		jp.Verdict(boards[i%len(boards)], owns[i%len(boards)])
	}
}

// The same on 19x19 and 9x9 boards.
func BenchmarkVerdict19Random(bm *testing.B) { benchmarkVerdict(bm, 19) }
func BenchmarkVerdict9Random(bm *testing.B)  { benchmarkVerdict(bm, 9) }

func benchmarkVerdict(bm *testing.B, size int) {
	jp := DefaultParams()
	b := fullRandomBoard(bm, size, 3)
	own := randomOwnership(b, 5)
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		jp.Verdict(b, own)
	}
}

// tiledRabbitySix is a 25x25 board of black groups walled in by White, each
// with a rabbity six for its eye space: every group's reading runs to its
// node budget (the fight is too long to read out), so the board's budget is
// what bounds the judgement.
func tiledRabbitySix(tb testing.TB) (*rules.Board, Ownership) {
	tile := []string{
		"O O O O O O O",
		"O X X X X X O",
		"O X X . . X O",
		"O X . . . X O",
		"O X X . X X O",
		"O O O O O O O",
	}
	var rows []string
	for len(rows) < 25 {
		for _, t := range tile {
			if len(rows) < 25 {
				row := ""
				for len(row) < 2*25 {
					row += t + " "
				}
				rows = append(rows, row[:2*25-1])
			}
		}
	}
	diagram := ""
	for _, r := range rows {
		diagram += r + "\n"
	}
	b, err := rules.FromDiagram(diagram)
	if err != nil {
		tb.Fatal(err)
	}
	own := Ownership{BlackFirst: make([]float64, b.Len), WhiteFirst: make([]float64, b.Len)}
	for _, p := range b.Points() {
		switch b.Color(p) {
		case rules.Black:
			own.BlackFirst[p], own.WhiteFirst[p] = 1, 1
		case rules.White:
			own.BlackFirst[p], own.WhiteFirst[p] = -1, -1
		}
	}
	return b, own
}

func BenchmarkVerdict25Tiled(bm *testing.B) {
	jp := DefaultParams()
	b, own := tiledRabbitySix(bm)
	bm.ResetTimer()
	for i := 0; i < bm.N; i++ {
		jp.Verdict(b, own)
	}
}
