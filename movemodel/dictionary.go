package movemodel

// Dictionary numbers the 3x3 shapes and the spatial patterns a model knows.
// Each is stored once, canonical; lookups take a code or hash as it lies on
// the board, so the tables hold every rotation and reflection.
type Dictionary struct {
	Shapes   []Shape   // canonical shapes, by index
	Patterns []Pattern // canonical spatial patterns, by index
	shapes   table
	spatial  table
}

// NewDictionary indexes canonical shapes and patterns.
func NewDictionary(shapes []Shape, patterns []Pattern) *Dictionary {
	d := &Dictionary{Shapes: shapes, Patterns: patterns}
	d.shapes.init(8 * len(shapes))
	for i, s := range shapes {
		for _, t := range s.Symmetries() {
			d.shapes.put(uint64(t), int32(i))
		}
	}
	d.spatial.init(8 * len(patterns))
	for i, pt := range patterns {
		for _, h := range pt.Hashes() {
			d.spatial.put(h, int32(i))
		}
	}
	return d
}

// ShapeIndex is the index of a shape as it lies on the board, or -1.
func (d *Dictionary) ShapeIndex(s Shape) int32 { return d.shapes.get(uint64(s)) }

// SpatialIndex is the index of a spatial pattern by its hash as it lies on
// the board (SpatialHashes), or -1.
func (d *Dictionary) SpatialIndex(h uint64) int32 { return d.spatial.get(h) }

// table is an open-addressing hash table from 64-bit keys to indices: a
// lookup is a multiply, a shift and a probe or two, with no allocation.
type table struct {
	slots []slot // key and index side by side: one cache line a probe
	shift uint
}

type slot struct {
	key  uint64
	val1 int32 // the index + 1; 0: free, so a new table needs no filling
}

// init makes room for n keys, at most half full: a lookup that misses (the
// search for a candidate's largest known pattern ends with one) probes
// little more than once.
func (t *table) init(n int) {
	size, bits := 16, uint(4)
	for size < 2*n {
		size, bits = size*2, bits+1
	}
	t.slots = make([]slot, size)
	t.shift = 64 - bits
}

func (t *table) slot(key uint64) uint64 { return (key * 0x9e3779b97f4a7c15) >> t.shift }

// put sets key's index; a key already there keeps its first index (the
// symmetries of one entry map to it).
func (t *table) put(key uint64, v int32) {
	mask := uint64(len(t.slots) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.val1 == 0 {
			s.key, s.val1 = key, v+1
			return
		}
		if s.key == key {
			return
		}
	}
}

func (t *table) get(key uint64) int32 {
	if len(t.slots) == 0 {
		return -1
	}
	mask := uint64(len(t.slots) - 1)
	for i := t.slot(key); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.val1 == 0 {
			return -1
		}
		if s.key == key {
			return s.val1 - 1
		}
	}
}
