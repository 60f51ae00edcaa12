package main

import (
	"context"
	"fmt"
	"log"
	"math"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// ownerConfig shapes the ownership ratings (-owner): which positions, how
// many playouts each.
type ownerConfig struct {
	gameEvery, every, playouts, iterations, workers, testGames int
}

func (c *ownerConfig) command() string {
	return fmt.Sprintf("trainmm -owner movemodel/ownership.txt -owner-game-every %d -owner-every %d -owner-playouts %d -owner-iterations %d -owner-test-games %d -workers %d",
		c.gameEvery, c.every, c.playouts, c.iterations, c.testGames, c.workers)
}

// ownerCandidate is a legal move of a position: its strength by the
// model's other ratings and its ownership bucket.
type ownerCandidate struct {
	strength float64
	bucket   int8
}

// ownerPosition is a position's candidates (pass left out: it owns no
// point, its rating stays) and the index of the move played.
type ownerPosition struct {
	cands  []ownerCandidate
	pass   float64 // the pass's strength
	played int
}

// trainOwnership learns the ownership buckets' ratings on top of model m:
// in every every'th position of every gameEvery'th training game, a search
// of cfg.playouts playouts (the engine's, one thread, fixed seed) gives the
// ownership of each point, and MM fits the buckets' ratings with the other
// ratings held fixed. It measures the held-out games' positions with and
// without them and returns the file, which records both.
func trainOwnership(cfg *ownerConfig, m *movemodel.Model, train, test []*rules.SGFGame) string {
	start := time.Now()
	var picked []*rules.SGFGame
	for i := 0; i < len(train); i += cfg.gameEvery {
		picked = append(picked, train[i])
	}
	data := ownerData(cfg, m, picked)
	log.Printf("ownership: %d training positions from %d games (%.0fs)", len(data), len(picked), time.Since(start).Seconds())
	gammas := fitOwner(data, cfg.iterations)
	held := ownerData(cfg, m, test[:min(cfg.testGames, len(test))])
	var flat movemodel.OwnerGammas
	for i := range flat {
		flat[i] = 1
	}
	llBefore, top1Before := ownerMeasure(held, flat)
	llAfter, top1After := ownerMeasure(held, gammas)
	figures := fmt.Sprintf("%d training positions from %d games, %d held-out positions from %d test games\n"+
		"held-out without ownership: log-likelihood per position %.4f, top-1 %.1f%%\n"+
		"held-out with ownership:    log-likelihood per position %.4f, top-1 %.1f%%",
		len(data), len(picked), len(held), min(cfg.testGames, len(test)), llBefore, 100*top1Before, llAfter, 100*top1After)
	log.Printf("%s (%.0fs)", figures, time.Since(start).Seconds())
	return movemodel.FormatOwnerGammas(gammas, cfg.command()+"\n"+figures)
}

// ownerData searches the sampled positions of games and collects their
// candidates. Each game's positions land in its own slot, so the result
// does not depend on the number of workers.
func ownerData(cfg *ownerConfig, m *movemodel.Model, games []*rules.SGFGame) []ownerPosition {
	parts := make([][]ownerPosition, len(games))
	engines := make([]*engine.Engine, cfg.workers)
	exts := make([]*movemodel.Extractor, cfg.workers)
	for w := range engines {
		p := engine.DefaultParams()
		p.Threads, p.Seed, p.MemoryMB, p.ReuseTree, p.OwnerPrior = 1, 1, 64, false, false
		engines[w] = engine.New(p)
		exts[w] = movemodel.NewExtractor(m.Dictionary)
	}
	forGames(games, cfg.workers, func(w, i int, g *rules.SGFGame) {
		x := exts[w]
		var moves []rules.Point
		replay(g, func(pos position) {
			if !sampled(i, pos.number, cfg.every) || pos.played == rules.Pass {
				return
			}
			res := engines[w].Search(context.Background(), pos.game, pos.color, engine.Limits{Playouts: cfg.playouts})
			moves = movemodel.LegalMoves(pos.b, pos.color, moves[:0])
			op := ownerPosition{played: -1}
			x.Prepare(pos.b, pos.color)
			for _, p := range moves {
				f := x.Features(p)
				s := m.Strength(&f)
				if p == rules.Pass {
					op.pass = s
					continue
				}
				if p == pos.played {
					op.played = len(op.cands)
				}
				op.cands = append(op.cands, ownerCandidate{s, int8(movemodel.OwnerBucket(movemodel.OwnerShare(res.Ownership[p], pos.color)))})
			}
			if op.played >= 0 {
				parts[i] = append(parts[i], op)
			}
		})
	})
	var all []ownerPosition
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// fitOwner runs MM on the buckets' ratings alone: gamma_k = (W_k + 1) /
// (sum over positions j of S_jk / E_j + 2 / (gamma_k + 1)), W_k the played
// moves in bucket k, S_jk the other ratings' strength of position j's
// candidates in bucket k, E_j the strength of all of them, with the same
// virtual win and loss against a rating of 1 as the model's other groups.
func fitOwner(data []ownerPosition, iterations int) movemodel.OwnerGammas {
	sums := make([][movemodel.OwnerBuckets]float64, len(data))
	var wins [movemodel.OwnerBuckets]float64
	for j, pos := range data {
		for _, c := range pos.cands {
			sums[j][c.bucket] += c.strength
		}
		wins[pos.cands[pos.played].bucket]++
	}
	var g [movemodel.OwnerBuckets]float64
	for k := range g {
		g[k] = 1
	}
	for it := 0; it < iterations; it++ {
		var c [movemodel.OwnerBuckets]float64
		for j, pos := range data {
			e := pos.pass
			for k, s := range sums[j] {
				e += s * g[k]
			}
			for k, s := range sums[j] {
				c[k] += s / e
			}
		}
		for k := range g {
			g[k] = (wins[k] + 1) / (c[k] + 2/(g[k]+1))
		}
	}
	var out movemodel.OwnerGammas
	for k, v := range g {
		out[k] = float32(v)
	}
	return out
}

// ownerMeasure is the mean log-probability of the played moves and the
// share of them the model ranks first, with ratings g.
func ownerMeasure(data []ownerPosition, g movemodel.OwnerGammas) (logLikelihood, top1Share float64) {
	ll, top1 := 0.0, 0
	for _, pos := range data {
		total, best, bestK := pos.pass, -1.0, -1
		for k, c := range pos.cands {
			s := c.strength * float64(g[c.bucket])
			total += s
			if s > best {
				best, bestK = s, k
			}
		}
		played := pos.cands[pos.played]
		ll += math.Log(played.strength * float64(g[played.bucket]) / total)
		if bestK == pos.played {
			top1++
		}
	}
	n := float64(len(data))
	return ll / n, float64(top1) / n
}
