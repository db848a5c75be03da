#!/usr/bin/env bash
# End-to-end test of umpire behind a real mail server.
#
# Starts a private Postfix on a loopback port (its own config, queue and log under a
# temporary directory; never port 25, never a public address), which delivers the game
# address to `umpire ingest --stdin` and each player's address to a Maildir. Players'
# orders go in with swaks; umpire's answers go out with `umpire send --smtp` through
# the same server; everything that arrives is read back with a strict MIME parser.
#
# Prints one line per check, then `N passed, M failed`; exits 1 on any failure, 77 when
# something it needs is missing (root, postfix, swaks, python3). Cleans up after itself.
#
#   sudo tests/e2e-mail.sh                      # uses target/debug/umpire
#   UMPIRE_BIN=/path/to/umpire tests/e2e-mail.sh
#   E2E_KEEP=1 tests/e2e-mail.sh                # keep the temporary directory to look at

set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
E2E=$HERE/e2e
REPO=$(dirname "$HERE")
UMPIRE_BIN=${UMPIRE_BIN:-$REPO/target/debug/umpire}
MAILTOOL=(python3 "$E2E/mailtool.py")
DOMAIN=umpire.test
GAME_ADDR=game@$DOMAIN
GM_ADDR=gm@$DOMAIN
START_SECONDS=$SECONDS

skip() {
    echo "SKIP: $*"
    exit 77
}

# --- what the test needs ------------------------------------------------------------

PATH=$PATH:/usr/sbin:/sbin
[ "$(id -u)" = 0 ] || skip "tests/e2e-mail.sh needs root to start a private Postfix"
for tool in postfix postconf swaks python3 runuser; do
    command -v "$tool" >/dev/null 2>&1 ||
        skip "$tool not found (apt-get install postfix swaks python3)"
done
if [ ! -x "$UMPIRE_BIN" ]; then
    echo "umpire binary $UMPIRE_BIN not found: run cargo build, or set UMPIRE_BIN"
    echo "0 passed, 1 failed"
    exit 1
fi
# Deliveries and every umpire command run as one unprivileged user, as on a real host.
RUN_USER=nobody
RUN_GROUP=$(id -gn "$RUN_USER" 2>/dev/null) || skip "no user $RUN_USER"
RUN_UID=$(id -u "$RUN_USER")
RUN_GID=$(id -g "$RUN_USER")

# --- bookkeeping ----------------------------------------------------------------------

PASSED=0
FAILED=0
OUT=""

pass() {
    PASSED=$((PASSED + 1))
    echo "ok     $1"
}

fail() {
    FAILED=$((FAILED + 1))
    echo "FAILED $1"
}

# check NAME COMMAND...: passes when COMMAND exits 0. Its output is left in $OUT; on a
# failure the last lines of it are shown under the check.
check() {
    local name=$1
    shift
    if OUT=$("$@" 2>&1); then
        pass "$name"
    else
        fail "$name"
        printf '%s\n' "$OUT" | tail -n 6 | sed 's/^/         /'
    fi
}

T=$(mktemp -d /tmp/umpire-e2e.XXXXXX)
chmod 755 "$T"
POSTFIX_UP=0

cleanup() {
    if [ "$POSTFIX_UP" = 1 ]; then
        postfix -c "$T/postfix" stop >/dev/null 2>&1
        # master(8) exits a moment after `stop`; wait so the directory can go.
        for _ in $(seq 50); do
            [ -e "$T/spool/pid/master.pid" ] || break
            kill -0 "$(tr -d ' ' <"$T/spool/pid/master.pid")" 2>/dev/null || break
            sleep 0.1
        done
    fi
    if [ -n "${E2E_KEEP:-}" ]; then
        echo "kept $T"
    else
        rm -rf "$T"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

finish() {
    echo "took $((SECONDS - START_SECONDS))s"
    echo "$PASSED passed, $FAILED failed"
    [ "$FAILED" = 0 ]
    exit $?
}

# A free TCP port on 127.0.0.1.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# umpire as the delivery user, with the test's fake clock when one is set.
ump() {
    if [ -s "$T/now" ]; then
        runuser -u "$RUN_USER" -- env UMPIRE_NOW="$(cat "$T/now")" "$T/bin/umpire" "$@"
    else
        runuser -u "$RUN_USER" -- "$T/bin/umpire" "$@"
    fi
}

# Fills in a template's @NAMES@.
fill() {
    sed -e "s|@TMP@|$T|g" -e "s|@CONF@|$T/postfix|g" \
        -e "s|@UID@|$RUN_UID|g" -e "s|@GID@|$RUN_GID|g" \
        -e "s|@USER@|$RUN_USER|g" -e "s|@GROUP@|$RUN_GROUP|g" \
        -e "s|@SMTP_ADDR@|127.0.0.1:$PORT|g" "$1"
}

# --- the mail server --------------------------------------------------------------------

PORT=$(free_port)
mkdir -p "$T/bin" "$T/postfix" "$T/spool" "$T/data" "$T/log" "$T/mail" "$T/games" \
    "$T/flags" "$T/out"
chown postfix "$T/data"
chown "$RUN_USER:$RUN_GROUP" "$T/mail" "$T/games" "$T/flags"
touch "$T/log/ingest.log"
chown "$RUN_USER:$RUN_GROUP" "$T/log/ingest.log"
# A copy, so the binary is readable by the delivery user wherever the checkout is.
install -m 755 "$UMPIRE_BIN" "$T/bin/umpire"
fill "$E2E/deliver.in" >"$T/bin/deliver"
chmod 755 "$T/bin/deliver"
fill "$E2E/postfix/main.cf.in" >"$T/postfix/main.cf"
fill "$E2E/postfix/master.cf.in" >"$T/postfix/master.cf"

# Which umpire features this build has: the test plays what is there and says SKIP for
# the rest, so it can run while those land.
HAS_ROOT=0
"$T/bin/umpire" ingest --help 2>/dev/null | grep -q -- '--root' && HAS_ROOT=1
HAS_TICK=0
"$T/bin/umpire" tick --help >/dev/null 2>&1 && HAS_TICK=1
HAS_DIPLOMACY=0
"$T/bin/umpire" systems 2>/dev/null | grep -q '^diplomacy ' && HAS_DIPLOMACY=1

DIP_POWERS=(austria england france germany italy russia turkey)
{
    for who in alice bob gm "${DIP_POWERS[@]}"; do
        echo "$who@$DOMAIN $who/"
    done
    echo "$GAME_ADDR game/"
    echo "dicegame@$DOMAIN game/"
    echo "dipgame@$DOMAIN game/"
} >"$T/postfix/vmailbox"
# Mail to the game address goes to umpire: to the whole games directory (routed by each
# mail's GAME line) when this umpire has `ingest --root`, else to one campaign by address.
if [ "$HAS_ROOT" = 1 ]; then
    DICE_ADDR=$GAME_ADDR
    DIP_ADDR=$GAME_ADDR
    echo "$GAME_ADDR games:" >"$T/postfix/transport"
else
    DICE_ADDR=dicegame@$DOMAIN
    DIP_ADDR=dipgame@$DOMAIN
    {
        echo "dicegame@$DOMAIN campaign:dicegame"
        echo "dipgame@$DOMAIN campaign:dipgame"
    } >"$T/postfix/transport"
fi

check "postfix accepts the test configuration" postfix -c "$T/postfix" check
if postfix -c "$T/postfix" start >"$T/log/postfix-start.log" 2>&1; then
    POSTFIX_UP=1
fi
up=0
for _ in $(seq 100); do
    if swaks --server "127.0.0.1:$PORT" --quit-after EHLO --silent 2 >/dev/null 2>&1; then
        up=1
        break
    fi
    sleep 0.1
done
if [ "$up" = 1 ]; then
    pass "postfix listens on 127.0.0.1:$PORT (loopback only)"
else
    fail "postfix listens on 127.0.0.1:$PORT"
    tail -n 5 "$T/log/postfix-start.log" "$T/log/maillog" 2>/dev/null | sed 's/^/         /'
    finish
fi
check "mail for another domain is refused (nothing leaves this machine)" \
    bash -c "! swaks --server 127.0.0.1:$PORT --from alice@$DOMAIN --to someone@example.org --silent 2"

# --- sending and waiting ----------------------------------------------------------------

SENT_TO_GAME=0
QID=""

# send_mail NAME FROM TO SWAKS-ARGS...: one mail through Postfix; leaves the queue id in QID.
send_mail() {
    local name=$1 from=$2 to=$3
    shift 3
    local out
    out=$(swaks --server "127.0.0.1:$PORT" --from "$from" --to "$to" --suppress-data "$@" 2>&1)
    QID=$(printf '%s\n' "$out" | sed -n 's/.*250 2\.0\.0 Ok: queued as \([0-9A-Za-z]*\).*/\1/p' | tail -n 1)
    if [ -z "$QID" ]; then
        fail "$name: swaks could not hand the mail to Postfix"
        printf '%s\n' "$out" | tail -n 4 | sed 's/^/         /'
        return 1
    fi
    case $to in "$DICE_ADDR" | "$DIP_ADDR") SENT_TO_GAME=$((SENT_TO_GAME + 1)) ;; esac
}

# orders NAME PLAYER TO MSGID FILE: a plain orders mail from a player, body from FILE.
orders() {
    send_mail "$1" "$2@$DOMAIN" "$3" \
        --header "From: $2 <$2@$DOMAIN>" \
        --header "Subject: orders" \
        --header "Date: $(date -R)" \
        --header "Message-Id: <$4>" \
        --body "@$5"
}

# fixture NAME FILE PLAYER TO MSGID SECRET GAME [--pad-to N]: a fixture of tests/e2e/mails.
fixture() {
    local name=$1 file=$2 player=$3 to=$4 msgid=$5 secret=$6 game=$7
    shift 7
    "${MAILTOOL[@]}" render "$E2E/mails/$file" "$@" \
        --set "PLAYER=$player" --set "FROM=$player@$DOMAIN" --set "TO=$to" \
        --set "GAME=$game" --set "SECRET=$secret" --set "MSGID=$msgid" \
        --set "DATE=$(date -R)" >"$T/out/$msgid.eml" || {
        fail "$name: could not build the mail from $file"
        return 1
    }
    send_mail "$name" "$player@$DOMAIN" "$to" --data "@$T/out/$msgid.eml"
}

# Waits until Postfix has delivered these queue ids to umpire (umpire exited 0).
delivered() {
    local to=$1
    shift
    "${MAILTOOL[@]}" delivered "$T/log/maillog" "$to" "$@" --timeout 60
}

send_outbox() {
    ump send "$1" --smtp "smtp+plain://127.0.0.1:$PORT"
}

count_files() {
    find "$1" -maxdepth 1 -type f -name "${2:-*}" 2>/dev/null | wc -l
}

# Every player's and the GM's mail arrives; the welcome mail carries the secret.
welcome() {
    local campaign=$1
    shift
    check "$(basename "$campaign"): welcome mails leave the outbox through Postfix" send_outbox "$campaign"
    local who
    for who in "$@"; do
        check "$(basename "$campaign"): $who's welcome mail arrives in their Maildir" \
            "${MAILTOOL[@]}" wait "$T/mail/$who" --subject Welcome
        check "$(basename "$campaign"): $who's secret is read from the welcome mail (strict MIME)" \
            "${MAILTOOL[@]}" secret "$T/mail/$who"
        printf -v "SECRET_$who" '%s' "$OUT"
    done
}

# --- the dice system: welcome, two steps, a redelivered mail ------------------------------

DICE=$T/games/dicegame
check "dice: umpire new creates the campaign" \
    ump new dice "$DICE" --id dicegame --player "alice=alice@$DOMAIN" --player "bob=bob@$DOMAIN" \
    --gm-email "$GM_ADDR" --address "$DICE_ADDR"
welcome "$DICE" alice bob

# ack_accepted LABEL WHO MSGID GAME-ADDRESS CAMPAIGN [INPUTS]: the acknowledgement of one
# accepted orders mail (INPUTS: how many times it was delivered, default once).
ack_accepted() {
    local label=$1 who=$2 msgid=$3
    check "$label: $who's acknowledgement arrives" \
        "${MAILTOOL[@]}" wait "$T/mail/$who" --in-reply-to "$msgid"
    check "$label: the acknowledgement is strict MIME, threaded, auto-replied, Reply-To the game, ACCEPTED" \
        "${MAILTOOL[@]}" reply "$T/mail/$who" --in-reply-to "$msgid" --auto-replied \
        --reply-to "$4" --contains "ACCEPTED" --print-receipt
    local receipt=$OUT
    check "$label: the ledger holds the mail as received, accepted with the receipt the player got" \
        "${MAILTOOL[@]}" verdict "$5" "$msgid" accepted --receipt "$receipt" --inputs "${6:-1}"
}

# A dice step's report reaches every player and the GM, showing public.json's dice.
dice_report() {
    local step=$1 public=$2 who
    for who in alice bob gm; do
        check "dice step $step: the report arrives for $who, with the dice of public.json" \
            "${MAILTOOL[@]}" wait "$T/mail/$who" --subject "[dicegame] Step $step:"
        check "dice step $step: $who's report is strict MIME and shows the step's public dice" \
            "${MAILTOOL[@]}" faces "$DICE" "$step" "$T/mail/$who" \
            --subject "[dicegame] Step $step:" --public-dice "$public"
    done
}

# Step 1: alice rolls in public. Postfix is told her delivery failed (after umpire
# stored and answered it), so it delivers the very same mail again: umpire must keep
# both copies and answer once.
printf 'GAME dicegame\nPLAYER alice\nSECRET %s\nROLL 2d6 attack on Larissa at 3:1\nEND\n\n-- \nalice\n' \
    "$SECRET_alice" >"$T/out/dice1.txt"
touch "$T/flags/fail-once"
chown "$RUN_USER" "$T/flags/fail-once"
if orders "dice step 1" alice "$DICE_ADDR" dice1.alice@players.umpire.test "$T/out/dice1.txt"; then
    check "dice step 1: Postfix delivers alice's orders to umpire (after one retry)" delivered "$DICE_ADDR" "$QID"
fi
check "dice step 1: the retried delivery was stored twice, as two inputs" \
    test "$(count_files "$DICE/inbox" '*.eml')" = 2
check "dice step 1: the outbox goes out through Postfix" send_outbox "$DICE"
ack_accepted "dice step 1" alice dice1.alice@players.umpire.test "$DICE_ADDR" "$DICE" 2
check "dice step 1: the same mail delivered twice is acknowledged once" \
    test "$("${MAILTOOL[@]}" count "$T/mail/alice" --in-reply-to dice1.alice@players.umpire.test)" = 1
dice_report 1 2

# Step 2: bob rolls a hidden die.
printf 'GAME dicegame\nPLAYER bob\nSECRET %s\nROLL 1d10 HIDDEN ambush check in Grammos\nEND\n' \
    "$SECRET_bob" >"$T/out/dice2.txt"
if orders "dice step 2" bob "$DICE_ADDR" dice2.bob@players.umpire.test "$T/out/dice2.txt"; then
    check "dice step 2: Postfix delivers bob's orders to umpire" delivered "$DICE_ADDR" "$QID"
fi
check "dice step 2: the outbox goes out through Postfix" send_outbox "$DICE"
ack_accepted "dice step 2" bob dice2.bob@players.umpire.test "$DICE_ADDR" "$DICE"
dice_report 2 0

# --- hostile mail ------------------------------------------------------------------------

# Each: fixture, sender, what umpire must answer, text the answer must hold, and the
# reply's subject (decoded). Accepted mails become dice steps; refused ones are answered
# with the reason; ignored ones are stored and never answered.
HOSTILE=(
    "html-only.eml|alice|accepted|html assault on the bridge & the ford|"
    "base64.eml|bob|accepted|base64 morale check|"
    "quoted-printable.eml|alice|accepted|qp barrage with odds=3:1 against the entrenched battalion holding the ridge line north of the river crossing|"
    "latin1.eml|bob|accepted|attaque sur Liège à 3:1, moral élevé|Re: ordres pour la journée"
    "utf8.eml|alice|accepted|Überfall bei Łódź — „Sturm“ über Ōsaka|Re: Befehle für heute"
    "attachment.eml|bob|accepted|attached flank march|"
    "oversized.eml|alice|refused|this game takes at most|"
    "forged.eml|alice|refused|the secret is wrong|"
    "bounce.eml|bob|ignored||"
    "auto-reply.eml|alice|ignored||"
)
HOSTILE_QIDS=()
for entry in "${HOSTILE[@]}"; do
    IFS='|' read -r file who _ <<<"$entry"
    id="${file%.eml}.$who@players.umpire.test"
    secret_var="SECRET_$who"
    secret=${!secret_var}
    extra=()
    case $file in
    forged.eml) secret="K7QF-2M9X-8R4T-PW3D-6HJN" ;; # a guess, not alice's secret
    oversized.eml) extra=(--pad-to $((10 * 1024 * 1024))) ;;
    esac
    if fixture "hostile $file" "$file" "$who" "$DICE_ADDR" "$id" "$secret" dicegame "${extra[@]}"; then
        HOSTILE_QIDS+=("$QID")
    fi
done
check "hostile: Postfix delivers all ${#HOSTILE_QIDS[@]} mails to umpire (exit 0 each)" \
    delivered "$DICE_ADDR" "${HOSTILE_QIDS[@]}"
check "hostile: the outbox goes out through Postfix" send_outbox "$DICE"
for entry in "${HOSTILE[@]}"; do
    IFS='|' read -r file who expect text subject <<<"$entry"
    id="${file%.eml}.$who@players.umpire.test"
    subject_filter=()
    [ -n "$subject" ] && subject_filter=(--subject "$subject")
    case $expect in
    accepted)
        check "hostile $file: answered ACCEPTED, strict MIME, threaded, the orders read right" \
            "${MAILTOOL[@]}" reply "$T/mail/$who" --in-reply-to "$id" "${subject_filter[@]}" --auto-replied \
            --reply-to "$DICE_ADDR" --contains ACCEPTED --contains "$text" --print-receipt
        check "hostile $file: ledger: accepted with that receipt" \
            "${MAILTOOL[@]}" verdict "$DICE" "$id" accepted --receipt "$OUT"
        ;;
    refused)
        min=0
        [ "$file" = oversized.eml ] && min=$((10 * 1024 * 1024))
        check "hostile $file: answered REFUSED ($text), strict MIME, threaded" \
            "${MAILTOOL[@]}" reply "$T/mail/$who" --in-reply-to "$id" --auto-replied \
            --reply-to "$DICE_ADDR" --contains REFUSED --contains "$text" --lacks ACCEPTED
        check "hostile $file: ledger: refused, stored whole, no orders stored" \
            "${MAILTOOL[@]}" verdict "$DICE" "$id" refused --min-bytes "$min"
        ;;
    ignored)
        check "hostile $file: ledger: stored, not answered" \
            "${MAILTOOL[@]}" verdict "$DICE" "$id" ignored
        check "hostile $file: nothing in the outbox or sent/ answers it" \
            "${MAILTOOL[@]}" unanswered "$DICE" "$id"
        ;;
    esac
done
check "hostile: neither the bounce nor the auto-reply got a reply in any Maildir" \
    test "$("${MAILTOOL[@]}" count "$T/mail/alice" "$T/mail/bob" "$T/mail/gm" \
        --in-reply-to bounce.bob@players.umpire.test)$("${MAILTOOL[@]}" count "$T/mail/alice" \
        "$T/mail/bob" "$T/mail/gm" --in-reply-to auto-reply.alice@players.umpire.test)" = 00

# Nothing lost: one inbox file per delivery umpire ran (the retried mail twice).
DELIVERIES=$(grep -c '^delivery exit 0$' "$T/log/ingest.log")
check "nothing lost: inbox files = deliveries to the game address ($DELIVERIES = $SENT_TO_GAME mails + 1 retry)" \
    test "$(count_files "$DICE/inbox" '*.eml')" = "$DELIVERIES" -a "$DELIVERIES" = $((SENT_TO_GAME + 1))
check "dice: the outbox is empty after send" test "$(count_files "$DICE/outbox" '*.eml')" = 0
check "dice: umpire verify passes" ump verify "$DICE"

# --- deadlines: tick ------------------------------------------------------------------------

if [ "$HAS_TICK" = 0 ]; then
    echo "SKIP: this umpire has no tick command; reminders and deadlines not tested"
fi

# --- Diplomacy ------------------------------------------------------------------------------

if [ "$HAS_DIPLOMACY" = 0 ]; then
    echo "SKIP: this umpire has no diplomacy system; the Diplomacy phase was not played"
fi
if [ "$HAS_ROOT" = 0 ]; then
    echo "SKIP: this umpire has no ingest --root; each campaign has its own address"
fi

finish
