package judge

import (
	"slices"

	"github.com/gtpgo/gtpgo/rules"
)

// The limits of the enclosed-area reading are JudgeParams. Only small areas
// are read (at most EnclosedMaxEmpty empty points, EnclosedMaxPoints in all);
// a wall chain with at most EnclosedShortLibs liberties outside the area
// brings them into the fight. An owner that has not captured within
// EnclosedDepth plies cannot (a ko the players left, typically); once it has,
// the defender has up to EnclosedAfterDepth more plies to take a wall chain.
// Areas read together (joinShared) have at most EnclosedJoinedMaxPoints
// points and, all together, EnclosedMaxEmpty empty ones. A seki's wall is
// read SekiWallDepth plies deep. A reading that spends EnclosedNodeBudget
// nodes proves nothing and leaves the judgement as it was, and once the
// areas of a board have spent EnclosedBoardBudget the rest are not read (a
// bound on final_score's time).

// spareUncapturable reads out the small enclosed areas that hold stones
// judged dead: the empty points and stones of the dead colour around them,
// walled in by the opponent. Playouts kill such stones whenever the random
// moves fill the area, but in a corner seki (stones on the 1-2 and 2-1 points
// inside a short-of-liberties wall, say) the owner cannot take them: every
// move that would is self-atari. And where the owner can take them, the
// capture may leave its wall a single eye, short of liberties: then the
// stones are in seki too. If the owner, moving first and playing only
// inside the area or on the liberties of short wall chains, cannot capture
// them all and keep every wall chain, the stones are not dead: they are
// marked in seki, and the area's points go to nobody, unless the defender,
// moving first, takes a wall chain even with the stones standing, or the
// owner captures them by giving up an inner wall chain (killsBySacrifice).
// On the 6,500 counted KGS games this turns 44 results exact and none
// wrong, and 13 more winners right (15 right, 2 wrong; scripts/kgsjudge). Areas of 9
// to 12 points add one of those (a ten-point seki, kgs-2006#4306), larger
// ones or more empty points none; areas read together because they share
// a wall chain (joinShared) add two.
func (jp *Params) spareUncapturable(b *rules.Board, status rules.StatusMap, left *int) {
	a := newAreaReader(b, status, jp, left)
	for _, p := range b.Points() {
		if *a.left <= 0 {
			return
		}
		if !a.enclose(p, rules.Dead) {
			continue
		}
		r, ok := a.reader(jp.EnclosedDepth + jp.EnclosedAfterDepth)
		if !ok {
			continue
		}
		owner, c := r.attacker, r.attacker.Opponent()
		win := r.attackerWins(0, owner, 0, false)
		if !win && !r.cutoff {
			// the stones make a seki only if the wall holds while they
			// stand: a wall the defender takes from outside even so is in
			// a fight this reading, which gives the owner no move outside,
			// cannot judge
			win = !r.attackerWins(0, c, 0, true)
		}
		cutoff := r.cutoff
		a.spend(r)
		if win || cutoff || a.killsBySacrifice() {
			continue
		}
		for _, s := range a.targets {
			status[s] = rules.Seki
		}
	}
}

// killSekiWalls reads the small enclosed areas of stones in seki (the
// playouts' unsettled shared liberties, or spareUncapturable's verdict): a
// seki chain walled in by the opponent. In some such sekis the wall is dead:
// the stones' owner fills a shared liberty, a sacrifice the wall must
// capture, and the eye space the capture leaves is one it can kill (bent
// four in the corner, a bulky five or rabbity six). Random playouts never
// play the sacrifice. If the wall's owner, moving first, cannot keep every
// wall chain against that (with the same moves as spareUncapturable's
// reading), the wall is dead and the stones inside alive. On the 6,500
// counted KGS games this turns 3 results exact and breaks none.
func (jp *Params) killSekiWalls(b *rules.Board, status rules.StatusMap, left *int) {
	a := newAreaReader(b, status, jp, left)
	var lost []rules.Point
	for _, p := range b.Points() {
		if *a.left <= 0 {
			return
		}
		if !a.enclose(p, rules.Seki) {
			continue
		}
		// the wall: the chains around that are not dead already (a dead
		// stone in a seki's eye is none the owner must keep)
		a.guards = slices.DeleteFunc(a.guards, func(g rules.Point) bool { return status.At(g) == rules.Dead })
		if len(a.guards) == 0 {
			continue
		}
		r, ok := a.reader(jp.SekiWallDepth)
		if !ok {
			continue
		}
		keeps := r.attackerWins(0, r.attacker, 0, true)
		a.spend(r)
		if keeps || r.cutoff {
			continue
		}
		// which wall chains die: each that the owner cannot keep even when
		// it defends that one alone
		lost = lost[:0]
		for _, g := range a.guards { // each reader takes a.guards afresh
			if r, ok := a.reader(jp.SekiWallDepth); ok {
				r.guards = []rules.Point{g}
				if !r.attackerWins(0, r.attacker, 0, true) && !r.cutoff {
					lost = append(lost, g)
				}
				a.spend(r)
			}
		}
		if len(lost) == 0 {
			continue // the owner keeps any one of them: no verdict
		}
		for _, g := range lost {
			status.SetChain(b, g, rules.Dead)
		}
		for _, s := range a.targets {
			status[s] = rules.Alive
		}
	}
}

// killsBySacrifice tells whether the owner of the area enclose found
// captures the stones inside when it may give up its inner wall chains, those
// with no liberty outside the area (a false seki: Black's B1 shares A1 and C1
// with White's stones around it, but Black A1 makes White take two stones at
// C1, and the two-point eye that leaves is one: Black B1, White A1, Black B1
// again). The readings that must keep every wall chain never play such a
// sacrifice; this one has the owner capture whoever moves first, and keep
// the rest of the wall, with the same moves and depth as spareUncapturable's.
// Players resolve such a position before they count: of the 6,493 counted
// KGS games it changes none (scripts/kgsjudge); engines leave it standing.
func (a *areaReader) killsBySacrifice() bool {
	b := a.b
	a.innerGuards = a.innerGuards[:0]
	a.sparePoints = a.sparePoints[:0]
	for _, g := range a.guards {
		a.libs = b.ChainLiberties(g, a.libs[:0])
		if !slices.ContainsFunc(a.libs, func(l rules.Point) bool { return a.mark[l] != a.stamp }) {
			a.innerGuards = append(a.innerGuards, g)
			a.sparePoints = b.ChainStones(g, a.sparePoints)
		}
	}
	if len(a.innerGuards) == 0 {
		return false // nothing to sacrifice: the other readings' case
	}
	defender := b.Color(a.targets[0])
	for _, first := range [2]rules.Color{defender.Opponent(), defender} {
		r, ok := a.reader(a.jp.EnclosedDepth + a.jp.EnclosedAfterDepth)
		if !ok {
			return false
		}
		r.spare, r.sparePoints = a.innerGuards, a.sparePoints
		killed := r.attackerWins(0, first, 0, false) && !r.cutoff
		a.spend(r)
		if !killed {
			return false
		}
	}
	return true
}

// killEnclosedGroups reads the small groups judged alive that the opponent
// walls in: their stones, their eye space and the opponent's stones judged
// dead inside it (a squared four with an enemy stone in it, say), at most
// EnclosedGroupMaxPoints points with EnclosedGroupMaxEmpty empty ones.
// Random playouts rarely find the nakade that kills a dead eye shape (a
// straight or bent three, a squared four, a bulky five, a rabbity six) and
// call such groups alive. If the opponent, playing first (first is its
// colour, or Empty: at the end of a game the opponent of each group moves
// first), captures the group and keeps its wall, the group is dead and the
// opponent's stones inside it alive. With the group's owner first, the
// reading tells whether it can make its shape live. A reading too long for
// its budget leaves the verdict to the eye shape (deadEyeShape), for groups
// whose ownership is under ShapeDeathOwnership only.
func (jp *Params) killEnclosedGroups(b *rules.Board, status rules.StatusMap, ownership []float64, benson []rules.Color, first rules.Color, left *int) {
	a := newAreaReader(b, status, jp, left)
	a.groups = true
	for _, p := range b.Points() {
		if *a.left <= 0 {
			return
		}
		if c := b.Color(p); (c != rules.Black && c != rules.White) || benson[p] == c || !a.enclose(p, rules.Alive) {
			continue
		}
		if len(a.guards) == 0 {
			continue // nothing walls it in: the whole board is the group's
		}
		r, ok := a.reader(jp.EnclosedGroupDepth + jp.EnclosedAfterDepth)
		if !ok {
			continue
		}
		toMove := r.attacker
		if first == r.attacker.Opponent() {
			toMove = first
		}
		killed := r.attackerWins(0, toMove, 0, false)
		a.spend(r)
		if r.cutoff {
			// too long a fight to read out: what every player knows of
			// eye shapes decides, where the playouts left the group's life
			// in doubt (ShapeDeathOwnership)
			killed = a.deadEyeShape(toMove == r.attacker) && a.targetsOwnership(ownership) < jp.ShapeDeathOwnership
		}
		if !killed {
			continue
		}
		for _, s := range a.area {
			switch b.Color(s) {
			case r.attacker:
				status[s] = rules.Alive
			case r.attacker.Opponent():
				status[s] = rules.Dead
			}
		}
	}
}

// deadEyeShape tells whether the group of the area enclose found, whose eye
// space is the rest of the area (empty points and the opponent's dead
// stones), is dead by the shape of that space: a space of one or two points,
// a squared four, and the killable shapes (the straight and bent three, the
// pyramid four, the crossed and bulky five, the rabbity six) when the killer
// moves first (killerFirst) or has a stone on the vital point already.
// Bigger spaces, and two spaces, live.
func (a *areaReader) deadEyeShape(killerFirst bool) bool {
	b := a.b
	c := b.Color(a.targets[0])
	var space []rules.Point
	for _, p := range a.area {
		if b.Color(p) != c {
			space = append(space, p)
		}
	}
	if len(space) == 0 || !connected(b, space) {
		return false // two spaces: two eyes, as likely as not
	}
	switch shape, vital := rules.ClassifyEyeSpace(b, space); shape {
	case rules.EyeSpaceDead:
		return true
	case rules.EyeSpaceKillable:
		return killerFirst || b.Color(vital) == c.Opponent()
	}
	return false
}

// targetsOwnership is the mean ownership of the area's targets, for their
// colour.
func (a *areaReader) targetsOwnership(ownership []float64) float64 {
	sum := 0.0
	for _, t := range a.targets {
		sum += ownership[t]
	}
	if a.b.Color(a.targets[0]) == rules.White {
		sum = -sum
	}
	return sum / float64(len(a.targets))
}

// connected tells whether the points form one region of neighbours.
func connected(b *rules.Board, points []rules.Point) bool {
	seen := []rules.Point{points[0]}
	for i := 0; i < len(seen); i++ {
		for _, d := range b.Neighbors() {
			if q := seen[i] + rules.Point(d); slices.Contains(points, q) && !slices.Contains(seen, q) {
				seen = append(seen, q)
			}
		}
	}
	return len(seen) == len(points)
}

// areaReader finds the small enclosed areas of one board and sets up their
// readings; its scratch space is shared by all the areas of the board.
type areaReader struct {
	jp     *Params
	b      *rules.Board
	status rules.StatusMap
	done   []bool // stones already read with their area
	mark   []int  // area membership, by stamp
	stamp  int
	// the last area found: its points, the enclosed stones, one stone of
	// each owner chain walling it
	area, targets, guards []rules.Point
	// the guards with no liberty outside the area, and their stones
	// (killsBySacrifice)
	innerGuards, sparePoints []rules.Point
	stack, chain, libs       []rules.Point
	removed                  []rules.Move
	reading                  enclosedReader
	left                     *int // the node budget left, shared by the readings of a judgement
	// groups: the areas are living groups with their eye space, the
	// opponent's dead stones in it included (killEnclosedGroups)
	groups bool
}

func newAreaReader(b *rules.Board, status rules.StatusMap, jp *Params, left *int) *areaReader {
	return &areaReader{jp: jp, b: b, status: status, done: make([]bool, b.Len), mark: make([]int, b.Len), left: left}
}

// enclose finds the area of the stone on p when its status is want and the
// opponent walls it in: everything reachable from p through points that are
// not the opponent's stones, which must be small and hold no stone of p's
// colour that is alive, nor one with another status than want's unless it
// is dead. Dead stones' areas take in the others that share a wall chain
// with them (see joinShared). It reports whether there is such an area.
func (a *areaReader) enclose(p rules.Point, want rules.Status) bool {
	b := a.b
	c := b.Color(p)
	if (c != rules.Black && c != rules.White) || a.done[p] || a.status.At(p) != want {
		return false
	}
	a.stamp++
	a.area = a.area[:0]
	maxEmpty, maxPoints := a.jp.EnclosedMaxEmpty, a.jp.EnclosedMaxPoints
	if a.groups {
		maxEmpty, maxPoints = a.jp.EnclosedGroupMaxEmpty, a.jp.EnclosedGroupMaxPoints
	}
	ok := a.flood(p, c, want, maxEmpty, maxPoints)
	for _, s := range a.area {
		if st := a.status.At(s); b.Color(s) == c && (st == want || st == rules.Dead) {
			a.done[s] = true // read with this area, or part of one too big
		}
	}
	if !ok {
		return false
	}
	a.guards = a.guards[:0]
	a.addGuards(0)
	if want == rules.Dead {
		a.joinShared()
	}
	a.targets = a.targets[:0]
	for _, s := range a.area {
		if b.Color(s) == c {
			a.targets = append(a.targets, s)
			a.done[s] = true
		}
	}
	return true
}

// flood adds to the area, under the current stamp, what is reachable from p
// through points that are not c's opponent's (for groups, through the
// opponent's dead stones too), and reports whether that part is enclosed: at
// most maxEmpty empty points, the area at most maxPoints in all, and no
// stone of colour c with another status than want or dead.
func (a *areaReader) flood(p rules.Point, c rules.Color, want rules.Status, maxEmpty, maxPoints int) bool {
	b, status := a.b, a.status
	owner := c.Opponent()
	a.stack = append(a.stack[:0], p)
	a.mark[p] = a.stamp
	empty, ok := 0, true
	for len(a.stack) > 0 && ok {
		s := a.stack[len(a.stack)-1]
		a.stack = a.stack[:len(a.stack)-1]
		a.area = append(a.area, s)
		if b.Color(s) == rules.Empty {
			empty++
		} else if st := status.At(s); b.Color(s) == c && st != want && st != rules.Dead {
			ok = false // a living chain of colour c: not enclosed
		}
		for _, d := range b.Neighbors() {
			q := s + rules.Point(d)
			through := b.Color(q) != owner || a.groups && status.At(q) == rules.Dead
			if qc := b.Color(q); qc != rules.Border && through && a.mark[q] != a.stamp {
				a.mark[q] = a.stamp
				a.stack = append(a.stack, q)
			}
		}
		ok = ok && empty <= maxEmpty && len(a.area) <= maxPoints
	}
	return ok
}

// addGuards adds to the guards one stone of each owner chain next to the
// area's points from index from on.
func (a *areaReader) addGuards(from int) {
	b := a.b
	owner := b.Color(a.area[0]).Opponent()
	for _, s := range a.area[from:] {
		for _, d := range b.Neighbors() {
			if q := s + rules.Point(d); b.Color(q) == owner && a.mark[q] != a.stamp && !sameChainAs(b, a.guards, q) {
				a.guards = append(a.guards, q)
			}
		}
	}
}

// joinShared adds to an area of dead stones the other small areas of dead
// stones that one of its wall chains also walls, when that chain has no
// liberty outside them. Reading each area alone gets such a chain wrong:
// the reading of one takes the other's stones off the board, which gives
// the chain the liberties it lacks (a corner seki whose wall shares its last
// liberties with two groups).
func (a *areaReader) joinShared() {
	b := a.b
	c := b.Color(a.area[0])
	for i := 0; i < len(a.guards); i++ {
		// every liberty must end up in the area, which has at most
		// EnclosedMaxEmpty empty points: a chain with more is skipped
		// before flooding around all its stones
		a.libs = b.ChainLiberties(a.guards[i], a.libs[:0])
		if len(a.libs) > a.jp.EnclosedMaxEmpty {
			continue
		}
		from := len(a.area)
		a.chain = b.ChainStones(a.guards[i], a.chain[:0])
		joined := false
		for _, s := range a.chain {
			for _, d := range b.Neighbors() {
				q := s + rules.Point(d)
				if qc := b.Color(q); qc == rules.Border || qc == c.Opponent() || a.mark[q] == a.stamp {
					continue
				}
				region := len(a.area)
				if a.flood(q, c, rules.Dead, a.jp.EnclosedMaxEmpty-a.empties(), a.jp.EnclosedJoinedMaxPoints) && a.holds(c, region) {
					joined = true
				} else {
					a.unmark(region)
				}
			}
		}
		if !joined {
			continue
		}
		if slices.ContainsFunc(a.libs, func(l rules.Point) bool { return a.mark[l] != a.stamp }) {
			a.unmark(from) // the chain has a liberty outside: no join
			continue
		}
		a.addGuards(from)
	}
}

// unmark takes the area's points from index from on, and those a flood left
// on the stack, out of the area.
func (a *areaReader) unmark(from int) {
	for _, x := range a.area[from:] {
		a.mark[x] = 0
	}
	for _, x := range a.stack {
		a.mark[x] = 0
	}
	a.stack = a.stack[:0]
	a.area = a.area[:from]
}

// empties counts the area's empty points.
func (a *areaReader) empties() int {
	n := 0
	for _, s := range a.area {
		if a.b.Color(s) == rules.Empty {
			n++
		}
	}
	return n
}

// holds tells whether the area from index from on holds a stone of colour c.
func (a *areaReader) holds(c rules.Color, from int) bool {
	return slices.ContainsFunc(a.area[from:], func(s rules.Point) bool { return a.b.Color(s) == c })
}

// reader sets up the reading of the area enclose found, at most plies deep,
// on a copy of the board without the other dead stones of the enclosed
// colour: the owner may take them, and their points are liberties of the
// wall. ok is false when that board cannot be set up.
func (a *areaReader) reader(plies int) (r *enclosedReader, ok bool) {
	b, status := a.b, a.status
	c := b.Color(a.targets[0])
	r = &a.reading
	if r.boards == nil { // most positions have no area to read
		n := max(a.jp.EnclosedDepth+a.jp.EnclosedAfterDepth, a.jp.SekiWallDepth, a.jp.EnclosedGroupDepth+a.jp.EnclosedAfterDepth) + 1
		r.boards, r.cands, r.seen = make([]rules.Board, n), make([][]rules.Point, n), map[uint64]bool{}
	}
	r.depth, r.shortLibs, r.vitalFirst = a.jp.EnclosedDepth, a.jp.EnclosedShortLibs, a.groups
	if a.groups {
		r.depth = a.jp.EnclosedGroupDepth
	}
	clear(r.seen)
	r.attacker, r.targets, r.guards, r.area = c.Opponent(), a.targets, a.guards, a.area
	r.spare, r.sparePoints = nil, nil
	r.inArea, r.areaStamp = a.mark, a.stamp
	r.plies, r.budget, r.cutoff = plies, min(a.jp.EnclosedNodeBudget, *a.left), false
	r.boards[0].CopyFrom(b)
	a.removed = a.removed[:0]
	for _, q := range b.Points() {
		if b.Color(q) == c && status.At(q) == rules.Dead && a.mark[q] != a.stamp {
			a.removed = append(a.removed, rules.Move{Color: rules.Empty, Point: q})
		}
	}
	return r, r.boards[0].SetStones(a.removed) == nil
}

// spend takes what the reading r used from the board's budget.
func (a *areaReader) spend(r *enclosedReader) {
	*a.left -= min(a.jp.EnclosedNodeBudget, *a.left) - r.budget
}

// sameChainAs tells whether p's chain has a stone in stones.
func sameChainAs(b *rules.Board, stones []rules.Point, p rules.Point) bool {
	for _, s := range stones {
		if b.ChainHead(s) == b.ChainHead(p) {
			return true
		}
	}
	return false
}

// enclosedReader is a small exhaustive search of one enclosed area.
type enclosedReader struct {
	attacker rules.Color
	targets  []rules.Point // the defender's stones to capture
	guards   []rules.Point // one stone of each attacker chain walling the area
	// spare: the guards the attacker may lose (inner wall chains it may
	// sacrifice, killsBySacrifice); sparePoints: their stones, points it
	// may play again once they are taken
	spare, sparePoints []rules.Point
	area               []rules.Point   // the area's points
	cands              [][]rules.Point // the moves tried, one list per ply
	libs               []rules.Point   // scratch
	counts             []int           // scratch of candidates
	// the areaReader's marks: p is in the area when inArea[p] == areaStamp
	// (candidates asks at every node)
	inArea    []int
	areaStamp int
	boards    []rules.Board // one per ply
	plies     int           // the last ply read
	// vitalFirst orders the area's points by their empty neighbours (the
	// readings of walled-in groups)
	vitalFirst bool
	depth      int // EnclosedDepth
	shortLibs  int // EnclosedShortLibs
	budget     int
	cutoff     bool            // some line ran out of budget
	seen       map[uint64]bool // results by position, side to move, ply, passes and phase
}

// attackerWins tells whether the attacker captures every target and keeps
// every guard chain, with toMove to play on boards[ply] after the given
// number of consecutive passes; taken tells that the targets have been
// captured in this line. Before they are, two passes or reaching ply
// EnclosedDepth are a loss for the attacker; after, the defender plays on in
// the area and against the wall, and two passes or the last ply are the
// attacker's win: a capture that leaves the wall with one eye, short of
// liberties, is a seki, not a kill. Running out of budget sets cutoff: the
// reading proved nothing.
func (r *enclosedReader) attackerWins(ply int, toMove rules.Color, passes int, taken bool) bool {
	var gone uint64
	if taken {
		gone = r.allTargets()
	}
	return r.wins(ply, toMove, passes, gone)
}

// allTargets is the set of every target, as wins' gone (an area has far
// fewer than 64 points).
func (r *enclosedReader) allTargets() uint64 { return 1<<len(r.targets) - 1 }

// wins is attackerWins with gone the targets captured so far in this line,
// one bit each: a target once captured stays so, though the defender may
// play on its point again, or the defender could stall a capture of two
// groups by refilling the first one's points before the second falls.
func (r *enclosedReader) wins(ply int, toMove rules.Color, passes int, gone uint64) bool {
	b := &r.boards[ply]
	for _, g := range r.guards {
		if b.Color(g) != r.attacker && !slices.Contains(r.spare, g) {
			return false
		}
	}
	for i, t := range r.targets {
		if b.Color(t) != r.attacker.Opponent() {
			gone |= 1 << i
		}
	}
	taken := gone == r.allTargets()
	if passes == 2 || ply == r.depth && !taken || ply == r.plies {
		return taken
	}
	key := nodeKey(b, toMove, r.keyPly(ply), passes, gone)
	if win, ok := r.seen[key]; ok {
		return win
	}
	r.budget--
	if r.budget <= 0 {
		r.cutoff = true
		return false
	}
	attacking := toMove == r.attacker
	next := &r.boards[ply+1]
	for _, m := range r.candidates(b, ply) {
		if b.Color(m) != rules.Empty || !b.Legal(m, toMove) {
			continue
		}
		next.CopyFrom(b)
		next.PlayLegal(m, toMove)
		if r.wins(ply+1, toMove.Opponent(), 0, gone) == attacking {
			r.seen[key] = attacking
			return attacking
		}
	}
	next.CopyFrom(b)
	next.PlayLegal(rules.Pass, toMove)
	win := r.wins(ply+1, toMove.Opponent(), passes+1, gone)
	r.seen[key] = win // after a cutoff the whole reading is discarded
	return win
}

// nodeKey identifies a node of the reading: the stones, the ko, whose move,
// and what the search's verdict depends on besides (the ply, for the depth
// left; the passes; the targets captured so far).
func nodeKey(b *rules.Board, toMove rules.Color, ply, passes int, gone uint64) uint64 {
	ko, _ := b.Ko()
	return b.Hash() ^ uint64(ko)*0x9e3779b97f4a7c15 ^ uint64(toMove)<<56 ^ uint64(ply)<<48 ^ uint64(passes)<<60 ^ (gone+1)*0xbf58476d1ce4e5b9
}

// candidates lists the moves of a node: the area's points first, then the
// outside liberties of the wall chains that have at most EnclosedShortLibs
// of them, and the last liberty of every defender chain in atari against
// the wall (the attacker takes it, the defender extends).
func (r *enclosedReader) candidates(b *rules.Board, ply int) []rules.Point {
	cands := append(r.cands[ply][:0], r.area...)
	if r.vitalFirst {
		// the point with the most empty neighbours is the vital point of
		// an eye shape, for both sides: trying it first finds the verdict
		// in a fraction of the nodes
		// (a stable insertion sort on counts taken once: the areas are
		// small, and the sort runs at every node of the reading)
		counts := r.counts[:0]
		for _, p := range cands {
			n := 0
			for _, d := range b.Neighbors() {
				if b.Color(p+rules.Point(d)) == rules.Empty {
					n++
				}
			}
			counts = append(counts, n)
		}
		for i := 1; i < len(cands); i++ {
			p, n := cands[i], counts[i]
			j := i
			for ; j > 0 && counts[j-1] < n; j-- {
				cands[j], counts[j] = cands[j-1], counts[j-1]
			}
			cands[j], counts[j] = p, n
		}
		r.counts = counts
	}
	for _, p := range r.sparePoints {
		cands = addMove(cands, p)
	}
	for i, g := range r.guards {
		if b.Color(g) != r.attacker || sameChainAs(b, r.guards[:i], g) {
			continue // a spare guard taken, or joined to an earlier guard's chain
		}
		r.libs = b.ChainLiberties(g, r.libs[:0])
		outside := 0
		for _, l := range r.libs {
			if r.inArea[l] != r.areaStamp {
				outside++
			}
		}
		if outside <= r.shortLibs {
			for _, l := range r.libs {
				cands = addMove(cands, l)
			}
		}
		s := g
		for {
			for _, d := range b.Neighbors() {
				n := s + rules.Point(d)
				if b.Color(n) == r.attacker.Opponent() && b.Liberties(n) == 1 {
					cands = addMove(cands, b.AtariPoint(n))
				}
			}
			if s = b.NextStone(s); s == g {
				break
			}
		}
	}
	r.cands[ply] = cands
	return cands
}

// addMove appends p to moves unless it is there already.
func addMove(moves []rules.Point, p rules.Point) []rules.Point {
	if slices.Contains(moves, p) {
		return moves
	}
	return append(moves, p)
}

// keyPly is the ply a node's verdict is kept under. In the readings of
// walled-in groups a verdict holds at any ply: the positions of a nakade
// fight recur in many orders, and the wall around has liberties to spare.
func (r *enclosedReader) keyPly(ply int) int {
	if r.vitalFirst {
		return 0
	}
	return ply
}
