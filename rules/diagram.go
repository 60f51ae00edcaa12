package rules

import (
	"fmt"
	"strings"
)

// FromDiagram builds a board from rows of X (black), O (white) and . or +
// (empty), top row first, separated by spaces or not; blank lines and text
// after the last stone column are ignored. Tests use it so a reader sees the
// position the test is about. Black is to move.
func FromDiagram(diagram string) (*Board, error) {
	var rows [][]Color
	for _, line := range strings.Split(diagram, "\n") {
		var row []Color
		for _, ch := range line {
			switch ch {
			case 'X', 'x', '#', '@':
				row = append(row, Black)
			case 'O', 'o':
				row = append(row, White)
			case '.', '+', ',':
				row = append(row, Empty)
			case ' ', '\t':
			default:
				return nil, fmt.Errorf("diagram: unexpected %q in %q", ch, line)
			}
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	size := len(rows)
	for _, r := range rows {
		if len(r) != size {
			return nil, fmt.Errorf("diagram: %d rows but a row of %d points", size, len(r))
		}
	}
	b, err := NewBoard(size)
	if err != nil {
		return nil, err
	}
	var stones []Move
	for i, r := range rows {
		for x, c := range r {
			if c != Empty {
				stones = append(stones, Move{Color: c, Point: b.At(x, size-1-i)})
			}
		}
	}
	if err := b.SetStones(stones); err != nil {
		return nil, err
	}
	return b, nil
}

// MustDiagram is FromDiagram for tests: it panics on a malformed diagram.
func MustDiagram(diagram string) *Board {
	b, err := FromDiagram(diagram)
	if err != nil {
		panic(err)
	}
	return b
}
