//! The same small fully convolutional net as burn-bench: 5 conv 3x3 layers of 32 channels
//! (ReLU) and a 1x1 head, on batches of 32 random 12x16x16 inputs, BCE on logits,
//! AdamW lr 1e-3. Prints seconds per step after 5 warm-up steps.
use candle_core::{DType, Device, Module, Tensor};
use candle_nn::{AdamW, Conv2d, Conv2dConfig, Optimizer, ParamsAdamW, VarBuilder, VarMap, conv2d};
use std::time::Instant;

fn main() -> candle_core::Result<()> {
    let steps: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let dev = Device::Cpu;
    let varmap = VarMap::new();
    let vb = VarBuilder::from_varmap(&varmap, DType::F32, &dev);
    let cfg = Conv2dConfig { padding: 1, ..Default::default() };
    let convs: Vec<Conv2d> = (0..5)
        .map(|i| conv2d(if i == 0 { 12 } else { 32 }, 32, 3, cfg, vb.pp(format!("c{i}"))))
        .collect::<Result<_, _>>()?;
    let head = conv2d(32, 1, 1, Conv2dConfig::default(), vb.pp("head"))?;
    let mut opt = AdamW::new(varmap.all_vars(), ParamsAdamW { lr: 1e-3, ..Default::default() })?;
    let mut start = Instant::now();
    let mut last = 0.0;
    for step in 0..steps + 5 {
        if step == 5 {
            start = Instant::now();
        }
        let x = Tensor::rand(0f32, 1f32, (32, 12, 16, 16), &dev)?;
        let y = Tensor::rand(0f32, 1f32, (32, 1, 16, 16), &dev)?.ge(0.7)?.to_dtype(DType::F32)?;
        let mut h = x;
        for c in &convs {
            h = c.forward(&h)?.relu()?;
        }
        let logits = head.forward(&h)?;
        let loss = candle_nn::loss::binary_cross_entropy_with_logit(&logits, &y)?;
        opt.backward_step(&loss)?;
        last = loss.to_scalar::<f32>()?;
    }
    println!("candle: {:.2} ms/step over {steps} steps (last loss {last:.4})", start.elapsed().as_secs_f64() * 1e3 / steps as f64);
    Ok(())
}
