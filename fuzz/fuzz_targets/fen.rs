#![no_main]
//! Fuzz target `fen`: see fuzz/checks.rs, `check_fen`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_fen(data));
