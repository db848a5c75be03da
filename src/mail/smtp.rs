//! Where outgoing mail goes over SMTP, written as a URL, and the rule that mail to a
//! remote server is always encrypted.
//!
//! * `smtp://[user@]host[:port]`: submission with STARTTLS (port 587). TLS is required,
//!   so a server or a man in the middle that hides STARTTLS cannot get the mail or the
//!   password in the clear; on a loopback host (a local relay) it is used if offered.
//! * `smtps://[user@]host[:port]`: TLS from the first byte (port 465).
//! * `smtp+plain://[user@]host[:port]`: no TLS (port 25), for loopback hosts only.
//!
//! The password never appears in the URL, where it would end up in shell history,
//! process lists and campaign files: it comes from the environment variable
//! `UMPIRE_SMTP_PASSWORD`, and a URL that carries one is refused.

use std::net::IpAddr;

use crate::error::{Context, Error};
use lettre::SmtpTransport;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};

/// The environment variable that holds the SMTP password.
pub const PASSWORD_VAR: &str = "UMPIRE_SMTP_PASSWORD";

/// How the connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// STARTTLS, required (opportunistic on loopback hosts).
    StartTls,
    /// TLS from the start.
    ImplicitTls,
    /// No TLS; loopback hosts only.
    Plain,
}

/// A parsed SMTP URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmtpUrl {
    pub security: Security,
    /// Host name or IP address (IPv6 without brackets).
    pub host: String,
    pub port: u16,
    /// User name for AUTH, percent-decoded (`gm%40example.org` is `gm@example.org`).
    pub user: Option<String>,
}

impl SmtpUrl {
    /// Is the server on this machine? Then nothing crosses a network.
    pub fn is_loopback(&self) -> bool {
        is_loopback_host(&self.host)
    }
}

/// Reads an SMTP URL; errors say what is wrong with it without repeating a password.
pub fn parse_smtp_url(url: &str) -> crate::error::Result<SmtpUrl> {
    let url = url.trim();
    let (scheme, rest) = url
        .split_once("://")
        .context("not an SMTP URL: it should start smtp://, smtps:// or smtp+plain://")?;
    let (security, default_port) = match scheme.to_ascii_lowercase().as_str() {
        "smtp" => (Security::StartTls, 587),
        "smtps" => (Security::ImplicitTls, 465),
        "smtp+plain" => (Security::Plain, 25),
        other => {
            return Err(Error::Mail(format!(
                "unknown SMTP URL scheme '{other}': use smtp://, smtps:// or smtp+plain://"
            )));
        }
    };
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    if rest.contains(['/', '?', '#']) {
        return Err(Error::Mail(
            "an SMTP URL is scheme://[user@]host[:port], with no path or options".into(),
        ));
    }
    let (user, host_port) = match rest.rsplit_once('@') {
        Some((userinfo, host_port)) => {
            if userinfo.contains(':') {
                return Err(Error::Mail(format!(
                    "the SMTP URL contains a password; remove it and set {PASSWORD_VAR} in the environment instead"
                )));
            }
            if userinfo.is_empty() {
                return Err(Error::Mail("the SMTP URL has an empty user name before '@'".into()));
            }
            (Some(percent_decode(userinfo)?), host_port)
        }
        None => (None, rest),
    };
    let (host, port) = split_host_port(host_port)?;
    let port = port.unwrap_or(default_port);
    if host.is_empty() {
        return Err(Error::Mail("the SMTP URL names no host".into()));
    }
    let parsed = SmtpUrl { security, host, port, user };
    if parsed.security == Security::Plain && !parsed.is_loopback() {
        return Err(Error::Mail(format!(
            "smtp+plain:// sends mail and password unencrypted, so it is only allowed to a server on this machine (localhost, 127.0.0.1, ::1), not to {}",
            parsed.host
        )));
    }
    Ok(parsed)
}

/// `host`, `host:port`, `[v6]` or `[v6]:port`.
fn split_host_port(text: &str) -> crate::error::Result<(String, Option<u16>)> {
    let (host, port) = if let Some(after) = text.strip_prefix('[') {
        let (host, after) =
            after.split_once(']').context("the SMTP URL has '[' without ']' around an IPv6 address")?;
        match after {
            "" => (host, None),
            _ => match after.strip_prefix(':') {
                Some(port) => (host, Some(port)),
                None => {
                    return Err(Error::Mail(format!(
                        "unexpected '{after}' after the IPv6 address in the SMTP URL"
                    )));
                }
            },
        }
    } else {
        match text.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (text, None),
        }
    };
    let port = match port {
        Some(p) => Some(
            p.parse::<u16>()
                .ok()
                .filter(|p| *p != 0)
                .with_context(|| format!("'{p}' is not a port number"))?,
        ),
        None => None,
    };
    Ok((host.to_string(), port))
}

fn percent_decode(text: &str) -> crate::error::Result<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .context("bad %-escape in the SMTP user name")?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).context("the SMTP user name is not UTF-8")
}

fn is_loopback_host(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// What a connection does about TLS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TlsRule {
    /// Never (smtp+plain to a loopback host).
    None,
    /// TLS from the first byte (smtps).
    Wrapper,
    /// STARTTLS if the server offers it (smtp to a loopback host).
    Opportunistic,
    /// STARTTLS or no mail at all (smtp to any other host).
    Required,
}

/// The TLS rule for `url`: encryption is optional only when nothing leaves the machine.
pub fn tls_rule(url: &SmtpUrl) -> TlsRule {
    match url.security {
        Security::Plain => TlsRule::None,
        Security::ImplicitTls => TlsRule::Wrapper,
        Security::StartTls if url.is_loopback() => TlsRule::Opportunistic,
        Security::StartTls => TlsRule::Required,
    }
}

/// The lettre transport for `url`, with the password from [`PASSWORD_VAR`].
pub fn smtp_transport(url: &SmtpUrl) -> crate::error::Result<SmtpTransport> {
    let password = std::env::var(PASSWORD_VAR).ok();
    smtp_transport_with(url, password)
}

/// The lettre transport for `url` and an explicit password. A user without a password
/// is an error; a password without a user is not used.
/// How long one SMTP exchange may take before `send` gives up on the server.
pub const SMTP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

pub fn smtp_transport_with(url: &SmtpUrl, password: Option<String>) -> crate::error::Result<SmtpTransport> {
    let tls_parameters = || {
        TlsParameters::new(url.host.clone()).with_context(|| format!("cannot set up TLS for {}", url.host))
    };
    let tls = match tls_rule(url) {
        TlsRule::None => Tls::None,
        TlsRule::Wrapper => Tls::Wrapper(tls_parameters()?),
        TlsRule::Opportunistic => Tls::Opportunistic(tls_parameters()?),
        TlsRule::Required => Tls::Required(tls_parameters()?),
    };
    // A server that never answers must not hold `send` (run from cron each minute) for
    // long: each exchange gives up after SMTP_TIMEOUT and the mail stays in the outbox.
    let mut builder = SmtpTransport::builder_dangerous(url.host.clone())
        .port(url.port)
        .tls(tls)
        .timeout(Some(SMTP_TIMEOUT));
    if let Some(user) = &url.user {
        let Some(password) = password else {
            return Err(Error::Mail(format!(
                "the SMTP URL names user '{user}' but {PASSWORD_VAR} is not set"
            )));
        };
        builder = builder.credentials(Credentials::new(user.clone(), password));
    }
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls() {
        let u = parse_smtp_url("smtp://gm%40example.org@mail.example.org").unwrap();
        assert_eq!(u.security, Security::StartTls);
        assert_eq!(u.port, 587);
        assert_eq!(u.user.as_deref(), Some("gm@example.org"));
        assert_eq!(u.host, "mail.example.org");

        let u = parse_smtp_url("smtps://mail.example.org").unwrap();
        assert_eq!((u.security, u.port, u.user), (Security::ImplicitTls, 465, None));

        let u = parse_smtp_url("smtp+plain://[::1]:2525/").unwrap();
        assert_eq!((u.security, u.host.as_str(), u.port), (Security::Plain, "::1", 2525));
        assert!(parse_smtp_url("smtp+plain://localhost").is_ok());
        assert!(parse_smtp_url("smtp+plain://127.0.0.2:25").is_ok());
    }

    #[test]
    fn refusals() {
        let err = parse_smtp_url("smtp://gm:hunter2@mail.example.org").unwrap_err().to_string();
        assert!(err.contains("password"), "{err}");
        assert!(!err.contains("hunter2"), "{err}");
        assert!(parse_smtp_url("smtp+plain://mail.example.org").is_err());
        assert!(parse_smtp_url("smtp+plain://localhost.example.org").is_err());
        assert!(parse_smtp_url("http://mail.example.org").is_err());
        assert!(parse_smtp_url("mail.example.org").is_err());
        assert!(parse_smtp_url("smtp://mail.example.org:99999").is_err());
        assert!(parse_smtp_url("smtp://mail.example.org/path").is_err());
        assert!(parse_smtp_url("smtp://@mail.example.org").is_err());
    }

    #[test]
    fn tls_is_optional_only_on_loopback() {
        let rule = |u: &str| parse_smtp_url(u).map(|u| tls_rule(&u)).unwrap();
        assert_eq!(rule("smtp://mail.example.org"), TlsRule::Required);
        assert_eq!(rule("smtp://10.0.0.1:25"), TlsRule::Required);
        assert_eq!(rule("smtp://localhost"), TlsRule::Opportunistic);
        assert_eq!(rule("smtp://[::1]:587"), TlsRule::Opportunistic);
        assert_eq!(rule("smtps://localhost"), TlsRule::Wrapper);
        assert_eq!(rule("smtps://mail.example.org"), TlsRule::Wrapper);
        assert_eq!(rule("smtp+plain://127.0.0.1"), TlsRule::None);
    }

    #[test]
    fn user_needs_password() {
        let u = parse_smtp_url("smtp://gm@127.0.0.1:2525").unwrap();
        assert!(smtp_transport_with(&u, None).is_err());
        assert!(smtp_transport_with(&u, Some("pw".into())).is_ok());
    }
}
