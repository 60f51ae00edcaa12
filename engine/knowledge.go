package engine

import (
	"math"
	"slices"
	"sort"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// knowledge gives the children of a new tree node their prior: virtual
// visits and wins, from the move model's rating of every candidate of the
// position at once (movemodel). Each child gets PriorEven even visits and
// PriorModel visits won in proportion r/(1+r), where r is the child's
// probability over the average candidate's, so a move strong players choose
// as often as an average one starts even, one they choose ten times as often
// starts at 91% of those wins, and one they avoid near 0. A pass starts
// poor whatever the model says (PriorEven visits, a tenth of them won): it
// is tried when the other moves stop gaining, and the end of the game is
// decided on its own terms. PriorSqrt adds PriorSqrt*sqrt(p) visits, all
// won, p the child's probability, as Pachi does: a move strong players
// choose one time in four gets half the wins of a certain one. The
// defaults use it in place of PriorModel (0). One per worker slot: the
// rater owns scratch boards.
type knowledge struct {
	rater *movemodel.Rater
	// ownerGammas rate who owns a candidate's point (SearchParams.OwnerPrior)
	ownerGammas movemodel.OwnerGammas
	probs       []float32
	// scratch of sortByProbability
	keys        []uint64
	sortedMoves []rules.Point
	sortedProbs []float32
}

func newKnowledge() *knowledge {
	m, err := movemodel.Default()
	if err != nil {
		panic("engine: the embedded move model: " + err.Error())
	}
	og, err := movemodel.DefaultOwnerGammas()
	if err != nil {
		panic("engine: the embedded ownership ratings: " + err.Error())
	}
	const n = rules.MaxPoints + 1
	return &knowledge{rater: m.NewRater(), ownerGammas: og, probs: make([]float32, 0, n), keys: make([]uint64, 0, n),
		sortedMoves: make([]rules.Point, 0, n), sortedProbs: make([]float32, 0, n)}
}

// rateChildren orders moves, c's candidates on b, by the move model's
// probability, likeliest first and a pass last (progressive widening
// considers them in that order), and writes them with their priors to
// children.
func (w *worker) rateChildren(b *rules.Board, c rules.Color, moves []rules.Point, children []node) {
	sp := &w.s.p.SearchParams
	k := w.know
	k.probs = k.probs[:len(moves)]
	k.rater.LimitSpatial(sp.spatialLimit(b.Size))
	k.rater.Rate(b, c, moves, k.probs)
	if sp.OwnerPrior {
		w.weighOwnership(c, moves)
	}
	k.sortByProbability(moves)
	even, model, sq := float32(sp.PriorEven), float32(sp.PriorModel), float32(sp.PriorSqrt)
	n := float32(len(moves))
	for i, p := range moves {
		children[i].move = p
		if p == rules.Pass {
			children[i].priorVisits, children[i].priorWins = even, even*0.1
			continue
		}
		r := k.probs[i] * n
		children[i].priorVisits = even + model
		children[i].priorWins = even/2 + model*r/(1+r)
		if sq > 0 && k.probs[i] >= minSqrtPrior {
			won := sq * float32(math.Sqrt(float64(k.probs[i])))
			children[i].priorVisits += won
			children[i].priorWins += won
		}
	}
}

// weighOwnership multiplies the probabilities of moves, c's candidates, by
// the rating of who owns their point in the search's playouts so far, and
// makes them sum to one again. The ownership is the root's, as in Pachi:
// deeper nodes differ from it by a few moves, not by who owns the board.
func (w *worker) weighOwnership(c rules.Color, moves []rules.Point) {
	s, k := w.s, w.know
	n := s.ownerPlayouts.Load()
	if n < minOwnerPlayouts {
		return
	}
	inv := 1 / float64(n)
	total := float32(0)
	for i, p := range moves {
		if p != rules.Pass {
			share := movemodel.OwnerShare(float64(s.owner[p].Load())*inv, c)
			k.probs[i] *= k.ownerGammas[movemodel.OwnerBucket(share)]
		}
		total += k.probs[i]
	}
	if total > 0 {
		for i := range k.probs {
			k.probs[i] /= total
		}
	}
}

// minOwnerPlayouts is the least playouts whose ownership the priors weigh;
// ownerSeedPlayouts, run from the root before the search when they do, make
// sure there are that many from the first node on (Pachi seeds 500).
const (
	minOwnerPlayouts  = 100
	ownerSeedPlayouts = 200
)

// seedOwnership runs ownerSeedPlayouts playouts from the root, counted in
// the ownership only (not in the search's playouts or values).
func (s *search) seedOwnership(seed uint64) {
	pol, know := s.e.slot(0) // the workers start after this
	w := newWorker(s, seed, pol, know)
	b := &w.board
	for range ownerSeedPlayouts {
		b.CopyFrom(&s.root)
		w.moves = w.pol.playout(b, s.color, &w.rng, s.maxMoves, w.moves[:0])
		w.recordOwnership(b)
	}
}

// sortByProbability orders moves and k.probs (the moves' probabilities)
// likeliest first, a pass last, ties in their order before.
func (k *knowledge) sortByProbability(moves []rules.Point) {
	k.keys = k.keys[:0]
	for i, p := range moves {
		bits := math.Float32bits(k.probs[i]) // non-negative: ordered as the values
		if p == rules.Pass {
			bits = 0
		}
		k.keys = append(k.keys, uint64(^bits)<<32|uint64(i))
	}
	slices.Sort(k.keys)
	k.sortedMoves = k.sortedMoves[:0]
	k.sortedProbs = k.sortedProbs[:0]
	for _, key := range k.keys {
		i := uint32(key)
		k.sortedMoves = append(k.sortedMoves, moves[i])
		k.sortedProbs = append(k.sortedProbs, k.probs[i])
	}
	copy(moves, k.sortedMoves)
	copy(k.probs, k.sortedProbs)
}

// minSqrtPrior is the least probability that earns PriorSqrt wins: below
// it a move keeps the even prior alone, as in Pachi, so the rarest moves
// are not all lifted a little above the even ones.
const minSqrtPrior = 0.001

// spatialLimit is the largest spatial pattern the move model rates on a
// board of size.
func (sp *SearchParams) spatialLimit(size int) int {
	if size < 13 {
		return sp.SmallBoardSpatial
	}
	return movemodel.MaxSpatial
}

// MoveProbability is a move with the move model's probability of it.
type MoveProbability struct {
	Move        rules.Point
	Probability float64
}

// MovePolicy is the move model's probability of each move color may play
// in g now (the game's rules decide legality, superko included; a pass is
// always one), most likely first.
func (e *Engine) MovePolicy(g *rules.Game, color rules.Color) []MoveProbability {
	m, err := movemodel.Default()
	if err != nil {
		panic("engine: the embedded move model: " + err.Error())
	}
	var b rules.Board
	b.CopyFrom(g.Board())
	var moves []rules.Point
	for _, p := range movemodel.LegalMoves(&b, color, nil) {
		if g.Check(p, color) == nil {
			moves = append(moves, p)
		}
	}
	probs := make([]float32, len(moves))
	sp := e.Params().SearchParams
	rater := m.NewRater()
	rater.LimitSpatial(sp.spatialLimit(b.Size))
	rater.Rate(&b, color, moves, probs)
	out := make([]MoveProbability, len(moves))
	for i, p := range moves {
		out[i] = MoveProbability{p, float64(probs[i])}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Probability > out[j].Probability })
	return out
}
