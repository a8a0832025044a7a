package ledger

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"time"
)

// Comment cursors. A cursor is base64url (no padding) of
//
//	0x01 | time12(CreatedAt) | commentID | mac16
//
// where mac16 is the first 16 bytes of HMAC-SHA256(meta/cursor_secret,
// "cursor/v1" | accountID | the filter (strings length-prefixed, From/To as
// time12) | the bytes before the mac). The position is the last comment of
// the previous page; the next page starts strictly after it. A cursor is
// valid only for the account and filter it was made for (Limit aside);
// anything else, tampered or not ours, is ErrBadCursor.

const (
	cursorV1  = 1
	cursorMAC = 16
)

// cursorPos is a position in the comments' time index.
type cursorPos struct {
	at time.Time
	id string
}

func (s *Store) cursorMAC(accountID string, f *CommentFilter, payload []byte) []byte {
	m := hmac.New(sha256.New, s.cursorKey)
	b := appendStr(nil, "cursor/v1")
	b = appendStr(b, accountID)
	for _, v := range [...]string{f.ChannelID, f.Platform, f.Intent, f.Sentiment, f.Dialect, f.Toxicity} {
		b = appendStr(b, v)
	}
	b = appendTime(b, f.From)
	b = appendTime(b, f.To)
	m.Write(b)
	m.Write(payload)
	return m.Sum(nil)[:cursorMAC]
}

// encodeCursor makes the cursor for position p under filter f.
func (s *Store) encodeCursor(accountID string, f *CommentFilter, p cursorPos) string {
	b := append([]byte{cursorV1}, appendTime(nil, p.at)...)
	b = append(b, p.id...)
	b = append(b, s.cursorMAC(accountID, f, b)...)
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeCursor verifies a cursor for the account and filter; ErrBadCursor
// unless it is exactly one we made for them.
func (s *Store) decodeCursor(accountID string, f *CommentFilter, c string) (cursorPos, error) {
	b, err := base64.RawURLEncoding.Strict().DecodeString(c)
	if err != nil || len(b) < 1+timeLen+1+cursorMAC || b[0] != cursorV1 {
		return cursorPos{}, ErrBadCursor
	}
	payload, mac := b[:len(b)-cursorMAC], b[len(b)-cursorMAC:]
	if !hmac.Equal(mac, s.cursorMAC(accountID, f, payload)) {
		return cursorPos{}, ErrBadCursor
	}
	at, ok := readTime(payload[1:])
	if !ok {
		return cursorPos{}, ErrBadCursor
	}
	return cursorPos{at: at, id: string(payload[1+timeLen:])}, nil
}
