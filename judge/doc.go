// Package judge is gtpgo's end-of-game judgement: from the ownership the
// engine's playouts measured (plain values: +1 Black owns a point, -1
// White), Benson's unconditional life and small exhaustive readings of
// enclosed areas (sekis a capture would leave, walls a sacrifice kills), it
// says which stones are alive, dead or in seki, whether the board is settled
// and what the game would score if it ended now. Its thresholds and reading
// limits are Params. It knows the rules package only; the engine, which runs
// the playouts, uses it.
package judge
