package dialect

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// TrainingSources are the corpora of dataDir/train that TrainNgrams learns
// from, with the table they feed ("wiki" is CC BY-SA 4.0 and stays in its
// own file). docs/quality.md ("Data sets") names their sources and licences.
var TrainingSources = []struct{ File, Name, Group string }{
	{"arsarcasm_v2.jsonl", "arsarcasm", "permissive"},
	{"shami.jsonl", "shami", "permissive"},
	{"saudi_irony.jsonl", "saudi", "permissive"},
	{"wiki_ar_arz.jsonl", "wiki", "wiki"},
}

// TrainingFiles are the files LoadTraining reads, relative to its dataDir.
func TrainingFiles() []string {
	out := []string{filepath.Join("arsarcasm-dialect", "dev.jsonl")}
	for _, src := range TrainingSources {
		out = append(out, filepath.Join("train", src.File))
	}
	return out
}

// ReadSamples reads a JSONL file of {"text", "label"} rows.
func ReadSamples(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Sample
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for ln := 1; sc.Scan(); ln++ {
		var r struct {
			Text  string `json:"text"`
			Label string `json:"label"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, ln, err)
		}
		out = append(out, Sample{Text: r.Text, Label: r.Label})
	}
	return out, sc.Err()
}

// LoadTraining reads the training corpora of dataDir/train (minus the
// sources named in leaveOut) and the training part (InTrainSplit) of
// dataDir/arsarcasm-dialect/dev.jsonl. Every text of the ArSarcasm dev
// held-out part is left out wherever it appears (ArSarcasm-v2 contains
// ArSarcasm v1), and repeated texts count once. It returns the samples and
// how many held-out texts were removed. Progress goes to progress.
func LoadTraining(dataDir string, leaveOut []string, progress io.Writer) ([]Sample, int, error) {
	skip := map[string]bool{}
	for _, s := range leaveOut {
		skip[s] = true
	}
	dev, err := ReadSamples(filepath.Join(dataDir, "arsarcasm-dialect", "dev.jsonl"))
	if err != nil {
		return nil, 0, err
	}
	held := map[string]bool{}
	var devTrain []Sample
	for _, r := range dev {
		if InTrainSplit(r.Text) {
			devTrain = append(devTrain, r)
		} else {
			held[r.Text] = true
		}
	}
	var out []Sample
	seen := map[string]bool{}
	excluded := 0
	for _, src := range TrainingSources {
		if skip[src.Name] {
			continue
		}
		rows, err := ReadSamples(filepath.Join(dataDir, "train", src.File))
		if err != nil {
			return nil, 0, err
		}
		if src.Name == "arsarcasm" {
			rows = append(rows, devTrain...)
		}
		for _, r := range rows {
			if held[r.Text] {
				excluded++
				continue
			}
			if seen[r.Text] {
				continue
			}
			seen[r.Text] = true
			out = append(out, Sample{Text: r.Text, Label: r.Label, Source: src.Name, Group: src.Group})
		}
		if progress != nil {
			fmt.Fprintf(progress, "train-dialect: read %s (%d rows)\n", src.File, len(rows))
		}
	}
	return out, excluded, nil
}

// DefaultTrainOptions are the options `make train-dialect` uses.
//
// Measured with `traindialect -sweep` (README.md): smoothing 1 / 0.5 / 0.25 /
// 0.1 gives AOC 0.675 / 0.678 / 0.686 / 0.692 with word pairs; pairs add
// +0.006 AOC at alpha 0.1 but lose 0.002 ArSarcasm and DART macro-F1 and
// double the look-ups, so they are off. Round 5: without pairs, smoothing
// 0.05 beats 0.1 on AOC and ArSarcasm (0.6853 / 0.5856 against 0.6835 /
// 0.5827; 0.02 loses ArSarcasm), README.md "Round 5".
var DefaultTrainOptions = TrainOptions{Alpha: 0.05, MinDF: 5, MaxFeatures: 60000, Bigrams: false, Consistent: true, MaxWeight: 3}

// WordEvidence reports the mix parameters of the embedded tables.
func WordEvidence() (mix, wikiMixV, norm float64) {
	get()
	return ngramMix, wikiMix, ngramNorm
}

// SetWordEvidence sets the weight of the learned word evidence (0 turns it
// off: the markers alone) and returns the previous one. For measurement
// tools only: not safe while other goroutines call Detect.
func SetWordEvidence(mix float64) float64 {
	get()
	old := ngramMix
	ngramMix = mix
	return old
}

// SetTemperature sets the softmax temperature of dialect_confidence and
// returns the previous one. For the trainer's calibration search only.
func SetTemperature(t float64) float64 {
	get()
	old := temperature
	if t > 0 {
		temperature = t
	}
	return old
}
