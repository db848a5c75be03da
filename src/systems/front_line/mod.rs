//! Front Line (Savage Game Designs): Red against Green. Being built in layers: the
//! components first (the reconstructed battlefields, the Attack Results Table with
//! its reconstructed Advantage column and icons, the supply cards and the
//! recommended set-ups), each checked against the rules' constraints; the turn, the
//! reactions and the mail game follow. Not yet listed among the systems a campaign
//! can use.

pub mod attack;
pub mod data;
pub mod movement;
