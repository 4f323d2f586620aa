//! Synthetic game trees: every node's branching, its end and its horizon value are derived
//! from a seed by a hash, so a tree is reproducible and needs no memory. Node identities are
//! drawn from a small range per ply, so the same node is reached by many paths (transpositions
//! for the tables to find).

use search_core::SearchSpace;

use crate::game::{Game, Outcome, Side};
use crate::games::mnk::mix;
use crate::score::{Evaluator, Value};

/// A random game tree.
///
/// ```
/// use adversarial_core::games::random_tree::{RandomTree, RandomValues};
/// use adversarial_core::algorithms::{minimax, negamax_alpha_beta};
/// use adversarial_core::{Game, Scoring, Utility};
/// use search_core::Budget;
/// let tree = RandomTree::new(7, 4, 8);
/// let scoring = Scoring::new(Utility::DISTANCE, RandomValues::new(7));
/// let root = tree.root();
/// let a = minimax(&tree, &root, 5, &scoring, &Budget::unlimited()).value.value;
/// let b = negamax_alpha_beta(&tree, &root, 5, &scoring, &Budget::unlimited()).value.value;
/// assert_eq!(a, tree.side_to_move(&root).colour() * b);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomTree {
    seed: u64,
    max_branching: u32,
    height: u32,
}

/// A node of a [`RandomTree`]: its identity and its depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TreeNode {
    id: u64,
    ply: u32,
}

/// Node identities per ply: small, so that paths meet.
const IDS_PER_PLY: u64 = 64;

impl RandomTree {
    /// A tree from `seed` with 1..=`max_branching` children per node (at least 1) and leaves
    /// no deeper than `height`.
    pub fn new(seed: u64, max_branching: u32, height: u32) -> Self {
        Self {
            seed,
            max_branching: max_branching.max(1),
            height,
        }
    }

    /// The root.
    pub fn root(&self) -> TreeNode {
        TreeNode { id: 0, ply: 0 }
    }

    fn node_hash(&self, node: &TreeNode) -> u64 {
        mix(node.id ^ u64::from(node.ply) << 40 ^ mix(self.seed))
    }
}

impl SearchSpace for RandomTree {
    type State = TreeNode;
    type Choice = u32;

    fn choices(&self, node: &TreeNode, out: &mut Vec<u32>) {
        if self.outcome(node).is_some() {
            return;
        }
        let branching = 1 + (self.node_hash(node) >> 8) as u32 % self.max_branching;
        out.extend(0..branching);
    }

    fn apply(&self, node: &mut TreeNode, choice: u32) {
        node.id = mix(self.node_hash(node) ^ u64::from(choice + 1)) % IDS_PER_PLY;
        node.ply += 1;
    }
}

impl Game for RandomTree {
    fn side_to_move(&self, node: &TreeNode) -> Side {
        if node.ply & 1 == 0 { Side::First } else { Side::Second }
    }

    fn outcome(&self, node: &TreeNode) -> Option<Outcome> {
        let h = self.node_hash(node);
        if node.ply >= self.height || (node.ply > 0 && h.is_multiple_of(7)) {
            Some(match (h >> 20) % 3 {
                0 => Outcome::Draw,
                1 => Outcome::Win(Side::First),
                _ => Outcome::Win(Side::Second),
            })
        } else {
            None
        }
    }

    fn ply(&self, node: &TreeNode) -> u32 {
        node.ply
    }

    fn hash(&self, node: &TreeNode) -> Option<u64> {
        Some(self.node_hash(node))
    }

    fn move_index(&self, choice: u32) -> Option<usize> {
        Some(choice as usize)
    }

    fn move_index_bound(&self) -> usize {
        self.max_branching as usize
    }
}

/// Seeded random horizon values in −100..=100 for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomValues {
    seed: u64,
}

impl RandomValues {
    /// Values derived from `seed`.
    pub fn new(seed: u64) -> Self {
        Self { seed }
    }
}

impl Evaluator<RandomTree> for RandomValues {
    fn evaluate(&self, tree: &RandomTree, node: &TreeNode) -> Value {
        (mix(tree.node_hash(node) ^ self.seed) % 201) as Value - 100
    }
}
