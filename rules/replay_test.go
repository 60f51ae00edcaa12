package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kgsGlob finds the KGS game collections (see the README beside them): the
// project's shared data sits next to the repository, in ../shared. The
// variable GTPGO_GAMES overrides the directory.
var kgsGlob = func() string {
	dir := os.Getenv("GTPGO_GAMES")
	if dir == "" {
		dir = "../../shared/data/games"
	}
	return dir + "/*.sgf.gz"
}()

func readKGS(t testing.TB, path string) []*SGFGame {
	t.Helper()
	games, err := ReadSGFFile(path)
	require.NoError(t, err, path)
	return games
}

// recordNote names one game of the collections and what is special about it.
type recordNote struct {
	PB, PW, DT string
	Moves      []int // the moves concerned, by move number
	Reason     string
}

// ownRuleBreaches lists the records whose moves their own rules (RU) refuse,
// by "file#index" (index from 1). There are none: every move of all ~24,000
// records is legal under its RU. A new entry, or one disappearing, means the
// rules or the parser changed and must be looked at.
var ownRuleBreaches = map[string]recordNote{}

// repetitions lists the records with a whole-board repetition: the moves
// that positional superko (Chinese rules) refuses, and those that
// situational superko (AGA rules) refuses. All are Japanese-rules games,
// where long cycles are legal, so they replay under their own rules; under
// a superko rule each refused move is played anyway (lenient mode) and the
// cycle goes on, hence the runs of consecutive moves.
var repetitions = map[string]struct {
	recordNote
	Situational []int
}{
	"kgs-2002.sgf.gz#740": {recordNote{PB: "com", PW: "Blaubaer", DT: "2002-02-16", Moves: []int{352},
		Reason: "send two, return one: W T1 takes two stones, B S1 takes one back; the position of move 350 " +
			"recurs with the other player to move, which situational superko allows"}, nil},
	"kgs-2003.sgf.gz#491": {recordNote{PB: "Nasdaq", PW: "Galileo", DT: "2003-02-03",
		Moves:  []int{108, 109, 110, 111, 112, 113, 114},
		Reason: "triple ko on the right side; the game ended there with RE[Void] (no result, as Japanese rules say)"},
		[]int{108, 109, 110, 111, 112, 113, 114}},
	"kgs-2003.sgf.gz#4797": {recordNote{PB: "BogdanD", PW: "jim", DT: "2003-09-20", Moves: []int{188},
		Reason: "triple ko: kos at A6/A7, A3/A4 and E1/F1 taken in turn"}, []int{188}},
	"kgs-2003.sgf.gz#6058": {recordNote{PB: "jwang", PW: "GEKO", DT: "2003-11-15", Moves: []int{301},
		Reason: "quadruple ko: kos at T10/T11, T13/T14, E15/E16 and G19/H19 taken in turn"}, []int{301}},
	"kgs-2006.sgf.gz#8613": {recordNote{PB: "almost", PW: "HYang", DT: "2006-11-12", Moves: []int{141},
		Reason: "triple ko: kos at H17/J17, K15/L15 and M12/M13 taken in turn"}, []int{141}},
}

type replayStats struct {
	games, moves, passes int
	own                  map[string][]int // refused by the record's own rules
	positional           map[string][]int
	situational          map[string][]int
	ids                  map[string]recordNote
	elapsed              time.Duration
}

// refPlaceStones sets stones directly in the reference grid (handicap and
// setup stones), as a new position of its history.
func refPlaceStones(r *refBoard, stones []Move, geo Geometry, toMove Color) {
	grid := append([]Color(nil), r.grid...)
	for _, m := range stones {
		x, y := geo.XY(m.Point)
		grid[x*r.n+y] = m.Color
	}
	r.grid = grid
	r.history = append(r.history, grid)
	r.toMove = toMove
}

// refView maps the reference grid's indexes to board points and zobrist
// keys, so that comparing after every one of ~5 million moves stays cheap.
type refView struct {
	points []Point
	keys   [3][]uint64
}

func newRefView(geo Geometry) *refView {
	n := geo.Size
	v := &refView{points: make([]Point, n*n)}
	for c := Black; c <= White; c++ {
		v.keys[c] = make([]uint64, n*n)
	}
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			p := geo.At(x, y)
			v.points[x*n+y] = p
			v.keys[Black][x*n+y], v.keys[White][x*n+y] = StoneKey(Black, p), StoneKey(White, p)
		}
	}
	return v
}

// sameAsRef compares colours, captures and hash (the XOR of the keys of the
// reference's stones) with the reference.
func (v *refView) sameAsRef(b *Board, r *refBoard) error {
	var h uint64
	for i, want := range r.grid {
		if got := b.Color(v.points[i]); got != want {
			return fmt.Errorf("colour at %s is %v, reference %v\n%s", b.Vertex(v.points[i]), got, want, b)
		}
		if want != Empty {
			h ^= v.keys[want][i]
		}
	}
	if b.Captures(Black) != r.captures[Black] || b.Captures(White) != r.captures[White] {
		return fmt.Errorf("captures %d/%d, reference %d/%d", b.Captures(Black), b.Captures(White),
			r.captures[Black], r.captures[White])
	}
	if b.Hash() != h {
		return errors.New("hash differs from the reference")
	}
	return nil
}

// replayWithRef replays one record under its own rules, move by move, next
// to the flood-fill reference, and returns the moves its rules refused (then
// played anyway, as lenient loading does).
func replayWithRef(s *SGFGame, st *replayStats, views map[int]*refView) (refused []int, err error) {
	rules, err := RulesetByName(s.Rules)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(s.Size, rules, s.Komi)
	if err != nil {
		return nil, err
	}
	if err := s.setupStart(g); err != nil {
		return nil, err
	}
	r := newRef(s.Size)
	r.suicide = rules.Suicide
	view := views[s.Size]
	if view == nil {
		view = newRefView(g.Start().Geometry)
		views[s.Size] = view
	}
	var start []Move
	for _, p := range g.Start().Points() {
		if c := g.Start().Color(p); c != Empty {
			start = append(start, Move{Color: c, Point: p})
		}
	}
	refPlaceStones(r, start, g.Start().Geometry, g.ToMove())
	r.history = r.history[1:] // the start is position 0
	if err := view.sameAsRef(g.Board(), r); err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	moveNumber := 0
	for _, n := range s.Nodes {
		if n.Setup != nil {
			toMove := n.PlayerToMove
			if toMove == Empty {
				toMove = g.ToMove()
			}
			if err := g.Setup(n.Setup, toMove); err != nil {
				return nil, fmt.Errorf("node %d: %w", n.Index, err)
			}
			refPlaceStones(r, n.Setup, g.Start().Geometry, toMove)
		}
		if n.Move == nil {
			continue
		}
		moveNumber++
		m := *n.Move
		if err := g.Play(m.Point, m.Color); err != nil {
			if !errors.Is(err, ErrSuperko) {
				return nil, fmt.Errorf("move %d %v %s refused: %w", moveNumber, m.Color, g.Board().Vertex(m.Point), err)
			}
			refused = append(refused, moveNumber)
			if err := g.PlayUnchecked(m.Point, m.Color); err != nil {
				return nil, err
			}
		}
		if m.Point == Pass {
			r.pass(m.Color)
			st.passes++
		} else {
			x, y := g.Board().XY(m.Point)
			if !r.play(x, y, m.Color) {
				return nil, fmt.Errorf("move %d %v %s: the reference refuses it", moveNumber, m.Color, g.Board().Vertex(m.Point))
			}
		}
		if err := view.sameAsRef(g.Board(), r); err != nil {
			return nil, fmt.Errorf("after move %d %v %s: %w", moveNumber, m.Color, g.Board().Vertex(m.Point), err)
		}
	}
	st.moves += moveNumber

	// NewGame must build the same record and report the same breaches.
	g2, issues, err := s.NewGame(Japanese, true)
	if err != nil {
		return nil, fmt.Errorf("NewGame: %w", err)
	}
	if g2.Board().Hash() != g.Board().Hash() || g2.MoveNumber() != g.MoveNumber() || g2.Rules != rules {
		return nil, errors.New("NewGame built a different game")
	}
	if len(issues) != len(refused) {
		return nil, fmt.Errorf("NewGame reports %d superko violations, the replay %d", len(issues), len(refused))
	}
	return refused, nil
}

// superkoRefusals replays a record under other rules, leniently, and
// returns the move numbers the ko rule refused.
func superkoRefusals(s *SGFGame, rules Ruleset) ([]int, error) {
	saved := s.Rules
	s.Rules = "" // so that NewGame uses the rules given
	defer func() { s.Rules = saved }()
	_, issues, err := s.NewGame(rules, true)
	if err != nil {
		return nil, err
	}
	var moves []int
	for _, e := range issues {
		moves = append(moves, e.MoveNumber)
	}
	return moves, nil
}

func replayFile(t *testing.T, path string, step int) *replayStats {
	start := time.Now()
	games := readKGS(t, path)
	st := &replayStats{own: map[string][]int{}, positional: map[string][]int{}, situational: map[string][]int{},
		ids: map[string]recordNote{}}
	base := filepath.Base(path)
	views := map[int]*refView{}
	for i := 0; i < len(games); i += step {
		s := games[i]
		key := fmt.Sprintf("%s#%d", base, i+1)
		st.ids[key] = recordNote{PB: s.Info["PB"], PW: s.Info["PW"], DT: s.Info["DT"]}
		st.games++
		refused, err := replayWithRef(s, st, views)
		if err != nil {
			t.Errorf("%s (%s-%s %s, %s rules): %v", key, s.Info["PB"], s.Info["PW"], s.Info["DT"], s.Rules, err)
			continue
		}
		if refused != nil {
			st.own[key] = refused
		}
		// Situational superko refuses a subset of what positional superko
		// refuses (same history, one more condition), so a record without
		// positional refusals needs no second replay.
		moves, err := superkoRefusals(s, Chinese)
		if err != nil {
			t.Errorf("%s under Chinese rules: %v", key, err)
		}
		if moves == nil {
			continue
		}
		st.positional[key] = moves
		if moves, err = superkoRefusals(s, AGA); err != nil {
			t.Errorf("%s under AGA rules: %v", key, err)
		} else if moves != nil {
			st.situational[key] = moves
		}
	}
	st.elapsed = time.Since(start)
	return st
}

// TestReplayKGS replays every KGS record under its own rules next to the
// flood-fill reference (board, captures and hash after every move), and
// checks the lists of records that break their rules or repeat a position.
// With -short it replays every 50th record.
func TestReplayKGS(t *testing.T) {
	files, err := filepath.Glob(kgsGlob)
	require.NoError(t, err)
	require.NotEmpty(t, files, "the KGS records are part of the project data: %s", kgsGlob)
	step := 1
	if testing.Short() {
		step = 50
	}
	start := time.Now()
	var mu sync.Mutex
	total := &replayStats{own: map[string][]int{}, positional: map[string][]int{}, situational: map[string][]int{},
		ids: map[string]recordNote{}}
	t.Run("files", func(t *testing.T) {
		for _, f := range files {
			t.Run(filepath.Base(f), func(t *testing.T) {
				t.Parallel()
				st := replayFile(t, f, step)
				t.Logf("%d games, %d moves (%d passes) in %v", st.games, st.moves, st.passes, st.elapsed.Round(time.Millisecond))
				mu.Lock()
				defer mu.Unlock()
				total.games += st.games
				total.moves += st.moves
				total.passes += st.passes
				for k, v := range st.ids {
					total.ids[k] = v
				}
				for _, pair := range [][2]map[string][]int{{total.own, st.own}, {total.positional, st.positional},
					{total.situational, st.situational}} {
					for k, v := range pair[1] {
						pair[0][k] = v
					}
				}
			})
		}
	})
	t.Logf("replayed %d games, %d moves (%d passes) in %v", total.games, total.moves, total.passes,
		time.Since(start).Round(time.Millisecond))

	// The expected lists, restricted to the records replayed.
	wantOwn := map[string][]int{}
	for k, n := range ownRuleBreaches {
		if _, ok := total.ids[k]; ok {
			wantOwn[k] = n.Moves
			checkIdentity(t, k, n, total.ids[k])
		}
	}
	wantPos, wantSit := map[string][]int{}, map[string][]int{}
	for k, n := range repetitions {
		if _, ok := total.ids[k]; ok {
			wantPos[k] = n.Moves
			if n.Situational != nil {
				wantSit[k] = n.Situational
			}
			checkIdentity(t, k, n.recordNote, total.ids[k])
		}
	}
	assert.Equal(t, wantOwn, total.own, "records refused by their own rules\n%s", describeFound(total.own, total.ids))
	assert.Equal(t, wantPos, total.positional, "records refused by positional superko\n%s",
		describeFound(total.positional, total.ids))
	assert.Equal(t, wantSit, total.situational, "records refused by situational superko\n%s",
		describeFound(total.situational, total.ids))
}

// checkIdentity makes sure a listed record is the game the list means.
func checkIdentity(t *testing.T, key string, want, got recordNote) {
	t.Helper()
	if want.PB != got.PB || want.PW != got.PW || want.DT != got.DT {
		t.Errorf("%s is %s-%s %s, the list says %s-%s %s", key, got.PB, got.PW, got.DT, want.PB, want.PW, want.DT)
	}
}

// describeFound prints found records in the form of the lists above, so
// that a change is easy to review (and to paste once understood).
func describeFound(found map[string][]int, ids map[string]recordNote) string {
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	for _, k := range keys {
		id := ids[k]
		fmt.Fprintf(&sb, "%q: {PB: %q, PW: %q, DT: %q, Moves: %#v},\n", k, id.PB, id.PW, id.DT, found[k])
	}
	return sb.String()
}
