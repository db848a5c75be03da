#!/usr/bin/env python3
"""The checking side of tests/e2e-mail.sh: reads Maildirs, campaign files and the
mail server's log, and builds the test mails from the fixtures in tests/e2e/mails/.

Everything here reads mail the way a strict mail program would (Python's `email`
package with the strict policy), so a reply that only a lenient parser accepts fails.
Standard library only. Each subcommand prints what it found; on a failed check it
prints one line saying why and exits 1.
"""

import argparse
import email
import email.policy
import hashlib
import json
import re
import sys
import time
import zlib
from email.generator import BytesGenerator
from email.parser import BytesParser
from io import BytesIO
from pathlib import Path

STRICT = email.policy.strict


class Failed(Exception):
    """A check that did not hold; the message says what was expected and found."""


# --- reading mail -----------------------------------------------------------------


def parse_strict(path):
    """Parses one mail file with the strict policy: any MIME defect is an error."""
    raw = Path(path).read_bytes()
    try:
        msg = BytesParser(policy=STRICT).parsebytes(raw)
        for part in msg.walk():
            if part.is_multipart():
                continue
            # Decoding each leaf makes bad base64, bad quoted-printable or a wrong
            # charset show up here rather than in a player's mail program.
            part.get_content()
    except Exception as e:  # the strict policy raises the defect itself
        raise Failed(f"{path}: not valid MIME under a strict parser: {e}")
    return msg


def body_text(msg):
    """The text/plain body of a mail, decoded."""
    part = msg.get_body(preferencelist=("plain",))
    if part is None:
        raise Failed("the mail has no text/plain part")
    return part.get_content()


def maildir_files(maildir):
    out = []
    for sub in ("new", "cur"):
        d = Path(maildir) / sub
        if d.is_dir():
            out.extend(p for p in d.iterdir() if p.is_file())
    return sorted(out)


def angle_ids(value):
    return re.findall(r"<([^<>\s]+)>", str(value or ""))


def matches(path, in_reply_to=None, subject=None):
    msg = BytesParser(policy=email.policy.default).parsebytes(Path(path).read_bytes())
    if in_reply_to is not None and in_reply_to not in angle_ids(msg["In-Reply-To"]):
        return False
    if subject is not None and subject not in str(msg["Subject"] or ""):
        return False
    return True


def find(maildir, in_reply_to=None, subject=None):
    return [p for p in maildir_files(maildir) if matches(p, in_reply_to, subject)]


# --- subcommands ----------------------------------------------------------------------


def cmd_wait(a):
    """Waits until COUNT mails matching the filters are in the Maildir."""
    deadline = time.monotonic() + a.timeout
    while True:
        found = find(a.maildir, a.in_reply_to, a.subject)
        if len(found) >= a.count:
            for p in found:
                print(p)
            return
        if time.monotonic() > deadline:
            raise Failed(
                f"{a.maildir}: {len(found)} mail(s) matching "
                f"{describe_filter(a)} after {a.timeout}s, expected {a.count}"
            )
        time.sleep(0.2)


def describe_filter(a):
    parts = []
    if a.in_reply_to:
        parts.append(f"In-Reply-To <{a.in_reply_to}>")
    if a.subject:
        parts.append(f"subject containing '{a.subject}'")
    return " and ".join(parts) or "anything"


def cmd_count(a):
    """Prints how many mails in the Maildirs match the filters."""
    print(sum(len(find(m, a.in_reply_to, a.subject)) for m in a.maildir))


def cmd_secret(a):
    """Prints the secret from a player's welcome mail."""
    for p in find(a.maildir, subject=a.subject):
        text = body_text(parse_strict(p))
        m = re.search(r"^Your secret:\s*(\S+)\s*$", text, re.M)
        if m:
            print(m.group(1))
            return
    raise Failed(f"{a.maildir}: no mail '{a.subject}' with a 'Your secret:' line")


def cmd_example(a):
    """Prints the example orders lines of a welcome mail: those between SECRET and END."""
    for p in find(a.maildir, subject=a.subject):
        lines = body_text(parse_strict(p)).splitlines()
        starts = [i for i, line in enumerate(lines) if line.strip().upper().startswith("SECRET ")]
        if not starts:
            continue
        example = []
        for line in lines[starts[0] + 1 :]:
            if line.strip().upper() == "END":
                break
            if line.strip():
                example.append(line.strip())
        if example:
            print("\n".join(example))
            return
    raise Failed(f"{a.maildir}: no mail '{a.subject}' with example orders")


def cmd_reply(a):
    """Checks one reply: valid MIME, threading, headers, and what its text says. Waits
    for it first: a mail umpire just sent may still be on its way through the server."""
    deadline = time.monotonic() + a.timeout
    found = find(a.maildir, a.in_reply_to, a.subject)
    while not found and time.monotonic() < deadline:
        time.sleep(0.2)
        found = find(a.maildir, a.in_reply_to, a.subject)
    if len(found) != 1:
        raise Failed(
            f"{a.maildir}: {len(found)} mail(s) matching {describe_filter(a)}, expected exactly 1"
        )
    path = found[0]
    msg = parse_strict(path)
    if a.in_reply_to and not a.skip_references:
        refs = angle_ids(msg["References"])
        if a.in_reply_to not in refs:
            raise Failed(f"{path}: References {refs} lacks <{a.in_reply_to}>")
    if a.auto_replied:
        v = str(msg["Auto-Submitted"] or "").strip().lower()
        if v != "auto-replied":
            raise Failed(f"{path}: Auto-Submitted is '{v}', expected auto-replied")
    if a.reply_to:
        addrs = [x.addr_spec.lower() for x in msg["Reply-To"].addresses] if msg["Reply-To"] else []
        if a.reply_to.lower() not in addrs:
            raise Failed(f"{path}: Reply-To is {addrs}, expected {a.reply_to}")
    if not msg["Message-ID"] or not msg["Date"]:
        raise Failed(f"{path}: a Message-ID and a Date are required")
    text = body_text(msg)
    for want in a.contains or []:
        if want not in text:
            raise Failed(f"{path}: the text lacks '{want}'")
    for unwanted in a.lacks or []:
        if unwanted in text:
            raise Failed(f"{path}: the text has '{unwanted}', which it must not")
    if a.print_receipt:
        m = re.search(r"^Receipt:\s*([0-9a-f]{64})\s*$", text, re.M)
        if not m:
            raise Failed(f"{path}: no receipt line")
        print(m.group(1))
    else:
        print(path)


def ledger(campaign):
    lines = (Path(campaign) / "ledger.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def input_entries(campaign, message_id):
    return [
        e
        for e in ledger(campaign)
        if e.get("event") == "input" and e.get("message_id") == message_id
    ]


def cmd_verdict(a):
    """Checks what the ledger says became of the mail with this Message-ID."""
    entries = input_entries(a.campaign, a.message_id)
    if len(entries) != a.inputs:
        raise Failed(
            f"ledger: {len(entries)} input(s) with Message-ID <{a.message_id}>, expected {a.inputs}"
        )
    verdicts = [e.get("verdict") for e in entries]
    first = verdicts[0]
    kind = first if isinstance(first, str) else next(iter(first), "?")
    if kind != a.expect:
        raise Failed(f"ledger: <{a.message_id}> was {first}, expected {a.expect}")
    for later in verdicts[1:]:
        if later != "duplicate":
            raise Failed(f"ledger: a repeat of <{a.message_id}> was {later}, expected duplicate")
    if a.expect == "accepted" and a.receipt and first.get("receipt") != a.receipt:
        raise Failed(f"ledger: receipt {first.get('receipt')}, but the reply said {a.receipt}")
    stored = Path(a.campaign) / entries[0]["file"]
    raw = stored.read_bytes()
    if hashlib.sha256(raw).hexdigest() != entries[0]["sha256"]:
        raise Failed(f"{stored}: does not hash to the ledger's sha256")
    if a.min_bytes and len(raw) < a.min_bytes:
        raise Failed(f"{stored}: {len(raw)} bytes stored, expected at least {a.min_bytes}")
    if a.max_bytes and len(raw) > a.max_bytes:
        raise Failed(f"{stored}: {len(raw)} bytes stored, expected at most {a.max_bytes}")
    if a.oversize and not raw.startswith(b"X-Umpire-Oversize: "):
        raise Failed(f"{stored}: an oversized mail is not marked with its size")
    inputs = {e["input"] for e in entries}
    accepts = [e for e in ledger(a.campaign) if e.get("event") == "accept" and e.get("input") in inputs]
    if a.expect != "accepted" and accepts:
        raise Failed(f"ledger: orders were stored for <{a.message_id}>: {accepts}")
    orders = [
        p
        for p in (Path(a.campaign) / "phases").glob("*/orders/*")
        if any(p.name.endswith(f"-{n:06}.txt") for n in inputs)
    ]
    if a.expect != "accepted" and orders:
        raise Failed(f"orders files exist for <{a.message_id}>: {orders}")
    print(f"{kind} {stored} {len(raw)} bytes")


def stored_copies(root, message_id):
    """Every stored input under root (campaign inboxes, unrouted/) with this Message-ID."""
    out = []
    for p in sorted(Path(root).glob("**/*.eml")):
        if p.parent.name not in ("inbox", "unrouted"):
            continue
        with open(p, "rb") as f:
            head = f.read(64 * 1024).split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
        msg = BytesParser(policy=email.policy.default).parsebytes(head + b"\n\n", headersonly=True)
        if message_id in angle_ids(msg["Message-ID"]):
            out.append(p)
    return out


def cmd_kept(a):
    """Checks that exactly one stored input under the games root has this Message-ID."""
    copies = stored_copies(a.root, a.message_id)
    if len(copies) != 1:
        raise Failed(f"<{a.message_id}> is stored {len(copies)} time(s) under {a.root}: {copies}")
    print(copies[0])


def umpire_mails(root):
    """Every mail umpire queued or sent under root, as (where, bytes): the files of
    outbox/ (and of sent/ in campaigns sent from before the pack), and the mails packed
    in sent/mail.pack, found through sent/index.jsonl (raw deflate, offset and length)."""
    for p in sorted(Path(root).glob("**/*.eml")):
        if p.parent.name in ("outbox", "sent"):
            yield str(p), p.read_bytes()
    for index in sorted(Path(root).glob("**/sent/index.jsonl")):
        pack = (index.parent / "mail.pack").read_bytes()
        for line in index.read_text().splitlines():
            try:
                e = json.loads(line)
            except ValueError:
                continue  # a torn line: its mail is sent again
            data = pack[e["offset"]:e["offset"] + e["packed"]]
            yield f"{index.parent}/{e['name']}", zlib.decompress(data, -15)


def cmd_unanswered(a):
    """Checks that nothing in any outbox or sent/ under a directory answers this Message-ID
    (with --to, nothing answers it at that address)."""
    hits = []
    for p, data in umpire_mails(a.root):
        msg = BytesParser(policy=email.policy.default).parsebytes(data)
        ids = angle_ids(msg["In-Reply-To"]) + angle_ids(msg["References"])
        to = [x.addr_spec.lower() for x in msg["To"].addresses] if msg["To"] else []
        if a.to and a.to.lower() not in to:
            continue
        if a.message_id in ids:
            hits.append(str(p))
    if hits:
        raise Failed(f"<{a.message_id}> was answered: {hits}")
    print("no answer")


def cmd_outgoing(a):
    """Checks how many mails umpire queued or sent (outbox/, sent/ under root) to an
    address with a subject containing some text. Unlike a Maildir, these are complete
    the moment `umpire send` returns, so a count of zero here means none was sent."""
    n = 0
    for _, data in umpire_mails(a.root):
        msg = BytesParser(policy=email.policy.default).parsebytes(data)
        to = [x.addr_spec.lower() for x in msg["To"].addresses] if msg["To"] else []
        if a.to.lower() in to and a.subject in str(msg["Subject"] or ""):
            n += 1
    if n != a.count:
        raise Failed(f"{n} mail(s) to {a.to} with '{a.subject}' queued or sent, expected {a.count}")
    print(n)


def cmd_listening(a):
    """Checks that every listening TCP socket on a port is bound to 127.0.0.1 (Linux)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, port = fields[1].rsplit(":", 1)
            if fields[3] == "0A" and int(port, 16) == a.port:  # 0A: LISTEN
                found.append(address)
    if not found:
        raise Failed(f"nothing listens on port {a.port}")
    others = [x for x in found if x != "0100007F"]  # 127.0.0.1, little-endian hex
    if others:
        raise Failed(f"port {a.port} is also bound to {others} (hex, as in /proc/net/tcp)")
    print(f"port {a.port}: 127.0.0.1 only")


def cmd_ledger_count(a):
    """Checks how many ledger entries of an event match KEY=VALUE filters."""
    want = dict(kv.split("=", 1) for kv in a.match)
    n = sum(
        1
        for e in ledger(a.campaign)
        if e.get("event") == a.event and all(str(e.get(k)) == v for k, v in want.items())
    )
    if n != a.count:
        raise Failed(f"ledger: {n} '{a.event}' entries matching {want}, expected {a.count}")
    print(n)


def cmd_faces(a):
    """Checks a report mail against the step's record: the chain element it reveals, each
    public die with its face, and each hidden die with its face only for those who may
    see it (the roller and the GM; the faces come from the GM-only state/<k>.events.json).
    """
    campaign = Path(a.campaign)
    record = json.loads((campaign / "reports" / str(a.step) / "public.json").read_text())
    public = [r for r in record["rolls"] if r.get("stream") == "public"]
    if len(public) != a.public_dice:
        raise Failed(f"step {a.step}: {len(public)} public dice in public.json, expected {a.public_dice}")
    found = find(a.maildir, subject=a.subject)
    if len(found) != 1:
        raise Failed(f"{a.maildir}: {len(found)} report(s) with subject '{a.subject}', expected 1")
    path = found[0]
    text = body_text(parse_strict(path))
    if record["chain_reveal"] not in text:
        raise Failed(f"{path}: the report does not show the chain element {record['chain_reveal']}")
    for r in public:
        shown = f"#{r['seq']} d{r['sides']} {r['label']}: {r['face']}"
        if shown not in text:
            raise Failed(f"{path}: the report lacks the public die '{shown}'")
    events = json.loads((campaign / "state" / f"{a.step}.events.json").read_text())
    for r in events.get("rolls", []):
        if r.get("stream") != "hidden":
            continue
        die = f"#{r['seq']} d{r['sides']} {r['label']}: "
        if a.viewer == "gm" or a.viewer in r.get("seen_by", []):
            if die + str(r["face"]) not in text:
                raise Failed(f"{path}: {a.viewer} may see the hidden die '{die}{r['face']}', not shown")
        elif die + "hidden" not in text or f"{r['label']}: {r['face']}" in text:
            raise Failed(f"{path}: the hidden die '{die}' is not shown as hidden to {a.viewer}")
    print(" ".join(str(r["face"]) for r in public))


def cmd_delivered(a):
    """Waits until the mail server's log says each queue id was delivered to the address."""
    deadline = time.monotonic() + a.timeout
    pending = set(a.queue_id)
    log = Path(a.log)
    while True:
        text = log.read_text(errors="replace") if log.exists() else ""
        for q in list(pending):
            for line in text.splitlines():
                if f" {q}: to=<{a.to}>" in line and "status=sent" in line:
                    pending.discard(q)
        if not pending:
            print("delivered")
            return
        if time.monotonic() > deadline:
            last = [
                line
                for line in text.splitlines()
                for q in pending
                if f" {q}: " in line and "to=<" in line
            ]
            raise Failed(
                f"not delivered to {a.to} after {a.timeout}s: {sorted(pending)}; "
                + (last[-1] if last else "no delivery attempt logged")
            )
        time.sleep(0.2)


def cmd_count_delivered(a):
    text = Path(a.log).read_text(errors="replace") if Path(a.log).exists() else ""
    print(sum(1 for line in text.splitlines() if f"to=<{a.to}>" in line and "status=sent" in line))


# --- building test mail ---------------------------------------------------------------


def render(fixture, values, pad_to=0):
    """A fixture mail with its {{NAME}} placeholders filled in, bodies encoded.

    Fixtures are written readable: a leaf part that carries `X-E2E-Encode: <cte>`
    holds its text in the clear, and is re-encoded here in the part's declared charset
    and that transfer encoding (base64, quoted-printable, 8bit), as a mail program would.
    """
    text = Path(fixture).read_text(encoding="utf-8")

    def fill(m):
        key = m.group(1)
        if key not in values:
            raise Failed(f"{fixture}: no value for {{{{{key}}}}}")
        return values[key]

    text = re.sub(r"\{\{([A-Z_]+)\}\}", fill, text)
    msg = BytesParser(policy=email.policy.default).parsebytes(text.encode("utf-8"))
    for part in msg.walk():
        cte = part["X-E2E-Encode"]
        if cte is None:
            continue
        cte = str(cte).strip()
        charset = part.get_content_charset() or "utf-8"
        subtype = part.get_content_subtype()
        disposition = part.get_content_disposition()
        filename = part.get_filename()
        content = part.get_payload(decode=True).decode("utf-8")
        del part["X-E2E-Encode"]
        part.set_content(
            content,
            subtype=subtype,
            charset=charset,
            cte=cte,
            disposition=disposition,
            filename=filename,
        )
    if pad_to:
        # Filler: a binary attachment large enough to bring the mail to pad_to bytes.
        out = serialize(msg)
        missing = max(0, pad_to - len(out))
        filler = hashlib.sha256(b"filler").digest() * ((missing * 3 // 4) // 32 + 1)
        msg.add_attachment(
            filler, maintype="application", subtype="octet-stream", filename="map-scan.bin"
        )
    return serialize(msg)


def serialize(msg):
    buf = BytesIO()
    BytesGenerator(buf, policy=email.policy.default.clone(linesep="\r\n")).flatten(msg)
    return buf.getvalue()


def cmd_render(a):
    values = dict(kv.split("=", 1) for kv in a.set or [])
    sys.stdout.buffer.write(render(a.fixture, values, a.pad_to))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)

    def filters(sp):
        sp.add_argument("--in-reply-to")
        sp.add_argument("--subject")

    sp = sub.add_parser("wait")
    sp.add_argument("maildir")
    sp.add_argument("--count", type=int, default=1)
    sp.add_argument("--timeout", type=float, default=20)
    filters(sp)
    sp.set_defaults(fn=cmd_wait)

    sp = sub.add_parser("count")
    sp.add_argument("maildir", nargs="+")
    filters(sp)
    sp.set_defaults(fn=cmd_count)

    sp = sub.add_parser("secret")
    sp.add_argument("maildir")
    sp.add_argument("--subject", default="Welcome")
    sp.set_defaults(fn=cmd_secret)

    sp = sub.add_parser("example")
    sp.add_argument("maildir")
    sp.add_argument("--subject", default="Welcome")
    sp.set_defaults(fn=cmd_example)

    sp = sub.add_parser("kept")
    sp.add_argument("root")
    sp.add_argument("message_id")
    sp.set_defaults(fn=cmd_kept)

    sp = sub.add_parser("outgoing")
    sp.add_argument("root")
    sp.add_argument("--to", required=True)
    sp.add_argument("--subject", required=True)
    sp.add_argument("--count", type=int, required=True)
    sp.set_defaults(fn=cmd_outgoing)

    sp = sub.add_parser("listening")
    sp.add_argument("port", type=int)
    sp.set_defaults(fn=cmd_listening)

    sp = sub.add_parser("ledger-count")
    sp.add_argument("campaign")
    sp.add_argument("event")
    sp.add_argument("count", type=int)
    sp.add_argument("match", nargs="*", metavar="KEY=VALUE")
    sp.set_defaults(fn=cmd_ledger_count)

    sp = sub.add_parser("reply")
    sp.add_argument("maildir")
    filters(sp)
    sp.add_argument("--auto-replied", action="store_true")
    sp.add_argument("--skip-references", action="store_true", help="do not require References")
    sp.add_argument("--timeout", type=float, default=20)
    sp.add_argument("--reply-to")
    sp.add_argument("--contains", action="append")
    sp.add_argument("--lacks", action="append")
    sp.add_argument("--print-receipt", action="store_true")
    sp.set_defaults(fn=cmd_reply)

    sp = sub.add_parser("verdict")
    sp.add_argument("campaign")
    sp.add_argument("message_id")
    sp.add_argument("expect", choices=["accepted", "refused", "ignored", "duplicate"])
    sp.add_argument("--inputs", type=int, default=1)
    sp.add_argument("--receipt")
    sp.add_argument("--min-bytes", type=int, default=0)
    sp.add_argument("--max-bytes", type=int, default=0)
    sp.add_argument("--oversize", action="store_true", help="the stored file is the marked beginning of an oversized mail")
    sp.set_defaults(fn=cmd_verdict)

    sp = sub.add_parser("unanswered")
    sp.add_argument("root")
    sp.add_argument("message_id")
    sp.add_argument("--to")
    sp.set_defaults(fn=cmd_unanswered)

    sp = sub.add_parser("faces")
    sp.add_argument("campaign")
    sp.add_argument("step", type=int)
    sp.add_argument("maildir")
    sp.add_argument("--subject", required=True)
    sp.add_argument("--public-dice", type=int, required=True)
    sp.add_argument("--viewer", required=True, help="the report's reader: a player or gm")
    sp.set_defaults(fn=cmd_faces)

    sp = sub.add_parser("delivered")
    sp.add_argument("log")
    sp.add_argument("to")
    sp.add_argument("queue_id", nargs="+")
    sp.add_argument("--timeout", type=float, default=30)
    sp.set_defaults(fn=cmd_delivered)

    sp = sub.add_parser("count-delivered")
    sp.add_argument("log")
    sp.add_argument("to")
    sp.set_defaults(fn=cmd_count_delivered)

    sp = sub.add_parser("render")
    sp.add_argument("fixture")
    sp.add_argument("--set", action="append", metavar="NAME=VALUE")
    sp.add_argument("--pad-to", type=int, default=0)
    sp.set_defaults(fn=cmd_render)

    a = p.parse_args()
    try:
        a.fn(a)
    except Failed as e:
        print(e)
        sys.exit(1)
    except (OSError, ValueError, KeyError, json.JSONDecodeError) as e:
        print(f"{type(e).__name__}: {e}")
        sys.exit(1)


if __name__ == "__main__":
    main()
