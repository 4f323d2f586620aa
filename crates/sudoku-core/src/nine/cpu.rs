//! Runtime CPU-feature dispatch for the 9×9 engine's branching: the one place of the crate
//! that uses `unsafe` (see the crate docs and docs/ARCHITECTURE.md for why and what it wins).
//!
//! The default `x86_64` target has no population-count instruction, so the greedy scoring's
//! `count_ones` compiles to a software count (≈14 instructions per scored placement). Almost
//! every `x86_64` CPU in use has `popcnt`; [`Cpu::detect`] checks once, and [`Cpu::run`] runs
//! a [`Kernel`] inside a function compiled with `#[target_feature(enable = "popcnt")]`, into
//! which the kernel's `#[inline(always)]` code is inlined, so the same source is generated
//! twice: with the hardware instruction and without. Other targets compile the portable path
//! only. (A closure would not do: called from both wrappers, LLVM keeps it out of line,
//! compiled without the feature.)

/// Code to generate twice: `run` and everything it calls must be `#[inline(always)]`.
pub(crate) trait Kernel {
    /// What the code returns.
    type Output;
    /// The code.
    fn run(self) -> Self::Output;
}

/// Which of the two compilations of the branching code to run: the hardware-`popcnt` one
/// only when the running CPU has the instruction (checked at run time), else the portable one.
/// The field is private, so a `Cpu` saying `popcnt` exists only after a positive detection:
/// that invariant is what makes [`Cpu::run`] sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cpu {
    popcnt: bool,
}

impl Cpu {
    /// The fast path when the running CPU has `popcnt` (the detection is cached by the
    /// standard library, so this is cheap), else the portable one.
    pub(crate) fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        let popcnt = std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt");
        #[cfg(not(target_arch = "x86_64"))]
        let popcnt = false;
        Cpu { popcnt }
    }

    /// The portable path on every CPU.
    pub(crate) const fn portable() -> Self {
        Cpu { popcnt: false }
    }

    /// Whether [`Cpu::run`] takes the hardware-`popcnt` path.
    pub(crate) const fn uses_popcnt(self) -> bool {
        self.popcnt
    }

    /// Run `body`, generated with `popcnt` when this says the CPU has it.
    #[inline(always)]
    pub(crate) fn run<K: Kernel>(self, body: K) -> K::Output {
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // SAFETY: `popcnt` is set only by `Cpu::detect`, after
            // `is_x86_feature_detected!("popcnt")` reported the instruction on the running
            // CPU, and the field is private: the target-feature function can execute here.
            #[allow(unsafe_code)]
            return unsafe { with_popcnt(body) };
        }
        portable(body)
    }
}

/// `body` generated with the hardware population count.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
#[inline(never)]
fn with_popcnt<K: Kernel>(body: K) -> K::Output {
    body.run()
}

/// `body` generated for the plain target (out of line, like the fast path).
#[inline(never)]
fn portable<K: Kernel>(body: K) -> K::Output {
    body.run()
}
