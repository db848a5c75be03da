//! What a GM publishes beyond the reports: the zine (one issue over several games)
//! and a campaign's archive site. Both read the public record only.

pub mod issue;
pub mod record;
pub mod site;
