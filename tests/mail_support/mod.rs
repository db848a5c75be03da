//! A tiny SMTP server on 127.0.0.1 for the sending tests: it speaks just enough SMTP
//! (greeting, EHLO, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and records what it
//! was given. Nothing here reaches beyond the loopback interface.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;

/// One mail the test server accepted.
#[derive(Clone, Debug, Default)]
pub struct Delivery {
    /// `user:password` from AUTH PLAIN, if the client logged in on this connection.
    pub auth: Option<String>,
    pub mail_from: String,
    pub rcpt_to: Vec<String>,
    /// The DATA with dot-stuffing undone; the final CRLF before "." belongs to the data.
    pub data: Vec<u8>,
}

pub struct Server {
    pub port: u16,
    deliveries: Arc<Mutex<Vec<Delivery>>>,
    /// While set, RCPT TO an address containing "reject" gets a 550.
    pub rejecting: Arc<AtomicBool>,
}

impl Server {
    /// Listens on a free loopback port; `offer_auth` adds AUTH PLAIN to the EHLO reply.
    pub fn start_with(offer_auth: bool) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let deliveries = Arc::new(Mutex::new(Vec::new()));
        let rejecting = Arc::new(AtomicBool::new(true));
        let (d, r) = (deliveries.clone(), rejecting.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let _ = session(stream, &d, &r, offer_auth);
            }
        });
        Server { port, deliveries, rejecting }
    }

    pub fn start() -> Server {
        Server::start_with(false)
    }

    pub fn deliveries(&self) -> Vec<Delivery> {
        self.deliveries.lock().unwrap().clone()
    }
}

fn session(
    stream: TcpStream,
    deliveries: &Mutex<Vec<Delivery>>,
    rejecting: &AtomicBool,
    offer_auth: bool,
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut out = stream.try_clone()?;
    let mut input = BufReader::new(stream);
    out.write_all(b"220 test.local ESMTP ready\r\n")?;
    let mut auth: Option<String> = None;
    let mut current = Delivery::default();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_string();
        let upper = command.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            if offer_auth {
                out.write_all(b"250-test.local\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n")?;
            } else {
                out.write_all(b"250-test.local\r\n250 8BITMIME\r\n")?;
            }
        } else if upper.starts_with("AUTH PLAIN") {
            let mut response = command["AUTH PLAIN".len()..].trim().to_string();
            if response.is_empty() {
                out.write_all(b"334 \r\n")?;
                let mut next = String::new();
                input.read_line(&mut next)?;
                response = next.trim().to_string();
            }
            let decoded = base64::engine::general_purpose::STANDARD.decode(response).unwrap_or_default();
            let parts: Vec<String> =
                decoded.split(|b| *b == 0).map(|p| String::from_utf8_lossy(p).into_owned()).collect();
            auth = Some(parts[1..].join(":"));
            out.write_all(b"235 2.7.0 accepted\r\n")?;
        } else if upper.starts_with("MAIL FROM:") {
            current = Delivery { auth: auth.clone(), mail_from: angle(&command), ..Delivery::default() };
            out.write_all(b"250 2.1.0 ok\r\n")?;
        } else if upper.starts_with("RCPT TO:") {
            let rcpt = angle(&command);
            if rejecting.load(Ordering::SeqCst) && rcpt.contains("reject") {
                out.write_all(b"550 5.1.1 no such mailbox here\r\n")?;
            } else {
                current.rcpt_to.push(rcpt);
                out.write_all(b"250 2.1.5 ok\r\n")?;
            }
        } else if upper == "DATA" {
            out.write_all(b"354 end with <CRLF>.<CRLF>\r\n")?;
            let mut data = Vec::new();
            loop {
                let mut l = Vec::new();
                if input.read_until(b'\n', &mut l)? == 0 {
                    return Ok(());
                }
                if l == b".\r\n" {
                    break;
                }
                let unstuffed = if l.starts_with(b"..") { &l[1..] } else { &l[..] };
                data.extend_from_slice(unstuffed);
            }
            current.data = data;
            deliveries.lock().unwrap().push(std::mem::take(&mut current));
            out.write_all(b"250 2.0.0 queued\r\n")?;
        } else if upper == "RSET" || upper == "NOOP" {
            current = Delivery::default();
            out.write_all(b"250 ok\r\n")?;
        } else if upper == "QUIT" {
            out.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            out.write_all(b"502 not implemented\r\n")?;
        }
    }
}

fn angle(command: &str) -> String {
    let start = command.find('<').map_or(0, |i| i + 1);
    let end = command[start..].find('>').map_or(command.len(), |i| start + i);
    command[start..end].to_string()
}
