#![no_main]
//! Fuzz target `time_control`: see fuzz/checks.rs, `check_time_control`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_time_control(data));
