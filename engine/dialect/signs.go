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
	// MSA is the formal evidence: MSA markers (beside a dialect sign, not
	// those every dialect writes too: notFormalMSA) and tanween endings.
	MSA float64
	// Shared is the part of MSA that only markers every dialect writes too
	// (notFormalMSA: جدا) make up: a text whose MSA evidence is all Shared
	// has no formal word of its own (الموظف كان محترم جدا وخلصلي الموضوع).
	Shared float64
	// NotEgyLev: a form Egyptian and Levantine never write (the imperfect
	// plural keeping -uun: تفتحون، ما يفهمون; gulfOrMSAForms) was found,
	// so the text is Gulf or MSA whatever the weight of that evidence.
	NotEgyLev bool
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
	var ev evidence
	if sc.lat > 0 {
		blankLinks(st.buf)
		st.buf = latinSkeleton(st.buf)
	}
	m := get()
	m.match(st, &ev)
	var shared float64
	for _, id := range st.touched {
		if m.notFormal[id] {
			shared += m.markers[id].Weight // once: a repeat keeps its small share
		}
		if m.gulfOrMSA[id] {
			sg.NotEgyLev = true
		}
	}
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
	if sg.Clear > ev.generic {
		// beside a word of one dialect جدا is that dialect's written
		// intensifier (محترم جدا ربنا يكرمه); alone, or beside a word
		// every dialect shares with an MSA homograph (يجيب "brings" /
		// "answers"), it stays the MSA one (سيئة جدا ولا أحد يجيب)
		sg.MSA = max(sg.MSA-shared, 0)
	} else {
		sg.Shared = min(shared, sg.MSA)
	}
	return sg
}
