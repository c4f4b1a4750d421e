#![no_main]
//! Fuzz target `vocabulary`: see fuzz/checks.rs, `check_vocabulary`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_vocabulary(data));
