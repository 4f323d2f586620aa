//! The same small net as candle-bench, on burn's pure-Rust CPU backend (flex) with autodiff.
use burn::nn::PaddingConfig2d;
use burn::nn::conv::{Conv2d, Conv2dConfig};
use burn::optim::{AdamWConfig, GradientsParams};
use burn::prelude::*;
use burn::tensor::Distribution;
use burn::tensor::activation::relu;
use std::time::Instant;

#[derive(Module, Debug)]
struct Net {
    convs: Vec<Conv2d>,
    head: Conv2d,
}

impl Net {
    fn new(device: &Device) -> Self {
        let convs = (0..5)
            .map(|i| {
                Conv2dConfig::new([if i == 0 { 12 } else { 32 }, 32], [3, 3])
                    .with_padding(PaddingConfig2d::Explicit(1, 1, 1, 1))
                    .init(device)
            })
            .collect();
        let head = Conv2dConfig::new([32, 1], [1, 1]).init(device);
        Self { convs, head }
    }
    fn forward(&self, x: Tensor<4>) -> Tensor<4> {
        let mut h = x;
        for c in &self.convs {
            h = relu(c.forward(h));
        }
        self.head.forward(h)
    }
}

fn main() {
    let steps: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let device = Device::flex().autodiff();
    let mut model = Net::new(&device);
    let mut opt = AdamWConfig::new().init();
    let mut start = Instant::now();
    let mut last = 0.0f32;
    for step in 0..steps + 5 {
        if step == 5 {
            start = Instant::now();
        }
        let x = Tensor::<4>::random([32, 12, 16, 16], Distribution::Uniform(0.0, 1.0), &device);
        let y = Tensor::<4>::random([32, 1, 16, 16], Distribution::Bernoulli(0.3), &device);
        let z = model.forward(x);
        let loss = (z.clone().clamp_min(0.0) - z.clone() * y + (z.abs().neg().exp() + 1.0).log()).mean();
        last = loss.clone().into_scalar::<f32>();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = opt.step(1e-3, model, grads);
    }
    println!("burn: {:.2} ms/step over {steps} steps (last loss {last:.4})", start.elapsed().as_secs_f64() * 1e3 / steps as f64);
}
