package dialect

import "testing"

// Round 11 (issue 23): the Arabizi 6 (ط، ظ) as Gulf evidence, the
// two readings of mara, and everyday words. Sentences written for this test.
func TestSixEvidence(t *testing.T) {
	for _, c := range []struct {
		text string
		want float64
	}{
		{"el 6ayara ta5arat wayed", arabiziSixGulf},
		{"ma 7ad y6l3 el 6alabat", arabiziSixGulf * (1 + repeatFactor)},
		{"el ma'6ar 7ilw", arabiziSixGulf},  // 6' for ظ
		{"see you at 6pm on the 6th", 0},    // English digit tokens
		{"i have an iphone6 since 2016", 0}, // model name, number
		{"ana 3ayez 6 ta3ref", 0},           // a number alone
		{"bad_boy_6 w el 7elw", 0},          // not a word of letters and digits
		{"el order et2a5ar 3 ayam", 0},      // other digits only
		{"www.6ayara.com 3ala tool", 0},     // links are no words
	} {
		st := statePool.Get().(*state)
		var sc scan
		st.buf = encode(st.buf, c.text, &sc, &st.tmp)
		got := sixEvidence(st.buf)
		statePool.Put(st)
		if got != c.want {
			t.Errorf("sixEvidence(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	// the 6 decides between dialects only when nothing else does; a clear
	// word of another dialect outweighs it
	for _, c := range []struct{ text, want string }{
		{"el 6a3am kan 5a6eer w el mo6a3em fa5ma", "gulf"},
		{"shlonak ya 6ayeb", "gulf"},
		{"el 6ayara kteer 7elwe bas ma fi ma7al", "levantine"},
		{"el 6alab mesh mawgood 5ales", "egyptian"},
	} {
		if d := Detect(c.text); d.Dialect != c.want || !d.Arabizi {
			t.Errorf("Detect(%q) = %s (arabizi %v), want %s", c.text, d.Dialect, d.Arabizi, c.want)
		}
	}
	// English with a 6 stays English
	for _, s := range []string{"meet at 6pm near gate 6b", "the 6th time this app crashed", "got the iphone6s refurbished"} {
		if d := Detect(s); d.Arabizi || d.Dialect != "" {
			t.Errorf("Detect(%q) = %+v, want English", s, d)
		}
	}
}

func TestMaraTwoReadings(t *testing.T) {
	// "time" (every dialect): below the evidence that bounds the head
	for _, s := range []string{"awel marra ajarrib el app", "kol marra nafs el moshkila", "tani marra ya gama3a"} {
		if sg := MarkerSigns(s); sg.Dialect[gulfIdx]-sg.Dialect[egyIdx] >= 0.5 {
			t.Errorf("MarkerSigns(%q) gulf %v: mara 'time' read as the Saudi 'very'", s, sg.Dialect)
		}
	}
	// "very" before an adjective (Saudi), both scripts
	for _, s := range []string{"el service mara zain", "el akl mara ghali", "الموظف مره محترم", "الموظفه محترم مره"} {
		if sg := MarkerSigns(s); sg.Dialect[gulfIdx] < 1 {
			t.Errorf("MarkerSigns(%q) gulf %v, want the Saudi intensifier", s, sg.Dialect)
		}
	}
}

func TestRound11Words(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"الحفله كانت وناسه", "gulf"},
		{"متى تداوم العياده؟", "gulf"},
		{"الله يجزاه خير على هالشرح", "gulf"},
		{"عندكم ملابس للحريم؟", "gulf"},
		{"جوتي رياضي بكم؟", "gulf"},
		{"السعر غالي ومش حرزان", "levantine"},
		{"الصبايا بالمحل ذوق", "levantine"},
		{"الفني بوظلي الجهاز", "egyptian"},
		{"الكيك من جوه نيء", "egyptian"},
	} {
		if d := Detect(c.text); d.Dialect != c.want {
			t.Errorf("Detect(%q) = %s %.2f, want %s", c.text, d.Dialect, d.DialectConfidence, c.want)
		}
	}
	// formal sentences with the MSA homographs stay msa
	for _, s := range []string{
		"يجب أن تداوم على تناول الدواء في موعده",
		"على الطالب أن يداوم على الحضور",
		"لقد كانت الرحلة ممتعة وسوف نعود",
		"هذه هي المرة الأولى التي أكتب فيها تعليقا",
		"المرة القادمة سنختار فندقا آخر",
		"حدث هذا للمرة الثالثة خلال شهر",
		"نرجو أن تداوموا على متابعة القناة",
		"يداوم الموظفون من الثامنة حتى الرابعة",
	} {
		if d := Detect(s); d.Dialect != "msa" {
			t.Errorf("Detect(%q) = %s %.2f, want msa", s, d.Dialect, d.DialectConfidence)
		}
	}
}

// TestArabizi7ad: 7ad "someone" is Gulf as well as Egyptian (ما حد), so a
// Gulf comment with it is not barred from gulf.
func TestArabizi7ad(t *testing.T) {
	sg := MarkerSigns("tlabt mn osboo3 w ma 7ad rad")
	if sg.Dialect[gulfIdx] < 0.5*sg.Clear || sg.Dialect[egyIdx] < 0.5*sg.Clear {
		t.Errorf("7ad: %+v, want gulf and egyptian both open", sg)
	}
}
