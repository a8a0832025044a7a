package builtin

import (
	"fmt"
	"math"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/textnorm"
)

// Percentage tags of reports.
const (
	tagCount    = "(COUNT)"
	tagEstimate = "(ESTIMATE)"
)

var rePct = regexp.MustCompile(`[0-9٠-٩]+(?:[.,٫][0-9٠-٩]+)?\s?[%٪]`)

// TagPercentages stamps "(UNVERIFIED)" after every percentage in md that is
// not already followed by a (COUNT), (ESTIMATE) or (UNVERIFIED) tag. Tagged
// percentages and the rest of the text are left unchanged.
func TagPercentages(md string) string {
	locs := rePct.FindAllStringIndex(md, -1)
	if len(locs) == 0 {
		return md
	}
	var b strings.Builder
	prev := 0
	for _, l := range locs {
		b.WriteString(md[prev:l[1]])
		rest := strings.TrimLeft(md[l[1]:], " \u00a0")
		if !(strings.HasPrefix(rest, "(COUNT)") || strings.HasPrefix(rest, "(ESTIMATE)") || strings.HasPrefix(rest, "(UNVERIFIED)")) {
			b.WriteString(" (UNVERIFIED)")
		}
		prev = l[1]
	}
	b.WriteString(md[prev:])
	return b.String()
}

// pct formats part/whole as a COUNT-tagged percentage.
func pct(part, whole int) string {
	if whole == 0 {
		return "0.0% " + tagCount
	}
	return fmt.Sprintf("%.1f%% %s", 100*float64(part)/float64(whole), tagCount)
}

func estPct(v float64) string { return fmt.Sprintf("%.0f%% %s", v, tagEstimate) }

// analysed is one report comment with its classification.
type analysed struct {
	op.ReportComment
	idx       int
	intents   []string
	sentiment string
	toxic     float64
	spam      float64
	links     bool
	lang      string
	folded    string
	topics    []string
	when      time.Time
	hasTime   bool
}

var reportStop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the a an and or but if of to in on at for with from by is are was were be been being it its this that these those i me my you your he she his her we our they their them
		so very just really too not no yes do does did have has had will would can could should what why how when where who which there here than then also about more most all any some
		im dont its thats youre cant ive lol omg oh like get got one out up go going make much many well even only still now know think see way want need new video videos channel please thanks thank love good great
		من في على عن الى إلى او أو و ما لا لم لن هذا هذه ذلك التي الذي اللي انا أنا انت أنت هو هي نحن احنا هم كل بس يا مع كان كانت عند شي شو وش ايش ليش ليه كيف متى وين فين مش مو مب والله الله ان أن إن قد لقد كده كذا هيك فيه في
		اي كمان بعد قبل حتى لو لما عشان علشان مثل زي ده دي دا هاد هاي هذي يعني الي ولا جدا وايد كتير كثير اوي شكرا حلو جميل الفيديو فيديو القناه حلقه الحلقه
		never again always ever every after before because since until while over into once twice anymore already yet back off been being same other another
		ابدا أبدا دايما دائما دايم لسه لسا لسة خلاص برضه برضو كمان مرتين`) {
		// the last two lines: adverbs of time and frequency and
		// connectives, which no thread is about ("never again" made
		// "never" a report's largest topic)
		reportStop[textnorm.Fold(w)] = true
	}
}

// contentWords returns the distinct content words of a comment (lexical topics).
func contentWords(toks []token) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range toks {
		if t.emoji || reportStop[t.key] || len([]rune(t.key)) < 3 || isNumber(t.key) {
			continue
		}
		k := t.key
		if t.arabic && strings.HasPrefix(k, "ال") && len([]rune(k)) > 4 {
			k = strings.TrimPrefix(k, "ال")
		}
		if reportStop[k] || seen[k] || strings.HasPrefix(k, "http") || strings.HasPrefix(k, "@") {
			continue
		}
		seen[k] = true
		out = append(out, k)
	}
	return out
}

func isNumber(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// analyseComments classifies the comments on a bounded pool of
// GOMAXPROCS workers (inline for small reports). Each comment is tokenized
// once; its tokens serve sentiment, moderation, spam, intents and topics.
// Results are stored by index, so the output does not depend on scheduling.
func analyseComments(cs []op.ReportComment) []analysed {
	out := make([]analysed, len(cs))
	workers := min(runtime.GOMAXPROCS(0), len(cs)/reportChunk)
	if workers <= 1 {
		for i := range cs {
			out[i] = analyseComment(cs[i], i)
		}
		return out
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(reportChunk)) - reportChunk
				if lo >= len(cs) {
					return
				}
				for i := lo; i < min(lo+reportChunk, len(cs)); i++ {
					out[i] = analyseComment(cs[i], i)
				}
			}
		}()
	}
	wg.Wait()
	return out
}

// reportChunk is the number of comments a report worker takes at a time
// (and the smallest share worth a goroutine).
const reportChunk = 16

func analyseComment(c op.ReportComment, i int) analysed {
	buf := getTokBuf() // the result keeps no token (topics are key strings)
	defer putTokBuf(buf)
	ta := analyseTextBuf(c.Text, dialect.Detect(c.Text), buf)
	links := ta.tx.spam.links > 0 // detectSpam's reURL matches
	a := analysed{ReportComment: c, idx: i, intents: ta.intents, sentiment: ta.label, toxic: ta.tx.maxNonSpam(), spam: ta.tx.spam.score,
		links: links, lang: ta.d.Language, folded: textnorm.Fold(c.Text)}
	if !op.In("spam", ta.intents) {
		// topics come from the words of non-spam comments, links removed
		toks := ta.toks
		if links {
			toks = tokenize(reURL.ReplaceAllString(c.Text, " "))
		}
		a.topics = contentWords(toks)
	}
	if c.CreatedAt != "" {
		if t, err := time.Parse(time.RFC3339, c.CreatedAt); err == nil {
			a.when, a.hasTime = t, true
		} else if t, err := time.Parse("2006-01-02", c.CreatedAt); err == nil {
			a.when, a.hasTime = t, true
		}
	}
	return a
}

// timeline returns the comments with a timestamp, oldest first (stable).
func timeline(all []analysed) []*analysed {
	var timed []*analysed
	for i := range all {
		if all[i].hasTime {
			timed = append(timed, &all[i])
		}
	}
	sort.SliceStable(timed, func(i, j int) bool { return timed[i].when.Before(timed[j].when) })
	return timed
}

// trajectory compares the share of matching comments in the later half of the
// timeline (timed, from timeline) with the earlier half: rising, falling,
// steady, or "n/a" without timestamps.
func trajectory(timed []*analysed, match func(*analysed) bool) string {
	if len(timed) < 4 {
		return "n/a (no timestamps)"
	}
	half := len(timed) / 2
	early, late := 0, 0
	for i, a := range timed {
		if match(a) {
			if i < half {
				early++
			} else {
				late++
			}
		}
	}
	e, l := float64(early)/float64(half), float64(late)/float64(len(timed)-half)
	switch {
	case l > e*1.25 && late-early >= 2:
		return "rising"
	case l < e*0.8 && early-late >= 2:
		return "falling"
	}
	return "steady"
}

type cluster struct {
	word    string
	members []*analysed
}

// clusterByTopic groups non-spam comments under their most frequent content
// word (among words used by at least two comments); the rest is "other
// topics". Spam comments are left out (they are counted under spam_detected).
func clusterByTopic(all []analysed) []cluster {
	freq := map[string]int{}
	for _, a := range all {
		for _, w := range a.topics {
			freq[w]++
		}
	}
	var cs []cluster
	byWord := map[string]int{}
	var rest []*analysed
	for i := range all {
		a := &all[i]
		if hasIntent(a, "spam") {
			continue
		}
		best, bn := "", 1
		for _, w := range a.topics {
			if freq[w] > bn || freq[w] == bn && bn > 1 && w < best {
				best, bn = w, freq[w]
			}
		}
		if best == "" {
			rest = append(rest, a)
			continue
		}
		ci, ok := byWord[best]
		if !ok {
			cs = append(cs, cluster{word: best})
			ci = len(cs) - 1
			byWord[best] = ci
		}
		cs[ci].members = append(cs[ci].members, a)
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if len(cs[i].members) != len(cs[j].members) {
			return len(cs[i].members) > len(cs[j].members)
		}
		return cs[i].word < cs[j].word
	})
	if len(cs) > 6 {
		for _, c := range cs[6:] {
			rest = append(rest, c.members...)
		}
		cs = cs[:6]
	}
	if len(rest) > 0 {
		cs = append(cs, cluster{word: "other topics", members: rest})
	}
	return cs
}

func dominantSentiment(ms []*analysed) string {
	n := map[string]int{}
	for _, a := range ms {
		n[a.sentiment]++
	}
	best, bn := "neutral", -1
	for _, s := range op.Sentiments {
		if n[s] > bn {
			best, bn = s, n[s]
		}
	}
	return best
}

// snippet is untrusted text cut to n runes and made inert (MarkdownText).
func snippet(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	return MarkdownText(truncateRunes(s, n))
}

// Untrusted text in a report. Comment texts and authors come from
// commenters, the title from the caller, a model's narrative from text it
// read: none of them may put HTML, a link or Markdown structure into the
// report that a client renders.

// mdPunct is the ASCII punctuation MarkdownText escapes with a backslash
// (CommonMark renders "\x" as x for any of them): emphasis, code,
// strikethrough, the escape itself, and the brackets that open a link or an
// image (with them escaped, "!" and "(" open nothing). Untrusted text never
// starts a line here, so "#", "-", "1." (which act only there) stay.
const mdPunct = "\\`*_[]~"

// reScheme matches a URI scheme followed by a non-space: "javascript:x",
// "data:text", "vbscript:", "HTTP://" (checked by safeScheme).
var reScheme = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.\-]*):(\S)`)

// reMailAt matches the "@" of an address a GFM renderer would autolink
// (mailto:): after a local part, before a domain ("@name" mentions pass).
var reMailAt = regexp.MustCompile(`([A-Za-z0-9._+\-])@([\p{L}\p{N}])`)

// safeScheme reports whether a link scheme may be emitted: http, https.
func safeScheme(scheme string) bool {
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}

// MarkdownText renders untrusted plain text as inert inline Markdown: on one
// line (whitespace runs become one space); "&", "<", ">" as HTML entities
// (no tag, comment or autolink can open); Markdown punctuation backslash
// escaped (no emphasis, code, link, image or heading); "|" as "/" (table
// cells); the colon of any URI scheme but http and https escaped
// ("javascript\:", never a link), and "@" of an address followed by a word
// joiner (no mailto: autolink). A renderer shows the text as written, but
// for "|" and the invisible joiner.
func MarkdownText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '|':
			b.WriteByte('/')
		case r < 0x80 && strings.ContainsRune(mdPunct, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return defangLinks(b.String())
}

// defangLinks escapes the colon of every URI scheme but http and https and
// breaks e-mail autolinks, in text that is already free of "<".
func defangLinks(s string) string {
	s = reScheme.ReplaceAllStringFunc(s, func(m string) string {
		sm := reScheme.FindStringSubmatch(m)
		if safeScheme(sm[1]) {
			return m
		}
		return sm[1] + "\\:" + sm[2]
	})
	return reMailAt.ReplaceAllString(s, "$1@\u2060$2")
}

// reMdLink matches an inline link or image "[text](target ...)", the
// target up to the first space or unbalanced ")" (one level of parentheses
// inside it, as in "javascript:f(1)").
var reMdLink = regexp.MustCompile(`(!?)\[([^\]\n]*)\]\(\s*((?:[^()\s]|\([^()\s]*\))*)[^)\n]*\)`)

// reMdRefDef matches a link reference definition line "[id]: target".
var reMdRefDef = regexp.MustCompile(`(?m)^ {0,3}\[[^\]\n]+\]:[ \t]*(\S+).*$`)

// SafeMarkdown makes Markdown from an untrusted writer (a model's
// narrative) safe to render while keeping its formatting: every "<" becomes
// "&lt;" (no raw HTML, no autolink), a link or image whose target is not
// http(s) becomes its bare text, a reference definition with such a target
// is dropped, and the colon of any other URI scheme is escaped as in
// MarkdownText.
func SafeMarkdown(md string) string {
	md = strings.ReplaceAll(md, "<", "&lt;")
	md = reMdLink.ReplaceAllStringFunc(md, func(m string) string {
		sm := reMdLink.FindStringSubmatch(m)
		if i := strings.IndexByte(sm[3], ':'); i > 0 && safeScheme(sm[3][:i]) && strings.HasPrefix(sm[3][i:], "://") {
			return m
		}
		return sm[2]
	})
	md = reMdRefDef.ReplaceAllStringFunc(md, func(m string) string {
		sm := reMdRefDef.FindStringSubmatch(m)
		if i := strings.IndexByte(sm[1], ':'); i > 0 && safeScheme(sm[1][:i]) && strings.HasPrefix(sm[1][i:], "://") {
			return m
		}
		return ""
	})
	return defangLinks(md)
}

func hasIntent(a *analysed, k string) bool { return op.In(k, a.intents) }

// Report builds an audience intelligence report from the supplied comments.
//
// Contract: Sections has every key of op.ReportSectionsBasic (and
// op.ReportSectionsPro for tier "pro"); Markdown is the whole report, each
// section under a "## " heading, pro opening with the TL;DR; every percentage
// is tagged (COUNT) when computed from the comments or (ESTIMATE) when
// inferred, and TagPercentages is applied as a final guard. Every figure is
// computed from the supplied comments by the built-in classifier.
func Report(req op.ReportRequest) op.Report {
	all := analyseComments(req.Comments)
	timed := timeline(all)
	n := len(all)
	count := func(f func(*analysed) bool) int {
		k := 0
		for i := range all {
			if f(&all[i]) {
				k++
			}
		}
		return k
	}
	sentN := map[string]int{}
	intentN := map[string]int{}
	for i := range all {
		sentN[all[i].sentiment]++
		for _, k := range all[i].intents {
			intentN[k]++
		}
	}
	toxicN := count(func(a *analysed) bool { return a.toxic >= 0.6 })
	spamN := count(func(a *analysed) bool { return hasIntent(a, "spam") })
	linkN := count(func(a *analysed) bool { return a.links })
	dup := map[string]int{}
	for _, a := range all {
		if len([]rune(a.folded)) >= 8 {
			dup[a.folded]++
		}
	}
	dupN := 0
	for _, c := range dup {
		if c > 1 {
			dupN += c
		}
	}
	likes := 0
	for _, a := range all {
		likes += a.Likes
	}
	clusters := clusterByTopic(all)
	needReply := intentN["question"] + intentN["complaint"]

	// health scores (0-100, inferred): sentiment balance, safety, authenticity, responsiveness need
	posShare := float64(sentN["positive"]) / float64(max(n, 1))
	negShare := float64(sentN["negative"]) / float64(max(n, 1))
	sentScoreV := math.Round(50 + 50*(posShare-negShare))
	safety := math.Round(100 * (1 - float64(toxicN)/float64(max(n, 1))))
	authenticity := math.Round(100 * (1 - float64(spamN+dupN/2)/float64(max(n, 1))))
	if authenticity < 0 {
		authenticity = 0
	}
	engagement := math.Round(math.Min(100, 20*math.Log1p(float64(likes)/float64(max(n, 1)))+float64(intentN["question"]+intentN["suggestion"])*100/float64(max(n, 1))))
	overall := math.Round((sentScoreV + safety + authenticity + engagement) / 4)
	grade := func(v float64) string {
		switch {
		case v >= 85:
			return "A"
		case v >= 70:
			return "B"
		case v >= 55:
			return "C"
		case v >= 40:
			return "D"
		}
		return "F"
	}

	// topicClause closes a headline with the largest topic, or says there
	// is none ("the largest topic is no dominant topic" read badly)
	topicClause := "no single topic stands out"
	if len(clusters) > 0 && clusters[0].word != "other topics" {
		topicClause = "the largest topic is \"" + MarkdownText(clusters[0].word) + "\""
	}
	sec := map[string]string{}
	title := MarkdownText(req.Title)
	if title == "" {
		title = "the supplied comments"
	}

	// headline: the single most important takeaway
	var headline string
	switch {
	case toxicN*5 >= n:
		headline = fmt.Sprintf("Toxicity is the main risk: %s of comments are abusive at moderate or severe level.", pct(toxicN, n))
	case spamN*5 >= n:
		headline = fmt.Sprintf("Spam is crowding the thread: %s of comments are promotional or bait.", pct(spamN, n))
	case intentN["complaint"]*4 >= n:
		headline = fmt.Sprintf("Complaints dominate: %s of comments report a problem; %s.", pct(intentN["complaint"], n), topicClause)
	case intentN["question"]*4 >= n:
		headline = fmt.Sprintf("The audience is asking: %s of comments are questions waiting for answers.", pct(intentN["question"], n))
	case sentN["positive"] >= sentN["negative"]*2 && sentN["positive"] > 0:
		headline = fmt.Sprintf("The audience is warm: %s positive against %s negative; %s.", pct(sentN["positive"], n), pct(sentN["negative"], n), topicClause)
	default:
		headline = fmt.Sprintf("Opinion is divided: %s positive, %s negative; %s.", pct(sentN["positive"], n), pct(sentN["negative"], n), topicClause)
	}
	sec["headline_finding"] = headline + "\n"

	sec["tldr"] = fmt.Sprintf("**Verdict:** channel health grade **%s** (%d/100, inferred). %s %d comments analysed on %s; %s need a reply (questions or complaints).\n",
		grade(overall), int(overall), headline, n, title, pct(min(needReply, n), n))

	var b strings.Builder
	b.WriteString("| metric | value |\n|---|---|\n")
	fmt.Fprintf(&b, "| comments analysed | %d |\n", n)
	fmt.Fprintf(&b, "| positive | %s |\n| negative | %s |\n| mixed | %s |\n", pct(sentN["positive"], n), pct(sentN["negative"], n), pct(sentN["mixed"], n))
	fmt.Fprintf(&b, "| questions | %s |\n| complaints | %s |\n| suggestions | %s |\n", pct(intentN["question"], n), pct(intentN["complaint"], n), pct(intentN["suggestion"], n))
	fmt.Fprintf(&b, "| spam | %s |\n| toxic (moderate or severe) | %s |\n", pct(spamN, n), pct(toxicN, n))
	fmt.Fprintf(&b, "| total likes | %d |\n| likes per comment | %.1f |\n", likes, float64(likes)/float64(max(n, 1)))
	fmt.Fprintf(&b, "\n**Strategic finding:** %s\n", headline)
	sec["executive_summary"] = b.String()

	b.Reset()
	b.WriteString("| sentiment | comments | share |\n|---|---|---|\n")
	for _, s := range op.Sentiments {
		fmt.Fprintf(&b, "| %s | %d | %s |\n", s, sentN[s], pct(sentN[s], n))
	}
	langN := map[string]int{}
	for _, a := range all {
		langN[a.lang]++
	}
	fmt.Fprintf(&b, "\nLanguages: Arabic %s, English %s, mixed %s.\n", pct(langN["ar"], n), pct(langN["en"], n), pct(langN["mixed"], n))
	sec["sentiment"] = b.String()

	b.Reset()
	b.WriteString("| cluster (top word) | comments | share | dominant sentiment | trajectory | example |\n|---|---|---|---|---|---|\n")
	for _, c := range clusters {
		word := MarkdownText(c.word)
		set := map[int]bool{}
		for _, m := range c.members {
			set[m.idx] = true
		}
		// the example shows the cluster's dominant sentiment
		dom, ex := dominantSentiment(c.members), ""
		for _, m := range c.members {
			if ex == "" || m.sentiment == dom {
				ex = snippet(m.Text, 60)
				if m.sentiment == dom {
					break
				}
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s |\n", word, len(c.members), pct(len(c.members), n), dom,
			trajectory(timed, func(a *analysed) bool { return set[a.idx] }), ex)
	}
	b.WriteString("\nClusters group the non-spam comments by their most frequent shared content word (lexical topics, not semantic embeddings).\n")
	sec["clusters"] = b.String()

	b.Reset()
	narr := []struct {
		name string
		f    func(*analysed) bool
	}{
		{"Appreciation and loyalty", func(a *analysed) bool { return hasIntent(a, "praise") || a.sentiment == "positive" }},
		{"Friction and complaints", func(a *analysed) bool { return hasIntent(a, "complaint") }},
		{"Information need (questions)", func(a *analysed) bool { return hasIntent(a, "question") }},
		{"Requests and ideas", func(a *analysed) bool { return hasIntent(a, "suggestion") }},
		{"Hostility", func(a *analysed) bool { return a.toxic >= 0.6 }},
		{"Promotion and spam", func(a *analysed) bool { return hasIntent(a, "spam") }},
	}
	b.WriteString("| narrative | comments | strength | trajectory |\n|---|---|---|---|\n")
	for _, nr := range narr {
		k := count(nr.f)
		strength := "weak"
		if k*4 >= n {
			strength = "strong"
		} else if k*10 >= n {
			strength = "moderate"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", nr.name, pct(k, n), strength, trajectory(timed, nr.f))
	}
	sec["narratives"] = b.String()

	b.Reset()
	b.WriteString("| comment type | comments | share |\n|---|---|---|\n")
	for _, k := range op.Intents {
		fmt.Fprintf(&b, "| %s | %d | %s |\n", k, intentN[k], pct(intentN[k], n))
	}
	b.WriteString("\nA comment can carry several intents, so shares can add up to more than 100% (COUNT).\n")
	sec["comment_types"] = b.String()

	b.Reset()
	byLikes := make([]*analysed, n)
	for i := range all {
		byLikes[i] = &all[i]
	}
	sort.SliceStable(byLikes, func(i, j int) bool { return byLikes[i].Likes > byLikes[j].Likes })
	b.WriteString("| # | author | likes | sentiment | comment |\n|---|---|---|---|---|\n")
	for i, a := range byLikes {
		if i == 10 {
			break
		}
		author := snippet(a.Author, 30)
		if author == "" {
			author = "(anonymous)"
		}
		fmt.Fprintf(&b, "| %d | %s | %d | %s | %s |\n", i+1, author, a.Likes, a.sentiment, snippet(a.Text, 70))
	}
	sec["top_commenters"] = b.String()

	b.Reset()
	fmt.Fprintf(&b, "| signal | comments | share |\n|---|---|---|\n")
	fmt.Fprintf(&b, "| classified as spam | %d | %s |\n", spamN, pct(spamN, n))
	fmt.Fprintf(&b, "| containing links | %d | %s |\n", linkN, pct(linkN, n))
	fmt.Fprintf(&b, "| exact or near-exact duplicates | %d | %s |\n", dupN, pct(dupN, n))
	authorN := map[string]int{}
	authorDup := map[string]int{}
	for _, a := range all {
		if a.Author != "" {
			authorN[a.Author]++
			if dup[a.folded] > 1 {
				authorDup[a.Author]++
			}
		}
	}
	var bots []string
	for au, k := range authorDup {
		if k >= 2 {
			bots = append(bots, snippet(au, 30))
		}
	}
	sort.Strings(bots)
	verdict := "No meaningful spam or bot activity detected."
	if spamN+dupN > 0 {
		verdict = fmt.Sprintf("%d spam comments and %d duplicated comments found.", spamN, dupN)
	}
	fmt.Fprintf(&b, "\n**Result:** %s", verdict)
	if len(bots) > 0 {
		fmt.Fprintf(&b, " Accounts posting repeated text (possible bots): %s.", strings.Join(bots, ", "))
	}
	b.WriteString("\n")
	sec["spam_detected"] = b.String()

	b.Reset()
	var recs []string
	if intentN["question"] > 0 {
		recs = append(recs, fmt.Sprintf("Answer the %s; a pinned FAQ reply covers the repeated ones.", counted(intentN["question"], "open question")))
	}
	if intentN["complaint"] > 0 {
		recs = append(recs, fmt.Sprintf("Acknowledge the %s publicly and follow up privately; they are %s of the thread.", counted(intentN["complaint"], "complaint"), pct(intentN["complaint"], n)))
	}
	if intentN["suggestion"] > 0 {
		recs = append(recs, fmt.Sprintf("Turn the %s into a visible request list and credit the commenters when you act on them.", counted(intentN["suggestion"], "suggestion")))
	}
	if spamN+dupN > 0 {
		recs = append(recs, "Enable link filtering and hold comments with contact details for review; remove the flagged spam.")
	}
	if toxicN > 0 {
		recs = append(recs, "Set moderation to medium strictness and hide abusive comments before they set the tone.")
	}
	if len(clusters) > 0 && clusters[0].word != "other topics" {
		if dominantSentiment(clusters[0].members) == "negative" {
			// a topic people complain about is to be fixed, not leaned into
			recs = append(recs, fmt.Sprintf("Fix what the strongest topic \"%s\" is about and say so: it drives %s of the conversation, mostly negative.", MarkdownText(clusters[0].word), pct(len(clusters[0].members), n)))
		} else {
			recs = append(recs, fmt.Sprintf("Lean into the strongest topic \"%s\": it drives %s of the conversation.", MarkdownText(clusters[0].word), pct(len(clusters[0].members), n)))
		}
	}
	recs = append(recs, "Reply to the most-liked comments first: they are what new viewers read.")
	for i, r := range recs {
		fmt.Fprintf(&b, "%d. %s\n", i+1, r)
	}
	sec["recommendations"] = b.String()

	b.Reset()
	b.WriteString("| dimension | score | grade | basis |\n|---|---|---|---|\n")
	fmt.Fprintf(&b, "| sentiment balance | %s | %s | positive minus negative share |\n", estPct(sentScoreV), grade(sentScoreV))
	fmt.Fprintf(&b, "| safety | %s | %s | share of non-toxic comments |\n", estPct(safety), grade(safety))
	fmt.Fprintf(&b, "| authenticity | %s | %s | share of non-spam, non-duplicate comments |\n", estPct(authenticity), grade(authenticity))
	fmt.Fprintf(&b, "| engagement | %s | %s | likes per comment, questions and suggestions |\n", estPct(engagement), grade(engagement))
	fmt.Fprintf(&b, "| **overall** | %s | **%s** | mean of the four |\n", estPct(overall), grade(overall))
	sec["channel_health"] = b.String()

	keys := append([]string{}, op.ReportSectionsBasic...)
	if req.Tier == "pro" {
		keys = append(keys, op.ReportSectionsPro...)

		b.Reset()
		type fan struct {
			author          string
			comments, likes int
			positive        int
		}
		var fans []fan
		for au, k := range authorN {
			f := fan{author: au, comments: k}
			for _, a := range all {
				if a.Author == au {
					f.likes += a.Likes
					if a.sentiment == "positive" || hasIntent(&a, "praise") {
						f.positive++
					}
				}
			}
			if k >= 2 {
				fans = append(fans, f)
			}
		}
		sort.Slice(fans, func(i, j int) bool {
			if fans[i].comments != fans[j].comments {
				return fans[i].comments > fans[j].comments
			}
			return fans[i].author < fans[j].author
		})
		repeatN := 0
		for _, f := range fans {
			repeatN += f.comments
		}
		fmt.Fprintf(&b, "%d authors commented more than once; their comments are %s of the thread.\n\n", len(fans), pct(repeatN, n))
		b.WriteString("| author | comments | likes | positive | superfan |\n|---|---|---|---|---|\n")
		for i, f := range fans {
			if i == 15 {
				break
			}
			super := "no"
			if f.comments >= 3 && f.positive*2 >= f.comments || f.comments >= 2 && f.positive == f.comments && f.likes >= 10 {
				super = "yes"
			}
			fmt.Fprintf(&b, "| %s | %d | %d | %s | %s |\n", snippet(f.author, 30), f.comments, f.likes, pct(f.positive, f.comments), super)
		}
		if len(fans) == 0 {
			b.WriteString("| (none) | 0 | 0 | 0.0% (COUNT) | no |\n")
		}
		b.WriteString("\nSuperfan: three or more comments, at least half of them positive, or two or more all positive with 10+ likes.\n")
		sec["repeat_commenters"] = b.String()

		b.Reset()
		b.WriteString("### Episode concepts\n\n")
		concepts := []string{}
		for i, c := range clusters {
			if c.word != "other topics" && len(concepts) < 2 {
				which := "the audience's largest topic"
				if i > 0 {
					which = "another leading topic"
				}
				if dominantSentiment(c.members) == "negative" {
					concepts = append(concepts, fmt.Sprintf("**Fixing \"%s\"**: %s (%s), mostly complaints; show what was fixed on camera.", MarkdownText(c.word), which, pct(len(c.members), n)))
				} else {
					concepts = append(concepts, fmt.Sprintf("**Deep dive on \"%s\"**: %s (%s); answer its open questions on camera.", MarkdownText(c.word), which, pct(len(c.members), n)))
				}
			}
		}
		if intentN["question"] > 0 {
			concepts = append(concepts, fmt.Sprintf("**Q&A episode**: answer the %s from this thread, most-liked first.", counted(intentN["question"], "question")))
		}
		if intentN["suggestion"] > 0 {
			concepts = append(concepts, fmt.Sprintf("**You asked, we made it**: build an episode from the %s and credit them.", counted(intentN["suggestion"], "audience suggestion")))
		}
		if intentN["complaint"] > 0 {
			concepts = append(concepts, "**Behind the fix**: show how the most common complaint is being addressed.")
		}
		concepts = append(concepts, "**Community highlights**: feature the best comments and the superfans by name.", "**Follow-up**: revisit this content's theme with what changed since.",
			"**Behind the scenes**: show how this content was made and ask what to try next.")
		for i := 0; i < 3; i++ {
			fmt.Fprintf(&b, "%d. %s\n", i+1, concepts[i])
		}
		b.WriteString("\n### Engagement playbook\n\n")
		b.WriteString("- Reply within the first hours to questions and complaints; they are " + pct(min(needReply, n), n) + " of comments.\n")
		b.WriteString("- Heart and answer the top-liked comments; invite repeat commenters to suggest the next topic.\n")
		b.WriteString("- Close each video with one concrete question to steer comments toward the strongest topic.\n")
		b.WriteString("\n### Pin recommendations\n\n")
		pinned := 0
		for _, a := range byLikes {
			if pinned == 2 {
				break
			}
			if (a.sentiment == "positive" || hasIntent(a, "question")) && !hasIntent(a, "spam") && a.toxic < 0.35 {
				fmt.Fprintf(&b, "- Pin: \"%s\" (%d likes, %s)\n", snippet(a.Text, 80), a.Likes, strings.Join(a.intents, "/"))
				pinned++
			}
		}
		if pinned == 0 {
			b.WriteString("- Pin a short creator comment that answers the most common question.\n")
		}
		sec["content_brief"] = b.String()
	}

	for k, v := range sec {
		sec[k] = TagPercentages(v)
	}
	var md strings.Builder
	heading := map[string]string{"tldr": "TL;DR", "executive_summary": "Executive summary", "headline_finding": "Headline finding", "sentiment": "Sentiment",
		"clusters": "Audience clusters", "narratives": "Narratives", "comment_types": "Comment types", "top_commenters": "Top commenters",
		"spam_detected": "Spam and bot detection", "recommendations": "Recommendations", "channel_health": "Channel health",
		"repeat_commenters": "Repeat commenters and superfans", "content_brief": "Content brief"}
	for _, k := range keys {
		fmt.Fprintf(&md, "## %s\n\n%s\n\n", heading[k], strings.TrimRight(sec[k], "\n"))
	}
	r := op.Report{Markdown: md.String(), Sections: sec, CommentsAnalyzed: n}
	in := 0
	for _, c := range req.Comments {
		in += tokens(c.Text)
	}
	r.Usage = op.Usage{Model: Model, TokensUsed: in + tokens(r.Markdown)}
	return r
}

// counted is "1 complaint" or "n complaints" (noun: singular, plural in -s).
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
