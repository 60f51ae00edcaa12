package rules

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sameAsBoard checks that lb holds b's position: colours, and for every
// empty point and both colours the same legality (Board's exact liberties
// against the pseudo-liberties) and the same eye test.
func sameAsBoard(t *testing.T, lb *LightBoard, b *Board, where string) {
	t.Helper()
	for y := 0; y < b.Size; y++ {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if lb.Color(p) != b.Color(p) {
				t.Fatalf("%s: colour at %s is %v, Board has %v\n%s", where, b.Vertex(p), lb.Color(p), b.Color(p), b)
			}
			if b.Color(p) != Empty {
				continue
			}
			for _, c := range []Color{Black, White} {
				if got, want := lb.Legal(p, c), b.LegalEmpty(p, c); got != want {
					t.Fatalf("%s: %v at %s legal %v, Board says %v\n%s", where, c, b.Vertex(p), got, want, b)
				}
				if got, want := isEye(&lb.color, &lb.nbr, &lb.diag, int(p), c), b.IsEye(p, c); got != want {
					t.Fatalf("%s: %s eye of %v: %v, Board says %v\n%s", where, b.Vertex(p), c, got, want, b)
				}
			}
		}
	}
	require.Equal(t, b.nEmpty, lb.nEmpty, where)
	require.Equal(t, b.empty[:b.nEmpty], lb.empty[:lb.nEmpty], "%s: empty lists differ", where)
}

// A LightBoard and a Board given the same position and the same random
// stream play the same playout move for move; the positions, legal moves
// and final scores agree all the way. Board is itself checked against the
// flood-fill reference (random_games_test.go), so this pins the
// pseudo-liberty bookkeeping to it.
func TestLightBoardPlaysAsBoard(t *testing.T) {
	rng := NewRand(7)
	playouts, moves := 0, 0
	for size := 2; size <= 19; size++ {
		n := 60
		if testing.Short() {
			n = 5
		}
		for k := 0; k < n; k++ {
			root, err := NewBoard(size)
			require.NoError(t, err)
			// start from the empty board or from a random middle game
			for m := rng.Intn(size * size); m > 0 && k%2 == 1; m-- {
				root.RandomMove(root.ToMove(), rng)
			}
			var lb LightBoard
			lb.Load(root)
			where := fmt.Sprintf("size %d playout %d", size, k)
			sameAsBoard(t, &lb, root, where+" after Load")
			b := &Board{}
			b.CopyFrom(root)
			b.StopHashing()
			seed := rng.Uint64()
			r1, r2 := NewRand(seed), NewRand(seed)
			c := root.ToMove()
			for m := 0; m < 3*size*size && b.Passes() < 2; m++ {
				want := b.RandomMove(c, r1)
				got := lb.RandomMove(c, r2)
				require.Equal(t, want, got, "%s move %d", where, m)
				sameAsBoard(t, &lb, b, fmt.Sprintf("%s move %d", where, m))
				c = c.Opponent()
				moves++
			}
			require.Equal(t, b.Passes(), lb.Passes(), where)
			require.Equal(t, b.PlayoutScore(), lb.PlayoutScore(), where)
			playouts++
		}
	}
	t.Logf("%d playouts, %d moves compared", playouts, moves)
}

func TestLightBoardPlayRefuses(t *testing.T) {
	// a ko at A1/B1: White A1 takes B1
	b := MustDiagram(`
. . . . .
. . . . .
. . . . .
X O . . .
. X O . .`)
	var lb LightBoard
	lb.Load(b)
	tests := []struct {
		name string
		p    Point
		c    Color
		err  error
	}{
		{"off the board", Point(0), Black, ErrOffBoard},
		{"past the end", Point(b.Len + 5), Black, ErrOffBoard},
		{"occupied", b.At(0, 1), White, ErrOccupied},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.ErrorIs(t, lb.Play(tt.p, tt.c), tt.err)
		})
	}
	// White takes B1 at A1; Black may not retake at once
	require.NoError(t, lb.Play(b.At(0, 0), White))
	assert.Equal(t, Empty, lb.Color(b.At(1, 0)), "A1 captures B1")
	assert.ErrorIs(t, lb.Play(b.At(1, 0), Black), ErrKo)
	// after a move elsewhere Black may, and White's A1 stone is taken
	require.NoError(t, lb.Play(b.At(4, 4), Black))
	require.NoError(t, lb.Play(b.At(4, 3), White))
	require.NoError(t, lb.Play(b.At(1, 0), Black))
	assert.Equal(t, Empty, lb.Color(b.At(0, 0)))

	// suicide: a White stone at A1 between two Black stones with liberties
	lb.Load(MustDiagram(`
. . . . .
. . . . .
. . . . .
X . . . .
. X . . .`))
	assert.ErrorIs(t, lb.Play(b.At(0, 0), White), ErrSuicide)
	assert.Equal(t, Empty, lb.Color(b.At(0, 0)), "a refused move leaves the board")
	require.NoError(t, lb.Play(b.At(0, 0), Black), "Black may fill it")
}
