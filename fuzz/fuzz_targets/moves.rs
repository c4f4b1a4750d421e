#![no_main]
//! Fuzz target `moves`: see fuzz/checks.rs, `check_moves`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_moves(data));
