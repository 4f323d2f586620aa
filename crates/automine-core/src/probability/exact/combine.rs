//! Step 3 of the exact solver: combine the components by mine count and weigh each total by
//! the number of ways to place the remaining mines in the interior.
//!
//! With `W_j(m)` the weighted solutions of component `j` with `m` mines, the frontier holds
//! `k` mines in `W(k) = (W_1 ⊛ W_2 ⊛ …)(k)` ways, and the whole board has
//! `Z = Σ_k W(k) · C(n_I, M′ − k)` layouts, `n_I` interior cells and `M′` mines left.
//! For a cell of box `b` in component `j`:
//! `P = Σ_k (T_b ⊛ O_j)(k) · C(n_I, M′ − k) / (s_b · Z)` where `T_b` is the box's mine
//! tally and `O_j` the convolution of every other component. For an interior cell:
//! `P = Σ_k W(k) · C(n_I, M′ − k) · (M′ − k) / (n_I · Z)`.
//!
//! # Staying exact to double precision
//! `C(480, 99) ≈ 10^104` and boards up to 1024×1024 go far beyond any integer type, so
//! nothing here is an absolute count:
//! - every polynomial is divided by its largest coefficient after each convolution (a common
//!   factor of numerator and denominator);
//! - the binomials enter as ratios: `ln C(n, m+1) − ln C(n, m) = ln(n − m) − ln(m + 1)`,
//!   summed from the smallest `m` needed, then shifted so the largest term is `e^0`;
//! - a probability is computed as `mine / (mine + safe)` from two non-negative tallies
//!   (`w·k_b` and `w·(s_b − k_b)`), so it lies in `[0, 1]` by construction and is exactly `0`
//!   or `1` exactly when no layout puts a mine (or no layout leaves it safe) there.

use std::sync::Arc;

use crate::error::ProbabilityError;
use crate::probability::map::ProbabilityMap;

use super::enumerate::ComponentTally;
use super::frontier::Frontier;

/// `a ⊛ b`, divided by its largest coefficient.
fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    normalise(&mut out);
    out
}

fn normalise(v: &mut [f64]) {
    let max = v.iter().copied().fold(0.0, f64::max);
    if max > 0.0 {
        for x in v {
            *x /= max;
        }
    }
}

/// The weights of one component, trimmed after its largest possible mine count and
/// normalised.
fn weights_of(tally: &ComponentTally) -> Vec<f64> {
    let len = tally.weights.iter().rposition(|&w| w > 0.0).map_or(1, |i| i + 1);
    let mut w = tally.weights[..len].to_vec();
    normalise(&mut w);
    w
}

/// Fill `map` from the tallies of every component of `frontier` (in component order).
pub(crate) fn combine(
    frontier: &Frontier,
    tallies: &[Arc<ComponentTally>],
    map: &mut ProbabilityMap,
) -> Result<(), ProbabilityError> {
    let weights: Vec<Vec<f64>> = tallies.iter().map(|t| weights_of(t)).collect();
    let c = weights.len();
    let mut prefix = vec![vec![1.0]];
    for w in &weights {
        let next = convolve(&prefix[prefix.len() - 1], w);
        prefix.push(next);
    }
    let mut suffix = vec![vec![1.0]; c + 1];
    for j in (0..c).rev() {
        suffix[j] = convolve(&weights[j], &suffix[j + 1]);
    }
    let total = &prefix[c];
    let interior = frontier.interior.len() as i64;
    let mines_left = i64::from(frontier.mines_left);
    let g = interior_weights(total, interior, mines_left)?;

    for (j, (tally, component)) in tallies.iter().zip(&frontier.components).enumerate() {
        let others = convolve(&prefix[j], &suffix[j + 1]);
        let len = weights[j].len();
        // h[a] = Σ_k others[k] · g(a + k): the weight of "this component holds a mines".
        let h: Vec<f64> = (0..len)
            .map(|a| {
                others
                    .iter()
                    .enumerate()
                    .map(|(k, &o)| o * g.get(a + k).copied().unwrap_or(0.0))
                    .sum()
            })
            .collect();
        for (i, &b) in component.boxes.iter().enumerate() {
            let mine: f64 = h.iter().enumerate().map(|(m, h)| tally.mine_at(i, m) * h).sum();
            let safe: f64 = h.iter().enumerate().map(|(m, h)| tally.safe_at(i, m) * h).sum();
            if mine + safe <= 0.0 || !mine.is_finite() || !safe.is_finite() {
                let w = component.witnesses.first().map_or(0, |&w| w as usize);
                return Err(ProbabilityError::NoLayout {
                    at: map.dims().pos(frontier.witnesses[w].cell),
                });
            }
            let p = mine / (mine + safe);
            for &cell in &frontier.boxes[b as usize].cells {
                map.set(cell, p);
            }
        }
    }

    if interior > 0 {
        let (mut mine, mut safe) = (0.0, 0.0);
        for (k, (&t, &gk)) in total.iter().zip(&g).enumerate() {
            let left = (mines_left - k as i64) as f64;
            mine += t * gk * left;
            safe += t * gk * (interior as f64 - left);
        }
        let p = mine / (mine + safe);
        for &cell in &frontier.interior {
            map.set(cell, p);
        }
    }
    Ok(())
}

/// P(the interior holds `m` mines) for `m` in `0..=n_I`: the frontier holds `M′ − m` in
/// `W(M′ − m) · C(n_I, m)` layouts, normalised to sum to 1.
pub(crate) fn interior_mines(
    frontier: &Frontier,
    tallies: &[Arc<ComponentTally>],
) -> Result<Vec<f64>, ProbabilityError> {
    let total = tallies.iter().fold(vec![1.0], |acc, t| convolve(&acc, &weights_of(t)));
    let interior = frontier.interior.len() as i64;
    let mines_left = i64::from(frontier.mines_left);
    let g = interior_weights(&total, interior, mines_left)?;
    let mut mines = vec![0.0; frontier.interior.len() + 1];
    for (k, (&t, &gk)) in total.iter().zip(&g).enumerate() {
        let m = mines_left - k as i64;
        if (0..=interior).contains(&m) {
            mines[m as usize] += t * gk;
        }
    }
    let sum: f64 = mines.iter().sum();
    if sum > 0.0 {
        for x in &mut mines {
            *x /= sum;
        }
    }
    Ok(mines)
}

/// `g(k) ∝ C(n_I, M′ − k)` for every frontier total `k` that `total` allows and the mine count
/// admits, scaled so that `max_k total[k] · g(k) = 1`; 0 elsewhere.
fn interior_weights(total: &[f64], interior: i64, mines_left: i64) -> Result<Vec<f64>, ProbabilityError> {
    let k_max = total.len() as i64 - 1;
    let k_lo = (mines_left - interior).max(0);
    let k_hi = mines_left.min(k_max);
    let possible = |k: i64| k >= 0 && k <= k_max && total[k as usize] > 0.0;
    if k_lo > k_hi || !(k_lo..=k_hi).any(possible) {
        let min = (0..=k_max).find(|&k| possible(k)).unwrap_or(0);
        let max = (0..=k_max).rev().find(|&k| possible(k)).unwrap_or(0) + interior;
        return Err(ProbabilityError::MineCountUnreachable {
            mines_left: mines_left as u32,
            min: min as u64,
            max: max as u64,
        });
    }
    // lc[m − m_lo] = ln C(n_I, m) − ln C(n_I, m_lo) for m in m_lo..=m_hi.
    let (m_lo, m_hi) = (mines_left - k_hi, mines_left - k_lo);
    let mut lc = Vec::with_capacity((m_hi - m_lo + 1) as usize);
    let mut acc = 0.0;
    for m in m_lo..=m_hi {
        lc.push(acc);
        acc += ((interior - m) as f64).ln() - ((m + 1) as f64).ln();
    }
    let lw = |k: i64| lc[(mines_left - k - m_lo) as usize];
    let shift = (k_lo..=k_hi)
        .filter(|&k| possible(k))
        .map(|k| total[k as usize].ln() + lw(k))
        .fold(f64::NEG_INFINITY, f64::max);
    let mut g = vec![0.0; total.len()];
    for k in k_lo..=k_hi {
        if possible(k) {
            g[k as usize] = (lw(k) - shift).exp();
        }
    }
    Ok(g)
}

/// `ln C(n, k)` as a sum of ln ratios (`k ≤ n`).
pub(crate) fn ln_choose(n: usize, k: usize) -> f64 {
    let k = k.min(n - k);
    (0..k).map(|i| ((n - i) as f64).ln() - ((i + 1) as f64).ln()).sum()
}

/// The product of two polynomials in mine count, divided by its largest coefficient, and that
/// coefficient (0 when every coefficient is 0, and then the product is left undivided).
pub(crate) fn convolve_normalised(a: &[f64], b: &[f64]) -> (Vec<f64>, f64) {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    let peak = out.iter().copied().fold(0.0, f64::max);
    if peak > 0.0 {
        for x in &mut out {
            *x /= peak;
        }
    }
    (out, peak)
}

/// `ln Z`: the natural log of the number of layouts of the remaining mines consistent with the
/// view (components convolved by mine count, each total `k` times `C(n_I, M′ − k)`), tracked in
/// log space so that it never overflows. `−∞` when no layout fits.
pub(crate) fn ln_layouts(frontier: &Frontier, tallies: &[Arc<ComponentTally>]) -> f64 {
    // Convolve with a running ln scale: the true polynomial is `poly · e^{scale}`.
    let mut poly = vec![1.0];
    let mut scale = 0.0;
    for tally in tallies {
        let max = tally.weights.iter().copied().fold(0.0, f64::max);
        if max <= 0.0 {
            return f64::NEG_INFINITY;
        }
        let w: Vec<f64> = tally.weights.iter().map(|x| x / max).collect();
        scale += tally.ln_scale() + max.ln();
        let (raw, peak) = convolve_normalised(&poly, &w);
        if peak <= 0.0 {
            return f64::NEG_INFINITY;
        }
        scale += peak.ln();
        poly = raw;
    }
    let interior = frontier.interior.len();
    let mines_left = frontier.mines_left as usize;
    let ln_c = |m: usize| ln_choose(interior, m);
    let terms: Vec<f64> = poly
        .iter()
        .enumerate()
        .filter(|&(k, &t)| t > 0.0 && k <= mines_left && mines_left - k <= interior)
        .map(|(k, &t)| t.ln() + ln_c(mines_left - k))
        .collect();
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return f64::NEG_INFINITY;
    }
    scale + top + terms.iter().map(|t| (t - top).exp()).sum::<f64>().ln()
}
