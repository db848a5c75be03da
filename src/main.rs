//! The `umpire` command line: parses arguments, calls the library, prints.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
