package opening

import "github.com/gtpgo/gtpgo/rules"

// Size is the only board size the book knows.
const Size = 19

// points is the number of points of the board; a point's index is y*Size+x
// (row 0 at the bottom, as in rules.Geometry).
const points = Size * Size

// The eight symmetries of the square, in a fixed order (the identity first):
// the canonical orientation of a position is the first one whose hash is
// the smallest, so the order is part of the file format.
const symmetries = 8

// transform maps column x and row y by symmetry s.
func transform(s, x, y int) (int, int) {
	const m = Size - 1
	switch s {
	case 1:
		return m - x, y
	case 2:
		return x, m - y
	case 3:
		return m - x, m - y
	case 4:
		return y, x
	case 5:
		return m - y, x
	case 6:
		return y, m - x
	case 7:
		return m - y, m - x
	}
	return x, y
}

// inverse[s] undoes s: the rotations by a quarter turn (5 and 6) undo each
// other, the others are their own inverses.
var inverse = [symmetries]int{0, 1, 2, 3, 4, 6, 5, 7}

// perm[s][i] is the index point i goes to under symmetry s.
var perm [symmetries][points]int16

// stoneKeys are the Zobrist keys of a black ([0]) and a white ([1]) stone
// on each point, and whiteToMove tells the player to move apart. They are
// generated from a fixed seed here, not taken from rules, because the book
// file holds hashes: they must never change.
var (
	stoneKeys   [2][points]uint64
	whiteToMove uint64
)

func init() {
	for s := range perm {
		for y := 0; y < Size; y++ {
			for x := 0; x < Size; x++ {
				tx, ty := transform(s, x, y)
				perm[s][y*Size+x] = int16(ty*Size + tx)
			}
		}
	}
	state := uint64(0x6f70656e696e6731) // "opening1"
	for c := range stoneKeys {
		for i := range stoneKeys[c] {
			stoneKeys[c][i] = splitMix64(&state)
		}
	}
	whiteToMove = splitMix64(&state)
}

// splitMix64 is Vigna's SplitMix64 generator: well-mixed output from a
// counter.
func splitMix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// canon is a position seen from the book: the hash of each of its eight
// orientations, the smallest (the key), and the first symmetry reaching it.
type canon struct {
	hashes [symmetries]uint64
	key    uint64
	sym    int
}

// canonical hashes b's stones in all eight orientations, with toMove to
// play. ok is false when b is not 19x19 or toMove is not a player.
func canonical(b *rules.Board, toMove rules.Color) (c canon, ok bool) {
	if b.Size != Size || (toMove != rules.Black && toMove != rules.White) {
		return c, false
	}
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			col := b.Color(b.At(x, y))
			if col != rules.Black && col != rules.White {
				continue
			}
			keys := &stoneKeys[col-rules.Black]
			i := y*Size + x
			for s := range c.hashes {
				c.hashes[s] ^= keys[perm[s][i]]
			}
		}
	}
	if toMove == rules.White {
		for s := range c.hashes {
			c.hashes[s] ^= whiteToMove
		}
	}
	c.key = c.hashes[0]
	for s, h := range c.hashes {
		if h < c.key {
			c.key, c.sym = h, s
		}
	}
	return c, true
}

// canonicalMove is the index the book stores for the move at index i: its
// image in the canonical orientation. When the position is symmetric to
// itself, several symmetries reach the canonical orientation and i's images
// under them are equivalent moves; the largest index stands for them all,
// so equivalent moves are counted together whichever of them was played
// and whichever orientation the game was in.
func (c *canon) canonicalMove(i int) int {
	best := -1
	for s, h := range c.hashes {
		if h == c.key {
			best = max(best, int(perm[s][i]))
		}
	}
	return best
}

// boardMove maps a stored (canonical) index back into the orientation of
// the board c was computed from.
func (c *canon) boardMove(i int) int { return int(perm[inverse[c.sym]][i]) }

// Key is the book's key of the position b with toMove to play: the same for
// all eight orientations of the position. ok is false when b is not 19x19
// or toMove is not a player.
func Key(b *rules.Board, toMove rules.Color) (key uint64, ok bool) {
	c, ok := canonical(b, toMove)
	return c.key, ok
}
