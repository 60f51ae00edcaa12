// Package opening is gtpgo's 19x19 opening book: the moves strong players
// chose in the whole-board positions of the first moves of their even games,
// with how often each was played. scripts/book learns it from the KGS games
// in ../shared/data/games and writes book.dat, embedded here and decoded
// when first needed (Default).
//
// Positions are matched up to the eight symmetries of the square board: a
// position's key is the smallest of the Zobrist hashes of its eight
// rotations and reflections (and the player to move), and the book keeps
// its moves in that canonical orientation; Lookup maps them back onto the
// board asked about. Ko and captures are ignored: an opening position is its
// stones. It knows the rules package only.
package opening
