#![no_main]
//! Fuzz target `compare`: see fuzz/checks.rs, `check_compare`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_compare(data));
