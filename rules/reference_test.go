package rules

// A deliberately plain reference implementation of the rules, written only for
// the tests: a grid indexed x*n+y, flood fills for chains and liberties, and a
// copy of the whole grid for every trial move. It shares nothing with Board
// but the zobrist key table (which defines what the hash is).

type refBoard struct {
	n        int
	grid     []Color
	history  [][]Color // grids after each move, history[0] the start
	captures [3]int
	suicide  bool
	toMove   Color // the ko rule binds only the player to move
	// flood-fill scratch: seen[i] == stamp marks a visited point
	seen  []int
	stamp int
}

func newRef(n int) *refBoard {
	r := &refBoard{n: n, grid: make([]Color, n*n), toMove: Black, seen: make([]int, n*n)}
	r.history = append(r.history, append([]Color(nil), r.grid...))
	return r
}

func (r *refBoard) at(x, y int) Color { return r.grid[x*r.n+y] }

// neighbours returns the on-board orthogonal neighbours of point i.
func (r *refBoard) neighbours(i int, buf *[4]int) []int {
	x, y := i/r.n, i%r.n
	out := buf[:0]
	if x > 0 {
		out = append(out, i-r.n)
	}
	if x < r.n-1 {
		out = append(out, i+r.n)
	}
	if y > 0 {
		out = append(out, i-1)
	}
	if y < r.n-1 {
		out = append(out, i+1)
	}
	return out
}

// chain flood-fills the chain at i of grid g and returns its stones and its
// number of distinct liberties.
func (r *refBoard) chain(g []Color, i int) (stones []int, libs int) {
	r.stamp += 2
	stoneMark, libMark := r.stamp, r.stamp+1
	c := g[i]
	r.seen[i] = stoneMark
	stack := []int{i}
	var buf [4]int
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stones = append(stones, s)
		for _, q := range r.neighbours(s, &buf) {
			switch {
			case g[q] == Empty && r.seen[q] != libMark:
				r.seen[q] = libMark
				libs++
			case g[q] == c && r.seen[q] != stoneMark:
				r.seen[q] = stoneMark
				stack = append(stack, q)
			}
		}
	}
	return stones, libs
}

// try plays c at (x, y) on a copy of the grid and returns the new grid and the
// stones captured and lost, or ok=false if the move is illegal: occupied,
// suicide (single-stone suicide always), or recreating the grid before the
// opponent's last move (simple ko, which binds the player to move).
func (r *refBoard) try(x, y int, c Color) (g []Color, captured, lost int, ok bool) {
	i := x*r.n + y
	if r.grid[i] != Empty {
		return nil, 0, 0, false
	}
	g = append([]Color(nil), r.grid...)
	g[i] = c
	var buf [4]int
	for _, q := range r.neighbours(i, &buf) {
		if g[q] != c.Opponent() {
			continue
		}
		if stones, libs := r.chain(g, q); libs == 0 {
			for _, s := range stones {
				g[s] = Empty
			}
			captured += len(stones)
		}
	}
	if stones, libs := r.chain(g, i); libs == 0 {
		if !r.suicide || len(stones) == 1 {
			return nil, 0, 0, false
		}
		for _, s := range stones {
			g[s] = Empty
		}
		lost = len(stones)
	}
	if c == r.toMove && len(r.history) >= 2 && equalGrid(g, r.history[len(r.history)-2]) {
		return nil, 0, 0, false
	}
	return g, captured, lost, true
}

func equalGrid(a, b []Color) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (r *refBoard) play(x, y int, c Color) bool {
	g, captured, lost, ok := r.try(x, y, c)
	if !ok {
		return false
	}
	r.grid = g
	r.captures[c] += captured
	r.captures[c.Opponent()] += lost
	r.history = append(r.history, g)
	r.toMove = c.Opponent()
	return true
}

func (r *refBoard) pass(c Color) {
	r.history = append(r.history, r.grid)
	r.toMove = c.Opponent()
}

func (r *refBoard) hash(geo Geometry) uint64 {
	var h uint64
	for x := 0; x < r.n; x++ {
		for y := 0; y < r.n; y++ {
			if c := r.at(x, y); c != Empty {
				h ^= StoneKey(c, geo.At(x, y))
			}
		}
	}
	return h
}

// refAreaScore counts stones plus empty regions reached by one colour only.
func (r *refBoard) areaScore() (black, white int) {
	r.stamp++
	var buf [4]int
	for i, c := range r.grid {
		switch {
		case c == Black:
			black++
		case c == White:
			white++
		case r.seen[i] != r.stamp:
			size, reach := 0, Color(0)
			stack := []int{i}
			r.seen[i] = r.stamp
			for len(stack) > 0 {
				s := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, q := range r.neighbours(s, &buf) {
					if r.grid[q] != Empty {
						reach |= r.grid[q]
					} else if r.seen[q] != r.stamp {
						r.seen[q] = r.stamp
						stack = append(stack, q)
					}
				}
			}
			switch reach {
			case Black:
				black += size
			case White:
				white += size
			}
		}
	}
	return black, white
}
