package engine

import (
	"slices"
	"sync"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// playoutConfig is how the playouts play. Params.playoutConfig builds it
// once per search, and everything that runs playouts for that search takes
// the same one (the search's workers, the analysis' score sampler); the
// end-of-game judgement's variant is named (judgementPlayouts).
type playoutConfig struct {
	heavy  bool
	lgrf   bool
	twoLib float64 // probability of answering two-liberty fights
	// counterAll looks for counter-captures around chains in atari of any
	// size, not only small ones: the end-of-game judgement wants big groups
	// that live by capturing read right more than it wants speed
	counterAll bool
	// ladders: an atari escape that a ladder catches is not played (the
	// stones die anyway and running only loses more; playouts that let
	// ladders escape at random misjudge every ladder on the board)
	ladders bool
	// nakadeRate: probability of taking the vital point of an eye space
	// next to the last move
	nakadeRate float64
	// shapesAroundOwn: with no shape around the last move, look for one
	// around the player's own previous move (Pachi's pattern2)
	shapesAroundOwn bool
	// selfAtariOther: a random move refused as a self-atari next to an
	// enemy two-liberty chain takes that chain's other liberty instead
	// (Pachi's selfatari_other): in a liberty race the shared point is
	// the one neither side may fill, the outside one is what to play
	selfAtariOther bool
	// koRate: probability that a playout move retakes, or fills, a ko
	// taken in the last koAge moves (Pachi's korate): otherwise a ko
	// stays with whoever took it first, however many threats the other
	// side has
	koRate float64
	// shapeGammas: the 3x3 shapes that answer the last move are drawn in
	// proportion to the move model's rating of each (Pachi's pat3 gammas),
	// not uniformly
	shapeGammas bool
	// throwInLibs: a lone-stone self-atari is played only against enemy
	// chains of at most this many liberties (0 = against any)
	throwInLibs int
	// nlibRate: probability of Pachi's nlib defence: when the last move
	// took a liberty of an own chain that still has three or four, atari
	// an enemy two-liberty chain next to it. A semeai is lost by waiting
	// until the own chain has two liberties when the enemy has approach
	// moves to play
	nlibRate float64
	// eyeFixRate: probability of Pachi's eye fix: when the last move
	// stands between two of our stones next to an empty point that is
	// diagonal to an own eye with already one enemy diagonal, fill that
	// point before the opponent makes the eye false
	eyeFixRate float64
	// pairSelfAtariRate: probability that a random move may put a
	// two-stone chain in self-atari when the stone it joins could not run
	// instead (Pachi checks self-ataris fully only 60% of the time): a
	// pair in atari inside an eye space is often the nakade that kills
	pairSelfAtariRate float64
	// shapeCap: the random part draws by the learned playout shapes'
	// ratings (movemodel.PlayoutGammas), a candidate's chance of being
	// taken its rating over the one the top shapeCap of candidates reach
	// (0 = uniform). Crazy Stone and Fuego weigh the random part so;
	// strong players' shapes make the playouts' quiet moves less random
	shapeCap float64
	// tacticalRate: probability that a playout move looks for the
	// captures and atari escapes around the last move first (Pachi's
	// lcapturerate 90%): below 1 a playout sometimes lets a chain in atari
	// be, as a player with a bigger move elsewhere would
	tacticalRate float64
}

// koAge is how many moves after a ko capture the playouts still fight it
// (Pachi's koage): the threat, its answer or not, and the retake.
const koAge = 3

// playoutConfig is the playouts of a search on a board of the given size.
func (p *Params) playoutConfig(size int) playoutConfig {
	return playoutConfig{
		heavy:      p.PlayoutPolicy == "heavy",
		lgrf:       p.LastGoodReply,
		twoLib:     p.TwoLibFights,
		ladders:    p.PlayoutLaddersFrom > 0 && size >= p.PlayoutLaddersFrom,
		nakadeRate: p.Nakade,

		shapesAroundOwn:   p.ShapesAroundOwn,
		selfAtariOther:    p.SelfAtariOther,
		koRate:            p.PlayoutKo,
		shapeGammas:       p.ShapeGammas,
		throwInLibs:       p.ThrowInLibs,
		nlibRate:          p.NlibDefence,
		eyeFixRate:        p.EyeFix,
		pairSelfAtariRate: p.PairSelfAtari,
		shapeCap:          p.PlayoutShapes,
		tacticalRate:      p.TacticalRate,
	}
}

// judgementPlayouts is cfg as the end-of-game judgement wants it (see
// counterAll), with the uniform random part its readings were measured
// with.
func (cfg playoutConfig) judgementPlayouts() playoutConfig {
	cfg.counterAll = true
	cfg.shapeCap = 0
	cfg.tacticalRate = 1
	return cfg
}

// policy chooses playout moves. It owns per-worker scratch space, so the hot
// loop allocates nothing.
type policy struct {
	playoutConfig
	ladderReader movemodel.LadderReader // for reading ladders here and in the priors
	cand         []rules.Point
	libs         []rules.Point // scratch for chain liberties
	// last-good-reply tables with forgetting (LGRF-2, Baier & Drake 2010):
	// the winner's replies to the previous move (reply1) and to the previous
	// two moves (reply2), per colour; 0 = none. They persist across playouts
	// and searches of one board size.
	n      int // board array length the tables are built for
	reply1 []int16
	reply2 []int16
	// the move model's shapes and their ratings (shapeGammas), and the
	// candidates' weights
	shapes  *movemodel.Dictionary
	gammas  []float32
	weights []float32
	// accept: the chance out of 255 that the random part takes a drawn
	// candidate, by its playout code (shapeCap); nil = uniform
	accept []uint8
	// the last ko the playout saw taken, and for how many more moves it
	// is fought (koAge down to 0)
	lastKo rules.Point
	koLeft int
}

func newPolicy() *policy {
	return &policy{cand: make([]rules.Point, 0, rules.MaxPoints)}
}

// configure sets how the policy plays and sizes the reply tables for a
// board array length n, clearing them when the board size changed.
func (pl *policy) configure(cfg playoutConfig, n int) {
	pl.playoutConfig = cfg
	if cfg.shapeGammas && pl.shapes == nil {
		m, err := movemodel.Default()
		if err != nil {
			panic("engine: the embedded move model: " + err.Error())
		}
		pl.shapes, pl.gammas = m.Dictionary, m.Gammas[movemodel.GroupShape]
		pl.weights = make([]float32, 0, 8)
	}
	pl.accept = nil
	if cfg.shapeCap > 0 {
		pl.accept = playoutAcceptance(cfg.shapeCap)
	}
	if pl.n == n {
		return
	}
	pl.n = n
	pl.reply1 = make([]int16, 2*n)
	pl.reply2 = make([]int16, 2*n*n)
}

// lastGoodReply returns the stored reply of c to the last move(s) if it is
// still playable, or NoPoint.
func (pl *policy) lastGoodReply(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	ci := int(c-1) * pl.n
	if last2 := b.LastMove2(); last2 > 0 {
		if r := rules.Point(pl.reply2[ci*pl.n+int(last2)*pl.n+int(last)]); r != 0 && pl.playable(b, r, c) {
			return r
		}
	}
	if r := rules.Point(pl.reply1[ci+int(last)]); r != 0 && pl.playable(b, r, c) {
		return r
	}
	return rules.NoPoint
}

func (pl *policy) playable(b *rules.Board, p rules.Point, c rules.Color) bool {
	return b.Color(p) == rules.Empty && b.LegalEmpty(p, c) && !b.IsEye(p, c) && !b.IsSelfAtari(p, c)
}

// learn updates the reply tables from a finished simulation: the winner's
// replies are stored, the loser's are forgotten.
func (pl *policy) learn(moves []rules.Move, winner rules.Color) {
	n := pl.n
	for i := 1; i < len(moves); i++ {
		m, prev := moves[i], moves[i-1]
		if m.Point <= 0 || prev.Point <= 0 {
			continue
		}
		ci := int(m.Color-1) * n
		i1 := ci + int(prev.Point)
		i2 := -1
		if i >= 2 && moves[i-2].Point > 0 {
			i2 = ci*n + int(moves[i-2].Point)*n + int(prev.Point)
		}
		if m.Color == winner {
			pl.reply1[i1] = int16(m.Point)
			if i2 >= 0 {
				pl.reply2[i2] = int16(m.Point)
			}
			continue
		}
		if pl.reply1[i1] == int16(m.Point) {
			pl.reply1[i1] = 0
		}
		if i2 >= 0 && pl.reply2[i2] == int16(m.Point) {
			pl.reply2[i2] = 0
		}
	}
}

// playout plays from b (c to move) until two passes or maxMoves moves,
// appending every move to moves, and returns the extended slice.
func (pl *policy) playout(b *rules.Board, c rules.Color, r *rules.Rand, maxMoves int, moves []rules.Move) []rules.Move {
	b.StopHashing()
	pl.koLeft = 0
	for n := 0; n < maxMoves; n++ {
		var p rules.Point
		if pl.heavy {
			p = pl.heavyMove(b, c, r)
			if pl.koRate > 0 {
				pl.noteKo(b)
			}
		} else {
			p = b.RandomMove(c, r)
		}
		moves = append(moves, rules.Move{Color: c, Point: p})
		if p == rules.Pass && b.Passes() >= 2 {
			break
		}
		c = c.Opponent()
	}
	return moves
}

// heavyMove plays and returns c's move in the MoGo/Fuego style, in priority
// order: fight a ko taken lately (when playout_ko is on), save own chains
// the last move put in atari, capture the last move's chain or its
// neighbours in atari (else what our previous move left in atari), the
// vital point of an eye space (when nakade is on), the last good reply,
// answer two-liberty fights, atari a two-liberty enemy next to an own
// chain the last move left three or four (when nlib_defence is on), keep
// an own eye from being made false (when eye_fix is on),
// answer the last move with a 3x3 shape (or,
// when shapes_around_own is on, complete one around our own previous move),
// and otherwise a uniform random move that neither fills an own eye nor
// puts a chain in self-atari (single-stone throw-ins aside; with
// selfatari_other a refused self-atari takes an enemy chain's other
// liberty instead).
func (pl *policy) heavyMove(b *rules.Board, c rules.Color, r *rules.Rand) rules.Point {
	if pl.koLeft > 0 && r.Float64() < pl.koRate {
		if p := pl.koFight(b, c); p != rules.NoPoint {
			b.PlayLegal(p, c)
			return p
		}
	}
	last := b.LastMove()
	if last > 0 {
		if pl.tacticalRate >= 1 || r.Float64() < pl.tacticalRate {
			if p := pl.tactical(b, c, last, r); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
		if pl.nakadeRate > 0 && r.Float64() < pl.nakadeRate {
			if p := pl.nakade(b, c, last); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
		if pl.lgrf {
			if p := pl.lastGoodReply(b, c, last); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
		if pl.twoLib > 0 && r.Float64() < pl.twoLib {
			if p := pl.twoLiberties(b, c, last, r); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
		if pl.nlibRate > 0 && r.Float64() < pl.nlibRate {
			if p := pl.nlibDefence(b, c, last, r); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
		if pl.eyeFixRate > 0 && r.Float64() < pl.eyeFixRate {
			if p := pl.eyeFix(b, c, last, r); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
		if p := pl.shapeReply(b, c, last, r); p != rules.NoPoint {
			b.PlayLegal(p, c)
			return p
		}
		if prev := b.LastMove2(); pl.shapesAroundOwn && prev > 0 {
			if p := pl.shapeReply(b, c, prev, r); p != rules.NoPoint {
				b.PlayLegal(p, c)
				return p
			}
		}
	}
	return pl.randomMove(b, c, r)
}

// noteKo counts down the moves the last ko is still fought for, and
// starts again when the move just played took a ko.
func (pl *policy) noteKo(b *rules.Board) {
	if k, _ := b.Ko(); k != rules.NoPoint {
		pl.lastKo, pl.koLeft = k, koAge
	} else if pl.koLeft > 0 {
		pl.koLeft--
	}
}

// koFight returns the point of the ko taken lately when c may play there
// now: the retake once a threat has lifted the ban, or the connection that
// ends the ko; else NoPoint.
func (pl *policy) koFight(b *rules.Board, c rules.Color) rules.Point {
	k := pl.lastKo
	if ban, _ := b.Ko(); ban != rules.NoPoint || b.Color(k) != rules.Empty || !b.LegalEmpty(k, c) {
		return rules.NoPoint
	}
	// a retake leaves one liberty by its nature; what must not happen is
	// a self-atari that captures nothing
	if b.IsSelfAtari(k, c) && b.CaptureCount(k, c) == 0 {
		return rules.NoPoint
	}
	return k
}

// pickCandidate returns one of the candidates gathered in pl.cand at
// random, or NoPoint when there are none.
func (pl *policy) pickCandidate(r *rules.Rand) rules.Point {
	if len(pl.cand) == 0 {
		return rules.NoPoint
	}
	return pl.cand[r.Intn(len(pl.cand))]
}

// tactical returns a capture or an atari escape near the last move, chosen
// at random among those found, else a capture next to our previous move, or
// NoPoint.
func (pl *policy) tactical(b *rules.Board, c rules.Color, last rules.Point, r *rules.Rand) rules.Point {
	pl.cand = pl.cand[:0]
	opp := c.Opponent()
	dirs := b.Neighbors()
	// the last move's own chain in atari: capture it
	if b.Color(last) == opp && b.Liberties(last) == 1 {
		pl.addIfLegal(b, b.AtariPoint(last), c)
	}
	for _, d := range dirs {
		n := last + rules.Point(d)
		switch b.Color(n) {
		case opp: // an enemy chain next to the last move in atari (e.g. after a bad extension)
			if b.Liberties(n) == 1 {
				pl.addIfLegal(b, b.AtariPoint(n), c)
			}
		case c: // own chain the last move put in atari: escape or capture around it
			if b.Liberties(n) == 1 {
				pl.saveChain(b, n, c)
			}
		}
	}
	// else take what our previous move put in atari and the opponent left
	// there: otherwise only a random move would capture it
	if prev := b.LastMove2(); len(pl.cand) == 0 && prev > 0 && b.Color(prev) == c {
		pl.addCapturesNextTo(b, prev, c)
	}
	return pl.pickCandidate(r)
}

// twoLiberties answers fights of two-liberty chains next to the last move:
// put the enemy chain in atari when none of our chains around it is weaker,
// or lengthen an own chain to three or more liberties. Big chains are left
// to the search (walking them costs more than it finds).
func (pl *policy) twoLiberties(b *rules.Board, c rules.Color, last rules.Point, r *rules.Rand) rules.Point {
	pl.cand = pl.cand[:0]
	opp := c.Opponent()
	consider := func(n rules.Point) {
		col := b.Color(n)
		if (col != c && col != opp) || b.Liberties(n) != 2 || b.ChainSize(n) > 8 {
			return
		}
		pl.libs = b.ChainLiberties(n, pl.libs[:0])
		for _, l := range pl.libs {
			if !b.LegalEmpty(l, c) {
				continue
			}
			if col == opp {
				if b.LibertiesAfter(l, c, 2) >= 2 && !weakerAround(b, n, c) {
					pl.cand = append(pl.cand, l)
				}
			} else if b.LibertiesAfter(l, c, 3) >= 3 {
				pl.cand = append(pl.cand, l)
			}
		}
	}
	consider(last)
	for _, d := range b.Neighbors() {
		consider(last + rules.Point(d))
	}
	return pl.pickCandidate(r)
}

// nlibDefence returns one of c's ataris on an enemy two-liberty chain next
// to an own chain of three or four liberties that touches the last move
// (eight neighbours), chosen at random, or NoPoint. An atari that leaves
// the attacking stone in atari itself is not one.
func (pl *policy) nlibDefence(b *rules.Board, c rules.Color, last rules.Point, r *rules.Rand) rules.Point {
	pl.cand = pl.cand[:0]
	opp := c.Opponent()
	var seen [8]int
	nSeen := 0
	check := func(n rules.Point) {
		if b.Color(n) != c {
			return
		}
		if libs := b.Liberties(n); libs < 3 || libs > 4 {
			return
		}
		head := b.ChainHead(n)
		if slices.Contains(seen[:nSeen], head) {
			return
		}
		seen[nSeen] = head
		nSeen++
		st := rules.Point(head)
		for {
			for _, d := range b.Neighbors() {
				if e := st + rules.Point(d); b.Color(e) == opp && b.Liberties(e) == 2 {
					pl.libs = b.ChainLiberties(e, pl.libs[:0])
					for _, l := range pl.libs {
						if b.LegalEmpty(l, c) && b.LibertiesAfter(l, c, 2) >= 2 {
							pl.cand = append(pl.cand, l)
						}
					}
				}
			}
			st = b.NextStone(st)
			if st == rules.Point(head) {
				break
			}
		}
	}
	for _, d := range b.Neighbors() {
		check(last + rules.Point(d))
	}
	for _, d := range b.Diagonals() {
		check(last + rules.Point(d))
	}
	return pl.pickCandidate(r)
}

// eyeFix returns, chosen at random, one of c's answers to an enemy stone
// next to the last move and wedged between two of c's stones (or the
// edge): an empty neighbour f of that stone is diagonal to an eye of c
// that one more enemy diagonal would make false; c fills f first, or
// captures an enemy stone in atari on the eye's diagonals. NoPoint when
// there is none.
func (pl *policy) eyeFix(b *rules.Board, c rules.Color, last rules.Point, r *rules.Rand) rules.Point {
	pl.cand = pl.cand[:0]
	opp := c.Opponent()
	dirs := b.Neighbors()
	ours := func(p rules.Point) bool { col := b.Color(p); return col == c || col == rules.Border }
	for _, d := range dirs {
		s := last + rules.Point(d)
		if b.Color(s) != opp {
			continue
		}
		across := rules.Point(1) // the direction along which last and s do not lie
		if d == 1 || d == -1 {
			across = rules.Point(dirs[2])
		}
		if !ours(s+across) || !ours(s-across) {
			continue
		}
		for _, d2 := range dirs {
			f := s + rules.Point(d2)
			if f == last || b.Color(f) != rules.Empty {
				continue
			}
			for _, dd := range b.Diagonals() {
				if e := f + rules.Point(dd); b.Color(e) == rules.Empty && eyelike(b, e, c) {
					pl.fixEye(b, e, f, c)
				}
			}
		}
	}
	return pl.pickCandidate(r)
}

// fixEye adds c's answers for the eye e that an enemy stone on f would
// make false: the capture of an enemy stone in atari on e's diagonals, or
// f itself when e has one enemy diagonal already (none on the edge, where
// one makes it false).
func (pl *policy) fixEye(b *rules.Board, e, f rules.Point, c rules.Color) {
	opp := c.Opponent()
	enemies, edges := 0, 0
	for _, dd := range b.Diagonals() {
		switch q := e + rules.Point(dd); b.Color(q) {
		case opp:
			if b.Liberties(q) == 1 {
				pl.addIfLegal(b, b.AtariPoint(q), c)
			} else {
				enemies++
			}
		case rules.Border:
			edges++
		}
	}
	if (enemies == 1 || enemies == 0 && edges == 2) && b.LegalEmpty(f, c) && !b.IsSelfAtari(f, c) {
		pl.cand = append(pl.cand, f)
	}
}

// eyelike tells whether every neighbour of the empty point p is c's stone
// or the edge.
func eyelike(b *rules.Board, p rules.Point, c rules.Color) bool {
	for _, d := range b.Neighbors() {
		if col := b.Color(p + rules.Point(d)); col != c && col != rules.Border {
			return false
		}
	}
	return true
}

// weakerAround tells whether a chain of c next to the enemy chain at s has
// at most two liberties (then ataris start a race we may lose).
func weakerAround(b *rules.Board, s rules.Point, c rules.Color) bool {
	head := rules.Point(b.ChainHead(s))
	st := head
	for {
		for _, d := range b.Neighbors() {
			if n := st + rules.Point(d); b.Color(n) == c && b.Liberties(n) <= 2 {
				return true
			}
		}
		st = b.NextStone(st)
		if st == head {
			return false
		}
	}
}

// saveChain adds the moves that rescue c's chain at s from atari: capturing
// an adjacent enemy chain in atari, or extending if that gives two or more
// liberties.
func (pl *policy) saveChain(b *rules.Board, s rules.Point, c rules.Color) {
	lib := b.AtariPoint(s)
	if b.LegalEmpty(lib, c) {
		if libs := b.LibertiesAfter(lib, c, 3); libs >= 3 || libs == 2 && !pl.runsIntoLadder(b, lib, c) {
			pl.cand = append(pl.cand, lib)
		}
	}
	if b.ChainSize(s) > 6 && !pl.counterAll {
		return // walking big chains for counter-captures costs more than it finds
	}
	head := rules.Point(b.ChainHead(s))
	st := head
	for {
		pl.addCapturesNextTo(b, st, c)
		st = b.NextStone(st)
		if st == head {
			break
		}
	}
}

// runsIntoLadder tells whether c's extension at p (to two liberties) is
// caught in a ladder, when ladders are read.
func (pl *policy) runsIntoLadder(b *rules.Board, p rules.Point, c rules.Color) bool {
	if !pl.ladders {
		return false
	}
	return pl.ladderReader.EscapeCaught(b, p, c)
}

// addCapturesNextTo adds c's captures of the enemy chains in atari next to p.
func (pl *policy) addCapturesNextTo(b *rules.Board, p rules.Point, c rules.Color) {
	for _, d := range b.Neighbors() {
		if n := p + rules.Point(d); b.Color(n) == c.Opponent() && b.Liberties(n) == 1 {
			pl.addIfLegal(b, b.AtariPoint(n), c)
		}
	}
}

func (pl *policy) addIfLegal(b *rules.Board, p rules.Point, c rules.Color) {
	if b.LegalEmpty(p, c) {
		pl.cand = append(pl.cand, p)
	}
}

// shapeReply returns a random point among the 8 around the move at
// around that completes a MoGo shape and is not a self-atari, or NoPoint.
func (pl *policy) shapeReply(b *rules.Board, c rules.Color, around rules.Point, r *rules.Rand) rules.Point {
	pl.cand = pl.cand[:0]
	for _, d := range b.Neighbors() {
		pl.addShape(b, around+rules.Point(d), c)
	}
	for _, d := range b.Diagonals() {
		pl.addShape(b, around+rules.Point(d), c)
	}
	if len(pl.cand) == 0 {
		return rules.NoPoint
	}
	if pl.shapeGammas {
		return pl.drawByShape(b, c, r)
	}
	return pl.cand[r.Intn(len(pl.cand))]
}

// drawByShape draws one of the candidates in proportion to the move
// model's rating of its 3x3 shape (unknownShapeGamma for a shape the model
// never saw).
func (pl *policy) drawByShape(b *rules.Board, c rules.Color, r *rules.Rand) rules.Point {
	pl.weights = pl.weights[:0]
	var total float32
	for _, p := range pl.cand {
		w := float32(unknownShapeGamma)
		if i := pl.shapes.ShapeIndex(movemodel.ShapeAt(b, p, c)); i >= 0 {
			w = pl.gammas[i]
		}
		pl.weights = append(pl.weights, w)
		total += w
	}
	x := float32(r.Float64()) * total
	for i, w := range pl.weights {
		if x < w {
			return pl.cand[i]
		}
		x -= w
	}
	return pl.cand[len(pl.cand)-1]
}

// unknownShapeGamma is the weight of a shape the move model does not know
// (too rare in strong players' games to be rated): about the 15th
// percentile of the 4,464 ratings it has, which run from 0.0003 to 74.
const unknownShapeGamma = 0.1

func (pl *policy) addShape(b *rules.Board, p rules.Point, c rules.Color) {
	if b.Color(p) == rules.Empty && movemodel.MatchesMoGo(b, p) && b.LegalEmpty(p, c) &&
		!b.IsEye(p, c) && !b.IsSelfAtari(p, c) {
		pl.cand = append(pl.cand, p)
	}
}

// randomMove plays a random move among those that are legal, do not fill
// an own eye and are not self-atari (a lone stone thrown into the
// opponent's eye space is allowed: it is how nakade kills), or passes. The
// draw is uniform, or with shapeCap each drawn point is taken with its
// shape's chance (pl.accept) until maxShapeRejections refusals, then
// uniform again, so a move costs a bounded number of draws.
func (pl *policy) randomMove(b *rules.Board, c rules.Color, r *rules.Rand) rules.Point {
	n := b.EmptyCount()
	rejections := 0
	for n > 0 {
		i := r.Intn(n)
		p := b.EmptyAt(i)
		if pl.accept != nil && rejections < maxShapeRejections &&
			uint8(r.Uint64()) > pl.accept[movemodel.PlayoutCode(b, p, c)] {
			rejections++ // drawn again later, maybe: the draw is with replacement
			continue
		}
		if !b.IsEye(p, c) && b.LegalEmpty(p, c) {
			if !b.IsSelfAtari(p, c) || throwIn(b, p, c, pl.throwInLibs) ||
				pl.pairSelfAtariRate > 0 && pairSelfAtari(b, p, c) && r.Float64() < pl.pairSelfAtariRate {
				b.PlayLegal(p, c)
				return p
			}
			if pl.selfAtariOther {
				if q := pl.otherLiberty(b, p, c, r); q != rules.NoPoint {
					b.PlayLegal(q, c)
					return q
				}
			}
		}
		n--
		b.SwapEmpty(i, n)
	}
	b.PlayLegal(rules.Pass, c)
	return rules.Pass
}

// maxShapeRejections bounds the draws the playout shapes may refuse in one
// random move.
const maxShapeRejections = 10

// acceptanceTables are the playout shapes' tables by shapeCap, built once
// each (1 MiB apiece) and shared by every worker.
var acceptanceTables = struct {
	sync.Mutex
	byCap map[float64][]uint8
}{byCap: map[float64][]uint8{}}

// playoutAcceptance is the embedded playout shapes' table for shapeCap.
func playoutAcceptance(shapeCap float64) []uint8 {
	acceptanceTables.Lock()
	defer acceptanceTables.Unlock()
	if t, ok := acceptanceTables.byCap[shapeCap]; ok {
		return t
	}
	g, err := movemodel.DefaultPlayoutGammas()
	if err != nil {
		panic("engine: the embedded playout shapes: " + err.Error())
	}
	t := g.Acceptance(shapeCap)
	acceptanceTables.byCap[shapeCap] = t
	return t
}

// otherLiberty returns, for c's self-atari at p, a random one among the
// other liberties of the enemy two-liberty chains next to p that c can
// play without filling an own eye or self-atari, or NoPoint.
func (pl *policy) otherLiberty(b *rules.Board, p rules.Point, c rules.Color, r *rules.Rand) rules.Point {
	pl.cand = pl.cand[:0]
	opp := c.Opponent()
	for _, d := range b.Neighbors() {
		n := p + rules.Point(d)
		if b.Color(n) != opp || b.Liberties(n) != 2 {
			continue
		}
		if l := b.OtherLiberty(n, p); !slices.Contains(pl.cand, l) && pl.playable(b, l, c) {
			pl.cand = append(pl.cand, l)
		}
	}
	return pl.pickCandidate(r)
}

// throwIn tells whether a self-atari at p is worth playing anyway: a lone
// stone thrown in among enemy stones, or a small chain (at most 3 stones)
// that puts an enemy chain in atari too — the nakade that kills an eye space
// which would otherwise stay alive in every playout. With maxLibs above 0 a
// lone stone is thrown in only against chains of at most maxLibs liberties
// (Pachi's rule: against more it only gives the opponent a stone).
func throwIn(b *rules.Board, p rules.Point, c rules.Color, maxLibs int) bool {
	opp := c.Opponent()
	stones, mutual, enemyLibs := 1, false, 0
	for _, d := range b.Neighbors() {
		n := p + rules.Point(d)
		switch b.Color(n) {
		case c:
			stones += b.ChainSize(n)
		case opp:
			libs := b.Liberties(n)
			mutual = mutual || libs == 2
			enemyLibs = max(enemyLibs, libs)
		}
	}
	if stones == 1 {
		return maxLibs == 0 || enemyLibs <= maxLibs
	}
	return stones <= 3 && mutual
}

// pairSelfAtari tells whether c's self-atari at p makes a chain of two
// stones, p and a lone stone of c, which could not run instead: it is in
// atari already, or its other liberty has fewer than two empty neighbours
// (Pachi's can_escape_instead).
func pairSelfAtari(b *rules.Board, p rules.Point, c rules.Color) bool {
	own := rules.NoPoint
	for _, d := range b.Neighbors() {
		if n := p + rules.Point(d); b.Color(n) == c {
			if own != rules.NoPoint || b.ChainSize(n) != 1 {
				return false
			}
			own = n
		}
	}
	if own == rules.NoPoint {
		return false
	}
	if b.Liberties(own) == 1 {
		return true
	}
	q, empty := b.OtherLiberty(own, p), 0
	for _, d := range b.Neighbors() {
		if b.Color(q+rules.Point(d)) == rules.Empty {
			empty++
		}
	}
	return empty < 2
}

// PlayoutRun plays playouts from an empty board as a search with p plays
// them (its board, policy and configuration; no tree), for benchmarks: what
// `gtpgo bench` reports as the engine's playout speed.
type PlayoutRun struct {
	root  rules.Board
	board rules.Board
	pol   *policy
	rng   rules.Rand
	moves []rules.Move
	max   int
}

// NewPlayoutRun prepares playouts on an empty board of the given size.
func NewPlayoutRun(size int, p Params, seed uint64) (*PlayoutRun, error) {
	r := &PlayoutRun{pol: newPolicy(), max: 3 * size * size}
	if err := r.root.Reset(size); err != nil {
		return nil, err
	}
	r.pol.configure(p.playoutConfig(size), r.root.Len)
	r.rng.Seed(seed)
	r.moves = make([]rules.Move, 0, 4*rules.MaxPoints)
	return r, nil
}

// Play runs n playouts and returns the moves they played in all.
func (r *PlayoutRun) Play(n int) int {
	total := 0
	for i := 0; i < n; i++ {
		r.board.CopyFrom(&r.root)
		r.moves = r.pol.playout(&r.board, rules.Black, &r.rng, r.max, r.moves[:0])
		total += len(r.moves)
	}
	return total
}
