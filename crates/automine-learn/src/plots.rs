//! Pictures as hand-written SVG: the reliability diagram of one or more predictors and
//! loss curves.

use std::fmt::Write as _;

use crate::metrics::CalibrationBin;

const W: f64 = 520.0;
const H: f64 = 420.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 160.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
const COLOURS: [&str; 6] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

struct Frame {
    x_min: f64,
    x_max: f64,
    y_min: f64,
    y_max: f64,
}

impl Frame {
    fn x(&self, v: f64) -> f64 {
        LEFT + (v - self.x_min) / (self.x_max - self.x_min).max(1e-12) * (W - LEFT - RIGHT)
    }

    fn y(&self, v: f64) -> f64 {
        H - BOTTOM - (v - self.y_min) / (self.y_max - self.y_min).max(1e-12) * (H - TOP - BOTTOM)
    }
}

fn open(s: &mut String, title: &str, x_label: &str, y_label: &str) {
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="22" font-size="14" fill="#111">{}</text>"##,
        escape(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" text-anchor="middle" fill="#333">{}</text>"##,
        LEFT + (W - LEFT - RIGHT) / 2.0,
        H - 12.0,
        escape(x_label)
    );
    let _ = writeln!(
        s,
        r##"<text x="16" y="{}" text-anchor="middle" fill="#333" transform="rotate(-90 16 {})">{}</text>"##,
        TOP + (H - TOP - BOTTOM) / 2.0,
        TOP + (H - TOP - BOTTOM) / 2.0,
        escape(y_label)
    );
}

fn axes(s: &mut String, f: &Frame, x_ticks: &[(f64, String)], y_ticks: &[(f64, String)]) {
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{}" height="{}" fill="none" stroke="#999"/>"##,
        W - LEFT - RIGHT,
        H - TOP - BOTTOM
    );
    for (v, label) in x_ticks {
        let x = f.x(*v);
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{}" stroke="#eee"/><text x="{x:.1}" y="{}" text-anchor="middle" fill="#555">{label}</text>"##,
            TOP,
            H - BOTTOM,
            H - BOTTOM + 16.0
        );
    }
    for (v, label) in y_ticks {
        let y = f.y(*v);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#eee"/><text x="{}" y="{:.1}" text-anchor="end" fill="#555">{label}</text>"##,
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
    }
}

fn legend(s: &mut String, entries: &[(String, &str, bool)]) {
    for (k, (name, colour, dashed)) in entries.iter().enumerate() {
        let y = TOP + 10.0 + 20.0 * k as f64;
        let x = W - RIGHT + 12.0;
        let dash = if *dashed { r#" stroke-dasharray="5 3""# } else { "" };
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{colour}" stroke-width="2"{dash}/><text x="{}" y="{}" fill="#333">{}</text>"##,
            x + 22.0,
            x + 28.0,
            y + 4.0,
            escape(name)
        );
    }
}

fn polyline(s: &mut String, points: &[(f64, f64)], colour: &str, dashed: bool) {
    if points.is_empty() {
        return;
    }
    let pts: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
    let dash = if dashed { r#" stroke-dasharray="5 3""# } else { "" };
    let _ = writeln!(
        s,
        r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>"#,
        pts.join(" ")
    );
}

/// A reliability diagram: for each named predictor, per calibration bin (bins without cells
/// are skipped), the share of cells that held a mine (solid, with dots) and the mean exact
/// probability (dashed) against the mean prediction; the diagonal is perfect calibration.
///
/// ```
/// use automine_learn::metrics::CalibrationBin;
/// use automine_learn::plots::reliability_svg;
/// let bins = [CalibrationBin { low: 0.0, high: 0.1, cells: 5, mean_predicted: 0.05, mean_exact: 0.04, mine_rate: 0.0 }];
/// let svg = reliability_svg("calibration", &[("student", &bins[..])]);
/// assert!(svg.starts_with("<svg") && svg.contains("student"));
/// ```
pub fn reliability_svg(title: &str, series: &[(&str, &[CalibrationBin])]) -> String {
    let mut s = String::new();
    open(&mut s, title, "predicted P(mine)", "observed mine rate / exact P(mine)");
    let f = Frame {
        x_min: 0.0,
        x_max: 1.0,
        y_min: 0.0,
        y_max: 1.0,
    };
    let ticks: Vec<(f64, String)> = (0..=5)
        .map(|k| (k as f64 / 5.0, format!("{:.1}", k as f64 / 5.0)))
        .collect();
    axes(&mut s, &f, &ticks, &ticks);
    polyline(&mut s, &[(f.x(0.0), f.y(0.0)), (f.x(1.0), f.y(1.0))], "#bbb", true);
    let mut entries = Vec::new();
    for (k, (name, bins)) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let used: Vec<&CalibrationBin> = bins.iter().filter(|b| b.cells > 0).collect();
        let observed: Vec<(f64, f64)> = used.iter().map(|b| (f.x(b.mean_predicted), f.y(b.mine_rate))).collect();
        let exact: Vec<(f64, f64)> = used
            .iter()
            .map(|b| (f.x(b.mean_predicted), f.y(b.mean_exact)))
            .collect();
        polyline(&mut s, &observed, colour, false);
        polyline(&mut s, &exact, colour, true);
        for (x, y) in &observed {
            let _ = writeln!(s, r#"<circle cx="{x:.1}" cy="{y:.1}" r="3" fill="{colour}"/>"#);
        }
        entries.push((format!("{name}: mines"), colour, false));
        entries.push((format!("{name}: exact"), colour, true));
    }
    legend(&mut s, &entries);
    s.push_str("</svg>\n");
    s
}

/// Loss curves: each named series of `(step, loss)` points, smoothed by a moving average of
/// `window` points, on a logarithmic loss axis.
///
/// ```
/// use automine_learn::plots::loss_svg;
/// let points: Vec<(f64, f64)> = (0..100).map(|i| (i as f64, 1.0 / (1.0 + i as f64))).collect();
/// let svg = loss_svg("loss", &[("beginner", points)], 10);
/// assert!(svg.contains("<polyline"));
/// ```
pub fn loss_svg(title: &str, series: &[(&str, Vec<(f64, f64)>)], window: usize) -> String {
    let window = window.max(1);
    let smoothed: Vec<Vec<(f64, f64)>> = series
        .iter()
        .map(|(_, pts)| {
            pts.iter()
                .enumerate()
                .map(|(i, &(x, _))| {
                    let from = i.saturating_sub(window - 1);
                    let slice = &pts[from..=i];
                    (x, slice.iter().map(|p| p.1).sum::<f64>() / slice.len() as f64)
                })
                .filter(|(_, y)| y.is_finite() && *y > 0.0)
                .collect()
        })
        .collect();
    let all: Vec<(f64, f64)> = smoothed.iter().flatten().copied().collect();
    let x_max = all.iter().map(|p| p.0).fold(1.0, f64::max);
    let lo = all.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let hi = all.iter().map(|p| p.1).fold(0.0, f64::max);
    let (y_min, y_max) = if all.is_empty() {
        (-2.0, 0.0)
    } else {
        (lo.log10().floor(), hi.log10().ceil().max(lo.log10().floor() + 1.0))
    };
    let f = Frame {
        x_min: 0.0,
        x_max,
        y_min,
        y_max,
    };
    let mut s = String::new();
    open(
        &mut s,
        title,
        "step",
        &format!("masked BCE (moving average of {window})"),
    );
    let x_ticks: Vec<(f64, String)> = (0..=5)
        .map(|k| (x_max * k as f64 / 5.0, format!("{:.0}", x_max * k as f64 / 5.0)))
        .collect();
    let mut y_ticks = Vec::new();
    let mut e = y_min;
    while e <= y_max + 1e-9 {
        for m in [1.0, 2.0, 5.0] {
            let v = m * 10f64.powf(e);
            if v.log10() <= y_max + 1e-9 {
                y_ticks.push((v.log10(), format!("{v}")));
            }
        }
        e += 1.0;
    }
    axes(&mut s, &f, &x_ticks, &y_ticks);
    let mut entries = Vec::new();
    for (k, ((name, _), pts)) in series.iter().zip(&smoothed).enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let mapped: Vec<(f64, f64)> = pts.iter().map(|&(x, y)| (f.x(x), f.y(y.log10()))).collect();
        polyline(&mut s, &mapped, colour, false);
        entries.push(((*name).to_string(), colour, false));
    }
    legend(&mut s, &entries);
    s.push_str("</svg>\n");
    s
}
