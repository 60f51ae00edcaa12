package rules

// emptyList is the set of empty points of a board as a list with an index
// per point: O(1) insertion and removal, and uniform sampling by position,
// which is how playouts draw random moves. Board and LightBoard share it.
type emptyList struct {
	empty    [arraySize]int16 // the empty points, in no particular order
	emptyIdx [arraySize]int16 // each empty point's position in empty
	nEmpty   int
}

// copyFrom copies src, whose board arrays use their first n entries.
func (l *emptyList) copyFrom(src *emptyList, n int) {
	copy(l.emptyIdx[:n], src.emptyIdx[:n])
	copy(l.empty[:src.nEmpty], src.empty[:src.nEmpty])
	l.nEmpty = src.nEmpty
}

func (l *emptyList) addEmpty(p int) {
	l.emptyIdx[p&amask] = int16(l.nEmpty)
	l.empty[l.nEmpty&amask] = int16(p)
	l.nEmpty++
}

func (l *emptyList) removeEmpty(p int) {
	i := l.emptyIdx[p&amask]
	l.nEmpty--
	last := l.empty[l.nEmpty&amask]
	l.empty[i&amask] = last
	l.emptyIdx[last&amask] = i
}

// swapEmpty exchanges the i-th and j-th entries of the list.
func (l *emptyList) swapEmpty(i, j int) {
	pi, pj := l.empty[i&amask], l.empty[j&amask]
	l.empty[i&amask], l.empty[j&amask] = pj, pi
	l.emptyIdx[pj&amask], l.emptyIdx[pi&amask] = int16(i), int16(j)
}
