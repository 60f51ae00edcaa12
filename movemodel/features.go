package movemodel

import (
	"github.com/gtpgo/gtpgo/rules"
)

// Feature groups of a candidate move. A candidate has at most one level of
// each group; the model's rating of a move is the product of the ratings
// (gammas) of its levels.
const (
	GroupPass      = iota // the move is a pass: after a move, after a pass
	GroupCapture          // it captures (see the Capture levels)
	GroupEscape           // it plays the last liberty of an own chain in atari
	GroupSelfAtari        // it leaves the played chain one liberty
	GroupAtari            // it puts an enemy chain in atari
	GroupEdge             // its line: first to fourth
	GroupLast             // its distance to the last move
	GroupLast2            // its distance to the move before
	GroupShape            // its 3x3 shape with liberties (a dictionary entry)
	GroupSpatial          // its largest known spatial pattern (a dictionary entry)
	NumGroups
)

// GroupNames name the groups (model file, reports).
var GroupNames = [NumGroups]string{"pass", "capture", "escape", "self-atari", "atari", "edge", "last", "last2", "shape", "spatial"}

// Levels of the groups with fixed levels (the dictionary groups have one per
// entry).
const (
	// GroupPass
	PassAfterMove = iota
	PassAfterPass
	numPassLevels
)

const (
	// GroupCapture, the first that applies
	CaptureSavesOwn = iota // the captured chain had an own chain in atari
	CaptureLastMove        // the last move's chain
	CaptureKo              // one stone, leaving a ko
	CaptureOne             // one stone
	CaptureMany            // two or more
	numCaptureLevels
)

const (
	// GroupEscape: how the chain fares, and whether the last move made the
	// atari (escapeStale is added when it did not)
	EscapeFails  = iota // still one liberty
	EscapeLadder        // two liberties, caught in a ladder
	EscapeTwo           // two liberties, no ladder
	EscapeThree         // three or more
	escapeStale
	numEscapeLevels = 2 * escapeStale
)

const (
	// GroupSelfAtari, by the stones left in atari
	SelfAtariOne = iota
	SelfAtariFew // two or three
	SelfAtariMany
	numSelfAtariLevels
)

const (
	// GroupAtari, the first that applies
	AtariLadder = iota // the chain cannot escape: a ladder
	AtariKo            // while a ko is on the board
	AtariOther
	numAtariLevels
)

// Edge, distance levels: lines 1-4; distances d = dx + dy + max(dx, dy)
// from 2 to 16, then 17 and more.
const (
	numEdgeLevels     = 4
	maxDistance       = 17
	numDistanceLevels = maxDistance - 1
)

// FixedLevels are the number of levels of each group but the dictionary
// ones (0 there).
var FixedLevels = [NumGroups]int{numPassLevels, numCaptureLevels, numEscapeLevels, numSelfAtariLevels,
	numAtariLevels, numEdgeLevels, numDistanceLevels, numDistanceLevels, 0, 0}

// Features are a candidate's level in each group, -1 where it has none.
type Features [NumGroups]int32

// Extractor computes features; it owns the scratch boards of its ladder
// reads, so it is not safe for concurrent use.
type Extractor struct {
	dict    *Dictionary
	ladders LadderReader
	scratch rules.Board
	padded  paddedBoard
	board   *rules.Board // the position Prepare set up
	player  rules.Color
	// spatialLimit is the largest spatial pattern size rated (MaxSpatial
	// unless LimitSpatial said otherwise)
	spatialLimit int
}

// NewExtractor returns an extractor that numbers shapes and spatial
// patterns with dict (nil: those groups stay empty).
func NewExtractor(dict *Dictionary) *Extractor {
	return &Extractor{dict: dict, spatialLimit: MaxSpatial}
}

// LimitSpatial makes Features look up spatial patterns of at most size
// (below MinSpatial: none). The patterns were learned on 19x19; on a small
// board a large one sees three or four edges, shapes that never occurred
// there, so the centre is rated by the smaller all-empty patterns that
// strong players rarely choose.
func (x *Extractor) LimitSpatial(size int) {
	x.spatialLimit = min(size, MaxSpatial)
}

// Prepare sets up the position whose candidates Features rates: c to play
// on b, where b's last two moves are the opponent's last move and c's own.
// b must not change until the next Prepare.
func (x *Extractor) Prepare(b *rules.Board, c rules.Color) {
	x.board, x.player = b, c
	if x.dict != nil {
		x.padded.fill(b, c)
	}
}

// Features are the features of playing p (a legal move, or Pass) in the
// prepared position.
func (x *Extractor) Features(p rules.Point) Features {
	b, c := x.board, x.player
	var f Features
	for i := range f {
		f[i] = -1
	}
	if p == rules.Pass {
		f[GroupPass] = PassAfterMove
		if b.LastMove() == rules.Pass {
			f[GroupPass] = PassAfterPass
		}
		return f
	}
	f[GroupCapture] = x.capture(b, p, c)
	f[GroupEscape] = x.escape(b, p, c)
	libs := b.LibertiesAfter(p, c, 2)
	if libs < 2 {
		f[GroupSelfAtari] = selfAtari(b, p, c)
	} else {
		f[GroupAtari] = x.atari(b, p, c)
	}
	px, py := b.XY(p)
	if line := min(px, py, b.Size-1-px, b.Size-1-py); line < numEdgeLevels {
		f[GroupEdge] = int32(line)
	}
	f[GroupLast] = distanceLevel(b, p, b.LastMove())
	f[GroupLast2] = distanceLevel(b, p, b.LastMove2())
	if x.dict != nil {
		f[GroupShape] = x.dict.ShapeIndex(ShapeAt(b, p, c))
		x.padded.largest(b, p, x.spatialLimit, func(_ int, h uint64) bool {
			id := x.dict.SpatialIndex(h)
			if id >= 0 {
				f[GroupSpatial] = id
			}
			return id >= 0
		})
	}
	return f
}

// capture is the capture level of c at p, or -1.
func (x *Extractor) capture(b *rules.Board, p rules.Point, c rules.Color) int32 {
	opp := c.Opponent()
	level := int32(-1)
	last := b.LastMove()
	ownNeighbour := false
	for _, d := range b.Neighbors() {
		n := p + rules.Point(d)
		switch b.Color(n) {
		case c:
			ownNeighbour = true
		case opp:
			if b.Liberties(n) != 1 {
				continue
			}
			if savesOwn(b, n, c) {
				level = CaptureSavesOwn
			} else if last > 0 && b.Color(last) == opp && b.ChainHead(last) == b.ChainHead(n) && level < 0 {
				level = CaptureLastMove
			}
		}
	}
	captured := b.CaptureCount(p, c)
	switch {
	case captured == 0:
		return -1
	case level >= 0:
		return level
	case captured == 1 && !ownNeighbour && b.LibertiesAfter(p, c, 2) == 1:
		return CaptureKo
	case captured == 1:
		return CaptureOne
	}
	return CaptureMany
}

// savesOwn tells whether the enemy chain at s touches a chain of c in atari.
func savesOwn(b *rules.Board, s rules.Point, c rules.Color) bool {
	head := rules.Point(b.ChainHead(s))
	st := head
	for {
		for _, d := range b.Neighbors() {
			if n := st + rules.Point(d); b.Color(n) == c && b.Liberties(n) == 1 {
				return true
			}
		}
		st = b.NextStone(st)
		if st == head {
			return false
		}
	}
}

// escape is the escape level of c at p (the last liberty of an own chain in
// atari), or -1.
func (x *Extractor) escape(b *rules.Board, p rules.Point, c rules.Color) int32 {
	chain := rules.NoPoint
	for _, d := range b.Neighbors() {
		if n := p + rules.Point(d); b.Color(n) == c && b.Liberties(n) == 1 {
			chain = n
			break
		}
	}
	if chain == rules.NoPoint {
		return -1
	}
	var level int32
	switch libs := b.LibertiesAfter(p, c, 3); {
	case libs <= 1:
		level = EscapeFails
	case libs == 2 && x.ladders.EscapeCaught(b, p, c):
		level = EscapeLadder
	case libs == 2:
		level = EscapeTwo
	default:
		level = EscapeThree
	}
	if !touchesChain(b, b.LastMove(), chain) {
		level += escapeStale
	}
	return level
}

// touchesChain tells whether the point q is next to the chain at s.
func touchesChain(b *rules.Board, q, s rules.Point) bool {
	if q <= 0 {
		return false
	}
	for _, d := range b.Neighbors() {
		if n := q + rules.Point(d); b.Color(n) == b.Color(s) && b.ChainHead(n) == b.ChainHead(s) {
			return true
		}
	}
	return false
}

// selfAtari is the self-atari level of c at p, by the stones of the
// chain p makes.
func selfAtari(b *rules.Board, p rules.Point, c rules.Color) int32 {
	stones := 1
	var heads [4]int
	n := 0
	for _, d := range b.Neighbors() {
		q := p + rules.Point(d)
		if b.Color(q) != c {
			continue
		}
		h := b.ChainHead(q)
		dup := false
		for i := 0; i < n; i++ {
			dup = dup || heads[i] == h
		}
		if !dup {
			heads[n] = h
			n++
			stones += b.ChainSize(q)
		}
	}
	switch {
	case stones == 1:
		return SelfAtariOne
	case stones <= 3:
		return SelfAtariFew
	}
	return SelfAtariMany
}

// atari is the atari level of c at p (which leaves c's chain two liberties
// or more), or -1.
func (x *Extractor) atari(b *rules.Board, p rules.Point, c rules.Color) int32 {
	opp := c.Opponent()
	level := int32(-1)
	for _, d := range b.Neighbors() {
		n := p + rules.Point(d)
		if b.Color(n) != opp || b.Liberties(n) != 2 {
			continue
		}
		if x.ladderAtari(b, p, c, n) {
			return AtariLadder
		}
		if ko, _ := b.Ko(); ko != rules.NoPoint {
			level = AtariKo
		} else if level < 0 {
			level = AtariOther
		}
	}
	return level
}

// ladderAtari tells whether c's atari at p on the two-liberty chain at s
// leaves it caught in a ladder: its escape at the other liberty is.
func (x *Extractor) ladderAtari(b *rules.Board, p rules.Point, c rules.Color, s rules.Point) bool {
	other := b.OtherLiberty(s, p)
	x.scratch.CopyFrom(b)
	x.scratch.PlayLegal(p, c)
	if x.scratch.Color(s) != c.Opponent() || x.scratch.Liberties(s) != 1 || !x.scratch.LegalEmpty(other, c.Opponent()) {
		return false
	}
	if x.scratch.LibertiesAfter(other, c.Opponent(), 3) >= 3 {
		return false
	}
	return x.ladders.EscapeCaught(&x.scratch, other, c.Opponent())
}

// distanceLevel is the level of p's distance to q (-1 when q is no point).
func distanceLevel(b *rules.Board, p, q rules.Point) int32 {
	if q <= 0 {
		return -1
	}
	px, py := b.XY(p)
	qx, qy := b.XY(q)
	dx, dy := abs(px-qx), abs(py-qy)
	// max: the move before may have been captured, leaving p free
	d := max(min(dx+dy+max(dx, dy), maxDistance), 2)
	return int32(d - 2)
}
