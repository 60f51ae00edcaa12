package opening

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/gtpgo/gtpgo/rules"
)

// Entry is a move of the book and how often strong players played it (or a
// move equivalent to it by a symmetry of the position) in the position.
type Entry struct {
	Move  rules.Point
	Count int
}

// Book maps canonical position keys to the moves played there, in the
// canonical orientation. It is read-only once built, so safe for
// concurrent use.
type Book struct {
	// Provenance says how the book was made: the command, then the data.
	Provenance string

	keys   []uint64 // sorted, distinct
	first  []int32  // position i's moves are first[i]..first[i+1]-1
	moves  []int16  // canonical point index
	counts []int32  // most played first within a position
}

// Positions is the number of positions in the book.
func (bk *Book) Positions() int { return len(bk.keys) }

// Entries is the number of moves in the book, over all positions.
func (bk *Book) Entries() int { return len(bk.moves) }

// Lookup returns the moves strong players played in the position b with
// toMove to play, in b's orientation, most played first (ties in a fixed
// order); nil when the position is not in the book or b is not 19x19. Ko,
// captures and the history are not looked at. In a position symmetric to
// itself (the empty board, say), moves equivalent by that symmetry are one
// entry, counted together, and the entry names one of them: any of them is
// as good a move.
func (bk *Book) Lookup(b *rules.Board, toMove rules.Color) []Entry {
	c, ok := canonical(b, toMove)
	if !ok {
		return nil
	}
	i, found := slices.BinarySearch(bk.keys, c.key)
	if !found {
		return nil
	}
	lo, hi := bk.first[i], bk.first[i+1]
	out := make([]Entry, 0, hi-lo)
	for k := lo; k < hi; k++ {
		m := c.boardMove(int(bk.moves[k]))
		out = append(out, Entry{Move: b.At(m%Size, m/Size), Count: int(bk.counts[k])})
	}
	return out
}

// BookMagic starts a book file, with the format's version.
const BookMagic = "gtpgo-opening-1\n"

// Encode writes the book: the magic line, then as unsigned varints the
// provenance (length, text), the number of positions, and for each position
// in increasing key order the key's difference from the previous key (the
// first: the key), the number of its moves and each move's canonical point
// index (y*19+x) and count, most played first. Sorted keys make the deltas
// a byte or so shorter than the keys and the file independent of the order
// the games were read in.
func (bk *Book) Encode() []byte {
	out := []byte(BookMagic)
	out = binary.AppendUvarint(out, uint64(len(bk.Provenance)))
	out = append(out, bk.Provenance...)
	out = binary.AppendUvarint(out, uint64(len(bk.keys)))
	prev := uint64(0)
	for i, key := range bk.keys {
		out = binary.AppendUvarint(out, key-prev)
		prev = key
		lo, hi := bk.first[i], bk.first[i+1]
		out = binary.AppendUvarint(out, uint64(hi-lo))
		for k := lo; k < hi; k++ {
			out = binary.AppendUvarint(out, uint64(bk.moves[k]))
			out = binary.AppendUvarint(out, uint64(bk.counts[k]))
		}
	}
	return out
}

// DecodeBook reads a book written by Encode, checking what a lookup relies
// on: keys in increasing order, moves on the board, positive counts.
func DecodeBook(data []byte) (*Book, error) {
	if len(data) < len(BookMagic) || string(data[:len(BookMagic)]) != BookMagic {
		return nil, errors.New("not a gtpgo opening book")
	}
	data = data[len(BookMagic):]
	var err error
	next := func(limit uint64, what string) uint64 {
		if err != nil {
			return 0
		}
		v, n := binary.Uvarint(data)
		switch {
		case n <= 0:
			err = fmt.Errorf("truncated or bad varint reading %s", what)
		case v > limit:
			err = fmt.Errorf("%s %d out of range (at most %d)", what, v, limit)
		default:
			data = data[n:]
		}
		return v
	}
	bk := &Book{}
	n := next(1<<16, "provenance length")
	if err == nil && uint64(len(data)) < n {
		err = errors.New("truncated provenance")
	}
	if err != nil {
		return nil, err
	}
	bk.Provenance, data = string(data[:n]), data[n:]
	// every position takes at least three bytes: the limit keeps a corrupt
	// count from allocating much
	positions := next(uint64(len(data)/3), "number of positions")
	bk.keys = make([]uint64, 0, positions)
	bk.first = make([]int32, 1, positions+1)
	key := uint64(0)
	for i := uint64(0); i < positions && err == nil; i++ {
		delta := next(^uint64(0), "key delta")
		if i > 0 && (delta == 0 || key+delta < key) {
			return nil, fmt.Errorf("position %d: keys out of order", i)
		}
		key += delta
		bk.keys = append(bk.keys, key)
		moves := next(points, "number of moves")
		if err == nil && moves == 0 {
			err = fmt.Errorf("position %d without moves", i)
		}
		for k := uint64(0); k < moves && err == nil; k++ {
			bk.moves = append(bk.moves, int16(next(points-1, "point")))
			count := next(1<<31-1, "count")
			if err == nil && count == 0 {
				err = fmt.Errorf("position %d: a move played 0 times", i)
			}
			bk.counts = append(bk.counts, int32(count))
		}
		bk.first = append(bk.first, int32(len(bk.moves)))
	}
	if err != nil {
		return nil, err
	}
	if len(data) > 0 {
		return nil, fmt.Errorf("%d bytes after the last position", len(data))
	}
	return bk, nil
}

//go:embed book.dat
var bookData []byte

// Default is the book scripts/book learned, decoded when first asked for.
var Default = sync.OnceValues(func() (*Book, error) { return DecodeBook(bookData) })
