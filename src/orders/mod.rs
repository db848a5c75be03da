//! What a player sends: the envelope around the orders, and the secret that proves who
//! sent them.
//!
//! The envelope is the same for every system (GAME, PLAYER, SECRET, optional PHASE, a
//! body, END); the body is handed to the system's own parser with the line number it
//! started on, so every error names the line of the original mail or file.

pub mod envelope;
pub mod secret;

pub use envelope::{Envelope, EnvelopeError, parse_envelope};
pub use secret::{hash_secret, new_secret, normalize_secret, secret_matches};
