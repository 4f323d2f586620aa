//! A terminal rendering of a position: three characters per cell, with ANSI colours when
//! asked (the CLI asks when standard output is a terminal).

use std::fmt::Write;

use super::{heat_colour, percent_label};
use crate::layout::MineLayout;
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// Render `view`, optionally with P(mine) in percent on covered cells (`map`) and the true
/// mines marked `*` (`layout`, for pictures after the fact).
///
/// Each cell is right-aligned in a field of 4 characters with a map, 2 without: `3` a revealed
/// number, `·` a revealed zero, `F` a flag, `.` a covered cell, `37` a covered cell with its
/// P(mine) in percent (`0` and `100` only for certainties), `*` a mine shown from the layout.
/// With colour, covered cells are also shaded green → yellow → red by P(mine), and a true
/// mine under a percentage is underlined.
///
/// ```
/// use automine_core::{PlayerView, exact_probabilities, render::terminal::render_terminal};
/// let view: PlayerView = "3x1 1\n1..\n".parse()?;
/// let map = exact_probabilities(&view)?;
/// assert_eq!(render_terminal(&view, Some(&map), None, false), "   1 100   0\n");
/// assert_eq!(render_terminal(&view, None, None, false), " 1 . .\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render_terminal(
    view: &PlayerView,
    map: Option<&ProbabilityMap>,
    layout: Option<&MineLayout>,
    colour: bool,
) -> String {
    let dims = view.dims();
    let width = if map.is_some() { 4 } else { 2 };
    let mut out = String::new();
    for (i, id) in dims.ids().enumerate() {
        let mine = layout.is_some_and(|l| l.is_mine(id));
        let p = map.and_then(|m| m.at(id));
        let (text, style) = match view.at(id) {
            CellView::Revealed(0) => ("·".to_string(), "\x1b[2m".to_string()),
            CellView::Revealed(n) => (n.to_string(), format!("\x1b[1;{}m", number_colour(n))),
            CellView::Flagged => ("F".to_string(), "\x1b[1;31m".to_string()),
            CellView::Covered => {
                let text = match (p, mine) {
                    (Some(p), _) => percent_label(p),
                    (None, true) => "*".to_string(),
                    (None, false) => ".".to_string(),
                };
                let style = p.map_or_else(String::new, |p| {
                    let (r, g, b) = heat_colour(p);
                    let underline = if mine { ";4" } else { "" };
                    format!("\x1b[30;48;2;{r};{g};{b}{underline}m")
                });
                (text, style)
            }
        };
        let text = format!("{text:>width$}");
        if colour && !style.is_empty() {
            let _ = write!(out, "{style}{text}\x1b[0m");
        } else {
            out.push_str(&text);
        }
        if (i + 1) % dims.width().0 as usize == 0 {
            out.push('\n');
        }
    }
    out
}

/// The classic ANSI colour of a number (1 blue, 2 green, 3 red, …).
const fn number_colour(n: u8) -> u8 {
    match n {
        1 => 34,
        2 => 32,
        3 => 31,
        4 => 35,
        5 => 33,
        6 => 36,
        _ => 37,
    }
}
