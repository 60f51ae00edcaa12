package rules

import "errors"

// ErrInvalidHandicap is GTP's error for a handicap the board size does not
// allow (fixed_handicap) or a stone count below two; the text is GTP's.
var ErrInvalidHandicap = errors.New("invalid handicap")

// MaxFixedHandicap is the largest fixed handicap GTP v2 (section 4.1.1)
// defines for a board size: none below 7x7, 4 on 7x7 and even sizes, 9 on
// odd sizes from 9x9.
func MaxFixedHandicap(size int) int {
	switch {
	case size < 7 || size > MaxSize:
		return 0
	case size == 7 || size%2 == 0:
		return 4
	}
	return 9
}

// FixedHandicap returns the points of GTP v2's fixed handicap placement
// (section 4.1.1) for n stones, in the specification's order: D4 Q16 D16 Q4,
// then tengen for odd n >= 5, the left and right side points from 6, the
// bottom and top side points from 8. The corner points are on the 3rd line up
// to 12x12 and on the 4th from 13x13 (GNU Go uses the 4th line on 12x12
// already; GoGui, Fuego, gomill, Leela Zero and KataGo do not). A count the
// size does not allow, including 0 and 1, gives ErrInvalidHandicap.
func FixedHandicap(size, n int) ([]Point, error) {
	if n < 2 || n > MaxFixedHandicap(size) {
		return nil, ErrInvalidHandicap
	}
	g, err := NewGeometry(size)
	if err != nil {
		return nil, err
	}
	lo := 2 // 0-based index of the corner line
	if size >= 13 {
		lo = 3
	}
	hi, mid := size-1-lo, (size-1)/2
	corners := []Point{g.At(lo, lo), g.At(hi, hi), g.At(lo, hi), g.At(hi, lo)}
	if n <= 4 {
		return corners[:n], nil
	}
	pts := corners
	if n >= 6 {
		pts = append(pts, g.At(lo, mid), g.At(hi, mid))
	}
	if n >= 8 {
		pts = append(pts, g.At(mid, lo), g.At(mid, hi))
	}
	if n%2 == 1 {
		pts = append(pts, g.At(mid, mid))
	}
	return pts, nil
}

// FreeHandicap chooses n handicap stones for Black (GTP place_free_handicap):
// the fixed placement first, as far as the size allows, then one stone at a
// time by greedy farthest-point placement, which spreads stones like a
// lattice. A free point's score is its distance to the nearest stone, capped
// by its line number (its distance to the row of points just off the board):
// the edge counts as a stone, so the first two lines are only chosen when the
// middle of the board is already crowded, and stones keep the distance from
// the edge that they keep from each other. Ties go to the point nearest the
// centre, then to the first in board order, so the result is deterministic.
//
// Any count from 2 to size*size-1 (GTP's limits) is placed in full: Black
// stones alone form a legal position as long as one point stays empty. Larger
// counts are cut to size*size-1. Counts below 2 and unsupported sizes give
// nil.
func FreeHandicap(size, n int) []Point {
	g, err := NewGeometry(size)
	if err != nil || n < 2 {
		return nil
	}
	n = min(n, size*size-1)
	fixed := min(n, MaxFixedHandicap(size))
	var pts []Point
	if fixed >= 2 {
		pts, _ = FixedHandicap(size, fixed)
	}
	// score[i] is the squared score of point i (board order), -1 for a stone.
	score := make([]int, size*size)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			line := min(x, y, size-1-x, size-1-y) + 1
			score[y*size+x] = line * line
		}
	}
	place := func(x0, y0 int) {
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				i := y*size + x
				score[i] = min(score[i], (x-x0)*(x-x0)+(y-y0)*(y-y0))
			}
		}
		score[y0*size+x0] = -1
	}
	for _, p := range pts {
		place(g.XY(p))
	}
	c2 := size - 1 // twice the centre coordinate, so distances stay integers
	for len(pts) < n {
		best, bestS, bestC := -1, -1, 0
		for i, s := range score {
			x, y := i%size, i/size
			c := (2*x-c2)*(2*x-c2) + (2*y-c2)*(2*y-c2)
			if s > bestS || s == bestS && c < bestC {
				best, bestS, bestC = i, s, c
			}
		}
		x, y := best%size, best/size
		place(x, y)
		pts = append(pts, g.At(x, y))
	}
	return pts
}
