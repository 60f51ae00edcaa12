package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

func TestSGFWrite(t *testing.T) {
	g, err := rules.NewGame(5, rules.Chinese, 0.5)
	require.NoError(t, err)
	v := func(s string) rules.Point {
		p, err := g.Board().ParseVertex(s)
		require.NoError(t, err)
		return p
	}
	require.NoError(t, g.SetHandicap([]rules.Point{v("B2"), v("D4")}))
	for _, m := range []rules.Move{{Color: rules.White, Point: v("C3")}, {Color: rules.Black, Point: rules.Pass}, {Color: rules.White, Point: v("E1")}} {
		require.NoError(t, g.Play(m.Point, m.Color))
	}
	info := map[string]string{"PB": "Bot [1]", "PW": `back\slash`, "DT": "2025-01-02", "GN": "game-007",
		"TM": "60", "OT": "1/5 Canadian", "EV": ""}
	rec := newGameSGF(g, info, "W+R", "first line\nsecond", "Black resigned]")
	var buf bytes.Buffer
	require.NoError(t, rec.write(&buf))
	want := "(;FF[4]GM[1]CA[UTF-8]SZ[5]KM[0.5]RU[Chinese]HA[2]AB[db][bd]RE[W+R]AP[gtpgo-match]C[first line\nsecond]" +
		`DT[2025-01-02]GN[game-007]OT[1/5 Canadian]PB[Bot [1\]]PW[back\\slash]TM[60]` +
		"\n;W[cc];B[];W[ee]C[Black resigned\\]]\n)\n"
	assert.Equal(t, want, buf.String())

	games, err := rules.ParseSGF(buf.Bytes())
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, "Bot [1]", games[0].Info["PB"])
	assert.Equal(t, `back\slash`, games[0].Info["PW"])
	assert.Equal(t, []string{"db", "bd"}, setupPoints(games[0]))
	assert.Equal(t, "Black resigned]", lastComment(games[0]))
	key, err := sgfMoveKey(buf.Bytes())
	require.NoError(t, err)
	assert.Equal(t, "W C3 B pass W E1 ", key)
	assert.Equal(t, key, rec.moveKey())
}

func TestSGFWriteNoMoves(t *testing.T) {
	g, err := rules.NewGame(9, rules.Japanese, 7.5)
	require.NoError(t, err)
	rec := newGameSGF(g, nil, "W+F", "c", "engine1 loses by crash")
	var buf bytes.Buffer
	require.NoError(t, rec.write(&buf))
	games, err := rules.ParseSGF(buf.Bytes())
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Empty(t, games[0].Nodes)
	assert.Equal(t, "c\n\nengine1 loses by crash", games[0].Info["C"])
	assert.Equal(t, "W+F", games[0].Result)
}

func TestSGFMoveKey(t *testing.T) {
	tests := []struct {
		name, in string
		key      string
		err      bool
	}{
		{"main line of variations", "(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))", "B A9 W B8 B C7 ", false},
		{"whitespace and multi values", "( ;SZ[9] AB[aa] [bb]\n ;W[cc] )", "W C7 ", false},
		{"collection: first game", "(;SZ[9];B[aa])(;B[bb])", "B A9 ", false},
		{"no tree", "nothing", "", true},
		{"unterminated value", "(;C[abc", "", true},
		{"unterminated tree", "(;B[aa]", "", true},
		{"junk", "(;B[aa]%)", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, err := sgfMoveKey([]byte(tt.in))
			if tt.err {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.key, key)
		})
	}
}
