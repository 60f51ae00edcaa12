package rules

// PassAlive finds what each colour owns unconditionally, by Benson's
// algorithm: stones that cannot be captured even if their owner passes at
// every turn, whatever the opponent plays (pass-alive chains), and the
// regions those chains enclose that the opponent can never live in. The
// result is indexed by Point (length b.Len): Black or White for a pass-alive
// stone of that colour, for an empty point of that colour's unconditional
// territory, and for an opponent stone inside that territory (which is
// unconditionally dead); Empty for everything else.
//
// For each colour c: a region is a maximal connected set of points without
// c stones; it is vital to a c chain when each of its empty points is a
// liberty of that chain. Start with all c chains and all regions; repeatedly
// drop the chains with fewer than two vital regions left, and the regions
// that touch a dropped chain. The chains that remain are pass-alive: to
// capture one the opponent would have to fill all of a vital region, and the
// last stone in it would be suicide while another vital region still has a
// liberty. The regions that remain and are vital to one of the chains are
// unconditional territory: every empty point in them is a liberty of a
// pass-alive chain, so the opponent can never make an eye there, and c can
// fill them and capture whatever is inside.
//
// Seki is never pass-alive: if its owner only passed, the opponent could
// fill the shared liberties and capture.
func PassAlive(b *Board) []Color {
	owner := make([]Color, b.Len)
	var w bensonWork
	w.run(b, Black, owner)
	w.run(b, White, owner)
	return owner
}

// bensonWork is the scratch space of one colour's run.
type bensonWork struct {
	region  []int16 // region index of each point, -1 for c stones and the border
	chain   []int16 // chain index of each chain head of colour c
	heads   []Point // chain heads, by chain index
	alive   []bool  // by chain index
	empties []int   // empty points per region
	vital   [][]int16
	borders [][]int16
	healthy []bool
	stack   []Point
	members [][]Point // points of each region
}

func (w *bensonWork) run(b *Board, c Color, owner []Color) {
	n := b.Len
	w.region = resize(w.region, n)
	w.chain = resize(w.chain, n)
	for i := 0; i < n; i++ {
		w.region[i], w.chain[i] = -1, -1
	}
	w.heads = w.heads[:0]
	for y := 0; y < b.Size; y++ {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if b.color[p] == c && w.chain[b.head[p]] < 0 {
				w.chain[b.head[p]] = int16(len(w.heads))
				w.heads = append(w.heads, Point(b.head[p]))
			}
		}
	}
	if len(w.heads) == 0 {
		return
	}

	// regions, their empty points, bordering chains and vital chains
	w.empties, w.vital, w.borders, w.members = w.empties[:0], w.vital[:0], w.borders[:0], w.members[:0]
	var adj [4]int16
	for y := 0; y < b.Size; y++ {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if b.color[p] == c || w.region[p] >= 0 {
				continue
			}
			r := int16(len(w.empties))
			w.empties = append(w.empties, 0)
			w.vital = append(w.vital, nil)
			w.borders = append(w.borders, nil)
			w.members = append(w.members, nil)
			vital, borders, members := w.vital[r][:0], w.borders[r][:0], w.members[r][:0]
			firstEmpty := true
			w.region[p] = r
			w.stack = append(w.stack[:0], p)
			for len(w.stack) > 0 {
				s := w.stack[len(w.stack)-1]
				w.stack = w.stack[:len(w.stack)-1]
				members = append(members, s)
				nAdj := 0
				for _, d := range b.dirs {
					q := s + Point(d)
					switch b.color[q] {
					case Border:
					case c:
						k := w.chain[b.head[q]]
						if !contains(adj[:nAdj], k) {
							adj[nAdj] = k
							nAdj++
						}
						if !contains(borders, k) {
							borders = append(borders, k)
						}
					default:
						if w.region[q] < 0 {
							w.region[q] = r
							w.stack = append(w.stack, q)
						}
					}
				}
				if b.color[s] != Empty {
					continue
				}
				w.empties[r]++
				// the chains vital to the region so far: those next to
				// every empty point seen
				if firstEmpty {
					vital = append(vital, adj[:nAdj]...)
					firstEmpty = false
					continue
				}
				kept := vital[:0]
				for _, k := range vital {
					if contains(adj[:nAdj], k) {
						kept = append(kept, k)
					}
				}
				vital = kept
			}
			w.vital[r], w.borders[r], w.members[r] = vital, borders, members
		}
	}

	// drop chains with fewer than two vital regions and the regions they
	// touch, until nothing changes
	w.alive = resizeBool(w.alive, len(w.heads), true)
	w.healthy = resizeBool(w.healthy, len(w.empties), true)
	count := make([]int, len(w.heads))
	for changed := true; changed; {
		changed = false
		clear(count)
		for r, vital := range w.vital {
			if w.healthy[r] {
				for _, k := range vital {
					count[k]++
				}
			}
		}
		for k := range w.heads {
			if w.alive[k] && count[k] < 2 {
				w.alive[k] = false
				changed = true
			}
		}
		for r, borders := range w.borders {
			if !w.healthy[r] {
				continue
			}
			for _, k := range borders {
				if !w.alive[k] {
					w.healthy[r] = false
					changed = true
					break
				}
			}
		}
	}

	for k, h := range w.heads {
		if w.alive[k] {
			s := h
			for {
				owner[s] = c
				s = Point(b.next[s])
				if s == h {
					break
				}
			}
		}
	}
	for r, members := range w.members {
		if w.healthy[r] && len(w.vital[r]) > 0 {
			for _, s := range members {
				owner[s] = c
			}
		}
	}
}

func contains(list []int16, k int16) bool {
	for _, x := range list {
		if x == k {
			return true
		}
	}
	return false
}

func resize(s []int16, n int) []int16 {
	if cap(s) < n {
		return make([]int16, n)
	}
	return s[:n]
}

func resizeBool(s []bool, n int, v bool) []bool {
	if cap(s) < n {
		s = make([]bool, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = v
	}
	return s
}
