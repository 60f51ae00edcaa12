// Package engine is gtpgo's Monte-Carlo tree searcher: a lock-free shared
// tree (arena-allocated nodes with atomic statistics and virtual loss) grown
// by parallel workers, UCT with RAVE/AMAF and prior knowledge in new nodes
// (the move model's rating of every candidate, from movemodel), heavy
// playouts (atari, capture and 3x3 shape replies, ladders read), tree reuse
// between moves, time management, the ownership searches the end-of-game
// judgement (package judge) reads, and the move generation that ends games.
// It knows the rules, movemodel and judge packages and nothing of GTP.
package engine
