//! Playing against a UCI engine: the protocol as text, strength levels, the engine as a child process, and
//! what can go wrong, in words a player understands.

pub mod analyst;
pub mod error;
pub mod level;
pub mod process;
pub mod spec;
pub mod uci;

pub use error::{EngineError, Phase};
pub use level::{Level, Strength};
pub use process::{Callback, EngineHandle, EngineSpec, Limits, find_program};
