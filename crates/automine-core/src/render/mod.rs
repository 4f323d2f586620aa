//! Pictures of a position: a terminal rendering and an SVG heat map.

pub mod svg;
pub mod terminal;

/// The heat-map colour of P(mine) as RGB: green (0, surely safe) through yellow (0.5) to red
/// (1, surely a mine), the traffic-light reading needs no legend.
pub fn heat_colour(p: f64) -> (u8, u8, u8) {
    let p = p.clamp(0.0, 1.0);
    let (green, yellow, red) = ((46.0, 160.0, 67.0), (250.0, 204.0, 21.0), (220.0, 38.0, 38.0));
    let lerp = |a: (f64, f64, f64), b: (f64, f64, f64), t: f64| {
        (
            (a.0 + (b.0 - a.0) * t).round() as u8,
            (a.1 + (b.1 - a.1) * t).round() as u8,
            (a.2 + (b.2 - a.2) * t).round() as u8,
        )
    };
    if p <= 0.5 {
        lerp(green, yellow, p * 2.0)
    } else {
        lerp(yellow, red, p * 2.0 - 1.0)
    }
}

/// The label printed on a covered cell: its P(mine) in percent, rounded; `0` and `100` only
/// for certainties (an uncertain cell never shows them, it shows `<1` or `>99`); `?` for NaN
/// (which no [`ProbabilityMap`](crate::ProbabilityMap) holds).
pub fn percent_label(p: f64) -> String {
    if p.is_nan() {
        "?".to_string()
    } else if p <= 0.0 {
        "0".to_string()
    } else if p >= 1.0 {
        "100".to_string()
    } else if p < 0.005 {
        "<1".to_string()
    } else if p > 0.995 {
        ">99".to_string()
    } else {
        format!("{}", (p * 100.0).round() as u32)
    }
}
