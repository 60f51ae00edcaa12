package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

func TestSGFWrite(t *testing.T) {
	geo, err := rules.NewGeometry(5)
	require.NoError(t, err)
	v := func(s string) rules.Point {
		p, err := geo.ParseVertex(s)
		require.NoError(t, err)
		return p
	}
	rec := sgfRecord{
		Size: 5, Komi: 0.5, Rules: "Chinese", Handicap: []rules.Point{v("B2"), v("D4")},
		Black: "Bot [1]", White: `back\slash`, Result: "W+R", Date: "2025-01-02", GameName: "game-007",
		TimeLimit: 60, Overtime: "1/5 Canadian", Comment: "first line\nsecond",
		Moves:      []rules.Move{{Color: rules.White, Point: v("C3")}, {Color: rules.Black, Point: rules.Pass}, {Color: rules.White, Point: v("E1")}},
		EndComment: "Black resigned]",
	}
	var buf bytes.Buffer
	require.NoError(t, rec.write(&buf))
	want := "(;FF[4]GM[1]CA[UTF-8]AP[gtpgo-match]SZ[5]KM[0.5]RU[Chinese]GN[game-007]DT[2025-01-02]" +
		`PB[Bot [1\]]PW[back\\slash]RE[W+R]TM[60]OT[1/5 Canadian]HA[2]AB[bd][db]PL[W]C[first line` + "\nsecond]" +
		"\n;W[cc]\n;B[]\n;W[ee]C[Black resigned\\]])\n"
	assert.Equal(t, want, buf.String())

	nodes, err := parseSGF(buf.String())
	require.NoError(t, err)
	require.Len(t, nodes, 4)
	assert.Equal(t, []string{"Bot [1]"}, nodes[0]["PB"])
	assert.Equal(t, []string{`back\slash`}, nodes[0]["PW"])
	assert.Equal(t, []string{"bd", "db"}, nodes[0]["AB"])
	assert.Equal(t, []string{"Black resigned]"}, nodes[3]["C"])
	assert.Equal(t, "W[cc]B[]W[ee]", sgfMoveKey(nodes))
	assert.Equal(t, sgfMoveKey(nodes), rec.moveKey())
}

func TestSGFWriteNoMoves(t *testing.T) {
	rec := sgfRecord{Size: 9, Komi: 7.5, Result: "W+F", Comment: "c", EndComment: "engine1 loses by crash"}
	var buf bytes.Buffer
	require.NoError(t, rec.write(&buf))
	nodes, err := parseSGF(buf.String())
	require.NoError(t, err)
	require.Len(t, nodes, 1)
	assert.Equal(t, []string{"c\n\nengine1 loses by crash"}, nodes[0]["C"])
	assert.Error(t, (&sgfRecord{Size: 1}).write(&buf), "size 1 is not a board the rules package knows")
}

func TestParseSGF(t *testing.T) {
	tests := []struct {
		name, in string
		key      string
		err      bool
	}{
		{"main line of variations", "(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))", "B[aa]W[bb]B[cc]", false},
		{"whitespace and multi values", "( ;SZ[9] AB[aa] [bb]\n ;W[cc] )", "W[cc]", false},
		{"collection: first game", "(;B[aa])(;B[bb])", "B[aa]", false},
		{"no tree", "nothing", "", true},
		{"unterminated value", "(;C[abc", "", true},
		{"unterminated tree", "(;B[aa]", "", true},
		{"property without value", "(;B;W[aa])", "", true},
		{"property outside node", "(B[aa])", "", true},
		{"junk", "(;B[aa]%)", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, err := parseSGF(tt.in)
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.key, sgfMoveKey(nodes))
		})
	}
}
