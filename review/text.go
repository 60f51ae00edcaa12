package review

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/rules"
)

// pct formats a win rate (0..1) as a percentage.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// lead formats Black's score lead as "B+3.5" or "W+2.0".
func lead(black float64) string {
	if black < 0 {
		return "W+" + strconv.FormatFloat(-black, 'f', 1, 64)
	}
	return "B+" + strconv.FormatFloat(black, 'f', 1, 64)
}

// points formats a number of points.
func points(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// vertices formats a variation, at most max moves of it.
func vertices(geo rules.Geometry, pv []rules.Point, max int) string {
	var s []string
	for i, p := range pv {
		if i == max {
			s = append(s, "...")
			break
		}
		s = append(s, geo.Vertex(p))
	}
	return strings.Join(s, " ")
}

func (r *Review) geometry() rules.Geometry { return r.Record.Board().Geometry }

// Budget describes the search budget of a position.
func (r *Review) Budget() string {
	var parts []string
	if r.Playouts == 1 {
		parts = append(parts, "1 playout")
	} else if r.Playouts > 0 {
		parts = append(parts, fmt.Sprintf("%d playouts", r.Playouts))
	}
	if r.Time > 0 {
		parts = append(parts, fmt.Sprintf("%gs", r.Time.Seconds()))
	}
	return strings.Join(parts, " or ") + " per position"
}

// Verdict is the move's verdict in a few words, as the progress bar shows
// it: "blunder (-24.1%, -8.3 pts)".
func (m *Move) Verdict() string {
	if m.EngineMove {
		return "gtpgo's choice"
	}
	return fmt.Sprintf("%s (%+.1f%%, %+.1f pts)", m.Severity, -100*m.WinDrop, -m.PointDrop)
}

// Comment is the text of the move's SGF node.
func (r *Review) Comment(m *Move) string {
	geo := r.geometry()
	c := m.Move.Color
	who := colorName(c)
	var b strings.Builder
	change := fmt.Sprintf("%s's win rate %+.1f%%, score lead %+.1f points", who, -100*m.WinDrop, -m.PointDrop)
	fmt.Fprintf(&b, "Move %d %s %s: ", m.Number, c.Letter(), m.Vertex)
	switch {
	case m.EngineMove:
		fmt.Fprintf(&b, "gtpgo's choice too (%d visits).\n", m.Before.Visits)
	case m.Severity == Fine:
		fmt.Fprintf(&b, "fine, %s.\n", change)
	default:
		fmt.Fprintf(&b, "%s, %s.\n", strings.ToUpper(m.Severity.String()), change)
	}
	fmt.Fprintf(&b, "Black's win rate: %s before, %s after.\n", pct(m.WinBefore), pct(m.WinAfter))
	fmt.Fprintf(&b, "Score lead: %s before, %s after.\n", lead(m.LeadBefore), lead(m.LeadAfter))
	if m.EngineMove {
		fmt.Fprintf(&b, "gtpgo's variation: %s\n", vertices(geo, m.Before.PV, 12))
	} else if len(m.Before.PV) > 0 {
		fmt.Fprintf(&b, "gtpgo prefers %s (%s %s, %d visits): %s\n", geo.Vertex(m.Before.Best), who,
			pct(m.Before.MoverWinRate), m.Before.Visits, vertices(geo, m.Before.PV, 12))
	}
	if m.Played != nil {
		fmt.Fprintf(&b, "After %s gtpgo expects (%s %s, %d visits): %s\n", m.Vertex, who, pct(m.Played.MoverWinRate),
			m.Played.Visits, vertices(geo, m.Played.PV, 12))
	}
	if m.TurningPoint != "" {
		fmt.Fprintf(&b, "Turning point: %s.\n", m.TurningPoint)
	}
	fmt.Fprintf(&b, "(Search of this position: %d playouts", m.Before.Playouts)
	switch {
	case m.Played != nil:
		fmt.Fprintf(&b, ", then %d on %s alone", m.Played.Playouts, m.Vertex)
	case m.FromNext:
		fmt.Fprintf(&b, "; %s could not be searched alone, so the after-values are the next position's", m.Vertex)
	}
	fmt.Fprintf(&b, ". The next position, %s to move: Black's win rate %s, score lead %s.)",
		colorName(m.Next.ToMove), pct(m.Next.WinRate), lead(m.Next.ScoreLead))
	return b.String()
}

// variationComment is the text of the first node of the engine's variation.
func (r *Review) variationComment(m *Move) string {
	geo := r.geometry()
	c := m.Move.Color
	wa, _ := forColor(m.WinAfter, 0, c)
	return fmt.Sprintf("gtpgo's choice instead of move %d (%s): %s, %s %s (%d visits); %s: %s.",
		m.Number, m.Vertex, vertices(geo, m.Before.PV, 30), colorName(c), pct(m.Before.MoverWinRate),
		m.Before.Visits, m.Vertex, pct(wa))
}

// player names a colour with the SGF's player name and rank, if any.
func (r *Review) player(c rules.Color) string {
	name, rank := r.Game.Info["PB"], r.Game.Info["BR"]
	if c == rules.White {
		name, rank = r.Game.Info["PW"], r.Game.Info["WR"]
	}
	s := colorName(c)
	if name = strings.TrimSpace(name); name != "" {
		s += " (" + name
		if rank = strings.TrimSpace(rank); rank != "" {
			s += " " + rank
		}
		s += ")"
	}
	return s
}

// Summary is the text of the root node: the game, each player's mistakes
// by size, the turning points, and how to read the numbers.
func (r *Review) Summary() string {
	var b strings.Builder
	size := r.Game.Size
	fmt.Fprintf(&b, "gtpgo review: %s against %s, %dx%d", r.player(rules.Black), r.player(rules.White), size, size)
	komi := strconv.FormatFloat(r.Komi, 'f', -1, 64)
	if r.KomiGiven {
		fmt.Fprintf(&b, ", komi %s", komi)
	} else {
		fmt.Fprintf(&b, ", komi %s (the file gives none)", komi)
	}
	if h := r.Record.Handicap(); h > 0 {
		fmt.Fprintf(&b, ", handicap %d", h)
	}
	if r.RulesGiven {
		fmt.Fprintf(&b, ", %s rules", r.Rules.SGFName())
	} else if strings.TrimSpace(r.Game.Rules) != "" {
		fmt.Fprintf(&b, ", %s rules (RU[%s] is unknown)", r.Rules.SGFName(), r.Game.Rules)
	} else {
		fmt.Fprintf(&b, ", %s rules (the file names none)", r.Rules.SGFName())
	}
	if res := strings.TrimSpace(r.Game.Result); res != "" {
		fmt.Fprintf(&b, ", result %s", res)
	}
	threads := "threads"
	if r.Threads == 1 {
		threads = "thread"
	}
	fmt.Fprintf(&b, ".\n%d moves, %s, %d %s, %s in all.\n", len(r.Moves), r.Budget(), r.Threads, threads,
		r.Elapsed.Round(time.Second))
	for _, e := range r.Superko {
		fmt.Fprintf(&b, "Note: %v (played anyway).\n", e)
	}

	b.WriteString("\nMistakes by size:\n")
	for _, c := range []rules.Color{rules.Black, rules.White} {
		var parts []string
		for s := Blunder; s >= Inaccuracy; s-- {
			ms := r.Mistakes(c, s)
			if len(ms) == 0 {
				parts = append(parts, "no "+s.plural())
				continue
			}
			var nums []string
			for _, m := range ms {
				nums = append(nums, strconv.Itoa(m.Number))
			}
			name, moves := s.plural(), "moves"
			if len(ms) == 1 {
				name, moves = s.String(), "move"
			}
			parts = append(parts, fmt.Sprintf("%d %s (%s %s)", len(ms), name, moves, strings.Join(nums, ", ")))
		}
		fmt.Fprintf(&b, "%s: %s.\n", r.player(c), strings.Join(parts, "; "))
	}

	b.WriteString("\nTurning points:\n")
	any := false
	for i := range r.Moves {
		m := &r.Moves[i]
		if m.TurningPoint == "" {
			continue
		}
		any = true
		fmt.Fprintf(&b, "move %d %s %s: %s, Black's win rate %s -> %s, score lead %s -> %s; %s.\n",
			m.Number, m.Move.Color.Letter(), m.Vertex, m.Severity, pct(m.WinBefore), pct(m.WinAfter),
			lead(m.LeadBefore), lead(m.LeadAfter), m.TurningPoint)
	}
	if !any {
		b.WriteString("none: no move lost as much as an inaccuracy.\n")
	}
	fmt.Fprintf(&b, "\nAt the start Black's win rate is %s (score lead %s); after the last move %s (%s).\n",
		pct(r.Start.WinRate), lead(r.Start.ScoreLead), pct(r.Final().WinRate), lead(r.Final().ScoreLead))

	t := r.Thresholds
	fmt.Fprintf(&b, "\nHow to read it: each move's comment gives Black's win rate and score lead before the move "+
		"(with gtpgo's preferred move) and after it (with the move played), both from the search of the position "+
		"the move was played in, and what the move lost for the player who made it. Where gtpgo prefers another "+
		"move, the move played is searched on its own with half the budget more, and gtpgo's variation is a "+
		"branch beside it. A move that loses %s of win rate is a blunder, %s a mistake, %s an inaccuracy; "+
		"gtpgo's own choice loses nothing. The score lead is the mean result of the playouts, a rough guide "+
		"that classifies nothing. These are estimates from %s, of a program far weaker than strong players: "+
		"in fights it often wants both players to play elsewhere, and then flags every move of a forced "+
		"sequence, alternately for each side.",
		pct(t.Blunder), pct(t.Mistake), pct(t.Inaccuracy), r.Budget())
	if zigzag, n := r.Zigzag(); n > 0 {
		fmt.Fprintf(&b, " Searches with the other player to move differ too: on the %d moves gtpgo would have "+
			"played itself, the next position's estimate differs from the move's by %s on average (the "+
			"estimates favour the player to move). The graph (and Sabaki's, from SBKV) shows them smoothed "+
			"over neighbouring positions.", n, pct(zigzag))
	}
	return b.String()
}

// Zigzag is the mean difference, over the n moves gtpgo would have played
// itself, between the win rate of the move in the search of its position
// and the win rate of the next position in its own search: what searching
// with the other player to move (and the noise) alone changes.
func (r *Review) Zigzag() (mean float64, n int) {
	for _, m := range r.Moves {
		if m.EngineMove {
			mean += math.Abs(m.WinAfter - m.Next.WinRate)
			n++
		}
	}
	if n > 0 {
		mean /= float64(n)
	}
	return mean, n
}
