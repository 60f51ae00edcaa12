#!/usr/bin/env node
// Drives a GTP engine the way Sabaki does, through @sabaki/gtp (the client
// library Sabaki itself uses): the start-up queries, a game synced with
// ControllerStateTracker (komi, board size, handicap by set_free_handicap,
// moves), ~1 s of analysis read back from the streamed lines, the analysis
// stopped by the next command, a move generated with genmove_analyze and
// tracked from its "play" line, and an incremental sync after it.
//
// Usage: node sabaki-client.js /path/to/engine [engine arguments...]
// Prints a JSON summary on stdout and exits 0; on any failure prints the
// reason on stderr and exits 1. gtp/sabaki_test.go runs it on gtpgo.

'use strict'

const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

// The command lists Sabaki picks from, first match wins (Sabaki's
// settings: engines.analyze_commands, engines.gemove_analyze_commands).
const ANALYZE_COMMANDS = ['analyze', 'kata-analyze', 'lz-analyze']
const GENMOVE_ANALYZE_COMMANDS = [
  'genmove_analyze',
  'kata-genmove_analyze',
  'lz-genmove_analyze'
]
const ANALYSIS_INTERVAL = 50 // centiseconds, Sabaki's default
const ANALYSIS_TIME = 3000 // milliseconds: the first lines wait for the move model to load (0.5 s idle, seconds on a busy machine)

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

const isVertex = s => /^[A-Za-z]\d+$/.test(s)

// parseAnalysisLine reads one "info ..." line as Sabaki does: split at each
// "info", take the trailing run of vertices as the PV (so "pv" must come
// last), read what is before it as key/value pairs, cut the PV at its first
// pass, drop candidates whose move is not a vertex; a win rate with a
// decimal point is a fraction, without one a Leela Zero integer x10000.
function parseAnalysisLine(line) {
  let candidates = []

  for (let segment of line.split(/\s*info\s+/).slice(1)) {
    segment = segment.trim()
    let pvMatch = segment.match(/(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*$/)
    if (pvMatch == null) continue

    let tokens = segment.slice(0, pvMatch.index).trim().split(/\s+/)
    if (tokens[tokens.length - 1] !== 'pv') {
      throw new Error(`pv is not the last field: ${segment}`)
    }
    tokens.pop()

    let fields = {}
    for (let i = 0; i + 1 < tokens.length; i += 2) fields[tokens[i]] = tokens[i + 1]

    let pv = pvMatch[0].trim().split(/\s+/)
    let pass = pv.indexOf('pass')
    if (pass >= 0) pv = pv.slice(0, pass)

    if (fields.move == null || !isVertex(fields.move)) continue

    let winrate = fields.winrate
    if (winrate == null) throw new Error(`no winrate: ${segment}`)

    candidates.push({
      move: fields.move.toUpperCase(),
      visits: +fields.visits,
      winrate: winrate.includes('.') ? +winrate * 100 : +winrate / 100,
      scoreLead: fields.scoreLead != null ? +fields.scoreLead : null,
      pv: pv.map(x => x.toUpperCase())
    })
  }

  return candidates
}

async function main() {
  let [enginePath, ...engineArgs] = process.argv.slice(2)
  if (enginePath == null) {
    throw new Error('usage: node sabaki-client.js /path/to/engine [args...]')
  }

  let controller = new Controller(enginePath, engineArgs)
  let tracker = new ControllerStateTracker(controller)
  let stderr = []
  controller.on('stderr', ({content}) => stderr.push(content))
  controller.start()

  let send = async (name, ...args) => {
    let response = await controller.sendCommand({name, args})
    if (response.error) throw new Error(`${name}: ${response.content}`)
    return response.content
  }

  try {
    // Sabaki's start-up
    let summary = {
      name: await send('name'),
      version: await send('version'),
      protocolVersion: await send('protocol_version')
    }
    let commands = (await send('list_commands')).split('\n').map(x => x.trim())
    summary.analyzeCommand = ANALYZE_COMMANDS.find(x => commands.includes(x)) || null
    summary.genmoveCommand = GENMOVE_ANALYZE_COMMANDS.find(x => commands.includes(x)) || null
    if (summary.analyzeCommand == null) {
      throw new Error('The selected engine does not support analysis')
    }
    summary.knowsUndo = await tracker.knowsCommand('undo')
    summary.knowsSetFreeHandicap = await tracker.knowsCommand('set_free_handicap')

    // the game: two handicap stones, then moves
    let history = [
      {name: 'set_free_handicap', args: ['C3', 'G7']},
      {name: 'play', args: ['W', 'E5']},
      {name: 'play', args: ['B', 'C6']},
      {name: 'play', args: ['W', 'G3']}
    ]
    await tracker.sync({komi: 0.5, boardsize: [9, 9], history})
    summary.occupied = ['C3', 'G7', 'E5', 'C6', 'G3']

    // analysis for Black, stopped by the next command as Sabaki stops it
    let lines = []
    let candidates = []
    let analysis = controller.sendCommand(
      {name: summary.analyzeCommand, args: ['B', `${ANALYSIS_INTERVAL}`]},
      ({line}) => {
        if (!line.startsWith('info ')) return
        lines.push(line)
        candidates = parseAnalysisLine(line)
      }
    )
    await sleep(ANALYSIS_TIME)
    summary.stopResponse = await send('protocol_version')
    let analysisResponse = await analysis
    if (analysisResponse.error) throw new Error(`analysis: ${analysisResponse.content}`)
    summary.analysisLines = lines.length
    summary.candidateCount = candidates.length
    summary.candidates = candidates.slice(0, 10)
    summary.bestMove = candidates.length > 0 ? candidates[0].move : null

    // a move with analysis, through the tracker, which records it from
    // the "play" line
    if (summary.genmoveCommand != null) {
      let genLines = 0
      let response = await tracker.queueCommand(
        {name: summary.genmoveCommand, args: ['B', '20']},
        ({line}) => {
          if (line.startsWith('info ')) {
            parseAnalysisLine(line)
            genLines++
          }
        }
      )
      if (response.error) throw new Error(`genmove: ${response.content}`)
      let last = response.content.trim().split('\n').pop()
      let match = last.match(/^play\s+(\S+)$/)
      if (match == null) throw new Error(`genmove ended with ${last}`)
      summary.generatedMove = match[1].toUpperCase()
      summary.generatedLines = genLines
      await sleep(50) // the tracker reads the move asynchronously
    }
    summary.history = tracker.state.history.map(c => [c.name, ...c.args].join(' '))

    // the next sync only adds a move (no replay), then one takes it back
    let later = [...tracker.state.history, {name: 'play', args: ['W', 'D5']}]
    await tracker.sync({komi: 0.5, boardsize: [9, 9], history: later})
    await tracker.sync({komi: 0.5, boardsize: [9, 9], history: later.slice(0, -1)})
    summary.finalHistory = tracker.state.history.map(c => [c.name, ...c.args].join(' '))
    summary.showboard = await send('showboard')

    await controller.stop()
    return summary
  } catch (err) {
    if (stderr.length > 0) err.message += `\nengine stderr:\n${stderr.slice(-20).join('\n')}`
    await controller.kill()
    throw err
  }
}

main()
  .then(summary => {
    process.stdout.write(JSON.stringify(summary) + '\n')
    process.exit(0)
  })
  .catch(err => {
    process.stderr.write(`sabaki-client: ${err.message}\n`)
    process.exit(1)
  })
