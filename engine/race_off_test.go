//go:build !race

package engine

// raceDetector tells the tests that the race detector is on.
const raceDetector = false
