package rules

// Tactical queries for playout policies and search priors. All are O(1) or
// walk only the chains next to the point: they use the exact liberty counts
// and liberty sums (for a two-liberty chain the other liberty is sum - p).

// LibertiesAfter returns the number of liberties the chain containing p
// would have after c plays p, counted up to limit (at most 3); captures count
// the captured neighbour points as liberties, and capturing two or more
// stones is counted as reaching the limit. p must be empty; limit is at
// most 4.
func (b *Board) LibertiesAfter(p Point, c Color, limit int) int {
	pi := int(p)
	var libs [4]int32
	n := 0
	add := func(q int32) bool {
		for i := 0; i < n; i++ {
			if libs[i] == q {
				return false
			}
		}
		libs[n] = q
		n++
		return n >= limit
	}
	opp := c.Opponent()
	for _, d := range b.dirs {
		q := pi + d
		switch b.color[q&amask] {
		case Empty:
			if add(int32(q)) {
				return limit
			}
		case c:
			h := b.head[q&amask]
			switch l := b.libs[h&amask]; {
			case l >= 3:
				if limit <= 2 {
					return limit
				}
				// three or more: gather them by walking the chain
				s := h
				for {
					for _, dd := range b.dirs {
						r := int(s) + dd
						if r != pi && b.color[r&amask] == Empty && add(int32(r)) {
							return limit
						}
					}
					s = b.next[s&amask]
					if s == h {
						break
					}
				}
			case l == 2:
				if add(b.libSum[h&amask] - int32(pi)) {
					return limit
				}
			}
		case opp:
			h := b.head[q&amask]
			if b.libs[h&amask] == 1 {
				if b.chainLen[h&amask] > 1 {
					return limit
				}
				if add(int32(q)) {
					return limit
				}
			}
		}
	}
	return n
}

// IsSelfAtari tells whether c playing at the empty point p leaves the played
// chain with a single liberty (captures of two or more stones excepted).
func (b *Board) IsSelfAtari(p Point, c Color) bool {
	return b.LibertiesAfter(p, c, 2) < 2
}

// Captures reports whether c playing at the empty point p captures, and how
// many stones.
func (b *Board) CaptureCount(p Point, c Color) int {
	pi := int(p)
	opp := c.Opponent()
	var seen [4]int16
	ns, total := 0, 0
	for _, d := range b.dirs {
		q := pi + d
		if b.color[q&amask] != opp {
			continue
		}
		h := b.head[q&amask]
		if b.libs[h&amask] != 1 {
			continue
		}
		dup := false
		for i := 0; i < ns; i++ {
			dup = dup || seen[i] == h
		}
		if !dup {
			seen[ns] = h
			ns++
			total += int(b.chainLen[h&amask])
		}
	}
	return total
}

// OtherLiberty returns the liberty of the two-liberty chain at s that is not
// p (p must be one of its two liberties).
func (b *Board) OtherLiberty(s, p Point) Point {
	return Point(b.libSum[b.head[s&amask]&amask] - int32(p))
}

// HashAfter returns the position hash after c plays the legal move p,
// without playing it (captured chains are walked; suicide is not handled:
// call it only for moves that are not suicide).
func (b *Board) HashAfter(p Point, c Color) uint64 {
	h := b.hash ^ zobrist[c&3][p&amask]
	pi := int(p)
	opp := c.Opponent()
	var seen [4]int16
	ns := 0
	for _, d := range b.dirs {
		q := pi + d
		if b.color[q&amask] != opp {
			continue
		}
		hd := b.head[q&amask]
		if b.libs[hd&amask] != 1 {
			continue
		}
		dup := false
		for i := 0; i < ns; i++ {
			dup = dup || seen[i] == hd
		}
		if dup {
			continue
		}
		seen[ns] = hd
		ns++
		s := hd
		for {
			h ^= zobrist[opp&3][s&amask]
			s = b.next[s&amask]
			if s == hd {
				break
			}
		}
	}
	return h
}
