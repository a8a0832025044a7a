package ledger

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/bytedance/sonic"
	"github.com/stretchr/testify/require"
)

// The hot path encodes records with sonic; what it writes must be the bytes
// encoding/json writes (the format of FORMAT.md) and read back the same.
func TestSonicRecordsMatchEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	strs := []string{"", "plain", "شلونك يا خوي؟ 😀", "<b>&amp;</b> \"quoted\" \\ back", "tab\tnew\nline\u2028sep", "\x7f\u00e9", string([]byte{0xff, 'a'})}
	pick := func() string { return strs[rng.IntN(len(strs))] }
	for i := range 300 {
		at := time.Unix(rng.Int64N(4e9), rng.Int64N(1e9)).UTC()
		c := Comment{ID: fmt.Sprintf("cls_%d", i), AccountID: pick(), Text: pick(), Platform: pick(), Intent: pick(),
			Sentiment: pick(), Language: pick(), Dialect: pick(), Toxicity: pick(), ChannelID: pick(), Author: pick(),
			CreatedAt: at, ClassifiedAt: at.Add(time.Duration(rng.IntN(1000)) * time.Millisecond)}
		if rng.IntN(2) == 0 {
			c.Intents = []string{pick(), pick()}
		}
		want, err := json.Marshal(&c)
		require.NoError(t, err)
		got, err := sonic.ConfigStd.Marshal(&c)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got))
		var back Comment
		require.NoError(t, sonic.ConfigStd.Unmarshal(want, &back))
		var ref Comment
		require.NoError(t, json.Unmarshal(want, &ref))
		require.Equal(t, ref, back)

		p := Purchase{ID: fmt.Sprintf("pur_%d", i), AccountID: pick(), PackUSD: 25, Credits: rng.Int64N(1 << 40), Consumed: rng.Int64N(1 << 20), CreatedAt: at}
		if rng.IntN(2) == 0 {
			p.RefundedAt, p.Refunded = at.Add(time.Hour), 7
		}
		want, _ = json.Marshal(&p)
		got, _ = sonic.ConfigStd.Marshal(&p)
		require.Equal(t, string(want), string(got))
	}
	want, _ := json.Marshal(accountState{SandboxUsed: 42})
	got, _ := sonic.ConfigStd.Marshal(accountState{SandboxUsed: 42})
	require.Equal(t, string(want), string(got))
}
