//! Standard output that survives a closed pipe.
//!
//! `println!` panics when stdout is a pipe whose reader has gone (`umpire verify DIR |
//! head -1`), and a command killed by SIGPIPE halfway through `ingest a b c | true`
//! would skip the files after the first. Every line the command line prints goes
//! through [`write_out`] instead: a failed write is remembered, the command finishes its
//! work, and [`finish`] turns the lost output into an error and a non-zero exit.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

static LOST: AtomicBool = AtomicBool::new(false);
static QUIET: AtomicBool = AtomicBool::new(false);

/// Stops (or restarts) standard output: the demo plays its extra sample games quietly.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::SeqCst);
}

/// Writes `text` to standard output; a failure is recorded, not fatal.
pub fn write_out(text: std::fmt::Arguments<'_>) {
    if QUIET.load(Ordering::SeqCst) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if out.write_fmt(text).and_then(|_| out.flush()).is_err() {
        LOST.store(true, Ordering::SeqCst);
    }
}

/// Records output lost by a command that writes standard output itself (through its
/// own buffer, as `what-if --batch` does).
pub fn mark_lost() {
    LOST.store(true, Ordering::SeqCst);
}

/// The exit status, given the command's own: output that could not be written is an
/// error (1), reported on standard error.
pub fn finish(code: i32) -> i32 {
    if LOST.load(Ordering::SeqCst) {
        eprintln!("umpire: standard output was closed before everything was written (broken pipe)");
        return code.max(1);
    }
    code
}

/// `println!` through [`write_out`].
macro_rules! sayln {
    () => { $crate::cli::out::write_out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::cli::out::write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` through [`write_out`].
macro_rules! say {
    ($($arg:tt)*) => { $crate::cli::out::write_out(format_args!($($arg)*)) };
}

pub(crate) use {say, sayln};
