// Package gtp is gtpgo's Go Text Protocol (v2) front end.
//
// Data flow: one reader goroutine reads the controller's input without a
// line-length limit, notices GoGui's raw `# interrupt` line before
// preprocessing would strip it, preprocesses every other line as GTP v2
// section 3.1 says and queues the commands; one executor goroutine answers
// them strictly in order; one writer formats and flushes each response.
// Controllers pipeline commands (Sabaki sends a whole replay at once), so the
// reader never waits for the executor.
//
// A command that may run long gets a context from its Call: Context is
// cancelled by `# interrupt` (genmove answers with its best move so far);
// StopOnInput is also cancelled by the next input line, which is how
// analysis streams (lz-analyze and friends) end. Streaming commands write a
// header, any number of lines and an empty terminating line through Call.
//
// Analysis for GUIs (analyze.go, gogui.go, ponder.go): the lz-analyze,
// kata-analyze and analyze streams and their genmove variants; GoGui's
// analyze commands (gfx displays of ownership, territory, candidates and the
// variation, a text summary, the parameter dialog) and, with Config.LiveGfx,
// live graphics on stderr while a move is generated; with Params.Ponder, a
// search on the opponent's time that any command stops before it runs.
//
// stdout carries responses only; the Logger writes to stderr through a
// bounded buffer and drops lines rather than ever blocking the engine.
package gtp
