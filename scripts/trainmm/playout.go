package main

import (
	"fmt"
	"log"
	"math"
	"slices"
	"time"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// playoutConfig shapes the playout shapes' ratings (-playout).
type playoutConfig struct {
	gameEvery, every, iterations, minSeen, testGames, workers int
}

func (c *playoutConfig) command() string {
	return fmt.Sprintf("trainmm -playout movemodel/playoutshapes.txt -playout-game-every %d -playout-every %d -playout-iterations %d -playout-min-seen %d -playout-test-games %d -workers %d",
		c.gameEvery, c.every, c.iterations, c.minSeen, c.testGames, c.workers)
}

// codeCount is how many of a position's candidates have a canonical code.
type codeCount struct {
	code  uint32 // canonical code, or after indexing the rating's index
	count int32
}

// playoutPosition is a position's candidates by code and the played
// move's code.
type playoutPosition struct {
	codes  []codeCount
	played uint32
}

// trainPlayoutShapes learns the playout shapes' ratings: the candidates of
// the playout's random part (legal, not an own eye, not a self-atari) in
// every every'th position of every gameEvery'th training game, by
// canonical playout code; codes seen fewer than minSeen times share one
// rating. It measures the held-out games' positions against a uniform draw
// and returns the file, which records both.
func trainPlayoutShapes(cfg *playoutConfig, train, test []*rules.SGFGame) string {
	start := time.Now()
	var picked []*rules.SGFGame
	for i := 0; i < len(train); i += cfg.gameEvery {
		picked = append(picked, train[i])
	}
	data := playoutData(cfg, picked)
	seen := map[uint32]int64{}
	for _, pos := range data {
		for _, cc := range pos.codes {
			seen[cc.code] += int64(cc.count)
		}
	}
	var codes []uint32
	var otherSeen int64
	for c, n := range seen {
		if n >= int64(cfg.minSeen) {
			codes = append(codes, c)
		} else {
			otherSeen += n
		}
	}
	slices.Sort(codes)
	codes = append(codes, movemodel.OtherPlayoutCode)
	log.Printf("playout shapes: %d training positions from %d games, %d codes rated, %d rare ones share one (%.0fs)",
		len(data), len(picked), len(codes)-1, len(seen)-len(codes)+1, time.Since(start).Seconds())
	g := &movemodel.PlayoutGammas{Codes: codes, Gammas: make([]float32, len(codes)), Seen: make([]int64, len(codes))}
	for i, c := range codes[:len(codes)-1] {
		g.Seen[i] = seen[c]
	}
	g.Seen[len(codes)-1] = otherSeen
	fitted := fitPlayout(indexCodes(data, codes), len(codes), cfg.iterations)
	for i, v := range fitted {
		g.Gammas[i] = float32(v)
	}
	held := playoutData(cfg, test[:min(cfg.testGames, len(test))])
	llUniform, llRated, top1 := playoutMeasure(indexCodes(held, codes), fitted)
	figures := fmt.Sprintf("%d training positions from %d games, %d held-out positions from %d test games\n"+
		"held-out, the played move among the playout's candidates: log-likelihood per position %.4f drawn uniformly, %.4f by these ratings; top-1 %.1f%%",
		len(data), len(picked), len(held), min(cfg.testGames, len(test)), llUniform, llRated, 100*top1)
	log.Printf("%s (%.0fs)", figures, time.Since(start).Seconds())
	return movemodel.FormatPlayoutGammas(g, cfg.command()+"\n"+figures)
}

// playoutData collects the sampled positions' candidates. Each game's
// positions land in its own slot, so the result does not depend on the
// number of workers.
func playoutData(cfg *playoutConfig, games []*rules.SGFGame) []playoutPosition {
	parts := make([][]playoutPosition, len(games))
	forGames(games, cfg.workers, func(w, i int, g *rules.SGFGame) {
		var raw []uint32
		replay(g, func(pos position) {
			if !sampled(i, pos.number, cfg.every) || pos.played == rules.Pass {
				return
			}
			b, c := pos.b, pos.color
			raw = raw[:0]
			played, found := uint32(0), false
			for k := 0; k < b.EmptyCount(); k++ {
				p := b.EmptyAt(k)
				if b.IsEye(p, c) || !b.LegalEmpty(p, c) || b.IsSelfAtari(p, c) {
					continue
				}
				code := movemodel.CanonicalPlayoutCodeFast(movemodel.PlayoutCode(b, p, c))
				raw = append(raw, code)
				if p == pos.played {
					played, found = code, true
				}
			}
			if !found {
				return // the move played is not a random-part candidate
			}
			slices.Sort(raw)
			pp := playoutPosition{played: played}
			for k := 0; k < len(raw); {
				j := k
				for j < len(raw) && raw[j] == raw[k] {
					j++
				}
				pp.codes = append(pp.codes, codeCount{raw[k], int32(j - k)})
				k = j
			}
			parts[i] = append(parts[i], pp)
		})
	})
	var all []playoutPosition
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// indexCodes returns data with each code replaced by its rating's index
// in codes (the last, OtherPlayoutCode, for codes not there); counts of
// the same index merge.
func indexCodes(data []playoutPosition, codes []uint32) []playoutPosition {
	index := func(c uint32) uint32 {
		if i, ok := slices.BinarySearch(codes, c); ok {
			return uint32(i)
		}
		return uint32(len(codes) - 1)
	}
	out := make([]playoutPosition, len(data))
	for j, pos := range data {
		cc := make([]codeCount, 0, len(pos.codes))
		for _, c := range pos.codes {
			cc = append(cc, codeCount{index(c.code), c.count})
		}
		// the rare codes all take the last index: merge their entries
		slices.SortFunc(cc, func(a, b codeCount) int { return int(a.code) - int(b.code) })
		merged := cc[:0]
		for _, c := range cc {
			if k := len(merged); k > 0 && merged[k-1].code == c.code {
				merged[k-1].count += c.count
				continue
			}
			merged = append(merged, c)
		}
		out[j] = playoutPosition{codes: merged, played: index(pos.played)}
	}
	return out
}

// fitPlayout runs MM on one group of ratings: gamma_k = (W_k + 1) / (sum
// over positions j of N_jk / E_j + 2 / (gamma_k + 1)), W_k the moves
// played with rating k, N_jk position j's candidates with it, E_j the sum
// of all its candidates' ratings; the virtual win and loss against a
// rating of 1 are the move model's prior. The ratings are then scaled so
// that the rare codes' one is 1.
func fitPlayout(data []playoutPosition, n, iterations int) []float64 {
	wins := make([]float64, n)
	for _, pos := range data {
		wins[pos.played]++
	}
	g := make([]float64, n)
	for k := range g {
		g[k] = 1
	}
	c := make([]float64, n)
	for it := 0; it < iterations; it++ {
		clear(c)
		for _, pos := range data {
			e := 0.0
			for _, cc := range pos.codes {
				e += float64(cc.count) * g[cc.code]
			}
			for _, cc := range pos.codes {
				c[cc.code] += float64(cc.count) / e
			}
		}
		for k := range g {
			g[k] = (wins[k] + 1) / (c[k] + 2/(g[k]+1))
		}
	}
	other := g[n-1]
	for k := range g {
		g[k] /= other
	}
	return g
}

// playoutMeasure is the mean log-probability of the played moves drawn
// uniformly among the candidates and drawn by ratings g, and the share of
// positions where the played move's code has the highest rating present.
func playoutMeasure(data []playoutPosition, g []float64) (llUniform, llRated, top1Share float64) {
	top1 := 0
	for _, pos := range data {
		total, count, best := 0.0, 0, 0.0
		for _, cc := range pos.codes {
			total += float64(cc.count) * g[cc.code]
			count += int(cc.count)
			best = max(best, g[cc.code])
		}
		llUniform -= math.Log(float64(count))
		llRated += math.Log(g[pos.played] / total)
		if g[pos.played] == best {
			top1++
		}
	}
	n := float64(len(data))
	return llUniform / n, llRated / n, float64(top1) / n
}
