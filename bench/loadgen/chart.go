package loadgen

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Series is one named percentile spectrum.
type Series struct {
	Name     string
	Spectrum []Point
}

// spectrumX maps a percentile to the chart's x axis: -log10(1 - p/100), so
// 90, 99, 99.9, 99.99 are evenly spaced (the usual HDR percentile plot).
func spectrumX(p float64) float64 {
	if p >= 99.999 {
		return 5
	}
	return -math.Log10(1 - p/100)
}

type pctTicks struct{}

func (pctTicks) Ticks(min, max float64) []plot.Tick {
	labels := []string{"0%", "90%", "99%", "99.9%", "99.99%", "99.999%"}
	var t []plot.Tick
	for i, l := range labels {
		if float64(i) >= min-1e-9 && float64(i) <= max+1e-9 {
			t = append(t, plot.Tick{Value: float64(i), Label: l})
		}
	}
	return t
}

var palette = []color.Color{
	color.RGBA{31, 119, 180, 255}, color.RGBA{255, 127, 14, 255}, color.RGBA{44, 160, 44, 255},
	color.RGBA{214, 39, 40, 255}, color.RGBA{148, 103, 189, 255}, color.RGBA{140, 86, 75, 255},
	color.RGBA{227, 119, 194, 255}, color.RGBA{127, 127, 127, 255}, color.RGBA{188, 189, 34, 255},
	color.RGBA{23, 190, 207, 255},
}

// SpectrumChart writes a PNG percentile-spectrum chart (latency in ms on a
// log scale against the percentile) of the series.
func SpectrumChart(path, title string, series []Series) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "percentile"
	p.Y.Label.Text = "latency (ms, log scale)"
	p.X.Tick.Marker = pctTicks{}
	p.X.Min, p.X.Max = 0, 5
	// Log scale when the latencies span more than a decade; linear otherwise
	// (log ticks label powers of ten only).
	lo, hi := math.Inf(1), 0.0
	for _, s := range series {
		for _, pt := range s.Spectrum {
			v := math.Max(float64(pt.Value)/1000, 0.001)
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if hi/lo > 20 {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	} else {
		p.Y.Label.Text = "latency (ms)"
		p.Y.Min = 0
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	for i, s := range series {
		var pts plotter.XYs
		for _, pt := range s.Spectrum {
			pts = append(pts, plotter.XY{X: spectrumX(pt.Percentile), Y: math.Max(float64(pt.Value)/1000, 0.001)})
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return fmt.Errorf("chart %s: %w", s.Name, err)
		}
		l.Color = palette[i%len(palette)]
		l.Width = vg.Points(1.5)
		if i >= len(palette) {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		p.Add(l)
		p.Legend.Add(s.Name, l)
	}
	p.Legend.ThumbnailWidth = vg.Points(20)
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p.Save(10*vg.Inch, 6*vg.Inch, path)
}
