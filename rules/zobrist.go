package rules

import "math/bits"

// zobrist holds one 64-bit key per (stone colour, point). A position's hash is
// the XOR of the keys of its stones, so play and capture update it in O(1) per
// stone. The table is fixed (seeded) so hashes are reproducible across runs.
var zobrist [4][arraySize]uint64

// blackToMoveKey is XORed into a hash to distinguish situations (position plus
// player to move) for situational superko.
var blackToMoveKey uint64

func init() {
	state := uint64(0x9E3779B97F4A7C15)
	for c := Black; c <= White; c++ {
		for p := range zobrist[c] {
			zobrist[c][p] = splitMix64(&state)
		}
	}
	blackToMoveKey = splitMix64(&state)
}

// splitMix64 is Vigna's SplitMix64 generator: well-mixed output from a counter.
func splitMix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// StoneKey returns the zobrist key of a c stone on p (for code that hashes
// positions it builds itself, such as test references).
func StoneKey(c Color, p Point) uint64 { return zobrist[c&3][p&amask] }

// SituationHash combines a position hash with the player to move next.
func SituationHash(positionHash uint64, toMove Color) uint64 {
	if toMove == Black {
		return positionHash ^ blackToMoveKey
	}
	return positionHash
}

// Rand is a small, fast, allocation-free PRNG for playouts: wyrand (Wang
// Yi), a 64-bit counter mixed by one 128-bit multiplication, which passes
// BigCrush and inlines into the playout loop.
type Rand struct{ state uint64 }

// NewRand seeds a generator; equal seeds give equal streams.
func NewRand(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the generator's state from seed.
func (r *Rand) Seed(seed uint64) {
	st := seed
	r.state = splitMix64(&st)
}

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// Intn returns a uniform integer in [0, n) for 0 < n < 2^32, using Lemire's
// multiply-shift (the bias for n below a few thousand is under 2^-20).
func (r *Rand) Intn(n int) int {
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// Float64 returns a uniform float in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}
