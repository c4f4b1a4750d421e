#![no_main]
//! Fuzz target `clock_tag`: see fuzz/checks.rs, `check_clock_tag`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_clock_tag(data));
