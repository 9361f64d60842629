#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rummykit_fuzz::match_history(data));
