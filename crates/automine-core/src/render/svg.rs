//! An SVG heat map of a position, after AutoMine's visualizer: covered cells coloured by
//! P(mine) (green → yellow → red) with the percentage written in each, revealed numbers in
//! their classic colours, flags drawn as flags, true mines (when the layout is given) drawn
//! as a black dot in the corner of their cell, the mine that ended a lost game crossed out in
//! red, and a one-line key at the bottom.

use std::fmt::Write;

use super::{heat_colour, percent_label};
use crate::geometry::{CellId, Pos};
use crate::layout::MineLayout;
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

const CELL: u32 = 30;
const MARGIN: u32 = 10;
const KEY: u32 = 44;

/// The SVG document of `view` with its probability `map` (and, optionally, the true mines of
/// `layout` and the `exploded` mine of a lost game). `title` is written above the board.
///
/// ```
/// use automine_core::{PlayerView, exact_probabilities, render::svg::render_svg};
/// let view: PlayerView = "3x1 1\n1..\n".parse()?;
/// let svg = render_svg(&view, &exact_probabilities(&view)?, None, None, "example");
/// assert!(svg.starts_with("<svg") && svg.contains(">100%<"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_svg(
    view: &PlayerView,
    map: &ProbabilityMap,
    layout: Option<&MineLayout>,
    exploded: Option<Pos>,
    title: &str,
) -> String {
    let dims = view.dims();
    let (w, h) = (u32::from(dims.width().0), u32::from(dims.height().0));
    let top = MARGIN + 22;
    let width = (2 * MARGIN + w * CELL).max(360);
    let height = top + h * CELL + KEY;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{}" font-size="14" fill="#111">{}</text>"##,
        MARGIN + 14,
        escape(title)
    );
    for id in dims.ids() {
        draw_cell(&mut s, view, map, layout, id, top);
    }
    if let Some(pos) = exploded.filter(|&p| dims.contains(p)) {
        let x = MARGIN + u32::from(pos.col().0) * CELL;
        let y = top + u32::from(pos.row().0) * CELL;
        let _ = writeln!(
            s,
            r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#b91c1c" stroke-width="4"/><rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#b91c1c" stroke-width="3"/>"##,
            x + 5,
            y + 5,
            x + CELL - 5,
            y + CELL - 5,
            x + CELL - 5,
            y + 5,
            x + 5,
            y + CELL - 5
        );
    }
    let ky = top + h * CELL + 14;
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{}" font-size="11" fill="#111">covered cells: P(mine) in %, green = safe, red = mine; grey = open; flag = flagged{}</text>"##,
        ky + 12,
        match (layout.is_some(), exploded.is_some()) {
            (true, true) => "; black dot = true mine; red cross = the mine that was hit",
            (true, false) => "; black dot = true mine",
            (false, true) => "; red cross = the mine that was hit",
            (false, false) => "",
        }
    );
    s.push_str("</svg>\n");
    s
}

/// One cell: its background, its number, flag or percentage, and its true-mine dot.
fn draw_cell(
    s: &mut String,
    view: &PlayerView,
    map: &ProbabilityMap,
    layout: Option<&MineLayout>,
    id: CellId,
    top: u32,
) {
    let dims = view.dims();
    let pos = dims.pos(id);
    let x = MARGIN + u32::from(pos.col().0) * CELL;
    let y = top + u32::from(pos.row().0) * CELL;
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    match view.at(id) {
        CellView::Revealed(n) => {
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#e5e7eb" stroke="#9ca3af"/>"##
            );
            if n > 0 {
                let _ = writeln!(
                    s,
                    r#"<text x="{cx}" y="{}" font-size="17" font-weight="bold" text-anchor="middle" fill="{}">{n}</text>"#,
                    cy + 6,
                    number_colour(n)
                );
            }
        }
        CellView::Flagged => {
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#9ca3af" stroke="#6b7280"/>"##
            );
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#111" stroke-width="2"/><polygon points="{},{} {},{} {},{}" fill="#dc2626"/>"##,
                cx - 3,
                y + 6,
                cx - 3,
                y + CELL - 6,
                cx - 3,
                y + 6,
                cx + 8,
                y + 11,
                cx - 3,
                y + 16
            );
        }
        CellView::Covered => {
            let p = map.at(id).unwrap_or(0.0);
            let (r, g, b) = heat_colour(p);
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="rgb({r},{g},{b})" stroke="#374151"><title>{pos} P(mine) = {p:.6}</title></rect>"##
            );
            let _ = writeln!(
                s,
                r##"<text x="{cx}" y="{}" font-size="10" text-anchor="middle" fill="#111">{}%</text>"##,
                cy + 4,
                percent_label(p)
            );
        }
    }
    if layout.is_some_and(|l| l.is_mine(id)) && view.at(id) != CellView::Flagged {
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="4" fill="#111" stroke="#fff" stroke-width="1"/>"##,
            x + CELL - 6,
            y + 6
        );
    }
}

fn number_colour(n: u8) -> &'static str {
    match n {
        1 => "#1d4ed8",
        2 => "#15803d",
        3 => "#b91c1c",
        4 => "#6d28d9",
        5 => "#92400e",
        6 => "#0e7490",
        7 => "#111111",
        _ => "#4b5563",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
