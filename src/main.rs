//! The `umpire` command line: parses arguments, calls the library, prints.

mod cli;

fn main() {
    // The core finds each campaign's system in the registry; this build's games fill it.
    umpire::games::install();
    std::process::exit(cli::run());
}
