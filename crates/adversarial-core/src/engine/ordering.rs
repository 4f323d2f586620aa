//! Move ordering for the engine: the table's move first, then two killer moves per ply (moves
//! that caused a cutoff at the same ply), then moves by their history score (the sum of
//! depth² over the cutoffs they caused), then the game's own order.

/// Killer moves and history scores of one search.
#[derive(Debug, Clone)]
pub struct MoveOrdering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u64>,
    use_killers: bool,
    use_history: bool,
}

impl<M: Copy + PartialEq> MoveOrdering<M> {
    /// Ordering with killers and/or history switched on.
    pub fn new(use_killers: bool, use_history: bool) -> Self {
        Self {
            killers: Vec::new(),
            history: Vec::new(),
            use_killers,
            use_history,
        }
    }

    /// Forget everything (a new search), sizing the history for `move_indices` moves.
    pub fn reset(&mut self, move_indices: usize) {
        self.killers.clear();
        self.history.clear();
        if self.use_history {
            self.history.resize(move_indices, 0);
        }
    }

    /// Record that `mv` (history index `index`) refuted a node at `level` searched to `depth`.
    pub fn record_cutoff(&mut self, mv: M, index: Option<usize>, level: usize, depth: u32) {
        if self.use_killers {
            if self.killers.len() <= level {
                self.killers.resize(level + 1, [None, None]);
            }
            let slot = &mut self.killers[level];
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
        if let Some(i) = index
            && let Some(score) = self.history.get_mut(i)
        {
            let d = u64::from(depth.min(1 << 16));
            *score = score.saturating_add(d * d);
        }
    }

    /// Sort `moves` (stably, so ties keep the game's order): `hint` first, then killers of
    /// `level`, then by history. `index` gives each move's history index.
    pub fn sort(&self, moves: &mut [M], hint: Option<M>, level: usize, index: impl Fn(M) -> Option<usize>) {
        let killers = self.killers.get(level).copied().unwrap_or([None, None]);
        let key = |mv: M| -> u64 {
            if Some(mv) == hint {
                u64::MAX
            } else if self.use_killers && Some(mv) == killers[0] {
                u64::MAX - 1
            } else if self.use_killers && Some(mv) == killers[1] {
                u64::MAX - 2
            } else {
                index(mv)
                    .and_then(|i| self.history.get(i))
                    .map_or(0, |&h| h.min(u64::MAX - 3))
            }
        };
        // Insertion sort: move lists are short and mostly in order already.
        for i in 1..moves.len() {
            let mv = moves[i];
            let k = key(mv);
            let mut j = i;
            while j > 0 && key(moves[j - 1]) < k {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = mv;
        }
    }
}
