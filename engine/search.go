package engine

import (
	"context"
	"math"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// Limits bound one search. The search stops at the first limit reached, or
// when its context is cancelled; it always returns its best move so far.
type Limits struct {
	Playouts  int           // stop after this many playouts (0: no limit)
	Time      time.Duration // target thinking time (0: no limit)
	MaxTime   time.Duration // hard cap when the search extends its thought (0: Time)
	EarlyStop bool          // stop when the best move can no longer be overtaken
	// Report, if set, receives a snapshot every ReportEvery while searching.
	Report      func(Snapshot)
	ReportEvery time.Duration
	// LateOwnership counts ownership only over the second half of the
	// Playouts: by then the tree follows the best lines, so the ownership is
	// that of well-played continuations rather than of the early, broad
	// exploration (the dead-stone judgement uses it).
	LateOwnership bool
	// PlayoutsOnly runs every simulation as a playout from the root, with no
	// tree: the ownership is then that of the playout policy alone, which
	// does not wander into the silly lines a tree explores once the result
	// is decided (the dead-stone judgement uses it).
	PlayoutsOnly bool
	// RootFilter, if set, excludes root moves for which it returns false
	// (analysis avoid/allow lists).
	RootFilter func(rules.Point) bool
}

// minSearchTime is the least a time-limited search gets when its time is
// already spent: enough for a few hundred playouts, so the move is no guess.
const minSearchTime = 20 * time.Millisecond

// Spent returns lim with elapsed, time already gone from the move's budget
// before the search starts, taken off its time limits (Time and MaxTime, not
// below minSearchTime); a limit of 0 (none) stays none.
func (lim Limits) Spent(elapsed time.Duration) Limits {
	if lim.Time > 0 {
		lim.Time = max(lim.Time-elapsed, minSearchTime)
	}
	if lim.MaxTime > 0 {
		lim.MaxTime = max(lim.MaxTime-elapsed, minSearchTime)
	}
	return lim
}

// Candidate is one root move with its statistics.
type Candidate struct {
	Move    rules.Point
	Visits  int
	WinRate float64 // for the player to move, from real playouts
	Prior   float64 // share of the prior knowledge this move received
	LCB     float64 // lower confidence bound of WinRate
	PV      []rules.Point
}

// Snapshot is the state of a search: the candidates, the value of the
// position for the player to move, ownership and speed.
type Snapshot struct {
	Geometry   rules.Geometry
	Color      rules.Color // player to move at the root
	Candidates []Candidate // by visits, most visited first
	Playouts   int         // playouts of this search
	RootVisits int         // including those inherited from tree reuse
	WinRate    float64     // root value for the player to move
	ScoreLead  float64     // mean playout score for the player to move (komi included)
	Ownership  []float64   // indexed by rules.Point: +1 black owns, -1 white owns
	Elapsed    time.Duration
}

// Result is a finished search: the chosen move and the final snapshot.
type Result struct {
	Snapshot
	Move   rules.Point
	Resign bool
	// FromBook: the move is the opening book's, played without a search
	// (the snapshot is then empty, its win rate an even 0.5)
	FromBook bool
}

// Engine is the Monte-Carlo tree searcher. Its methods are safe for
// concurrent use; searches run one at a time.
type Engine struct {
	mu     sync.Mutex
	params Params

	arenas    [2]*arena
	cur       int
	memoryMB  int
	prevHist  []uint64 // game history at the last search's root
	prevColor rules.Color
	prevSize  int
	searches  uint64
	policies  []*policy    // one per worker slot, kept across searches
	knowledge []*knowledge // one per worker slot
	verdict   verdictCache // the last position judged
}

// slot returns the playout policy and the knowledge of worker slot i (the
// policy's reply tables carry over between searches).
func (e *Engine) slot(i int) (*policy, *knowledge) {
	for len(e.policies) <= i {
		e.policies = append(e.policies, newPolicy())
		e.knowledge = append(e.knowledge, newKnowledge())
	}
	return e.policies[i], e.knowledge[i]
}

// New returns an engine with the given parameters. The move model loads
// in the background meanwhile (half a second or so on an idle core), so
// that a GUI's first genmove does not wait for it.
func New(p Params) *Engine {
	go movemodel.Default()
	return &Engine{params: p}
}

// WaitReady returns once the move model New began loading is ready: a
// caller under a clock waits here, off the search's budget, and counts the
// wait against the move's time itself.
func (e *Engine) WaitReady() { _, _ = movemodel.Default() }

// Params returns a copy of the engine's parameters.
func (e *Engine) Params() Params {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.params
}

// SetParams replaces the parameters (takes effect at the next search).
func (e *Engine) SetParams(p Params) error {
	if err := p.Validate(); err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.params = p
	return nil
}

// ClearTree forgets the search tree (new game).
func (e *Engine) ClearTree() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.prevHist = nil
	if e.arenas[0] != nil {
		e.arenas[0].reset()
		e.arenas[1].reset()
	}
}

// search is the shared state of one running search.
type search struct {
	e        *Engine
	p        Params
	lim      Limits
	a        *arena
	root     rules.Board
	color    rules.Color
	komi     float64 // what Black's area lead must exceed to win in the playouts
	realKomi float64 // the same without dynamic komi (for score estimates)
	history  map[uint64]struct{}
	maxMoves int
	// playoutCfg is how this search's playouts play
	playoutCfg playoutConfig
	// marginScale is the area margin at which the score bonus is full: a
	// quarter of the board
	marginScale float64
	playouts    atomic.Int64
	stop        atomic.Bool
	owner       []atomic.Int32 // per point: +1 per playout Black owns it, -1 White
	scoreSum    atomic.Int64   // sum of Black's area lead over playouts
	// ownership counts only playouts after the first ownershipFrom (see
	// Limits.LateOwnership)
	ownershipFrom int64
	ownerPlayouts atomic.Int64
	start         time.Time
	priorMass     float64
	// widenScale is one more child per this much log of visits
	// (progressive widening, 1/ln WidenFactor)
	widenScale float64
}

// Komi returns the komi the search plays for under the game's rules: area
// counting gives White the rules' handicap compensation; under territory
// counting Black's extra handicap stones do not score, which area counting
// offsets by giving White one point per handicap stone.
func Komi(g *rules.Game) float64 {
	k := g.Komi
	if g.Rules.Scoring == rules.AreaScoring {
		return k + g.Rules.HandicapCompensation(g.Handicap())
	}
	if g.Handicap() >= 2 {
		k += float64(g.Handicap())
	}
	return k
}

// DynamicKomi is the komi offset the search plays with in handicap games
// (linear dynamic komi, as Pachi): the engine as Black pretends White gets
// extra points, so it keeps playing solid moves instead of slack ones while
// far ahead; as White it pretends to need fewer points, so it plays for
// realistic gains instead of despairing. The offset fades out linearly over
// the first HandicapFade moves per point of the board (about the first half
// of the game).
func (p *SearchParams) DynamicKomi(g *rules.Game, color rules.Color) float64 {
	h := g.Handicap()
	stoneValue := p.HandicapStoneValue
	if h < 2 || stoneValue <= 0 {
		return 0
	}
	size := g.Size()
	fadeMoves := max(int(float64(size*size)*p.HandicapFade), 1)
	left := 1 - float64(g.MoveNumber())/float64(fadeMoves)
	if left <= 0 {
		return 0
	}
	// a handicap stone is worth about 7 points on 19x19, less on small boards
	value := stoneValue * float64(size*size) / 361
	extra := value * float64(h) * left
	if color == rules.White {
		return -extra
	}
	return extra
}

// playoutKomi is the komi the playouts of color's search are scored with.
// With an integer komi a jigo is possible. The engine plays to win, so
// unless jigoHalf it counts a jigo as a loss for color (its komi moves half
// a point against color); with jigoHalf the komi stays and a jigo is worth
// half a win (playoutValue), as a match scores it.
func playoutKomi(komi float64, color rules.Color, jigoHalf bool) float64 {
	if komi != math.Trunc(komi) || jigoHalf {
		return komi
	}
	if color == rules.Black {
		return komi + 0.5
	}
	return komi - 0.5
}

// Search thinks about the position of g with color to move and returns the
// best move. The game is only read.
func (e *Engine) Search(ctx context.Context, g *rules.Game, color rules.Color, lim Limits) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.params
	if e.arenas[0] == nil || e.memoryMB != p.MemoryMB {
		e.arenas = [2]*arena{newArena(p.MemoryMB), newArena(p.MemoryMB)}
		e.memoryMB = p.MemoryMB
		e.prevHist = nil
	}
	s := &search{e: e, p: p, lim: lim, color: color, realKomi: Komi(g), start: time.Now()}
	s.komi = playoutKomi(s.realKomi+p.DynamicKomi(g, color), color, p.JigoHalf)
	s.root.CopyFrom(g.Board())
	s.root.SetToMove(color)
	s.maxMoves = 3 * s.root.Size * s.root.Size
	s.playoutCfg = p.playoutConfig(s.root.Size)
	if lim.PlayoutsOnly {
		s.playoutCfg = s.playoutCfg.judgementPlayouts()
	}
	s.marginScale = float64(s.root.Size*s.root.Size) / 4
	s.widenScale = 1 / math.Log(p.WidenFactor)
	s.history = make(map[uint64]struct{}, len(g.History()))
	for _, h := range g.History() {
		s.history[h] = struct{}{}
	}
	s.owner = make([]atomic.Int32, s.root.Len)
	if lim.LateOwnership && lim.Playouts > 0 {
		s.ownershipFrom = int64(lim.Playouts / 2)
	}
	e.prepareRoot(s, g)
	e.searches++
	seed := uint64(p.Seed)
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	seed ^= s.root.Hash() * 0x9E3779B97F4A7C15
	if p.OwnerPrior && !lim.PlayoutsOnly && s.ownershipFrom == 0 {
		s.seedOwnership(seed ^ 0x5EED)
	}
	s.expandRoot(g)

	if len(s.a.children(&s.a.nodes[0])) > 1 || lim.Report != nil {
		s.run(ctx, seed)
	}
	res := Result{Snapshot: s.snapshot()}
	res.Move = rules.Pass
	if len(res.Candidates) > 0 {
		res.Move = res.Candidates[0].Move
	}
	res.Resign = s.shouldResign(g, res)
	e.prevHist = append(e.prevHist[:0], g.History()...)
	e.prevColor = color
	e.prevSize = s.root.Size
	return res
}

// run starts the workers and the monitor and waits for them.
func (s *search) run(ctx context.Context, seed uint64) {
	grp, gctx := errgroup.WithContext(ctx)
	for i := 0; i < s.p.Threads; i++ {
		pol, know := s.e.slot(i)
		w := newWorker(s, seed+uint64(i)*0x632BE59BD9B4E019, pol, know)
		grp.Go(func() error {
			for !s.stop.Load() {
				w.simulate()
				if s.lim.Playouts > 0 && s.playouts.Load() >= int64(s.lim.Playouts) {
					s.stop.Store(true)
				}
			}
			return nil
		})
	}
	grp.Go(func() error { s.monitor(gctx); return nil })
	_ = grp.Wait()
}

// monitor stops the search on time, cancellation or early decision, and
// sends progress reports.
func (s *search) monitor(ctx context.Context) {
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	lastReport := time.Now()
	for !s.stop.Load() {
		select {
		case <-ctx.Done():
			s.stop.Store(true)
			return
		case <-tick.C:
		}
		now := time.Now()
		if s.lim.Report != nil && s.lim.ReportEvery > 0 && now.Sub(lastReport) >= s.lim.ReportEvery {
			s.lim.Report(s.snapshot())
			lastReport = now
		}
		if s.timeUp(now) {
			s.stop.Store(true)
		}
	}
}

// timeUp applies the time limits: stop at the target time unless the most
// visited move is not the best valued one (then think up to MaxTime); stop
// early when the leader cannot be caught in the time left.
func (s *search) timeUp(now time.Time) bool {
	if s.lim.Time <= 0 {
		return false
	}
	elapsed := now.Sub(s.start)
	maxTime := s.lim.MaxTime
	if maxTime < s.lim.Time {
		maxTime = s.lim.Time
	}
	if elapsed >= maxTime {
		return true
	}
	first, second, unstable := s.leaders()
	if elapsed >= s.lim.Time {
		return !unstable
	}
	if s.lim.EarlyStop && elapsed.Seconds() > s.lim.Time.Seconds()*s.p.EarlyStopFrom {
		rate := float64(s.playouts.Load()) / elapsed.Seconds()
		remaining := rate * (s.lim.Time - elapsed).Seconds()
		if float64(first-second) > remaining {
			return true
		}
	}
	return false
}

// leaders returns the visits of the two most visited root moves and whether
// the most visited is clearly worse than another well-explored move.
func (s *search) leaders() (first, second int32, unstable bool) {
	children := s.a.children(&s.a.nodes[0])
	bestIdx := -1
	for i := range children {
		v := children[i].visits.Load()
		if v > first {
			first, second, bestIdx = v, first, i
		} else if v > second {
			second = v
		}
	}
	if bestIdx < 0 || int(first) < s.p.UnstableMinVisits {
		return first, second, false
	}
	bestRate := children[bestIdx].realWinRate()
	for i := range children {
		ch := &children[i]
		if i != bestIdx && ch.visits.Load() > first/4 && ch.realWinRate() > bestRate+s.p.UnstableMargin {
			return first, second, true
		}
	}
	return first, second, false
}

// prepareRoot reuses the subtree of the previous search when the game has
// only advanced by moves since, and otherwise starts a fresh tree.
func (e *Engine) prepareRoot(s *search, g *rules.Game) {
	cur, other := e.arenas[e.cur], e.arenas[1-e.cur]
	hist := g.History()
	if s.p.ReuseTree && e.prevHist != nil && e.prevSize == s.root.Size && len(hist) >= len(e.prevHist) &&
		equalPrefix(hist, e.prevHist) && cur.used.Load() > 0 {
		if idx, ok := e.followMoves(cur, g, len(e.prevHist)-1, s.color); ok && idx != 0 {
			other.reset()
			other.copySubtree(cur, idx)
			cur.reset()
			e.cur = 1 - e.cur
			s.a = other
			return
		} else if ok {
			s.a = cur
			return
		}
	}
	cur.reset()
	other.reset()
	s.a = cur
	s.a.alloc(1)
}

func equalPrefix(hist, prefix []uint64) bool {
	for i := range prefix {
		if hist[i] != prefix[i] {
			return false
		}
	}
	return true
}

// followMoves walks the previous tree along the moves played since its root
// (position index from in the game history) and returns the node reached;
// ok is false when a move is not in the tree or colours do not alternate.
func (e *Engine) followMoves(a *arena, g *rules.Game, from int, color rules.Color) (int32, bool) {
	moves := g.Moves()
	hist := g.History()
	// events after `from` must all be moves (no mid-game setup)
	if len(hist)-1-from > len(moves) {
		return 0, false
	}
	newMoves := moves[len(moves)-(len(hist)-1-from):]
	idx := int32(0)
	c := e.prevColor
	for _, m := range newMoves {
		if m.Color != c {
			return 0, false
		}
		found := int32(-1)
		n := &a.nodes[idx]
		first := n.firstChild.Load()
		for i := int32(0); first != 0 && i < int32(n.nChildren); i++ {
			if a.nodes[first+i].move == m.Point {
				found = first + i
				break
			}
		}
		if found < 0 {
			return 0, false
		}
		idx = found
		c = c.Opponent()
	}
	if c != color {
		return 0, false
	}
	return idx, true
}

// expandRoot makes sure the root has children for every move legal under
// the game's rules, and excludes those that are not (or that the root
// filter leaves out) when the root comes from a reused tree.
func (s *search) expandRoot(g *rules.Game) {
	root := &s.a.nodes[0]
	if root.firstChild.Load() == 0 {
		pol, know := s.e.slot(0) // the workers start after this
		w := newWorker(s, 1, pol, know)
		w.expand(root, &s.root, s.color)
	}
	for i := range s.a.children(root) {
		ch := &s.a.children(root)[i]
		ok := g.Check(ch.move, s.color) == nil
		if ok && s.lim.RootFilter != nil && ch.move != rules.Pass {
			ok = s.lim.RootFilter(ch.move)
		}
		if ok {
			ch.excluded.Store(0)
		} else {
			ch.excluded.Store(1)
		}
	}
	s.priorMass = priorMass(s.a.children(root))
}

// snapshot collects the current statistics (safe while workers run).
func (s *search) snapshot() Snapshot {
	root := &s.a.nodes[0]
	snap := Snapshot{Geometry: s.root.Geometry, Color: s.color, Playouts: int(s.playouts.Load()),
		RootVisits: int(root.visits.Load()), Elapsed: time.Since(s.start)}
	children := s.a.children(root)
	for i := range children {
		ch := &children[i]
		v := int(ch.visits.Load())
		if v == 0 || ch.excluded.Load() != 0 {
			continue
		}
		wr := ch.realWinRate()
		c := Candidate{Move: ch.move, Visits: v, WinRate: wr,
			LCB: wr - 1.96*math.Sqrt(wr*(1-wr)/float64(v)+1e-9)}
		if s.priorMass > 0 {
			c.Prior = float64(ch.priorWins) / s.priorMass
		}
		c.PV, _ = pvWithVisits(s.a, ch, v)
		snap.Candidates = append(snap.Candidates, c)
	}
	sort.SliceStable(snap.Candidates, func(i, j int) bool {
		a, b := snap.Candidates[i], snap.Candidates[j]
		if a.Visits != b.Visits {
			return a.Visits > b.Visits
		}
		return a.WinRate > b.WinRate
	})
	if len(snap.Candidates) > 0 {
		snap.WinRate = snap.Candidates[0].WinRate
	} else {
		snap.WinRate = 1 - root.realWinRate()
	}
	snap.Ownership = s.ownershipMeans()
	scoreSum := s.scoreSum.Load() // before the count, as in ownershipMeans
	if n := s.playouts.Load(); n > 0 {
		lead := float64(scoreSum)/float64(n) - s.realKomi
		if s.color == rules.White {
			lead = -lead
		}
		snap.ScoreLead = lead
	}
	return snap
}

// ownershipMeans is each point's mean ownership over the playouts counted
// so far. The sums are read before the count: recordOwnership counts a
// playout before it adds to the sums, so while workers run the count read
// afterwards covers every playout in the sums and each mean stays in [-1, 1].
func (s *search) ownershipMeans() []float64 {
	means := make([]float64, s.root.Len)
	for i := range s.owner {
		means[i] = float64(s.owner[i].Load())
	}
	if n := s.ownerPlayouts.Load(); n > 0 {
		for i := range means {
			means[i] /= float64(n)
		}
	}
	return means
}

// priorMass is the prior wins of a node's children together: a child's
// share of it is its prior probability.
func priorMass(children []node) float64 {
	var mass float64
	for i := range children {
		mass += float64(children[i].priorWins)
	}
	return mass
}

// shouldResign: only after enough playouts, never in the opening, and only
// when every candidate is clearly lost.
func (s *search) shouldResign(g *rules.Game, res Result) bool {
	if s.p.ResignThreshold <= 0 || len(res.Candidates) == 0 {
		return false
	}
	size := s.root.Size
	minMoves := s.p.ResignMinMoves * size * size / 81
	if g.MoveNumber() < minMoves || res.Candidates[0].Visits < s.p.ResignMinVisits {
		return false
	}
	if s.p.DynamicKomi(g, s.color) != 0 {
		return false // the handicap is not overcome yet
	}
	return res.Candidates[0].WinRate < s.p.ResignThreshold
}
