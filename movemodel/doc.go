// Package movemodel is gtpgo's knowledge of moves, learned from strong
// players' games: the features of a candidate move (captures, atari
// escapes, self-atari, ataris with ladders read, distances to the edge and
// to the last moves, the 3x3 shape with liberties, and large spatial
// patterns up to a diameter of about ten), and the model that rates every
// legal move of a position from them: Coulom's generalised Bradley-Terry
// model ("Computing Elo Ratings of Move Patterns in the Game of Go", 2007),
// whose ratings scripts/trainmm learns from ../shared/data/games and writes
// to model.dat, embedded here and loaded when first needed, and the ratings
// of who owns a candidate's point in the search's playouts (ownership.txt,
// from scripts/trainmm -owner), which the search may weigh in. It also keeps
// the pattern codes the playouts use (the MoGo 3x3 shapes, and the playout
// shapes' ratings of playoutshapes.txt from scripts/trainmm -playout) and
// the ladder reader. It knows the rules package only; the search uses it.
package movemodel
