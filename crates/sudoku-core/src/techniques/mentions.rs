//! [`Mentions`]: the cells and houses a step's sentence names, for a picture of the step (the
//! pattern's cells and houses highlighted beside its placements and eliminations).

use crate::layout::{House, Layout};
use crate::techniques::Step;

/// The cells (`r3c5`) and houses (`row 3`, `columns 2, 7`, `box 5`) named in a step's text, in
/// order of first mention, each once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mentions {
    /// Cells in reading order from 0.
    pub cells: Vec<usize>,
    /// Houses.
    pub houses: Vec<House>,
}

/// Read the number at the start of `bytes` (ASCII digits); its value and length.
fn number(bytes: &[u8]) -> Option<(usize, usize)> {
    let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if len == 0 || len > 3 {
        return None;
    }
    let value = bytes[..len].iter().fold(0usize, |v, &b| v * 10 + usize::from(b - b'0'));
    Some((value, len))
}

impl Step {
    /// The cells and houses this step's sentence names, on `layout`.
    ///
    /// ```
    /// use sudoku_core::{Grid, Layout, explain::{LogicalSolver, Settings}};
    /// use sudoku_core::layout::House;
    /// let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// let explanation = LogicalSolver::new(Settings::default()).explain(&grid);
    /// let step = &explanation.steps[0];
    /// let mentions = step.mentions(Layout::NINE);
    /// // Every placement's cell is named in the sentence.
    /// assert!(step.placements.iter().all(|p| mentions.cells.contains(&(p.cell as usize))));
    /// # Ok::<(), sudoku_core::ParseError>(())
    /// ```
    pub fn mentions(&self, layout: Layout) -> Mentions {
        let size = layout.size();
        let mut mentions = Mentions::default();
        let bytes = self.text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
            if starts_word
                && bytes[i] == b'r'
                && let Some((row, rl)) = number(&bytes[i + 1..])
                && bytes.get(i + 1 + rl) == Some(&b'c')
                && let Some((col, cl)) = number(&bytes[i + 2 + rl..])
            {
                if (1..=size).contains(&row) && (1..=size).contains(&col) {
                    let cell = (row - 1) * size + (col - 1);
                    if !mentions.cells.contains(&cell) {
                        mentions.cells.push(cell);
                    }
                }
                i += 2 + rl + cl;
                continue;
            }
            if starts_word {
                let rest = &self.text[i..];
                let kind = [
                    ("rows ", 0u8),
                    ("row ", 0),
                    ("columns ", 1),
                    ("column ", 1),
                    ("boxes ", 2),
                    ("box ", 2),
                ]
                .into_iter()
                .find(|(word, _)| rest.starts_with(word));
                if let Some((word, kind)) = kind {
                    // One number, or a list `1, 5` / `1 and 5`. A number after a separator
                    // belongs to the list only when a separator or punctuation follows it
                    // (in "in row 1, row 5, 4 lies only in", the 4 is a digit).
                    let mut j = i + word.len();
                    let mut first = true;
                    while let Some((n, len)) = number(&bytes[j..]) {
                        let after = &self.text[j + len..];
                        let ends_item = after.is_empty()
                            || after.starts_with([',', ':', ';', '.', ')'])
                            || after.starts_with(" and ");
                        if !first && !ends_item {
                            break;
                        }
                        first = false;
                        if (1..=size).contains(&n) {
                            let index = (n - 1) as u8;
                            let house = match kind {
                                0 => House::Row(index),
                                1 => House::Col(index),
                                _ => House::Box(index),
                            };
                            if !mentions.houses.contains(&house) {
                                mentions.houses.push(house);
                            }
                        }
                        j += len;
                        let tail = &self.text[j..];
                        if let Some(next) = [", ", " and ", ","].into_iter().find(|sep| tail.starts_with(sep)) {
                            j += next.len();
                        } else {
                            break;
                        }
                    }
                    i = j.max(i + 1);
                    continue;
                }
            }
            i += 1;
        }
        mentions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::Technique;

    fn step(text: &str) -> Step {
        Step {
            technique: Technique::NakedPair,
            placements: Vec::new(),
            eliminations: Vec::new(),
            text: text.to_owned(),
        }
    }

    #[test]
    fn names_cells_and_houses() {
        let m =
            step("Naked pair: in row 3, r3c1, r3c9 hold only 2, 7, so those digits leave the rest of row 3: r3c4<>2")
                .mentions(Layout::NINE);
        assert_eq!(m.cells, vec![18, 26, 21]);
        assert_eq!(m.houses, vec![House::Row(2)]);
    }

    #[test]
    fn a_digit_after_a_list_of_houses_is_not_a_house() {
        let m = step(
            "X-wing: in row 1, row 5, 4 lies only in column 2, column 8, so 4 leaves the rest of those lines: r2c2<>4",
        )
        .mentions(Layout::NINE);
        assert_eq!(
            m.houses,
            vec![House::Row(0), House::Row(4), House::Col(1), House::Col(7)]
        );
        assert_eq!(m.cells, vec![10]);
    }

    #[test]
    fn lists_of_houses() {
        let m = step("X-wing: in rows 1, 5, 4 lies only in columns 2 and 8 and box 9").mentions(Layout::NINE);
        assert_eq!(
            m.houses,
            vec![
                House::Row(0),
                House::Row(4),
                House::Col(1),
                House::Col(7),
                House::Box(8)
            ]
        );
        assert!(m.cells.is_empty());
    }

    #[test]
    fn ignores_out_of_range_and_words_containing_r() {
        let m = step("order r0c1 r10c2 hour r9c9").mentions(Layout::NINE);
        assert_eq!(m.cells, vec![80]);
    }
}
