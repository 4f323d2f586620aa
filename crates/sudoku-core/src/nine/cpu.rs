//! Run-time CPU-feature dispatch for the 9×9 engine's hot code: the one place of the crate
//! that uses `unsafe` (see the crate docs and docs/ARCHITECTURE.md for why and what it wins).
//!
//! The default `x86_64` target has no population-count instruction, so the greedy scoring's
//! `count_ones` compiles to a software count (≈14 instructions per scored placement), and no
//! BMI (`andn`, `blsr`, `tzcnt`, `shrx`), which the band rules' mask arithmetic uses. Nearly
//! every `x86_64` CPU in use has them; [`Cpu::detect`] checks, and [`Cpu::run`] runs a
//! [`Kernel`] (the propagation or the branching) inside a function compiled with
//! `#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]`, into which the kernel's
//! `#[inline(always)]` code is inlined, so the same source is generated twice: with those
//! instructions and without. Other targets compile the portable build only. (A closure would
//! not do: called from both wrappers, LLVM keeps it out of line, compiled without the
//! features.)

/// Code to generate twice: `run` and everything it calls must be `#[inline(always)]`.
pub(crate) trait Kernel {
    /// What the code returns.
    type Output;
    /// The code.
    fn run(self) -> Self::Output;
}

/// Which of the two builds of the hot code to run: the one with `popcnt`, `bmi1`, `bmi2` and
/// `lzcnt` only when the running CPU has all four (checked at run time), else the portable
/// one. The field is private, so a `Cpu` saying `features` exists only after a positive
/// detection: that invariant is what makes [`Cpu::run`] sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cpu {
    features: bool,
}

impl Cpu {
    /// The feature build when the running CPU has the four instructions (the standard
    /// library caches the detection, so this is cheap), else the portable one.
    pub(crate) fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        let features = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt");
        #[cfg(not(target_arch = "x86_64"))]
        let features = false;
        Cpu { features }
    }

    /// The portable build on every CPU.
    pub(crate) const fn portable() -> Self {
        Cpu { features: false }
    }

    /// Whether [`Cpu::run`] takes the feature build.
    pub(crate) const fn uses_features(self) -> bool {
        self.features
    }

    /// Run `body` in the feature build when this says the CPU has the instructions, else in
    /// the portable build.
    #[inline(always)]
    pub(crate) fn run<K: Kernel>(self, body: K) -> K::Output {
        #[cfg(target_arch = "x86_64")]
        if self.features {
            // SAFETY: `features` is set only by `Cpu::detect`, after
            // `is_x86_feature_detected!` reported each of `popcnt`, `bmi1`, `bmi2` and `lzcnt`
            // (the features `with_features` enables) on the running CPU, and the field is
            // private: the target-feature function can execute here.
            #[allow(unsafe_code)]
            return unsafe { with_features(body) };
        }
        portable(body)
    }
}

/// `body` generated with the hardware population count and the bit-manipulation
/// instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
#[inline(never)]
fn with_features<K: Kernel>(body: K) -> K::Output {
    body.run()
}

/// `body` generated for the plain target (out of line, like the feature build).
#[inline(never)]
fn portable<K: Kernel>(body: K) -> K::Output {
    body.run()
}
