#!/usr/bin/env python3
"""Independent verifier for umpire's Trust v1 and v2 records (the README's "Trust, versions 1 and 2").

Written from the specification alone, with the Python standard library only, so that
an auditor can read it in one sitting and does not have to trust umpire's own code.

    verify_trust.py DIR                  public checks of a campaign directory
    verify_trust.py DIR --bundle FILE    public checks plus the GM's audit bundle
    verify_trust.py --vectors            print the worked test vectors as JSON
    verify_trust.py --self-test          ChaCha20, the zone rule, and tampering cases

Exit status 0 when everything matches; 1 at the first mismatch, which is named.
"""
import argparse
import base64
import binascii
import contextlib
import hashlib
import io
import json
import os
import shutil
import struct
import sys
import tempfile


class Mismatch(Exception):
    """The first thing in the record that does not match; stops verification."""


def H(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p)
    return h.digest()


# --- ChaCha20 (RFC 8439 block function), read the way rand_chacha's ChaCha20Rng reads it

MASK = 0xFFFFFFFF


def chacha20_block(key, tail):
    """One 64-byte block as 16 words; `tail` is words 12..15 (counter and nonce)."""
    init = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574, *struct.unpack("<8I", key), *tail]
    x = list(init)

    def qr(a, b, c, d):
        for p, q, r, n in ((a, b, d, 16), (c, d, b, 12), (a, b, d, 8), (c, d, b, 7)):
            x[p] = (x[p] + x[q]) & MASK
            v = x[r] ^ x[p]
            x[r] = ((v << n) | (v >> (32 - n))) & MASK

    for _ in range(10):
        qr(0, 4, 8, 12), qr(1, 5, 9, 13), qr(2, 6, 10, 14), qr(3, 7, 11, 15)
        qr(0, 5, 10, 15), qr(1, 6, 11, 12), qr(2, 7, 8, 13), qr(3, 4, 9, 14)
    return [(a + b) & MASK for a, b in zip(x, init)]


def keystream(key):
    """Words of ChaCha20Rng::from_seed(key): 64-bit block counter from 0, stream id 0."""
    counter = 0
    while True:
        yield from chacha20_block(key, (counter & MASK, counter >> 32, 0, 0))
        counter += 1


def roll(words, sides):
    """One die: reject words at or above the zone so every face is exactly as likely."""
    zone = 2**32 - (2**32 % sides)
    for w in words:
        if w < zone:
            return 1 + w % sides


# --- The Trust v1 formulas, byte for byte


def chain(top, length, keep):
    """x[0..keep] of the hash chain whose element x[length] is `top`."""
    xs, x = {}, top
    for i in range(length, -1, -1):
        if i <= keep:
            xs[i] = x
        if i:
            x = H(x)
    return [xs[i] for i in range(keep + 1)]


def chains(master, length, keep):
    return (chain(H(b"umpire-public\n", master), length, keep),
            chain(H(b"umpire-hidden\n", master), length, keep))


def receipt(hk, player, orders):
    salt = H(b"umpire-receipt\n", hk, player.encode(), b"\n", orders)[:16]
    return salt, H(salt, orders)


def orders_digest(receipts):
    """`receipts`: player -> receipt bytes, or None for a due player who sent nothing."""
    text = b"".join(p.encode() + b"\n" + (r.hex().encode() if r else b"none") + b"\n"
                    for p, r in sorted(receipts.items(), key=lambda pr: pr[0].encode()))
    return H(text)


def dice_key(hidden, campaign, k, chain_elem, digest, previous=None):
    """Version 1 without `previous`; version 2 with the bytes of the previous public
    record (reports/<k-1>/public.json, the announcement for step 1)."""
    if previous is None:
        tag = b"umpire-dice-v1-hidden\n" if hidden else b"umpire-dice-v1\n"
        return H(tag, campaign.encode(), b"\n", str(k).encode(), b"\n", chain_elem, digest)
    tag = b"umpire-dice-v2-hidden\n" if hidden else b"umpire-dice-v2\n"
    return H(tag, campaign.encode(), b"\n", str(k).encode(), b"\n", chain_elem, digest, H(previous))


def state_commitment(hk, state):
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return H(b"umpire-state-v1\n", hk, canonical.encode())


# --- Reading files strictly: a lenient parser would let two readers see two records


def _no_duplicate_keys(pairs):
    keys = [k for k, _ in pairs]
    dup = next((k for k in keys if keys.count(k) > 1), None)
    if dup is not None:
        raise ValueError(f"duplicate key {dup!r}")
    return dict(pairs)


def parse_json(data, where):
    def no_constant(name):
        raise ValueError(f"non-standard constant {name}")
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicate_keys,
                          parse_constant=no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise Mismatch(f"{where}: not valid JSON ({e})")


def load_json(path, where):
    try:
        with open(path, "rb") as f:
            return parse_json(f.read(), where)
    except OSError as e:
        raise Mismatch(f"{where}: cannot read ({e.strerror})")


HEX_DIGITS = set("0123456789abcdef")


def keys_exactly(obj, keys, where, optional=()):
    if not isinstance(obj, dict):
        raise Mismatch(f"{where}: expected a JSON object")
    missing = sorted(set(keys) - set(obj))
    extra = sorted(set(obj) - set(keys) - set(optional))
    if missing or extra:
        raise Mismatch(f"{where}: missing fields {missing}, unexpected fields {extra}")


def hex32(value, where):
    if not (isinstance(value, str) and len(value) == 64 and set(value) <= HEX_DIGITS):
        raise Mismatch(f"{where}: expected 64 lowercase hex digits, got {value!r}")
    return bytes.fromhex(value)


def integer(value, where, low, high):
    if type(value) is not int or not low <= value <= high:
        raise Mismatch(f"{where}: expected an integer in {low}..{high}, got {value!r}")
    return value


def text(value, where, framed=True):
    """A non-empty UTF-8 string. `framed` ones sit between newline separators in a hash
    input, where a newline inside would let two different records hash alike."""
    if not isinstance(value, str) or not value or (framed and "\n" in value):
        raise Mismatch(f"{where}: expected a non-empty string without newline, got {value!r}")
    try:
        value.encode()
    except UnicodeEncodeError:
        raise Mismatch(f"{where}: not encodable as UTF-8: {value!r}")
    return value


# --- Public checks

ANNOUNCEMENT = ("trust", "campaign", "step", "chain_length", "chain_public", "chain_hidden")
STEP = ("trust", "campaign", "step", "chain_previous", "chain_reveal", "receipts",
        "orders_digest", "rolls", "state_commitment")


def read_step(path, where, k, campaign, version="umpire-v1"):
    """Load reports/<k>/public.json and check its shape; hex fields become bytes."""
    rep = load_json(path, where)
    keys_exactly(rep, STEP, where)
    if rep["trust"] != version or rep["campaign"] != campaign:
        raise Mismatch(f"{where}: trust/campaign should be {version}/{campaign}")
    integer(rep["step"], f"{where}: step", k, k)
    for f in ("chain_previous", "chain_reveal", "orders_digest", "state_commitment"):
        rep[f] = hex32(rep[f], f"{where}: {f}")
    if not isinstance(rep["receipts"], list) or not isinstance(rep["rolls"], list):
        raise Mismatch(f"{where}: receipts and rolls must be lists")
    receipts = {}
    for i, e in enumerate(rep["receipts"]):
        keys_exactly(e, ("player", "receipt"), f"{where}: receipts[{i}]")
        player = text(e["player"], f"{where}: receipts[{i}].player")
        if player in receipts:
            raise Mismatch(f"{where}: player {player} listed twice in receipts")
        r = e["receipt"]
        receipts[player] = None if r is None else hex32(r, f"{where}: player {player}: receipt")
    rep["receipts"] = receipts
    rolls = {"public": [], "hidden": []}
    for i, e in enumerate(rep["rolls"]):
        w = f"{where}: rolls[{i}]"
        stream = e.get("stream") if isinstance(e, dict) else None
        if stream not in rolls:
            raise Mismatch(f"{w}: stream must be \"public\" or \"hidden\"")
        if stream == "hidden" and "face" in e:
            raise Mismatch(f"{w}: hidden roll seq {e.get('seq')!r} publishes its face")
        shown = ("face",) if stream == "public" else ()
        keys_exactly(e, ("stream", "seq", "label", "sides") + shown, w)
        integer(e["seq"], f"{w}.seq", 0, 2**63)
        text(e["label"], f"{w}.label", framed=False)
        integer(e["sides"], f"{w}.sides", 2, 2**31)
        if stream == "public":
            integer(e["face"], f"{w}.face (seq {e['seq']})", 1, e["sides"])
        rolls[stream].append(e)
    for stream, rs in rolls.items():
        rs.sort(key=lambda e: e["seq"])
        if [e["seq"] for e in rs] != list(range(len(rs))):
            raise Mismatch(f"{where}: {stream} rolls not numbered 0..{len(rs) - 1} without "
                           f"gaps or repeats: seq {[e['seq'] for e in rs]}")
    rep["rolls"] = rolls
    return rep


def check_ledger(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Mismatch(f"ledger.jsonl: cannot read ({e.strerror})")
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    prev = "0" * 64
    entries = []
    for n, line in enumerate(lines, 1):
        entry = parse_json(line, f"ledger.jsonl line {n}")
        if not isinstance(entry, dict) or entry.get("prev") != prev:
            raise Mismatch(f"ledger.jsonl line {n}: prev is not "
                           + (f"the hash of line {n - 1}" if n > 1 else "64 zeros"))
        prev = hashlib.sha256(line).hexdigest()
        entries.append(entry)
    return entries


def step_lines(entries):
    """The ledger's step lines, by step number."""
    return {e["step"]: e for e in entries
            if e.get("event") == "step" and type(e.get("step")) is int}


def check_files(root, entries):
    """Every file a step line hashes bare must be as written, where this copy has it."""
    n = 0
    for k, e in sorted(step_lines(entries).items()):
        files = e.get("files") or {}
        for path, want in sorted(files.items()):
            full = os.path.join(root, *path.split("/"))
            if ".." in path.split("/") or not os.path.isfile(full):
                continue
            with open(full, "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != want:
                    raise Mismatch(f"{path}: changed after step {k} (the ledger holds another hash)")
            n += 1
    return n


def report_salt(hk, path):
    """t = first 16 bytes of H("umpire-report\\n" + h[k] + path + "\\n")."""
    return H(b"umpire-report\n", hk, path.encode(), b"\n")[:16]


def check_commitments(root, entries, h):
    """Every private report this copy has must be the one committed, salted, in its step."""
    n = total = 0
    for k, e in sorted(step_lines(entries).items()):
        for path, want in sorted((e.get("commitments") or {}).items()):
            total += 1
            full = os.path.join(root, *path.split("/"))
            if ".." in path.split("/") or not os.path.isfile(full) or k >= len(h):
                continue
            with open(full, "rb") as f:
                if H(report_salt(h[k], path), f.read()).hex() != want:
                    raise Mismatch(f"{path}: not the report step {k} committed to")
            n += 1
    return n, total


def verify(root, bundle_path=None):
    """Run every check, printing one line per group; raise Mismatch at the first failure."""
    where0 = "reports/0/public.json"
    ann = load_json(os.path.join(root, "reports", "0", "public.json"), where0)
    keys_exactly(ann, ANNOUNCEMENT, where0)
    version = ann["trust"]
    if version not in ("umpire-v1", "umpire-v2"):
        raise Mismatch(f"{where0}: trust should be umpire-v1 or umpire-v2")
    # Version 2's dice also hash the previous public record's bytes.
    with open(os.path.join(root, "reports", "0", "public.json"), "rb") as f:
        records = [f.read()]
    integer(ann["step"], f"{where0}: step", 0, 0)
    campaign = text(ann["campaign"], f"{where0}: campaign")
    length = integer(ann["chain_length"], f"{where0}: chain_length", 1, 2**24)
    c0 = hex32(ann["chain_public"], f"{where0}: chain_public")
    h0 = hex32(ann["chain_hidden"], f"{where0}: chain_hidden")

    steps, k = [], 1
    while os.path.exists(os.path.join(root, "reports", str(k), "public.json")):
        if k > length:
            raise Mismatch(f"reports/{k}/public.json: step beyond chain_length {length}")
        steps.append(read_step(os.path.join(root, "reports", str(k), "public.json"),
                               f"reports/{k}/public.json", k, campaign, version))
        with open(os.path.join(root, "reports", str(k), "public.json"), "rb") as f:
            records.append(f.read())
        k += 1
    stray = [d for d in os.listdir(os.path.join(root, "reports"))
             if d.isdigit() and int(d) > len(steps)]
    if stray:
        raise Mismatch(f"reports/{max(stray, key=int)}: present, but "
                       f"reports/{len(steps) + 1}/public.json is missing")
    dice = sum(len(s["rolls"]["public"]) + len(s["rolls"]["hidden"]) for s in steps)
    print(f"reports: announcement and {len(steps)} step reports well-formed, "
          f"hidden rolls numbered from 0 without gaps")

    prev = c0
    for k, s in enumerate(steps, 1):
        if s["chain_previous"] != prev:
            raise Mismatch(f"reports/{k}/public.json: chain_previous is not the previous reveal")
        if H(s["chain_reveal"]) != prev:
            raise Mismatch(f"reports/{k}/public.json: H(chain_reveal) != chain_previous")
        prev = s["chain_reveal"]
    print(f"chain: c[1..{len(steps)}] each hash to the reveal before, back to c[0]")

    for k, s in enumerate(steps, 1):
        if orders_digest(s["receipts"]) != s["orders_digest"]:
            raise Mismatch(f"reports/{k}/public.json: orders_digest does not match receipts")
    print(f"orders digests: {len(steps)} recomputed from the published receipts")

    public = 0
    for k, s in enumerate(steps, 1):
        previous = records[k - 1] if version == "umpire-v2" else None
        words = keystream(dice_key(False, campaign, k, s["chain_reveal"], s["orders_digest"], previous))
        for e in s["rolls"]["public"]:
            if roll(words, e["sides"]) != e["face"]:
                raise Mismatch(f"reports/{k}/public.json: public roll seq {e['seq']} "
                               f"({e['label']}): face {e['face']} is not K's")
            public += 1
    print(f"public dice: {public} faces reproduced from the step keys K")

    entries = check_ledger(os.path.join(root, "ledger.jsonl"))
    print(f"ledger: {len(entries)} lines, hash chain intact")
    print(f"files: {check_files(root, entries)} public files as the ledger hashed them")

    if bundle_path:
        h = verify_bundle(bundle_path, campaign, length, c0, h0, steps,
                          records if version == "umpire-v2" else None)
        n, total = check_commitments(root, entries, h)
        print(f"report commitments: {n} of {total} private reports present here match their salted commitment")
    return len(steps), dice


BUNDLE = ("bundle", "campaign", "system", "scenario", "options", "players", "chain_length",
          "master_secret", "initial_state", "steps")
# The campaign's own data files (a GM's corrected map, say); the game replay needs them,
# the trust checks here do not.
BUNDLE_OPTIONAL = ("data_files",)
BUNDLE_STEP = ("step", "phase", "due", "sealed", "hidden_rolls", "state")


def verify_bundle(path, campaign, length, c0, h0, steps, records=None):
    wb = os.path.basename(path)
    b = load_json(path, wb)
    keys_exactly(b, BUNDLE, wb, BUNDLE_OPTIONAL)
    if b["bundle"] != "umpire-audit-v1" or b["campaign"] != campaign:
        raise Mismatch(f"{wb}: bundle/campaign should be umpire-audit-v1/{campaign}")
    integer(b["chain_length"], f"{wb}: chain_length", length, length)
    master = hex32(b["master_secret"], f"{wb}: master_secret")
    if not isinstance(b["steps"], list) or len(b["steps"]) > len(steps):
        raise Mismatch(f"{wb}: steps must be a list of at most the {len(steps)} published steps")
    for i, bs in enumerate(b["steps"]):
        keys_exactly(bs, BUNDLE_STEP, f"{wb}: steps[{i}]")
        integer(bs["step"], f"{wb}: steps[{i}].step", i + 1, i + 1)
        if not (isinstance(bs["due"], list) and all(isinstance(p, str) for p in bs["due"])
                and isinstance(bs["sealed"], dict) and isinstance(bs["hidden_rolls"], list)):
            raise Mismatch(f"{wb}: step {i + 1}: due, sealed or hidden_rolls malformed")
        for j, e in enumerate(bs["hidden_rolls"]):
            w = f"{wb}: step {i + 1}: hidden_rolls[{j}]"
            keys_exactly(e, ("seq", "label", "sides", "face"), w)
            integer(e["face"], f"{w}.face", 1, 2**31)

    c, h = chains(master, length, len(steps))
    if c[0] != c0 or h[0] != h0:
        raise Mismatch(f"{wb}: master_secret does not give the announced chain tops c[0], h[0]")
    for k, s in enumerate(steps, 1):
        if s["chain_reveal"] != c[k]:
            raise Mismatch(f"reports/{k}/public.json: chain_reveal is not c[{k}] of master_secret")
    print(f"master secret: reproduces c[0], h[0] and all {len(steps)} reveals")

    for bs, s in zip(b["steps"], steps):
        k, w = bs["step"], f"{wb}: step {bs['step']}"
        due, sealed = bs["due"], bs["sealed"]
        if sorted(due) != sorted(s["receipts"]):
            raise Mismatch(f"{w}: due players {due!r} differ from the published receipts "
                           f"{sorted(s['receipts'])}")
        if not set(sealed) <= set(due):
            raise Mismatch(f"{w}: sealed orders from players not due")
        for player in sorted(due):
            published = s["receipts"][player]
            if player not in sealed:
                if published is not None:
                    raise Mismatch(f"{w}: player {player}: receipt published, no sealed orders")
                continue
            try:
                orders = base64.b64decode(sealed[player], validate=True)
            except (binascii.Error, TypeError, ValueError):
                raise Mismatch(f"{w}: player {player}: sealed orders are not valid base64")
            if receipt(h[k], player, orders)[1] != published:
                raise Mismatch(f"reports/{k}/public.json: player {player}: receipt does not "
                               "match the sealed orders file")
    print(f"receipts: every sealed orders file reproduces its receipt ({len(b['steps'])} steps)")

    hidden = 0
    for bs, s in zip(b["steps"], steps):
        k, w = bs["step"], f"{wb}: step {bs['step']}"
        rolls = bs["hidden_rolls"]
        if len(rolls) != len(s["rolls"]["hidden"]):
            raise Mismatch(f"{w}: hidden_rolls differ in number from reports/{k}/public.json")
        words = keystream(dice_key(True, campaign, k, h[k], s["orders_digest"],
                                   records[k - 1] if records else None))
        by_seq = sorted(rolls, key=lambda e: e["seq"] if type(e["seq"]) is int else -1)
        for e, pub in zip(by_seq, s["rolls"]["hidden"]):
            if (e["seq"], e["label"], e["sides"]) != (pub["seq"], pub["label"], pub["sides"]):
                raise Mismatch(f"{w}: hidden roll seq {e['seq']!r} differs from "
                               f"reports/{k}/public.json seq {pub['seq']}")
            if roll(words, pub["sides"]) != e["face"]:
                raise Mismatch(f"{w}: hidden roll seq {pub['seq']} ({pub['label']}): "
                               f"face {e['face']!r} is not J's")
            hidden += 1
    print(f"hidden dice: {hidden} faces reproduced from the hidden keys J")

    for bs, s in zip(b["steps"], steps):
        if state_commitment(h[bs["step"]], bs["state"]) != s["state_commitment"]:
            raise Mismatch(f"reports/{bs['step']}/public.json: state_commitment does not match "
                           f"the bundle's state after step {bs['step']}")
    print(f"states: {len(b['steps'])} state commitments reproduced from the bundle")
    if len(b["steps"]) < len(steps):
        print(f"note: the bundle covers steps 1..{len(b['steps'])}; "
              "later steps had the public checks only")
    return h


# --- Worked vectors

VECTOR_ORDERS = (b"GAME vector-game\nPLAYER alice\nSECRET 7K3Q-M2XD\n"
                 b"ROLL 2d6 charge at Quatre Bras\nEND\n")
VECTOR_STATE = {"players": ["alice", "bob"], "requests": {"alice": 1}}
# Version 2's P is the hash of the previous public record's bytes; any bytes serve.
VECTOR_PREVIOUS = b"previous public record\n"


def faces(key, sides, n):
    words = keystream(key)
    return [roll(words, sides) for _ in range(n)]


def shuffle(key, items):
    """The specification's shuffle on one stream: Fisher-Yates from the top, for i =
    n-1 down to 1, j = (one die with i+1 sides) - 1, swap items i and j."""
    words = keystream(key)
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = roll(words, i + 1) - 1
        items[i], items[j] = items[j], items[i]
    return items


def vectors():
    master, campaign = bytes(range(32)), "vector-game"
    c, h = chains(master, 4096, 1)
    salt, r = receipt(h[1], "alice", VECTOR_ORDERS)
    digest = orders_digest({"alice": r, "bob": None})
    key = dice_key(False, campaign, 1, c[1], digest)
    hidden_key = dice_key(True, campaign, 1, h[1], digest)
    return {
        "_generated_by": "python3 tests/verify_trust.py --vectors > tests/trust_vectors.json",
        "master_secret": master.hex(), "chain_length": 4096, "campaign": campaign, "step": 1,
        "player": "alice", "orders_file": VECTOR_ORDERS.decode(), "due": ["alice", "bob"],
        "c0": c[0].hex(), "h0": h[0].hex(), "c1": c[1].hex(), "h1": h[1].hex(),
        "salt": salt.hex(), "receipt": r.hex(), "orders_digest": digest.hex(),
        "dice_key_public": key.hex(), "dice_key_hidden": hidden_key.hex(),
        "d6_faces_from_K": faces(key, 6, 20), "d10_faces_from_K": faces(key, 10, 20),
        "shuffle_of_0_to_51_from_K": shuffle(key, range(52)),
        "v2_previous_record": VECTOR_PREVIOUS.decode(),
        "v2_dice_key_public": dice_key(False, campaign, 1, c[1], digest, VECTOR_PREVIOUS).hex(),
        "v2_dice_key_hidden": dice_key(True, campaign, 1, h[1], digest, VECTOR_PREVIOUS).hex(),
        "state": VECTOR_STATE, "state_commitment": state_commitment(h[1], VECTOR_STATE).hex(),
    }


# --- Self-test: the primitives, then a small campaign and ways of tampering with it


def build_campaign(root):
    """Two steps over the vector secret; returns the bundle's path."""
    master, campaign, length = bytes(range(32)), "vector-game", 4096
    c, h = chains(master, length, 2)
    os.makedirs(os.path.join(root, "reports", "0"))
    write(os.path.join(root, "reports", "0", "public.json"), {
        "trust": "umpire-v1", "campaign": campaign, "step": 0, "chain_length": length,
        "chain_public": c[0].hex(), "chain_hidden": h[0].hex()})
    plan = [  # sealed orders, due players, public dice, hidden dice, state after
        ({"alice": VECTOR_ORDERS}, ["alice", "bob"], [("charge", 6), ("charge", 6)],
         [("ambush", 10)], VECTOR_STATE),
        ({"bob": b"GAME vector-game\nPLAYER bob\nEND\n"}, ["bob", "alice"], [("morale", 10)],
         [("scout", 6), ("scout", 6)], {"players": ["alice", "bob"], "requests": {}})]
    steps = []
    for k, (sealed, due, pub, hid, state) in enumerate(plan, 1):
        receipts = {p: receipt(h[k], p, sealed[p])[1] if p in sealed else None for p in due}
        digest = orders_digest(receipts)
        pk = keystream(dice_key(False, campaign, k, c[k], digest))
        hk = keystream(dice_key(True, campaign, k, h[k], digest))
        hidden = [{"seq": i, "label": lab, "sides": n, "face": roll(hk, n)}
                  for i, (lab, n) in enumerate(hid)]
        rolls = [{"stream": "public", "seq": i, "label": lab, "sides": n, "face": roll(pk, n)}
                 for i, (lab, n) in enumerate(pub)]
        rolls += [{"stream": "hidden", "seq": e["seq"], "label": e["label"], "sides": e["sides"]}
                  for e in hidden]
        os.makedirs(os.path.join(root, "reports", str(k)))
        write(os.path.join(root, "reports", str(k), "public.json"), {
            "trust": "umpire-v1", "campaign": campaign, "step": k,
            "chain_previous": c[k - 1].hex(), "chain_reveal": c[k].hex(),
            "receipts": [{"player": p, "receipt": r and r.hex()} for p, r in receipts.items()],
            "orders_digest": digest.hex(), "rolls": rolls,
            "state_commitment": state_commitment(h[k], state).hex()})
        steps.append({"step": k, "phase": f"turn {k}", "due": due, "hidden_rolls": hidden,
                      "sealed": {p: base64.b64encode(o).decode() for p, o in sealed.items()},
                      "state": state})
    prev, ledger = "0" * 64, b""
    for event in ({"event": "new"}, {"event": "step", "step": 1}, {"event": "step", "step": 2}):
        line = json.dumps({"prev": prev, **event}, separators=(",", ":")).encode()
        ledger, prev = ledger + line + b"\n", hashlib.sha256(line).hexdigest()
    with open(os.path.join(root, "ledger.jsonl"), "wb") as f:
        f.write(ledger)
    bundle = os.path.join(root, "audit.json")
    write(bundle, {"bundle": "umpire-audit-v1", "campaign": campaign, "system": "dice_server",
                   "scenario": "vector", "options": {}, "players": ["alice", "bob"],
                   "chain_length": length, "master_secret": master.hex(),
                   "initial_state": {"players": ["alice", "bob"], "requests": {}}, "steps": steps})
    return bundle


def write(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False)


def on_json(change):
    """A tampering that edits the parsed JSON of a file and writes it back."""
    def apply(path):
        with open(path, encoding="utf-8") as f:
            obj = json.load(f)
        change(obj)
        write(path, obj)
    return apply


def on_bytes(old, new):
    """A tampering that replaces the first occurrence of `old` in the file's raw bytes."""
    def apply(path):
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data.replace(old, new, 1))
    return apply


def flip(field):
    """Change one byte: the first hex digit of a JSON string field."""
    def apply(path):
        with open(path, "rb") as f:
            data = bytearray(f.read())
        i = data.index(b'"%s": "' % field.encode()) + len(field) + 5
        data[i] = ord("0") if data[i] != ord("0") else ord("1")
        with open(path, "wb") as f:
            f.write(data)
    return apply


def bump_face(o):
    o["rolls"][0]["face"] = o["rolls"][0]["face"] % 6 + 1


def step1(change):
    return on_json(lambda o: change(o["steps"][0]))


def drop_ledger_line(path):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    with open(path, "wb") as f:
        f.write(b"\n".join(lines[:1] + lines[2:]))


R1, R2, B = "reports/1/public.json", "reports/2/public.json", "audit.json"
# (what is tampered, file, how, detected without the bundle?)
TAMPERS = [
    ("one byte of chain_reveal", R1, flip("chain_reveal"), True),
    ("one byte of chain_previous", R2, flip("chain_previous"), True),
    ("one byte of the announced c[0]", "reports/0/public.json", flip("chain_public"), True),
    ("one byte of a receipt", R1, flip("receipt"), True),
    ("a public face", R1, on_json(bump_face), True),
    ("a public die's sides", R2, on_json(lambda o: o["rolls"][0].update(sides=12)), True),
    ("the orders digest", R1, on_json(lambda o: o.update(orders_digest="ab" * 32)), True),
    ("a hidden face published", R1, on_json(lambda o: o["rolls"][2].update(face=1)), True),
    ("hidden seq with a gap", R2, on_json(lambda o: o["rolls"][2].update(seq=2)), True),
    ("public seq repeated", R1, on_json(lambda o: o["rolls"][1].update(seq=0)), True),
    ("a due player dropped", R1, on_json(lambda o: o["receipts"].pop()), True),
    ("the campaign name", R2, on_json(lambda o: o.update(campaign="other")), True),
    ("step 1 report removed", R1, os.remove, True),
    ("a duplicated JSON key", R2, on_bytes(b'"step": 2', b'"step": 2, "step": 2'), True),
    ("a ledger line edited", "ledger.jsonl", on_bytes(b'"event":"new"', b'"event":"old"'), True),
    ("a ledger line removed", "ledger.jsonl", drop_ledger_line, True),
    ("the master secret", B, on_json(lambda o: o.update(master_secret="ff" * 32)), False),
    ("one byte of a sealed orders file", B, step1(lambda s: s["sealed"].update(
        alice=base64.b64encode(VECTOR_ORDERS.replace(b"2d6", b"3d6")).decode())), False),
    ("sealed orders for a null receipt", B, step1(lambda s: s["sealed"].update(bob="QQ==")),
     False),
    ("a sealed orders file withheld", B, step1(lambda s: s["sealed"].clear()), False),
    ("a hidden face in the bundle", B, step1(lambda s: s["hidden_rolls"][0].update(
        face=s["hidden_rolls"][0]["face"] % 10 + 1)), False),
    ("a hidden roll's label", B, step1(lambda s: s["hidden_rolls"][0].update(label="x")), False),
    ("the state after a step", B, step1(lambda s: s["state"]["requests"].update(alice=2)), False),
    ("an extra due player", B, step1(lambda s: s["due"].append("carol")), False),
]
# Changes the verifier must accept: the digest sorts players itself; a bundle may stop early.
HARMLESS = [
    ("receipts listed in another order", R2, on_json(lambda o: o["receipts"].reverse())),
    ("a bundle covering step 1 only", B, on_json(lambda o: o["steps"].pop())),
]


def quiet_verify(root, bundle):
    """True if the record verifies; output is swallowed."""
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            verify(root, bundle)
            return True
        except Mismatch:
            return False


def self_test():
    def check(ok, what):
        if not ok:
            sys.exit(f"verify_trust.py: self-test FAILED: {what}")

    words = chacha20_block(bytes(range(32)), (1, 0x09000000, 0x4A000000, 0))
    check(words[:4] == [0xE4E7F110, 0x15593BD1, 0x1FDD0F50, 0xC47120A3]
          and words[12:] == [0xD19C12B5, 0xB94E16DE, 0xE883D0CB, 0x4E3C50A2], "RFC 8439 2.3.2")
    print("self-test: ChaCha20 block matches RFC 8439 section 2.3.2")
    # d6: 2^32 mod 6 = 4, so the four highest words are thrown away; d3: only 2^32-1 is.
    check(roll(iter([2**32 - 1, 2**32 - 4, 2**32 - 5]), 6) == 1 + 5, "zone rule, d6")
    check(roll(iter([2**32 - 1, 7]), 3) == 2 and roll(iter([2**32 - 2]), 3) == 3, "zone rule, d3")
    check(roll(iter([2**32 - 1]), 2**31) == 2**31, "zone rule: 2^31 sides rejects nothing")
    print("self-test: zone rule rejects exactly the top 2^32 mod n words")
    saved = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trust_vectors.json")
    if os.path.exists(saved):
        with open(saved, encoding="utf-8") as f:
            check(json.load(f) == vectors(), "tests/trust_vectors.json differs from --vectors")
        print("self-test: tests/trust_vectors.json matches --vectors")
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, "clean")
        check(quiet_verify(clean, build_campaign(clean)) and quiet_verify(clean, None),
              "the clean campaign does not verify")
        for n, (what, name, change, *public) in enumerate(HARMLESS + TAMPERS):
            root = os.path.join(tmp, str(n))
            shutil.copytree(clean, root)
            change(os.path.join(root, name))
            with_bundle = quiet_verify(root, os.path.join(root, B))
            alone = quiet_verify(root, None)
            if not public:
                check(with_bundle and alone, f"rejected: {what}")
            else:
                check(not with_bundle, f"not detected: {what}")
                check(alone != public[0], f"public checks wrong about: {what}")
        print(f"self-test: clean campaign verifies; {len(HARMLESS)} harmless changes accepted")
        print(f"self-test: all {len(TAMPERS)} tampering cases detected "
              f"({sum(t[3] for t in TAMPERS)} of them without the bundle)")
    print("verify_trust.py: self-test OK")


def main():
    ap = argparse.ArgumentParser(description="Verify umpire Trust v1 and v2 records.")
    ap.add_argument("dir", nargs="?", help="campaign directory")
    ap.add_argument("--bundle", help="audit bundle JSON written by the GM")
    ap.add_argument("--vectors", action="store_true", help="print worked test vectors")
    ap.add_argument("--self-test", action="store_true", help="test this verifier")
    args = ap.parse_args()
    if args.vectors:
        print(json.dumps(vectors(), indent=2, ensure_ascii=False))
    elif args.self_test:
        self_test()
    elif args.dir:
        try:
            n, m = verify(args.dir, args.bundle)
        except Mismatch as e:
            sys.stdout.flush()
            print(f"verify_trust.py: MISMATCH: {e}", file=sys.stderr)
            sys.exit(1)
        print(f"verify_trust.py: OK ({n} steps, {m} dice)")
    else:
        ap.error("give a campaign directory, --vectors or --self-test")


if __name__ == "__main__":
    main()
