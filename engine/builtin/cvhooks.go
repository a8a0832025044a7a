package builtin

import (
	"fmt"
	"sort"
)

// Hooks for cross-validation (engine/builtin/cmd/cvcomments): replace a
// learned comment head by one trained without a fold, and try another mix
// of the intent head or of the dialect decision. Not for serving: they change package state and must
// not run beside a classification.

// cvHeads are the learned comment heads SetLearnedTable may replace.
var cvHeads = map[string]**learnedHead{
	"learned_intent.tsv":             &learnedIntent,
	"learned_dialect_comments.tsv":   &learnedDialect,
	"learned_sentiment_comments.tsv": &learnedSentComments,
	"learned_priority.tsv":           &learnedPriority,
	"learned_insult_comments.tsv":    &learnedInsult,
	"learned_intent_latin.tsv":       &learnedIntentLatin,
}

// SetLearnedTable replaces the learned head of table file (e.g.
// learned_intent.tsv) by the table content and returns a function that
// restores the shipped head.
func SetLearnedTable(file, content string) (restore func(), err error) {
	p, ok := cvHeads[file]
	if !ok {
		return nil, fmt.Errorf("builtin: %s is no comment head", file)
	}
	old := *p
	h := parseLearned(file, content)
	if old != nil && len(h.classes) != len(old.classes) {
		return nil, fmt.Errorf("builtin: %s: %d classes, want %d", file, len(h.classes), len(old.classes))
	}
	*p = h
	return func() { *p = old }, nil
}

// IntentMix is the mix of the learned intent head with the rules for
// Arabic-script comments (withLearnedIntent).
type IntentMix struct {
	Mix, Base, Alone float64
	Overrule, Weak   float64
	// Gated: per intent (question, complaint, praise, suggestion) the
	// threshold from which the head stands alone with evidence of the
	// intent's kind (learned_alone.go)
	Gated [4]float64
	// Sent: the comment sentiment head's probability from which it is
	// evidence for the gated thresholds (learnedIntentAloneSent)
	Sent float64
	// Margin: how far the sentiment head's label stands above the others
	// to be evidence (learnedIntentAloneMargin)
	Margin float64
	// Cover: the share of words the head knows from which it answers
	// alone from Gated (learnedIntentAloneCover)
	Cover float64
	// ArabiziAlone: the head's threshold alone for an Arabizi comment
	// (learnedIntentAloneArabizi); ArabiziGated: per intent the threshold
	// from which it stands alone there with evidence (1: none)
	ArabiziAlone float64
	ArabiziGated [4]float64
	// ArabiziMix, LatinWeight: learnedIntentMixArabizi,
	// learnedIntentLatinWeight (learned_latin.go)
	ArabiziMix, LatinWeight float64
}

// CurrentIntentMix is the mix in use.
func CurrentIntentMix() IntentMix {
	return IntentMix{learnedIntentMix, learnedIntentBase, learnedIntentAlone, learnedIntentOverrule, learnedIntentWeak, learnedIntentAloneGated, learnedIntentAloneSent, learnedIntentAloneMargin, learnedIntentAloneCover, learnedIntentAloneArabizi, learnedIntentAloneGatedArabizi, learnedIntentMixArabizi, learnedIntentLatinWeight}
}

// SetIntentMix sets the mix (cross-validation only).
func SetIntentMix(m IntentMix) {
	learnedIntentMix, learnedIntentBase, learnedIntentAlone = m.Mix, m.Base, m.Alone
	learnedIntentOverrule, learnedIntentWeak = m.Overrule, m.Weak
	learnedIntentAloneGated, learnedIntentAloneSent, learnedIntentAloneMargin = m.Gated, m.Sent, m.Margin
	learnedIntentAloneCover = m.Cover
	learnedIntentAloneArabizi, learnedIntentAloneGatedArabizi = m.ArabiziAlone, m.ArabiziGated
	learnedIntentMixArabizi, learnedIntentLatinWeight = m.ArabiziMix, m.LatinWeight
}

// SentMix is the mix of the learned comment sentiment head with the rules
// (withCommentSentiment): the head's probability from which it overrules
// the label of an Arabic-script (Ar), English (En) or Arabizi (Latin)
// comment, of any comment whose intents leave every label open (Free),
// from which a complaint may be answered mixed (Mixed, 0: never) and
// from which the head may answer a label the intents do not allow
// (Loose, 0: never), and from which it turns the negative label of an
// English comment positive or a positive one negative (FlipEn, 0: En).
type SentMix struct {
	Ar, En, Free, Latin, Mixed, Loose, FlipEn float64
}

// CurrentSentMix is the mix in use.
func CurrentSentMix() SentMix {
	return SentMix{commentSentMin, commentSentMinEn, commentSentMinFree, commentSentMinLatin, commentSentMixed, commentSentLoose, commentSentFlipEn}
}

// SetSentMix sets the mix (cross-validation only).
func SetSentMix(m SentMix) {
	commentSentMin, commentSentMinEn, commentSentMinFree = m.Ar, m.En, m.Free
	commentSentMinLatin, commentSentMixed, commentSentLoose, commentSentFlipEn = m.Latin, m.Mixed, m.Loose, m.FlipEn
}

// dialectKnobs are the constants of the dialect head's decision
// (refineDialect, pickDialect, varietyWeights, openVarieties, gulfPlaceTilt,
// locativeLean) by the name SetDialectKnob takes.
var dialectKnobs = map[string]*float64{
	"below":    &learnedDialectBelow,
	"minp":     &learnedDialectMinP,
	"frommsa":  &learnedDialectFromMSA,
	"open":     &signsOpen,
	"share":    &signsShare,
	"clear":    &signsClear,
	"outweigh": &signsOutweigh,
	"soft":     &signsSoft,
	"softmsa":  &signsSoftMSA,
	"gulfodds": &gulfPlaceOdds,
	"fi":       &fiLean,
	"fiother":  &fiOtherLean,
	"bal":      &balLean,
	// round 18: the head's log-prior for bare comments (dialect_bare.go)
	"baregulf": &bareBias[0],
	"bareegy":  &bareBias[1],
	"barelev":  &bareBias[2],
	"baremsa":  &bareBias[3],
}

// DialectKnobs are the names of the dialect decision's constants, sorted.
func DialectKnobs() []string {
	ks := make([]string, 0, len(dialectKnobs))
	for k := range dialectKnobs {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// DialectKnob is the value in use of the dialect decision's constant name.
func DialectKnob(name string) (float64, bool) {
	p, ok := dialectKnobs[name]
	if !ok {
		return 0, false
	}
	return *p, true
}

// SetDialectKnob sets the dialect decision's constant name
// (cross-validation only) and returns a function that restores it.
func SetDialectKnob(name string, v float64) (restore func(), err error) {
	p, ok := dialectKnobs[name]
	if !ok {
		return nil, fmt.Errorf("builtin: no dialect knob %q (have %v)", name, DialectKnobs())
	}
	old := *p
	*p = v
	return func() { *p = old }, nil
}
