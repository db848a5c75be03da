//! The sample orders of `umpire demo --system andartes`: two full turns from
//! set-up, with players `gov` (Government) and `dse`. Each entry is
//! (step, phase id, player, body) and mirrors `games/andartes/demo/<step>-<phase>/<player>.txt`.
//!
//! Steps: 1 SETUP-POLITICS (no orders), 2 SETUP-GOV, 3 SETUP-DSE, 4 T1-INIT (no
//! orders), 5 T1-GOV, 6 T1-DSE, 7 T1-END (no orders), 8 T2-INIT (no orders),
//! 9 T2-GOV, 10 T2-DSE, 11 T2-END (no orders). The Government goes first in both
//! turns whoever chooses, because its file says INITIATIVE FIRST and the DSE's
//! INITIATIVE SECOND; the orders are accepted whatever the dice.

/// The demo campaign's players, Government first.
pub const PLAYERS: [&str; 2] = ["gov", "dse"];

/// Steps of the demo: two turns after set-up.
pub const STEPS: u32 = 11;

pub const ORDERS: &[(u32, &str, &str, &str)] = &[
    (
        2,
        "SETUP-GOV",
        "gov",
        include_str!("../../../games/andartes/demo/02-SETUP-GOV/gov.txt"),
    ),
    (
        3,
        "SETUP-DSE",
        "dse",
        include_str!("../../../games/andartes/demo/03-SETUP-DSE/dse.txt"),
    ),
    (
        5,
        "T1-GOV",
        "gov",
        include_str!("../../../games/andartes/demo/05-T1-GOV/gov.txt"),
    ),
    (
        6,
        "T1-DSE",
        "dse",
        include_str!("../../../games/andartes/demo/06-T1-DSE/dse.txt"),
    ),
    (
        9,
        "T2-GOV",
        "gov",
        include_str!("../../../games/andartes/demo/09-T2-GOV/gov.txt"),
    ),
    (
        10,
        "T2-DSE",
        "dse",
        include_str!("../../../games/andartes/demo/10-T2-DSE/dse.txt"),
    ),
];
