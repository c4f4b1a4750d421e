#![no_main]
//! Fuzz target `uci`: see fuzz/checks.rs, `check_uci`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_uci(data));
