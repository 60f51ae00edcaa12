package engine

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/judge"
)

// Params holds every tunable of the engine, in groups as Fuego's
// uct_param_search / uct_param_policy separate them: what the engine runs on,
// how long it thinks, how the tree is searched, how the playouts play and
// how the end of the game is judged. The same struct feeds the command-line
// flags, the GoGui parameter dialogs and the tests. Every field has a
// `param` tag (its name there), a `help` tag and, unless it is a boolean, a
// `range` tag that Validate enforces: "[lo,hi]" for numbers, with '(' or ')'
// for an open end, or "a|b" for the choices of a string.
type Params struct {
	EngineParams  `group:"engine"`
	TimeParams    `group:"time"`
	SearchParams  `group:"search"`
	PlayoutParams `group:"playout"`
	JudgeParams   `group:"judge"`
}

// JudgeParams are the end-of-game judgement's (package judge).
type JudgeParams = judge.Params

// EngineParams are what the engine runs on, whatever it searches.
type EngineParams struct {
	Threads  int   `param:"threads" range:"[1,256]" help:"search threads"`
	MemoryMB int   `param:"memory_mb" range:"[16,1048576]" help:"tree memory budget in MiB"`
	Seed     int64 `param:"seed" range:"[0,9.2e18]" help:"random seed (0 = from the clock)"`
	Level    int   `param:"level" range:"[1,10]" help:"playing strength, 1 (weakest) to 10 (the full engine): below 10, a fixed number of playouts per move and a looser choice among the good moves"`
}

// TimeParams are how long the engine thinks, and when.
type TimeParams struct {
	MaxPlayouts int     `param:"playouts" range:"[0,1e9]" help:"playouts per move (0 = no limit, time decides)"`
	MoveTime    float64 `param:"move_time" range:"[0,86400]" help:"seconds per move when no time control is set (0 = by board size)"`
	// MoveTimeTarget below 1 makes the per-move time a cap, as Pachi's -t
	// is: the search aims at this share of it, stops early when the best
	// move can no longer be overtaken, and thinks up to the cap when the
	// most visited move is not the best valued one.
	MoveTimeTarget float64 `param:"move_time_target" range:"(0,1]" help:"share of the per-move time the search aims at; below 1 it may stop early, or think on to the full time when undecided (1 = always the full time)"`
	EarlyStop      bool    `param:"early_stop" help:"under a clock, stop thinking once the best move can no longer be overtaken"`
	// EarlyStopFrom keeps the first part of the budget from an early stop:
	// before it, the playout rate that predicts the rest is too noisy.
	EarlyStopFrom float64 `param:"early_stop_from" range:"[0,1]" help:"share of the target time before which no early stop comes"`
	// A most visited move that a well-explored other move beats by
	// UnstableMargin is not yet the best: the search thinks on up to the
	// budget's maximum (Huang, Coulom and Lin's "unstable evaluation").
	UnstableMargin    float64 `param:"unstable_margin" range:"[0,1]" help:"win rate by which another move must beat the most visited one to think on past the target time"`
	UnstableMinVisits int     `param:"unstable_min_visits" range:"[0,1e9]" help:"visits the most visited move needs before the search thinks on past the target time"`
	Ponder            bool    `param:"ponder" help:"think on the opponent's time"`
}

// SearchParams are how the tree is searched: selection, priors, resignation.
type SearchParams struct {
	ExpandVisits       int     `param:"expand_visits" range:"[1,100000]" help:"visits before a leaf gets children"`
	RaveEquiv          float64 `param:"rave_equiv" range:"(0,1e9]" help:"RAVE equivalence: visits at which tree and AMAF values weigh the same"`
	RaveDistance       float64 `param:"rave_distance" range:"[0,10]" help:"extra AMAF weight of a move played right after a node, falling linearly to none at the playout's end (0 = all moves weigh the same)"`
	CritRave           float64 `param:"crit_rave" range:"[0,10]" help:"AMAF virtual wins per AMAF visit and unit of criticality of a move's point, where the move has enough playouts (0 = off)"`
	CritMinShare       float64 `param:"crit_min_share" range:"[0,1]" help:"share of the root's playouts a move needs before its criticality counts"`
	Exploration        float64 `param:"exploration" range:"[0,10]" help:"UCB exploration constant (0 = rely on priors and RAVE)"`
	PriorEven          float64 `param:"prior_even" range:"[0,10000]" help:"virtual even-result visits given to every new child"`
	PriorModel         float64 `param:"prior_model" range:"[0,10000]" help:"virtual visits won in proportion to the move model's rating of a new child"`
	PriorSqrt          float64 `param:"prior_sqrt" range:"[0,10000]" help:"virtual visits, all won, given a new child in proportion to the square root of the move model's probability of it (Pachi's pattern prior)"`
	WidenMin           int     `param:"widen_min" range:"[0,1000]" help:"progressive widening: children a node considers at first, likeliest by the move model first (0 = all)"`
	WidenFactor        float64 `param:"widen_factor" range:"(1,100]" help:"progressive widening: a node considers one more child each time its visits grow by this factor"`
	Book               bool    `param:"book" help:"play the opening book's moves (strong players' choices in the first moves of 19x19 games) without searching"`
	SmallBoardSpatial  int     `param:"small_board_spatial" range:"[0,12]" help:"largest spatial pattern size the move model rates on boards below 13x13 (12 = all, below 4 = none)"`
	OwnerPrior         bool    `param:"owner_prior" help:"the priors also weigh who owns each point at the end of the search's playouts so far (Pachi's mcowner)"`
	VirtualLoss        int     `param:"virtual_loss" range:"[0,1000]" help:"visits counted as losses while a thread explores a node"`
	ReuseTree          bool    `param:"reuse_tree" help:"keep the subtree of the position reached between moves"`
	ScoreBonus         float64 `param:"score_bonus" range:"[0,0.5)" help:"share of a playout's value that follows the score margin instead of win/loss"`
	HandicapStoneValue float64 `param:"handicap_stone_value" range:"[0,50]" help:"points per handicap stone on 19x19 for dynamic komi (0 = off)"`
	HandicapFade       float64 `param:"handicap_fade" range:"(0,3]" help:"dynamic komi fades out over this many moves per point of the board"`
	JigoHalf           bool    `param:"jigo_half" help:"with an integer komi a jigo counts half a win, as a match scores it, not a loss for the player to move"`
	ResignThreshold    float64 `param:"resign_threshold" range:"[0,0.5)" help:"win rate under which the engine resigns (0 = never)"`
	ResignMinMoves     int     `param:"resign_min_moves" range:"[0,100000]" help:"no resignation before this many moves per 9x9 board area"`
	ResignMinVisits    int     `param:"resign_min_visits" range:"[0,1e9]" help:"visits the best move needs before the engine may resign"`
}

// PlayoutParams are how the playouts play.
type PlayoutParams struct {
	PlayoutPolicy      string  `param:"policy" range:"heavy|light" help:"playout policy"`
	TwoLibFights       float64 `param:"two_lib_fights" range:"[0,1]" help:"probability that a playout move answers two-liberty fights first"`
	PlayoutLaddersFrom int     `param:"playout_ladders_from" range:"[0,25]" help:"board size from which the playouts do not escape atari into a ladder (0 = never)"`
	LastGoodReply      bool    `param:"lgrf" help:"last-good-reply with forgetting in the playouts"`
	Nakade             float64 `param:"nakade" range:"[0,1]" help:"probability that a playout move takes the vital point of an eye space next to the last move"`
	ShapesAroundOwn    bool    `param:"shapes_around_own" help:"with no 3x3 shape to answer the last move, the playouts complete one around the player's own previous move"`
	ShapeGammas        bool    `param:"shape_gammas" help:"the playouts draw among the 3x3 shapes answering the last move by the move model's rating of each, not uniformly"`
	PlayoutKo          float64 `param:"playout_ko" range:"[0,1]" help:"probability that a playout move retakes, or connects, a ko taken in the last three moves"`
	ThrowInLibs        int     `param:"throw_in_libs" range:"[0,1000]" help:"the playouts throw a lone stone into self-atari only next to enemy chains of at most this many liberties (0 = next to any)"`
	SelfAtariOther     bool    `param:"selfatari_other" help:"a random playout move refused as a self-atari next to an enemy two-liberty chain plays that chain's other liberty instead"`
	EyeFix             float64 `param:"eye_fix" range:"[0,1]" help:"probability that a playout move, after the last move approached an own eye, fills the point from which the opponent would make it false (or captures the stone that would)"`
	PairSelfAtari      float64 `param:"pair_selfatari" range:"[0,1]" help:"probability that a random playout move may put a two-stone chain in self-atari when the stone it joins could not run instead"`
	PlayoutShapes      float64 `param:"playout_shapes" range:"[0,1]" help:"the random part of the playouts draws by learned 3x3 shape ratings: a drawn point is taken with its rating over the one the top this share of candidates reach (0 = uniform)"`
	TacticalRate       float64 `param:"tactical_rate" range:"[0,1]" help:"probability that a playout move first captures, or escapes from atari, around the last move"`
	NlibDefence        float64 `param:"nlib_defence" range:"[0,1]" help:"probability that a playout move, after the last move took a liberty of an own three- or four-liberty chain, puts an enemy two-liberty chain next to that chain in atari"`
}

// DefaultParams are the values gtpgo plays with, each with the reason.
func DefaultParams() Params {
	return Params{
		EngineParams: EngineParams{
			Threads:  runtime.NumCPU(), // one worker per core
			MemoryMB: 1024,
			Seed:     0,
			Level:    MaxLevel,
		},
		TimeParams: TimeParams{
			MaxPlayouts: 0,
			MoveTime:    0,    // 0: choose from the board size (see DefaultMoveTime)
			EarlyStop:   true, // under a clock only: gtp spends a fixed time per move in full
			// 0.9 with -move_time 1.45 (0.88 s a move) and jigo_half, against
			// Pachi -t 1.25 (1.05 s) on 9x9: 147 wins and 10 draws of 300
			// (50.7%), against 46 and 2 of 100 at a fixed 1 s; in self-play at
			// equal time against a fixed 1 s 13-19 (1 draw) after 33, stopped:
			// not yet the default
			MoveTimeTarget:    1,
			EarlyStopFrom:     0.1,
			UnstableMargin:    0.02,
			UnstableMinVisits: 100,
			Ponder:            false,
		},
		SearchParams: SearchParams{
			// expand early: priors then guide the next visits. 9x9 self-play
			// at 0.5 s per move, expand_visits 8 (Pachi's) against 2: 23-39
			// (stopped): a fifth more playouts do not make up for the
			// priors coming later; expand_visits 1 against 2: 31-30
			// (stopped), no difference
			ExpandVisits: 2,
			// Pachi/Fuego range 3000-5000; 1000 scored 46/80 in 9x9
			// self-play, not significant; again at 3,000 playouts: 19-20
			// after 39 games (stopped), no difference
			RaveEquiv: 3000,
			// 9x9 self-play at 3,000 playouts, rave_distance 3 against 0:
			// 20-40 (-120 Elo, -213 .. -28); the weights also give AMAF more
			// say against the tree, which may be what costs
			RaveDistance: 0,
			// Pachi's crit_rave 1.1 (from 2,000 playouts there): in 9x9
			// self-play at 3,000 playouts, crit_rave 1.1 against 0: 12-35
			// (-186 Elo, -298 .. -74, SPRT 0,+40 rejected); Pachi reports its
			// gain on 19x19, which is not measured here yet
			CritRave:     0,
			CritMinShare: 0.1,
			Exploration:  0, // Pachi and Fuego play without a UCB term
			// the move model's prior against the hand-set priors it replaced,
			// self-play at fixed playouts, one thread: 41-16 on 9x9 at 3,000
			// (+163 Elo, SPRT 0,+50 accepted), 23-0 on 19x19 at 1,500. Then
			// Pachi's form of it, sqrt(p) virtual wins, against that linear
			// one (even 10, model 30): 32-8 on 19x19 at 2,000 (+241 Elo,
			// +109 .. +372, SPRT 0,+50 accepted); on 9x9 at 3,000 (sqrt 210,
			// even 14) 43-41, no difference; and on 9x9 at 5,000, sqrt 150
			// against 300: 56-75 (-51 Elo, -111 .. +9, SPRT 0,+40 rejected);
			// at 3,000, sqrt 500 against 300: 56-73 (-46 Elo, -106 .. +14,
			// LLR -2.81, stopped at the edge of H0). prior_even 10 (near
			// Pachi's 14 on 9x9) against 20 at 3,000: 188-192 (-4 Elo, -39
			// .. +31, SPRT 0,+40 accepted H0)
			PriorEven:  20,
			PriorModel: 0,
			PriorSqrt:  300,
			// 19x19 self-play at 1,500 playouts, book against none: 22-18
			// after 40 (+35 Elo, -72 .. +141), stopped for time: not yet
			// enough to say
			Book: false,
			// 19x19 self-play at 1,500 playouts, widen_min 8 against all
			// children: 19-21 after 40 (-17 Elo, -124 .. +89), stopped:
			// the square-root prior already keeps the search on the likely
			// moves
			WidenMin:    0,
			WidenFactor: 1.4, // Coulom's (CrazyStone 2007)
			// 9x9 self-play at 3,000 playouts, patterns up to size 5
			// (the centre then rated like the 3-3 and 4-4 points) against
			// all: 42-43 after 85 games, no difference worth a longer test
			SmallBoardSpatial: 12,
			// 9x9 self-play at 3,000 playouts (and the 200 seed playouts),
			// owner_prior against none: 45-65 (-64 Elo, -130 .. +2), SPRT
			// 0,+40 accepted H0: ratings learned on 19x19 positions, and the
			// root's ownership judged deep in the tree, cost more than they
			// bring here
			OwnerPrior:         false,
			VirtualLoss:        3,
			ReuseTree:          true,
			ScoreBonus:         0, // 0.05 measured: 43/80 in 9x9 self-play, no clear gain
			HandicapStoneValue: 7, // the usual estimate of a handicap stone's worth
			HandicapFade:       0.55,
			// 9x9 self-play at 3,000 playouts, komi 7, on against off:
			// 215-186 after 401 games (+25 Elo, -9 .. +60, SPRT 0,+40
			// undecided, stopped); against Pachi at 1 s per move 46 wins
			// and 2 draws of 100 (47%), against 88 of 200 without it, and
			// with move_time_target 0.9 50.7% of 300 (see there)
			JigoHalf:        false,
			ResignThreshold: 0.02, // opponents blunder: resign only when hopeless
			ResignMinMoves:  30,   // per 81 points of board: none in the opening
			ResignMinVisits: 1000,
		},
		PlayoutParams: PlayoutParams{
			PlayoutPolicy: "heavy",
			// 9x9 self-play at 3,000 playouts, 0.9 (Pachi's atarirate)
			// against 0.6: 40-60 (-70 Elo, -139 .. -1, SPRT 0,+40 accepted
			// H0)
			TwoLibFights: 0.6,
			// first measured on 19x19 against GNU Go; then 9x9 self-play at
			// 3,000 playouts, from 9 against from 13: 49-19 (+165 Elo, +74
			// .. +256, SPRT 0,+40 accepted): on 9x9 too the playouts that
			// let ladders escape misjudge the fights the tree cannot read
			PlayoutLaddersFrom: 9,
			LastGoodReply:      false, // measured: 5/14 against GNU Go with it, 11/16 without (10k playouts); 40/80 in 9x9 self-play
			// 9x9 self-play at 3,000 playouts, nakade 1 against 0: 52-51
			// (+3 Elo, -63 .. +70) for a fifth more time per game
			Nakade: 0,
			// 9x9 self-play at 3,000 playouts, on against off: 9-23 (-163 Elo,
			// -294 .. -32), stopped: the answers to the last move are what count
			ShapesAroundOwn: false,
			// 9x9 self-play at 3,000 playouts, on against off: 60-59
			// after 119 games (stopped): no difference
			SelfAtariOther: false,
			// 9x9 self-play at 3,000 playouts, nlib_defence 0.25 (Pachi's
			// nlibrate) against 0: 193-175 after 368 games in two runs
			// (stopped), and with eye_fix 1 against neither: 71-73 after
			// 144 (stopped): no clear gain
			NlibDefence: 0,
			// 9x9 self-play at 3,000 playouts, 0.9 (Pachi's lcapturerate)
			// against 1: 95-109 (-24 Elo, -72 .. +24, SPRT 0,+40 accepted
			// H0): letting a chain in atari be costs more than the variety
			// brings
			TacticalRate: 1,
			// 9x9 self-play at 3,000 playouts, eye_fix 1 (Pachi's
			// eyefixrate) against 0: 158-142 (+19 Elo, -21 .. +58, SPRT
			// 0,+40 undecided after 300 games), and 25-16 with nlib_defence
			// 0.25 on both sides; 19x19 at 2,000 playouts: 7-7 after 14
			// (stopped). Then against Pachi at 1 s per move with eye_fix 1:
			// 39 of 100 (30-49%), no better than the 88 of 200 without it.
			// It costs 2% more time per game
			EyeFix: 0,
			// 9x9 self-play at 3,000 playouts (both with nlib_defence
			// 0.25), pair_selfatari 0.4 (Pachi's 40% of loose self-atari
			// checks) against 0: 6-17 after 23 games (stopped)
			PairSelfAtari: 0,
			// 9x9 self-play at 3,000 playouts, playout_shapes 0.3 against
			// uniform: 33-54 (-86 Elo, -160 .. -11, SPRT 0,+40 accepted
			// H0); 0.8 (only the worst shapes refused): 108-110 after 218
			// (stopped). Ratings of what strong players choose make the
			// quiet moves more purposeful and the playouts' judgement
			// worse (Gelly and Silver's finding: a stronger policy is not
			// a better simulation)
			PlayoutShapes: 0,
			// 9x9 self-play at 3,000 playouts, playout_ko 0.4 (Pachi's
			// korate) against 0: 45-44 after 89 games (stopped): no difference
			PlayoutKo: 0,
			// 9x9 self-play at 3,000 playouts, on against off: 24-26 after
			// 50 games (stopped): no gain; the model's shape gammas span
			// five orders of magnitude, sharper than Pachi's
			ShapeGammas: false,
			// 9x9 self-play at 3,000 playouts, throw_in_libs 3 (Pachi's
			// limit) against 0: 70-82 after 152 games (stopped): no gain
			ThrowInLibs: 0,
		},
		JudgeParams: judge.DefaultParams(),
	}
}

// DefaultMoveTime is the thinking time per move when neither a time control
// nor a per-move time is set (Sabaki and gomill send none): long enough to
// play well, short enough that a GUI user does not wait.
func DefaultMoveTime(size int) float64 {
	switch {
	case size <= 9:
		return 2
	case size <= 13:
		return 3
	}
	return 5
}

// ParamGroups are the groups of Params, in order (the group tags).
var ParamGroups = func() []string {
	var out []string
	t := reflect.TypeFor[Params]()
	for i := 0; i < t.NumField(); i++ {
		out = append(out, t.Field(i).Tag.Get("group"))
	}
	return out
}()

// ParamInfo describes one parameter for flags and the GoGui dialog.
type ParamInfo struct {
	Name  string
	Group string // engine, time, search, playout or judge
	Help  string
	Kind  string // "int", "float", "bool", "string"
	Value string
	Range string // as the range tag gives it; "" for booleans
}

// paramField is one parameter of Params, as the tags describe it.
type paramField struct {
	index  []int // in Params, for reflect's FieldByIndex
	name   string
	group  string
	help   string
	rangeT string
	// numbers: the range; strings: the choices
	lo, hi         float64
	loOpen, hiOpen bool
	choices        []string
}

// paramFields lists every parameter, from the struct tags, once.
var paramFields = func() []paramField {
	var out []paramField
	t := reflect.TypeFor[Params]()
	for g := 0; g < t.NumField(); g++ {
		gt := t.Field(g).Type
		group := t.Field(g).Tag.Get("group")
		for i := 0; i < gt.NumField(); i++ {
			f := gt.Field(i)
			pf := paramField{index: []int{g, i}, name: f.Tag.Get("param"), group: group,
				help: f.Tag.Get("help"), rangeT: f.Tag.Get("range")}
			if err := pf.parseRange(f.Type.Kind()); err != nil {
				panic(fmt.Sprintf("engine: parameter %s: %v", pf.name, err))
			}
			out = append(out, pf)
		}
	}
	return out
}()

// parseRange reads the range tag for a field of the given kind.
func (pf *paramField) parseRange(kind reflect.Kind) error {
	r := pf.rangeT
	switch kind {
	case reflect.Bool:
		if r != "" {
			return fmt.Errorf("a boolean has no range")
		}
		return nil
	case reflect.String:
		if r == "" {
			return fmt.Errorf("no choices")
		}
		pf.choices = strings.Split(r, "|")
		return nil
	}
	if len(r) < 5 || !strings.Contains("[(", r[:1]) || !strings.Contains("])", r[len(r)-1:]) {
		return fmt.Errorf("range %q is not [lo,hi]", r)
	}
	lo, hi, ok := strings.Cut(r[1:len(r)-1], ",")
	if !ok {
		return fmt.Errorf("range %q is not [lo,hi]", r)
	}
	var err1, err2 error
	pf.lo, err1 = strconv.ParseFloat(lo, 64)
	pf.hi, err2 = strconv.ParseFloat(hi, 64)
	if err1 != nil || err2 != nil || pf.lo > pf.hi {
		return fmt.Errorf("range %q is not [lo,hi]", r)
	}
	pf.loOpen, pf.hiOpen = r[0] == '(', r[len(r)-1] == ')'
	return nil
}

// check tells whether v (the field's value) is in the field's range.
func (pf *paramField) check(v reflect.Value) error {
	var x float64
	switch v.Kind() {
	case reflect.Bool:
		return nil
	case reflect.String:
		if !slices.Contains(pf.choices, v.String()) {
			return fmt.Errorf("parameter %s must be one of %s, not %q", pf.name, strings.Join(pf.choices, ", "), v.String())
		}
		return nil
	case reflect.Int, reflect.Int64:
		x = float64(v.Int())
	case reflect.Float64:
		x = v.Float()
	}
	below := x < pf.lo || pf.loOpen && x == pf.lo
	above := x > pf.hi || pf.hiOpen && x == pf.hi
	if below || above || math.IsNaN(x) {
		return fmt.Errorf("parameter %s must be in %s, not %s", pf.name, pf.rangeT, formatValue(v))
	}
	return nil
}

func formatValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Int, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	}
	return v.String()
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64:
		return "int"
	case reflect.Float64:
		return "float"
	case reflect.Bool:
		return "bool"
	}
	return "string"
}

// List describes every parameter with its current value, sorted by name.
func (p *Params) List() []ParamInfo {
	v := reflect.ValueOf(p).Elem()
	out := make([]ParamInfo, 0, len(paramFields))
	for i := range paramFields {
		pf := &paramFields[i]
		fv := v.FieldByIndex(pf.index)
		out = append(out, ParamInfo{Name: pf.name, Group: pf.group, Help: pf.help, Kind: kindName(fv.Kind()),
			Value: formatValue(fv), Range: pf.rangeT})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Set changes the parameter called name from its text form. Booleans accept
// true/false/1/0. An error leaves the parameters unchanged.
func (p *Params) Set(name, value string) error {
	saved := *p
	if err := p.set(name, value); err != nil {
		*p = saved
		return err
	}
	return nil
}

func (p *Params) set(name, value string) error {
	v := reflect.ValueOf(p).Elem()
	for i := range paramFields {
		pf := &paramFields[i]
		if pf.name != name {
			continue
		}
		fv := v.FieldByIndex(pf.index)
		switch fv.Kind() {
		case reflect.Int, reflect.Int64:
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil {
				return fmt.Errorf("parameter %s: %q is not an integer", name, value)
			}
			fv.SetInt(n)
		case reflect.Float64:
			f, err := strconv.ParseFloat(value, 64)
			if err != nil {
				return fmt.Errorf("parameter %s: %q is not a number", name, value)
			}
			fv.SetFloat(f)
		case reflect.Bool:
			switch strings.ToLower(value) {
			case "1", "true":
				fv.SetBool(true)
			case "0", "false":
				fv.SetBool(false)
			default:
				return fmt.Errorf("parameter %s: %q is not a boolean", name, value)
			}
		case reflect.String:
			fv.SetString(value)
		}
		return pf.check(fv)
	}
	return fmt.Errorf("unknown parameter %q", name)
}

// Validate checks every parameter against its range. Flags, gtpgo-param
// and the GoGui dialogs all set parameters through Set, which checks the
// one it changes; Validate checks a whole Params built in code.
func (p *Params) Validate() error {
	v := reflect.ValueOf(p).Elem()
	for i := range paramFields {
		if err := paramFields[i].check(v.FieldByIndex(paramFields[i].index)); err != nil {
			return err
		}
	}
	return nil
}
