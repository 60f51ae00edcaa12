// Package rules is the single source of truth for the game of Go in gtpgo:
// points and colours, the board (a flat padded array with chains, exact
// liberties, captures, ko, suicide and a zobrist hash), rule sets, the game
// record with superko and exact undo, handicap placement, scoring with dead
// stones and seki, Benson's unconditional life, the eye shapes
// (ClassifyEyeSpace), SGF reading and writing, and
// LightBoard, a pseudo-liberty board for uniform random playouts only.
// It depends on nothing but the standard library.
package rules
