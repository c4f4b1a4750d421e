#![no_main]
//! Fuzz target `config_ron`: see fuzz/checks.rs, `check_config_ron`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_config_ron(data));
