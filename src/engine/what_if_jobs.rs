//! `umpire what-if SYSTEM --batch`: one job a line of JSON in, one result a line out,
//! in order; a bad line gets an error line and the batch goes on.
//!
//! A job is `{"id": ..., "position": P, "orders": O}`. `P` is the position file's
//! text as a JSON string, or the position as a JSON object (for Diplomacy: `phase`,
//! `units`, `dislodged`, `centres`, `contested`, see its what-if module). `O` is the
//! orders text as one string (lines separated by `\n`) or an array of order lines.
//! The answer is `{"id": ..., "result": {...}}`, or `{"id": ..., "error": "..."}` when
//! the job cannot be adjudicated (its position is malformed, or names what the map
//! does not hold), or `{"line": N, "error": "not a job line: ..."}` when the line is
//! not a job at all (not JSON, no position, orders neither a text nor lines).
//!
//! A batch may hold many thousands of phases, so the line is read in place: the
//! position object and the order lines reach the system as slices of the job line
//! (a string is copied only when it holds escapes), and the answers go through one
//! buffered writer that is flushed at the end, or when reading stops on an error.
//! A system with a job reader of its own ([`WhatIfTool::job`]) reads the position
//! object as its own type while the line is read ([`JobOf`]), once.

use std::borrow::Cow;
use std::io::{BufRead, Write};

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::{WhatIfOutput, WhatIfTool};

/// A string of a job, borrowed from the job line when it holds no escapes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Text<'a>(pub Cow<'a, str>);

impl AsRef<str> for Text<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Text<'a>, D::Error> {
        struct Str<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for Str<'a> {
            type Value = Text<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Text<'a>, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }
        d.deserialize_str(Str(std::marker::PhantomData))
    }
}

/// The orders of a job: one text, or its lines.
enum Orders<'a> {
    Text(Text<'a>),
    Lines(Vec<Text<'a>>),
}

impl<'de: 'a, 'a> Deserialize<'de> for Orders<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Orders<'a>, D::Error> {
        struct Either<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for Either<'a> {
            type Value = Orders<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the orders as one string or as an array of lines")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Orders<'a>, E> {
                Ok(Orders::Text(Text(Cow::Borrowed(v))))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Orders<'a>, E> {
                Ok(Orders::Text(Text(Cow::Owned(v.to_owned()))))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Orders<'a>, E> {
                Ok(Orders::Text(Text(Cow::Owned(v))))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Orders<'a>, A::Error> {
                let mut lines = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
                while let Some(line) = seq.next_element::<Text<'a>>()? {
                    lines.push(line);
                }
                Ok(Orders::Lines(lines))
            }
        }
        d.deserialize_any(Either(std::marker::PhantomData))
    }
}

/// A job line as the general reader reads it: the id, the orders, and the position
/// still as JSON text (the system reads it), so that a malformed position is answered
/// under the job's id.
type Job<'a> = JobOf<'a, &'a RawValue>;

/// A job line with its position read as `P` (other fields are passed over): as JSON
/// text for the general reader ([`Job`]), or in one pass as a system's own position
/// type, for its [`WhatIfTool::job`].
#[derive(Deserialize)]
#[serde(bound(deserialize = "P: Deserialize<'de>, 'de: 'a"))]
pub struct JobOf<'a, P> {
    #[serde(default)]
    pub id: serde_json::Value,
    pub position: P,
    #[serde(borrow)]
    orders: Orders<'a>,
}

impl<'a, P: Deserialize<'a>> JobOf<'a, P> {
    /// The job of `line`, or `None` when the line is not such a job (the general
    /// reader then answers it, with the reason).
    pub fn read(line: &'a str) -> Option<JobOf<'a, P>> {
        serde_json::from_str(line).ok()
    }

    /// The order lines, as the general reader hands them over.
    pub fn order_lines(&self) -> Vec<&str> {
        self.orders.lines()
    }
}

impl Orders<'_> {
    fn lines(&self) -> Vec<&str> {
        match self {
            Orders::Text(t) => vec![t.as_ref()],
            Orders::Lines(l) => l.iter().map(AsRef::as_ref).collect(),
        }
    }
}

/// Why a batch stopped early.
#[derive(Debug)]
pub enum Stopped {
    /// The jobs could not be read (what was answered before is written out).
    Reading(std::io::Error),
    /// The answers could not be written (standard output closed).
    Writing(std::io::Error),
}

/// How many job lines make one piece of work for a thread of [`run_on`]: enough that
/// handing it over is nothing beside the work, few enough that every thread has some.
const SHARE: usize = 32;

/// The answers to one piece of work, as its thread wrote them.
type Answers = std::io::Result<Vec<u8>>;

/// One piece of work: the number of its first line, its lines, and where its answers go.
type Work = (usize, Share, std::sync::mpsc::SyncSender<Answers>);

/// A piece of work's lines, read one after another into one buffer: one allocation a
/// piece rather than one a line, freed by the thread that answers them.
#[derive(Default)]
struct Share {
    text: Vec<u8>,
    /// Where each line ends in `text`.
    ends: Vec<usize>,
}

impl Share {
    fn lines(&self) -> impl Iterator<Item = &[u8]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(self.ends.iter().copied()).map(|(a, b)| self.text.get(a..b).unwrap_or_default())
    }

    fn len(&self) -> usize {
        self.ends.len()
    }
}

/// Answers every job line of `input` on `out`, in order, on `workers` threads (one:
/// this one). Each job is independent of the others, so a batch answers as fast as
/// the machine has cores; the answers still come out in the order of the lines, the
/// same bytes whatever the number of threads.
///
/// One thread reads the lines, [`SHARE`] at a time, while the others answer them, so
/// a batch fed through a pipe is answered as it arrives. Each piece of work carries
/// the channel its answers come back on, and those channels are queued in the order
/// of the pieces: this thread writes each piece's answers in turn, and the reader can
/// be only a few pieces ahead of it, so memory stays bounded however long the batch.
/// When the answers cannot be written, the queue closes and the reader and the
/// threads stop.
pub fn run_on<R: BufRead + Send, W: Write>(
    what_if: WhatIfTool,
    input: R,
    out: &mut W,
    workers: usize,
) -> Result<(), Stopped> {
    use std::sync::mpsc::{Receiver, sync_channel};
    if workers <= 1 {
        return run(what_if, input, out);
    }
    let (work_tx, work_rx) = sync_channel::<Work>(workers * 2);
    let (order_tx, order_rx) = sync_channel::<Receiver<Answers>>(workers * 4);
    let work_rx = std::sync::Mutex::new(work_rx);
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || read_shares(input, &work_tx, &order_tx));
        let threads: Vec<_> = (0..workers)
            .map(|_| {
                let work_rx = &work_rx;
                scope.spawn(move || {
                    loop {
                        let work = match work_rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        let Ok((first, lines, back)) = work else { return };
                        let mut buf = Vec::with_capacity(lines.len() * 2048);
                        let answered = lines
                            .lines()
                            .enumerate()
                            .try_for_each(|(i, line)| answer(what_if, first + i, trim_end(line), &mut buf))
                            .map(|()| buf);
                        // The writer may have stopped; the reader then stops too.
                        let _ = back.send(answered);
                    }
                })
            })
            .collect();
        let mut written = Ok(());
        for answers in order_rx.iter() {
            let answers =
                answers.recv().unwrap_or_else(|_| Err(std::io::Error::other("a batch thread stopped")));
            written = answers.and_then(|a| out.write_all(&a));
            if written.is_err() {
                break;
            }
        }
        // Closing the queue stops the reader, which stops the threads.
        drop(order_rx);
        let failed = reader.join().unwrap_or(None);
        for t in threads {
            let _ = t.join();
        }
        written.map_err(Stopped::Writing)?;
        out.flush().map_err(Stopped::Writing)?;
        match failed {
            Some(e) => Err(Stopped::Reading(e)),
            None => Ok(()),
        }
    })
}

/// The reader of [`run_on`]: sends the lines of `input` as pieces of work, each with
/// its answers' channel queued on `order`; the error that stopped reading, if any
/// (after the lines read before it have gone out).
fn read_shares<R: BufRead>(
    mut input: R,
    work: &std::sync::mpsc::SyncSender<Work>,
    order: &std::sync::mpsc::SyncSender<std::sync::mpsc::Receiver<Answers>>,
) -> Option<std::io::Error> {
    let mut number = 0;
    // The size of the last piece, to read the next into a buffer that fits.
    let mut size = 0;
    loop {
        let mut lines = Share { text: Vec::with_capacity(size), ends: Vec::with_capacity(SHARE) };
        let mut failed = None;
        while lines.len() < SHARE {
            match input.read_until(b'\n', &mut lines.text) {
                Ok(0) => break,
                Ok(_) => lines.ends.push(lines.text.len()),
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        size = lines.text.len() + lines.text.len() / 8;
        let (n, first) = (lines.len(), number + 1);
        number += n;
        if n > 0 {
            let (back, answers) = std::sync::mpsc::sync_channel(1);
            if order.send(answers).is_err() || work.send((first, lines, back)).is_err() {
                // The writer stopped: nothing more will be written.
                return failed;
            }
        }
        if failed.is_some() || n < SHARE {
            return failed;
        }
    }
}

/// A job line without its line ending (`\n` or `\r\n`).
fn trim_end(line: &[u8]) -> &[u8] {
    match line.strip_suffix(b"\n") {
        Some(l) => l.strip_suffix(b"\r").unwrap_or(l),
        None => line,
    }
}

/// Answers every job line of `input` on `out`, in order, through the one buffer of
/// `out`; flushes it at the end and when reading fails.
pub fn run<R: BufRead, W: Write>(what_if: WhatIfTool, mut input: R, out: &mut W) -> Result<(), Stopped> {
    let mut buf = Vec::with_capacity(16 * 1024);
    let mut number = 0;
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                out.flush().map_err(Stopped::Writing)?;
                return Err(Stopped::Reading(e));
            }
        }
        number += 1;
        answer(what_if, number, trim_end(&buf), out).map_err(Stopped::Writing)?;
    }
    out.flush().map_err(Stopped::Writing)
}

/// Answers one job line (`number` counts from 1); a blank line gets no answer.
pub fn answer<W: Write>(what_if: WhatIfTool, number: usize, line: &[u8], out: &mut W) -> std::io::Result<()> {
    let line = match std::str::from_utf8(line) {
        Ok(l) => l,
        Err(e) => return not_a_job(out, number, &format!("not UTF-8 ({e})")),
    };
    if line.trim().is_empty() {
        return Ok(());
    }
    if let Some(read) = what_if.job
        && let Some((id, result)) = read(line)
    {
        return write_answer(out, &id, result.map_err(|e| format!("{e:#}")));
    }
    let job: Job<'_> = match serde_json::from_str(line) {
        Ok(j) => j,
        Err(e) => return not_a_job(out, number, &e.to_string()),
    };
    write_answer(out, &job.id, adjudicate(what_if, &job))
}

/// A job's answer line: its result, or why there is none.
fn write_answer<W: Write>(
    out: &mut W,
    id: &serde_json::Value,
    result: Result<String, String>,
) -> std::io::Result<()> {
    match result {
        Ok(result) => {
            // The result is already one line of JSON: put it in place, unparsed.
            out.write_all(b"{\"id\":")?;
            serde_json::to_writer(&mut *out, id)?;
            out.write_all(b",\"result\":")?;
            out.write_all(result.as_bytes())?;
            out.write_all(b"}\n")
        }
        Err(e) => {
            serde_json::to_writer(&mut *out, &serde_json::json!({"id": id, "error": e}))?;
            out.write_all(b"\n")
        }
    }
}

fn not_a_job<W: Write>(out: &mut W, number: usize, why: &str) -> std::io::Result<()> {
    let line = serde_json::json!({"line": number, "error": format!("not a job line: {why}")});
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

/// Reads the job's position and orders in place and hands them to the system.
fn adjudicate(what_if: WhatIfTool, job: &Job<'_>) -> Result<String, String> {
    let raw = job.position.get();
    let position: Cow<'_, str> = match raw.as_bytes().first() {
        Some(b'{') => Cow::Borrowed(raw),
        Some(b'"') => serde_json::from_str::<Text<'_>>(raw).map_err(|e| format!("position: {e}"))?.0,
        _ => {
            return Err(format!(
                "position: expected the position file's text (a string) or a position object, found {raw}"
            ));
        }
    };
    (what_if.phase)(&position, &job.orders.lines(), WhatIfOutput::JsonLine).map_err(|e| format!("{e:#}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ECHO: WhatIfTool = WhatIfTool { phase: echo, job: None };

    /// A stand-in system: echoes what it was handed.
    fn echo(position: &str, orders: &[&str], _: WhatIfOutput) -> crate::engine::error::Result<String> {
        Ok(serde_json::json!({"position": position, "orders": orders}).to_string())
    }

    fn batch(input: &str) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        run(ECHO, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn a_position_object_and_order_lines_are_handed_over_as_written() {
        let out = batch(
            "{\"id\": 7, \"position\": {\"phase\": \"S1901M\"}, \"orders\": [\"England: F lon - nth\", \"A\\tB\"]}\n\n{\"id\": \"x\", \"position\": \"phase = 1\", \"orders\": \"a\\nb\"}\r\n",
        );
        assert_eq!(out.len(), 2);
        assert_eq!(out[0]["id"], 7);
        assert_eq!(out[0]["result"]["position"], "{\"phase\": \"S1901M\"}");
        assert_eq!(out[0]["result"]["orders"], serde_json::json!(["England: F lon - nth", "A\tB"]));
        assert_eq!(out[1]["result"]["position"], "phase = 1");
        assert_eq!(out[1]["result"]["orders"], serde_json::json!(["a\nb"]));
    }

    #[test]
    fn threads_answer_the_same_bytes_in_the_same_order() {
        // More lines than one share, some bad, a blank one and an unterminated last.
        let mut input = String::new();
        for i in 0..(2 * SHARE + 37) {
            match i % 7 {
                0 => input.push_str("nonsense\n"),
                3 => input.push('\n'),
                _ => input.push_str(&format!(
                    "{{\"id\": {i}, \"position\": {{\"n\": {i}}}, \"orders\": [\"x{i}\"]}}\r\n"
                )),
            }
        }
        input.push_str("{\"id\": \"last\", \"position\": \"p\", \"orders\": \"o\"}");
        let mut one = Vec::new();
        run(ECHO, input.as_bytes(), &mut one).unwrap();
        for workers in [2, 3, 8] {
            let mut many = Vec::new();
            run_on(ECHO, input.as_bytes(), &mut many, workers).unwrap();
            assert_eq!(String::from_utf8_lossy(&many), String::from_utf8_lossy(&one), "{workers} threads");
        }
        let answers: Vec<serde_json::Value> =
            String::from_utf8(one).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let last_bad = (0..2 * SHARE + 37).rev().find(|i| i % 7 == 0).unwrap() + 1;
        assert!(answers.iter().any(|a| a["line"] == last_bad), "line numbers count every line");
        assert_eq!(answers.last().unwrap()["result"]["orders"], serde_json::json!(["o"]));
    }

    #[test]
    fn bad_lines_are_answered_by_number_or_id() {
        let out = batch(
            "nonsense\n{\"id\": 3, \"position\": 12, \"orders\": \"\"}\n{\"id\": 4, \"position\": \"\", \"orders\": {}}\n",
        );
        assert_eq!(out[0]["line"], 1);
        assert!(out[0]["error"].as_str().unwrap().starts_with("not a job line"), "{}", out[0]);
        assert_eq!(out[1]["id"], 3);
        assert!(out[1]["error"].as_str().unwrap().contains("position object, found 12"), "{}", out[1]);
        // Orders that are neither a text nor lines make no job, as they always did.
        assert_eq!(out[2]["line"], 3);
        assert!(
            out[2]["error"].as_str().unwrap().contains("the orders as one string or as an array of lines")
        );
        let mut out = Vec::new();
        run(ECHO, &b"\xff\n"[..], &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("not UTF-8"));
    }
}
