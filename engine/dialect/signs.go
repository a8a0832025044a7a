package dialect

// Signs is the hand-written evidence of a text, without the learned word
// evidence: what the markers (and tanween, and the Egyptian final-ى
// spelling) say. Classify reads it to keep a learned guess within what the
// markers leave open (engine/builtin refineDialect).
type Signs struct {
	// Dialect is the marker evidence for gulf, egyptian and levantine
	// (op.Dialects order), the "some dialect" markers added to each.
	Dialect [3]float64
	// Clear is the largest single dialect evidence: the best of Dialect.
	Clear float64
	// MSA is the formal evidence: MSA markers and tanween case endings.
	MSA float64
}

// MarkerSigns returns the marker evidence of text (Signs). It is safe for
// concurrent use and does not allocate once warm.
func MarkerSigns(text string) Signs {
	st := statePool.Get().(*state)
	var sc scan
	st.buf = encode(st.buf, text, &sc, &st.tmp)
	var sg Signs
	if sc.ar == 0 && sc.lat == 0 {
		statePool.Put(st)
		return sg
	}
	if sc.lat > 0 {
		blankLinks(st.buf)
		st.buf = latinSkeleton(st.buf)
	}
	var ev evidence
	get().match(st, &ev)
	statePool.Put(st)
	ev.score[msaIdx] += sc.tanweenEvidence()
	ev.score[egyIdx] += sc.maksuraEvidence()
	for v := 0; v < msaIdx; v++ {
		sg.Dialect[v] = ev.score[v] + ev.generic
		if sg.Dialect[v] > sg.Clear {
			sg.Clear = sg.Dialect[v]
		}
	}
	sg.MSA = ev.score[msaIdx]
	return sg
}
