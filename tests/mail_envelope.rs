//! The orders envelope as players really write it, and the player secrets.

use umpire::orders::{Envelope, hash_secret, new_secret, normalize_secret, parse_envelope, secret_matches};

fn ok(text: &str) -> Envelope {
    match parse_envelope(text) {
        Ok(env) => env,
        Err(errors) => panic!("unexpected errors: {errors:?}"),
    }
}

#[test]
fn the_usual_form() {
    let env =
        ok("GAME spring-1901\nPLAYER England\nSECRET K7QF-2M9X\nPHASE S1901M\nF LON-NTH\nA LVP-YOR\nEND\n");
    assert_eq!(env.game.as_deref(), Some("spring-1901"));
    assert_eq!(env.player.as_deref(), Some("England"));
    assert_eq!(env.secret.as_deref(), Some("K7QF-2M9X"));
    assert_eq!(env.phase.as_deref(), Some("S1901M"));
    assert_eq!(env.body, "F LON-NTH\nA LVP-YOR");
    assert_eq!(env.body_first_line, 5);
    assert!(env.ended);
    assert!(env.skipped.is_empty());
}

#[test]
fn messy_mail_from_a_phone() {
    // CRLF, tabs, odd case, colons, non-breaking and zero-width spaces, a greeting,
    // blank lines in the header, a quoted earlier reply in the middle, a signature.
    let text = "Hello umpire!\r\n\
                \r\n\
                \u{feff}game:\t spring-1901  \r\n\
                \r\n\
                Power\u{a0}FRANCE\r\n\
                password   zzzz 0000\r\n\
                \u{200b}Phase s1901m\r\n\
                \r\n\
                A PAR-BUR\r\n\
                > PLAYER Germany (quoted from last time)\r\n\
                A MAR S A PAR-BUR\r\n\
                \r\n\
                \tF BRE-MAO\r\n\
                Signoff\r\n\
                Sent from my phone\r\n\
                SECRET this is never read\r\n";
    let env = ok(text);
    assert_eq!(env.game.as_deref(), Some("spring-1901"));
    assert_eq!(env.player.as_deref(), Some("FRANCE"));
    assert_eq!(env.secret.as_deref(), Some("zzzz 0000"));
    assert_eq!(env.phase.as_deref(), Some("s1901m"));
    assert_eq!(env.skipped, vec![1]);
    assert_eq!(env.body_first_line, 9);
    // Quoted line 10 is kept as a blank line so numbering holds.
    assert_eq!(env.body, "A PAR-BUR\n\nA MAR S A PAR-BUR\n\n\tF BRE-MAO");
    let lines: Vec<&str> = text.split('\n').collect();
    for (i, body_line) in env.body.split('\n').enumerate() {
        if !body_line.is_empty() {
            assert_eq!(lines[env.body_first_line - 1 + i].trim_end_matches('\r'), body_line);
        }
    }
    assert!(env.ended);
    assert!(secret_matches(
        env.secret.as_deref().unwrap_or_default(),
        b"salt",
        &hash_secret("ZZZZ-OOOO", b"salt")
    ));
}

#[test]
fn njudge_signon() {
    let env = ok("signon Austria@spring-1901 qqqq-1111\nA VIE-GAL\nsignoff\n-- \nme\n");
    assert_eq!(env.player.as_deref(), Some("Austria"));
    assert_eq!(env.game.as_deref(), Some("spring-1901"));
    assert_eq!(env.secret.as_deref(), Some("qqqq-1111"));
    assert_eq!(env.body, "A VIE-GAL");
    assert_eq!(env.body_first_line, 2);

    // SIGNON and a separate line agreeing with it are fine.
    let env = ok("SIGNON Austria@spring-1901 QQQQ-1111\nGAME SPRING-1901\nA VIE-GAL\nEND");
    assert_eq!(env.body, "A VIE-GAL");

    let errors = parse_envelope("SIGNON Austria spring-1901\nA VIE-GAL\n").unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 1);
    assert!(errors[0].reason.contains("SIGNON"), "{}", errors[0].reason);
}

#[test]
fn duplicates_name_both_lines() {
    let text = "GAME spring-1901\nPLAYER England\nSECRET AAAA\n\nPLAYER france\nGAME Spring-1901\nSECRET aaaa\nF LON-NTH\n";
    let errors = parse_envelope(text).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, 5);
    assert_eq!(errors[0].text, "PLAYER france");
    assert!(errors[0].reason.contains("line 2"), "{}", errors[0].reason);
    assert!(errors[0].reason.contains("England"), "{}", errors[0].reason);
    assert!(errors[0].reason.contains("france"), "{}", errors[0].reason);

    // Secrets that normalize alike are the same secret; different ones are an error
    // that does not repeat either secret.
    assert!(parse_envelope("SECRET k7qf-2m9x\nPASSWORD K7QF 2M9X\nEND").is_ok());
    let errors = parse_envelope("SECRET AAAA\nPASSWORD BBBB\nEND").unwrap_err();
    assert_eq!(errors[0].line, 2);
    assert!(errors[0].reason.contains("line 1"));
    assert!(!errors[0].reason.contains("AAAA") && !errors[0].reason.contains("BBBB"));
}

#[test]
fn every_error_is_reported_at_once() {
    let text = "GAME\nPLAYER England\nPLAYER Italy\nA LON-YOR\nSECRET late\nEND";
    let errors = parse_envelope(text).unwrap_err();
    let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![1, 3, 5], "{errors:?}");
    assert!(errors[0].reason.contains("campaign"), "{}", errors[0].reason);
    assert!(errors[2].reason.contains("inside the orders"), "{}", errors[2].reason);
    assert_eq!(errors[2].text, "SECRET late");
    assert!(errors[1].to_string().starts_with("line 3: "));
}

#[test]
fn no_header_means_all_body() {
    let env = ok("\n\nA PAR-BUR\n> quoted\nA MAR-BUR\n");
    assert_eq!(env.game, None);
    assert_eq!(env.player, None);
    assert_eq!(env.body, "A PAR-BUR\n\nA MAR-BUR");
    assert_eq!(env.body_first_line, 3);
    assert!(!env.ended);
    assert!(env.skipped.is_empty());

    let env = ok("");
    assert_eq!(env.body, "");
    assert_eq!(env.body_first_line, 1);
}

#[test]
fn empty_body_and_end_variants() {
    let env = ok("GAME g\nPLAYER p\nSECRET s\nEND\nA PAR-BUR\n");
    assert_eq!(env.body, "");
    assert_eq!(env.body_first_line, 4);
    assert!(env.ended);

    // The signature separator ends the body even without END.
    let env = ok("GAME g\nA PAR-BUR\n--\nA signature line\n");
    assert_eq!(env.body, "A PAR-BUR");
    assert!(!env.ended);

    // An unquoted copy of the mail being answered is not read.
    let env = ok("GAME g\nA PAR-BUR\n\n-----Original Message-----\nFrom: umpire\nGAME other\n");
    assert_eq!(env.body, "A PAR-BUR");
    assert_eq!(env.game.as_deref(), Some("g"));

    // "END" must be alone on its line; words starting with END are orders text.
    let env = ok("GAME g\nENDURE\n  end  \nX\n");
    assert_eq!(env.body, "ENDURE");
    assert!(env.ended);

    // Quoted END does not end anything.
    let env = ok("GAME g\nA\n> END\nB\nEND\n");
    assert_eq!(env.body, "A\n\nB");
}

#[test]
fn words_like_keywords_are_not_headers() {
    // GAMES, PLAYERS, "Game-1" are not keywords; order lines starting with a
    // non-keyword word are body.
    let env = ok("GAME g\nPLAYERS are welcome\nA LON-YOR\n");
    assert_eq!(env.body, "PLAYERS are welcome\nA LON-YOR");
}

#[test]
fn secrets() {
    let salt = b"0123456789abcdef";
    let s = new_secret();
    assert_eq!(s.len(), 24, "{s}");
    let groups: Vec<&str> = s.split('-').collect();
    assert_eq!(groups.len(), 5);
    assert!(groups.iter().all(|g| g.len() == 4));
    assert!(s.chars().all(|c| c == '-' || "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains(c)));
    assert_ne!(new_secret(), s, "two secrets of 100 random bits collided");

    let stored = hash_secret(&s, salt);
    assert!(secret_matches(&s, salt, &stored));
    assert!(secret_matches(&s.to_lowercase().replace('-', " "), salt, &stored));
    assert!(!secret_matches(&s, b"another salt", &stored));
    let mut wrong: Vec<char> = s.chars().collect();
    if let Some(last) = wrong.last_mut() {
        *last = if *last == 'A' { 'B' } else { 'A' };
    }
    let wrong: String = wrong.into_iter().collect();
    assert!(!secret_matches(&wrong, salt, &stored));

    // The stored form is exactly SHA-256("umpire-secret-v1\n" + salt + normalized).
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"umpire-secret-v1\n");
    h.update(b"NaCl");
    h.update(b"K7QF2M9X8R4TPW3D6HJN");
    let expected: [u8; 32] = h.finalize().into();
    assert_eq!(hash_secret("k7qf-2m9x 8r4t-pw3d-6hjn", b"NaCl"), expected);
    assert_eq!(normalize_secret("oIl-O"), "0110");
    assert_eq!(hash_secret("L0", b""), hash_secret("io", b""));
}

#[test]
fn debug_output_hides_the_secret() {
    let env = ok("GAME g\nPLAYER p\nSECRET K7QF-2M9X\nEND\n");
    let shown = format!("{env:?}");
    assert!(!shown.contains("K7QF"), "{shown}");
    assert!(shown.contains("hidden"), "{shown}");
}
