// Package releasetest checks the archives scripts/release builds: their
// names, checksums and contents, and a GTP session with the one for this
// machine. It has only tests.
package releasetest
