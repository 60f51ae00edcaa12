package engine

import (
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

// Params holds every tunable of the search, with its default and reason in
// DefaultParams. The same struct feeds the command-line flags, the GoGui
// parameter dialog and the tests; `param` tags name each field for those.
type Params struct {
	Threads            int     `param:"threads" help:"search threads"`
	MaxPlayouts        int     `param:"playouts" help:"playouts per move (0 = no limit, time decides)"`
	MoveTime           float64 `param:"move_time" help:"seconds per move when no time control is set"`
	MemoryMB           int     `param:"memory_mb" help:"tree memory budget in MiB"`
	Seed               int64   `param:"seed" help:"random seed (0 = from the clock)"`
	ExpandVisits       int     `param:"expand_visits" help:"visits before a leaf gets children"`
	RaveEquiv          float64 `param:"rave_equiv" help:"RAVE equivalence: visits at which tree and AMAF values weigh the same"`
	Exploration        float64 `param:"exploration" help:"UCB exploration constant (0 = rely on priors and RAVE)"`
	PriorEven          float64 `param:"prior_even" help:"virtual even-result visits given to every new child"`
	PriorCapture       float64 `param:"prior_capture" help:"virtual won visits for a capturing move"`
	PriorAtari         float64 `param:"prior_atari" help:"virtual won visits for saving a chain from atari"`
	PriorSelfAtari     float64 `param:"prior_self_atari" help:"virtual lost visits for a self-atari"`
	PriorPattern       float64 `param:"prior_pattern" help:"virtual won visits for a good 3x3 shape"`
	PriorShape         float64 `param:"prior_shape" help:"virtual visits per doubling of a learned shape's play rate"`
	PriorNear          float64 `param:"prior_near" help:"virtual won visits for a move near the last move"`
	PriorEdge          float64 `param:"prior_edge" help:"virtual lost visits for first/second line moves in the opening"`
	VirtualLoss        int     `param:"virtual_loss" help:"visits counted as losses while a thread explores a node"`
	ResignThreshold    float64 `param:"resign_threshold" help:"win rate under which the engine resigns (0 = never)"`
	ResignMinMoves     int     `param:"resign_min_moves" help:"no resignation before this many moves per 9x9 board area"`
	PlayoutPolicy      string  `param:"policy" help:"playout policy: heavy or light"`
	HandicapStoneValue float64 `param:"handicap_stone_value" help:"points per handicap stone on 19x19 for dynamic komi (0 = off)"`
	TwoLibFights       float64 `param:"two_lib_fights" help:"probability that a playout move answers two-liberty fights first"`
	ScoreBonus         float64 `param:"score_bonus" help:"share of a playout's value that follows the score margin instead of win/loss"`
	PlayoutLaddersFrom int     `param:"playout_ladders_from" help:"board size from which the playouts do not escape atari into a ladder (0 = never)"`
	LastGoodReply      bool    `param:"lgrf" help:"last-good-reply with forgetting in the playouts"`
	StatusPlayouts     int     `param:"status_playouts" help:"playouts per side for the dead-stone judgement (0 = by board size)"`
	ReuseTree          bool    `param:"reuse_tree" help:"keep the subtree of the position reached between moves"`
	EarlyStop          bool    `param:"early_stop" help:"under a clock, stop thinking once the best move can no longer be overtaken"`
	Ponder             bool    `param:"ponder" help:"think on the opponent's time"`
}

// DefaultParams are the values gtpgo plays with.
func DefaultParams() Params {
	return Params{
		Threads:            runtime.NumCPU(), // one worker per core
		MaxPlayouts:        0,
		MoveTime:           0, // 0: choose from the board size (see DefaultMoveTime)
		MemoryMB:           1024,
		Seed:               0,
		ExpandVisits:       2,    // expand early: priors then guide the next visits
		RaveEquiv:          3000, // Pachi/Fuego range 3000-5000; 1000 scored 46/80 in 9x9 self-play, not significant
		Exploration:        0,    // Pachi and Fuego play without a UCB term
		PriorEven:          10,   // MoGo's "even game" prior
		PriorCapture:       20,
		PriorAtari:         15,
		PriorSelfAtari:     20,
		PriorPattern:       10,
		PriorShape:         5,
		PriorNear:          5,
		PriorEdge:          10,
		VirtualLoss:        3,
		ResignThreshold:    0.02, // opponents blunder: resign only when hopeless
		ResignMinMoves:     30,   // per 81 points of board: none in the opening
		PlayoutPolicy:      "heavy",
		HandicapStoneValue: 7, // the usual estimate of a handicap stone's worth
		TwoLibFights:       0.6,
		ScoreBonus:         0,     // 0.05 measured: 43/80 in 9x9 self-play, no clear gain
		PlayoutLaddersFrom: 13,    // measured on 19x19 against GNU Go; on 9x9 the tree reads the short ladders
		LastGoodReply:      false, // measured: 5/14 against GNU Go with it, 11/16 without (10k playouts); 40/80 in 9x9 self-play
		ReuseTree:          true,
		EarlyStop:          true, // under a clock only: gtp spends a fixed time per move in full
		Ponder:             false,
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

// ParamInfo describes one parameter for flags and the GoGui dialog.
type ParamInfo struct {
	Name  string
	Help  string
	Kind  string // "int", "float", "bool", "string"
	Value string
}

// List describes every parameter with its current value, sorted by name.
func (p *Params) List() []ParamInfo {
	v := reflect.ValueOf(p).Elem()
	t := v.Type()
	var out []ParamInfo
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		info := ParamInfo{Name: f.Tag.Get("param"), Help: f.Tag.Get("help")}
		switch fv := v.Field(i); fv.Kind() {
		case reflect.Int, reflect.Int64:
			info.Kind, info.Value = "int", strconv.FormatInt(fv.Int(), 10)
		case reflect.Float64:
			info.Kind, info.Value = "float", strconv.FormatFloat(fv.Float(), 'g', -1, 64)
		case reflect.Bool:
			info.Kind, info.Value = "bool", strconv.FormatBool(fv.Bool())
		case reflect.String:
			info.Kind, info.Value = "string", fv.String()
		}
		out = append(out, info)
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
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).Tag.Get("param") != name {
			continue
		}
		fv := v.Field(i)
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
		return p.Validate()
	}
	return fmt.Errorf("unknown parameter %q", name)
}

// Validate checks ranges; it is called after every change.
func (p *Params) Validate() error {
	switch {
	case p.Threads < 1 || p.Threads > 256:
		return fmt.Errorf("threads must be 1..256")
	case p.MaxPlayouts < 0:
		return fmt.Errorf("playouts must be >= 0")
	case p.MoveTime < 0:
		return fmt.Errorf("move_time must be >= 0")
	case p.MemoryMB < 16:
		return fmt.Errorf("memory_mb must be >= 16")
	case p.ExpandVisits < 1:
		return fmt.Errorf("expand_visits must be >= 1")
	case p.RaveEquiv <= 0:
		return fmt.Errorf("rave_equiv must be > 0")
	case p.ResignThreshold < 0 || p.ResignThreshold >= 0.5:
		return fmt.Errorf("resign_threshold must be in [0, 0.5)")
	case !(p.ScoreBonus >= 0 && p.ScoreBonus < 0.5): // NaN fails too
		return fmt.Errorf("score_bonus must be in [0, 0.5)")
	case p.PlayoutLaddersFrom < 0:
		return fmt.Errorf("playout_ladders_from must be >= 0")
	case p.PlayoutPolicy != "heavy" && p.PlayoutPolicy != "light":
		return fmt.Errorf("policy must be heavy or light")
	}
	return nil
}
