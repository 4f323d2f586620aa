//! Mine probabilities of a position: exact, the AutoMine teacher's estimate, and a brute-force
//! reference for tests.

pub mod brute_force;
pub mod exact;
pub mod map;
pub mod teacher;
