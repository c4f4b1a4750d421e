#![no_main]
//! Fuzz target `pgn`: see fuzz/checks.rs, `check_pgn`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_pgn(data));
