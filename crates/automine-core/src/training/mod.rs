//! Training data: the `.npy` writer and the data set generator.

pub mod dataset;
pub mod npy;
