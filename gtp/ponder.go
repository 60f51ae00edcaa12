package gtp

import (
	"context"

	"github.com/gtpgo/gtpgo/engine"
)

// ponder is a search of the position after the engine's move, with the
// opponent to move, running while the opponent thinks. The engine keeps its
// tree, so when the opponent's move is one the search looked at, the next
// genmove starts from that subtree (engine tree reuse).
type ponder struct {
	cancel context.CancelFunc
	done   chan struct{}
	result engine.Result // set when done is closed
}

// startPonder begins pondering if Params.Ponder is on, the engine plays at
// full strength (a level below engine.MaxLevel is a number of playouts per
// move, which a pondered tree would exceed) and the game goes on. Only the
// executor goroutine starts and stops it; the search works on a copy of
// the game, so nothing it does can change the session.
func (s *Server) startPonder() {
	if prm := s.eng.Params(); s.ponder != nil || !prm.Ponder || prm.Level < engine.MaxLevel || s.game.Ended() {
		return
	}
	g := s.game.Clone()
	ctx, cancel := context.WithCancel(context.Background())
	p := &ponder{cancel: cancel, done: make(chan struct{})}
	s.ponder = p
	go func() {
		defer close(p.done)
		// no limits: it runs until the next command arrives
		p.result = s.eng.Search(ctx, g, g.ToMove(), engine.Limits{})
	}()
}

// stopPonder ends pondering, if it runs, and waits for the search to return,
// which takes one playout per thread: the command that stopped it then has
// the engine to itself.
func (s *Server) stopPonder() {
	p := s.ponder
	if p == nil {
		return
	}
	s.ponder = nil
	p.cancel()
	<-p.done
	s.lastPonder = p.result
	s.log.Debugf("pondered %d playouts for %s (%d in the tree)", p.result.Playouts, p.result.Color, p.result.RootVisits)
}
