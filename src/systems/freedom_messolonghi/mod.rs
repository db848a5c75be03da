//! Freedom! Messolonghi 1825-1826 (Vangelis Bagiartakis): the Imperial player against
//! the Insurgents. Being built in layers: the components first (the reconstructed city
//! map, cannon targets, set-up, Surrounding Areas, tracks and the 100 cards), each
//! checked against the rules' constraints; the rules and the mail game follow. Not yet
//! listed among the systems a campaign can use.

pub mod data;
