package opening

import (
	"cmp"
	"slices"

	"github.com/gtpgo/gtpgo/rules"
)

// Builder counts the moves played in positions and makes a Book of the
// frequent ones. The zero Builder is ready to use.
type Builder struct {
	seen []sighting
}

// sighting is one move played in one position, in the canonical
// orientation.
type sighting struct {
	key  uint64
	move int16
}

// Add counts move, played by toMove on b. It counts nothing and returns
// false when b is not 19x19, toMove is not a player or move is not a point
// of the board (a pass, say).
func (bd *Builder) Add(b *rules.Board, toMove rules.Color, move rules.Point) bool {
	c, ok := canonical(b, toMove)
	if !ok || move == rules.Pass || !b.OnBoard(move) {
		return false
	}
	x, y := b.XY(move)
	bd.seen = append(bd.seen, sighting{c.key, int16(c.canonicalMove(y*Size + x))})
	return true
}

// Build makes the book of the positions seen at least minPosition times,
// with their moves played at least minMove times there; a position none of
// whose moves is kept is left out. The book is the same whatever order the
// moves were added in.
func (bd *Builder) Build(minPosition, minMove int, provenance string) *Book {
	seen := slices.Clone(bd.seen)
	slices.SortFunc(seen, func(a, b sighting) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.move, b.move))
	})
	bk := &Book{Provenance: provenance, first: []int32{0}}
	type entry struct {
		move  int16
		count int32
	}
	var entries []entry
	for i := 0; i < len(seen); {
		key := seen[i].key
		j := i
		for j < len(seen) && seen[j].key == key {
			j++
		}
		if j-i >= minPosition {
			entries = entries[:0]
			for k := i; k < j; {
				l := k
				for l < j && seen[l].move == seen[k].move {
					l++
				}
				if l-k >= minMove {
					entries = append(entries, entry{seen[k].move, int32(l - k)})
				}
				k = l
			}
			// most played first; ties by point, so the order is fixed
			slices.SortStableFunc(entries, func(a, b entry) int { return cmp.Compare(b.count, a.count) })
			if len(entries) > 0 {
				bk.keys = append(bk.keys, key)
				for _, e := range entries {
					bk.moves = append(bk.moves, e.move)
					bk.counts = append(bk.counts, e.count)
				}
				bk.first = append(bk.first, int32(len(bk.moves)))
			}
		}
		i = j
	}
	return bk
}
