//! The `umpire` command line: parses arguments, calls the library, prints.

mod cli;

/// mimalloc instead of the C library's allocator: a step's pictures and reports are
/// many short-lived strings of tens to hundreds of kilobytes, made on several threads,
/// where glibc's malloc spent a fifth of `verify --bundle`'s time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // The core finds each campaign's system in the registry; this build's games fill it.
    umpire::games::install();
    std::process::exit(cli::run());
}
