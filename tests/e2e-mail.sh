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
#   E2E_NO_ROOT=1 tests/e2e-mail.sh             # one address per campaign, no ingest --root

# Functions here are mostly called through `check`, which shellcheck cannot follow.
# shellcheck disable=SC2317
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
KNOWN=0
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
        return 1
    fi
}

# known NAME WHY COMMAND...: a check umpire is known not to pass yet (WHY says what is
# missing). A failure prints KNOWN and is counted apart; a pass is an ordinary pass, and
# then the check should become a `check`.
known() {
    local name=$1 why=$2
    shift 2
    if OUT=$("$@" 2>&1); then
        pass "$name"
    else
        KNOWN=$((KNOWN + 1))
        echo "KNOWN  $name: $why"
        printf '%s\n' "$OUT" | tail -n 2 | sed 's/^/         /'
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
    [ "$KNOWN" = 0 ] || echo "$KNOWN known gap(s), marked KNOWN above"
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
    "$T/single" "$T/flags" "$T/out"
chown postfix "$T/data"
chown "$RUN_USER:$RUN_GROUP" "$T/mail" "$T/games" "$T/single" "$T/flags"
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
# (Each command's output is read whole before grep looks at it: `grep -q` in a pipe
# could stop reading early, and the writer's SIGPIPE would fail the pipe.)
HELP_INGEST=$("$T/bin/umpire" ingest --help 2>/dev/null)
SYSTEMS=$("$T/bin/umpire" systems 2>/dev/null)
HAS_ROOT=0
grep -q -- '--root' <<<"$HELP_INGEST" && HAS_ROOT=1
[ -n "${E2E_NO_ROOT:-}" ] && HAS_ROOT=0 # to try the one-address-per-campaign set-up
HAS_TICK=0
"$T/bin/umpire" tick --help >/dev/null 2>&1 && HAS_TICK=1
HAS_DIPLOMACY=0
grep -q '^diplomacy ' <<<"$SYSTEMS" && HAS_DIPLOMACY=1

# The campaigns the test plays, and the players' Maildirs.
CAMPAIGNS=(dicegame rounds dipgame)
DIP_POWERS=(england france germany)
{
    for who in alice bob carol gm "${DIP_POWERS[@]}"; do
        echo "$who@$DOMAIN $who/"
    done
    echo "$GAME_ADDR game/"
    for c in "${CAMPAIGNS[@]}"; do
        echo "$c@$DOMAIN game/"
    done
} >"$T/postfix/vmailbox"
# Mail for the games goes to umpire, both ways the README shows: dicegame@ to that one
# campaign, kept in single/ (`umpire ingest DIR --stdin`), and the shared game address to
# every campaign in games/, each mail routed by its GAME line (`umpire ingest --root DIR
# --stdin`), when this umpire has --root; without it each campaign has its own address.
{
    echo "dicegame@$DOMAIN campaign:dicegame"
    if [ "$HAS_ROOT" = 1 ]; then
        echo "$GAME_ADDR games:"
    else
        echo "rounds@$DOMAIN campaign:rounds"
        echo "dipgame@$DOMAIN campaign:dipgame"
    fi
} >"$T/postfix/transport"

# The address players of a campaign send orders to.
addr_of() {
    if [ "$HAS_ROOT" = 1 ] && [ "$1" != dicegame ]; then
        echo "$GAME_ADDR"
    else
        echo "$1@$DOMAIN"
    fi
}
# Where each campaign lives: behind the shared address in games/, or on its own in single/.
home_of() {
    if [ "$(addr_of "$1")" = "$GAME_ADDR" ]; then
        echo "$T/games/$1"
    else
        echo "$T/single/$1"
    fi
}
DICE_ADDR=$(addr_of dicegame)
ROUNDS_ADDR=$(addr_of rounds)
DIP_ADDR=$(addr_of dipgame)

check "postfix accepts the test configuration" postfix -c "$T/postfix" check
POSTFIX_UP=1 # from here on, cleanup stops it, even after a failed start
postfix -c "$T/postfix" start >"$T/log/postfix-start.log" 2>&1
up=0
for _ in $(seq 100); do
    if swaks --server "127.0.0.1:$PORT" --quit-after EHLO --silent 2 >/dev/null 2>&1; then
        up=1
        break
    fi
    sleep 0.1
done
if [ "$up" = 1 ]; then
    pass "postfix answers on 127.0.0.1:$PORT"
else
    fail "postfix answers on 127.0.0.1:$PORT"
    tail -n 5 "$T/log/postfix-start.log" "$T/log/maillog" 2>/dev/null | sed 's/^/         /'
    finish
fi
check "postfix listens on the loopback address only" "${MAILTOOL[@]}" listening "$PORT"
check "mail for another domain is refused (nothing leaves this machine)" \
    bash -c "! swaks --server 127.0.0.1:$PORT --from alice@$DOMAIN --to someone@example.org --silent 2"

# --- sending, waiting, the clock ----------------------------------------------------------

SENT_TO_GAME=0
QID=""

is_game_addr() {
    [ "$1" = "$GAME_ADDR" ] && return 0
    local c
    for c in "${CAMPAIGNS[@]}"; do
        [ "$1" = "$c@$DOMAIN" ] && return 0
    done
    return 1
}

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
    if is_game_addr "$to"; then
        SENT_TO_GAME=$((SENT_TO_GAME + 1))
    fi
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

# orders_delivered NAME PLAYER TO MSGID FILE: orders, then wait until umpire has them.
orders_delivered() {
    if orders "$@"; then
        check "$1: Postfix delivers $2's orders to umpire" delivered "$3" "$QID"
    fi
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

# Is this campaign one of those behind the shared address?
behind_root() {
    [ "$HAS_ROOT" = 1 ] && [ "$(dirname "$1")" = "$T/games" ]
}

# Sends what umpire queued, through Postfix (every campaign's outbox, with --root).
send_outbox() {
    if behind_root "$1" || [ "$1" = "$T/games" ]; then
        ump send --root "$T/games" --smtp "smtp+plain://127.0.0.1:$PORT"
    else
        ump send "$1" --smtp "smtp+plain://127.0.0.1:$PORT"
    fi
}

# What cron runs: tick, then send.
tick_and_send() {
    if behind_root "$1"; then
        ump tick --root "$T/games" && send_outbox "$1"
    else
        ump tick "$1" && send_outbox "$1"
    fi
}

# The fake clock for umpire and for the deliveries Postfix makes: `at TIME` (RFC 3339).
at() {
    echo "$1" >"$T/now"
}

# TIME plus a number of minutes, in RFC 3339.
plus_minutes() {
    date -u -d "$1 + $2 minutes" +%Y-%m-%dT%H:%M:%SZ
}

count_files() {
    find "$1" -maxdepth 1 -type f -name "${2:-*}" 2>/dev/null | wc -l
}

# How many mails in a Maildir have a subject containing TEXT.
mails_with_subject() {
    "${MAILTOOL[@]}" count "$T/mail/$1" --subject "$2"
}

# sent_to WHO SUBJECT N: umpire queued or sent exactly N mails to WHO with that subject
# text, and WHO's Maildir holds N of them. (The Maildir alone could be checked before
# a mail in flight arrives; outbox/ and sent/ are complete when `send` returns.)
sent_to() {
    "${MAILTOOL[@]}" outgoing "$T" --to "$1@$DOMAIN" --subject "$2" --count "$3" || return 1
    if [ "$3" -gt 0 ]; then
        "${MAILTOOL[@]}" wait "$T/mail/$1" --subject "$2" --count "$3" >/dev/null || return 1
    fi
    test "$(mails_with_subject "$1" "$2")" = "$3"
}

# welcome CAMPAIGN PLAYER...: the welcome mails arrive; each player's secret is read
# from theirs into SECRET_<campaign>_<player>.
welcome() {
    local campaign=$1 id
    id=$(basename "$1")
    shift
    check "$id: the welcome mails leave the outbox through Postfix" send_outbox "$campaign"
    local who
    for who in "$@"; do
        check "$id: $who's welcome mail arrives in their Maildir" \
            "${MAILTOOL[@]}" wait "$T/mail/$who" --subject "[$id] Welcome"
        check "$id: $who's secret is read from the welcome mail (strict MIME)" \
            "${MAILTOOL[@]}" secret "$T/mail/$who" --subject "[$id] Welcome"
        printf -v "SECRET_${id}_$who" '%s' "$OUT"
    done
}

secret_of() {
    local var="SECRET_$1_$2"
    echo "${!var:-}"
}

# ack_accepted LABEL WHO MSGID GAME-ADDRESS CAMPAIGN [INPUTS] [TEXT...]: the
# acknowledgement of one accepted orders mail (INPUTS: how many times it was delivered).
ack_accepted() {
    local label=$1 who=$2 msgid=$3 addr=$4 campaign=$5 inputs=${6:-1}
    shift 6 2>/dev/null || shift $#
    local wants=()
    local w
    for w in "$@"; do wants+=(--contains "$w"); done
    check "$label: $who's acknowledgement arrives" \
        "${MAILTOOL[@]}" wait "$T/mail/$who" --in-reply-to "$msgid"
    check "$label: the acknowledgement is strict MIME, threaded, auto-replied, Reply-To the game, ACCEPTED" \
        "${MAILTOOL[@]}" reply "$T/mail/$who" --in-reply-to "$msgid" --auto-replied \
        --reply-to "$addr" --contains "ACCEPTED" "${wants[@]}" --print-receipt
    local receipt=$OUT
    check "$label: the ledger holds the mail as received, accepted with the receipt the player got" \
        "${MAILTOOL[@]}" verdict "$campaign" "$msgid" accepted --receipt "$receipt" --inputs "$inputs"
}

# report CAMPAIGN STEP PUBLIC-DICE PLAYER...: the step's report reaches each player and the
# GM, strict MIME, showing the step's chain element and public dice as public.json has
# them, and each hidden die's face only to its roller and the GM.
report() {
    local campaign=$1 step=$2 public=$3 id who
    id=$(basename "$campaign")
    shift 3
    for who in "$@" gm; do
        check "$id step $step: the report arrives for $who" \
            "${MAILTOOL[@]}" wait "$T/mail/$who" --subject "[$id] Step $step:"
        check "$id step $step: $who's report is strict MIME, with the step's chain element and dice" \
            "${MAILTOOL[@]}" faces "$campaign" "$step" "$T/mail/$who" --viewer "$who" \
            --subject "[$id] Step $step:" --public-dice "$public"
    done
}

# --- the dice system: welcome, two steps, a redelivered mail ------------------------------

DICE=$(home_of dicegame)
check "dicegame: umpire new creates the campaign" \
    ump new dice "$DICE" --id dicegame --player "alice=alice@$DOMAIN" --player "bob=bob@$DOMAIN" \
    --gm-email "$GM_ADDR" --address "$DICE_ADDR"
welcome "$DICE" alice bob

# Step 1: alice rolls in public. Postfix is told her delivery failed (after umpire
# stored and answered it), so it delivers the very same mail again: umpire must keep
# both copies and answer once.
printf 'GAME dicegame\nPLAYER alice\nSECRET %s\nROLL 2d6 attack on Larissa at 3:1\nEND\n\n-- \nalice\n' \
    "$(secret_of dicegame alice)" >"$T/out/dice1.txt"
touch "$T/flags/fail-once"
chown "$RUN_USER" "$T/flags/fail-once"
orders_delivered "dicegame step 1" alice "$DICE_ADDR" dice1.alice@players.umpire.test "$T/out/dice1.txt"
check "dicegame step 1: Postfix was told the first delivery failed and delivered the mail again" \
    grep -q "delivery reported as failed" "$T/log/ingest.log"
check "dicegame step 1: both deliveries were stored, as two inputs" \
    test "$(count_files "$DICE/inbox" '*.eml')" = 2
check "dicegame step 1: the outbox goes out through Postfix" send_outbox "$DICE"
ack_accepted "dicegame step 1" alice dice1.alice@players.umpire.test "$DICE_ADDR" "$DICE" 2
check "dicegame step 1: the same mail delivered twice is acknowledged once" \
    test "$("${MAILTOOL[@]}" count "$T/mail/alice" --in-reply-to dice1.alice@players.umpire.test)" = 1
report "$DICE" 1 2 alice bob

# Step 2: bob rolls a hidden die: no public dice in the record.
printf 'GAME dicegame\nPLAYER bob\nSECRET %s\nROLL 1d10 HIDDEN ambush check in Grammos\nEND\n' \
    "$(secret_of dicegame bob)" >"$T/out/dice2.txt"
orders_delivered "dicegame step 2" bob "$DICE_ADDR" dice2.bob@players.umpire.test "$T/out/dice2.txt"
check "dicegame step 2: the outbox goes out through Postfix" send_outbox "$DICE"
ack_accepted "dicegame step 2" bob dice2.bob@players.umpire.test "$DICE_ADDR" "$DICE"
report "$DICE" 2 0 alice bob

# --- hostile mail ------------------------------------------------------------------------

# Each: fixture, sender, what umpire must answer, text the answer must hold, and the
# reply's subject (decoded). Accepted mails become dice steps; refused ones are answered
# with the reason; ignored ones are stored and never answered.
# shellcheck disable=SC1111 # the typographic quotes are part of the test
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
    "mailing-list.eml|bob|ignored||"
)
HOSTILE_QIDS=()
for entry in "${HOSTILE[@]}"; do
    IFS='|' read -r file who _ <<<"$entry"
    id="${file%.eml}.$who@players.umpire.test"
    secret=$(secret_of dicegame "$who")
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
            "${MAILTOOL[@]}" reply "$T/mail/$who" --in-reply-to "$id" "${subject_filter[@]}" \
            --auto-replied --reply-to "$DICE_ADDR" --contains ACCEPTED --contains "$text" \
            --print-receipt
        check "hostile $file: ledger: accepted with that receipt" \
            "${MAILTOOL[@]}" verdict "$DICE" "$id" accepted --receipt "$OUT"
        ;;
    refused)
        check "hostile $file: answered REFUSED ($text), strict MIME, threaded" \
            "${MAILTOOL[@]}" reply "$T/mail/$who" --in-reply-to "$id" --auto-replied \
            --reply-to "$DICE_ADDR" --contains REFUSED --contains "$text" --lacks ACCEPTED
        if [ "$file" = oversized.eml ]; then
            # Read through, but only its headers kept (64 KiB), marked with its size.
            check "hostile $file: ledger: refused, only its headers kept, no orders stored" \
                "${MAILTOOL[@]}" verdict "$DICE" "$id" refused --max-bytes 70000 --oversize
        else
            check "hostile $file: ledger: refused, stored whole, no orders stored" \
                "${MAILTOOL[@]}" verdict "$DICE" "$id" refused
        fi
        ;;
    ignored)
        check "hostile $file: ledger: stored, not answered" \
            "${MAILTOOL[@]}" verdict "$DICE" "$id" ignored
        check "hostile $file: nothing in any outbox or sent/ answers it" \
            "${MAILTOOL[@]}" unanswered "$T" "$id"
        ;;
    esac
done
for id in bounce.bob auto-reply.alice mailing-list.bob; do
    check "hostile: no Maildir got a reply to <$id@players.umpire.test>" \
        test "$("${MAILTOOL[@]}" count "$T/mail/alice" "$T/mail/bob" "$T/mail/gm" \
            --in-reply-to "$id@players.umpire.test")" = 0
done
check "dicegame: the outbox is empty after send" test "$(count_files "$DICE/outbox" '*.eml')" = 0
check "dicegame: umpire verify passes" ump verify "$DICE"

# --- a delivery that fails stays in the outbox ---------------------------------------------
#
# dave's address is unknown to the mail server at first: Postfix refuses it, the welcome
# mail stays in the outbox with the reason beside it, and goes out once the address works.

FLAKY=$T/single/flaky
check "flaky: umpire new, a player whose address the server does not know yet" \
    ump new dice "$FLAKY" --id flaky --player "dave=dave@$DOMAIN" --gm-email "$GM_ADDR" --address "flaky@$DOMAIN"
check "flaky: umpire send reports the refused delivery (exit 1)" \
    bash -c '! "$@"' _ runuser -u "$RUN_USER" -- "$T/bin/umpire" send "$FLAKY" \
    --smtp "smtp+plain://127.0.0.1:$PORT"
check "flaky: the welcome mail stays in the outbox" test -e "$FLAKY/outbox/0000-welcome-dave.eml"
check "flaky: the server's refusal (550) is recorded beside it" \
    grep -q "550" "$FLAKY/outbox/0000-welcome-dave.eml.error"
check "flaky: nothing was kept in sent/" test "$(ump sent "$FLAKY" | wc -l)" = 0
echo "dave@$DOMAIN dave/" >>"$T/postfix/vmailbox"
check "flaky: the server learns dave's address (postfix reload)" postfix -c "$T/postfix" reload
sent_later=0
for _ in $(seq 50); do
    if ump send "$FLAKY" --smtp "smtp+plain://127.0.0.1:$PORT" >/dev/null 2>&1; then
        sent_later=1
        break
    fi
    sleep 0.2
done
check "flaky: the next send delivers it" test "$sent_later" = 1
check "flaky: the error note is gone and the mail is in sent/" \
    test ! -e "$FLAKY/outbox/0000-welcome-dave.eml.error" -a "$(ump sent "$FLAKY" | wc -l)" = 1
check "flaky: dave's welcome mail arrives" \
    "${MAILTOOL[@]}" wait "$T/mail/dave" --subject "[flaky] Welcome"

# --- deadlines: dice rounds, tick with a fake clock ---------------------------------------
#
# The dice system in rounds: every player's requests of a round are rolled together
# when all are in, or at the deadline. Round 1: both order and tick processes it early.
# Round 2: bob never orders; tick sends the 24-hour and 2-hour reminders once each,
# waits out the grace period, then tells bob he is late and resolves the round.

ROUNDS=$(home_of rounds)
if [ "$HAS_TICK" = 0 ]; then
    echo "SKIP: this umpire has no tick command; reminders and deadlines not tested"
else
    R0=2026-11-02T09:00:00Z # a Monday
    at "$R0"
    check "rounds: umpire new with a schedule (48 h, reminders 24 h and 2 h, grace 30 min, Paris time)" \
        ump new dice "$ROUNDS" --id rounds --option rounds=yes \
        --player "alice=alice@$DOMAIN" --player "bob=bob@$DOMAIN" \
        --gm-email "$GM_ADDR" --address "$ROUNDS_ADDR" \
        --deadline-hours 48 --reminders 24,2 --grace-minutes 30 --timezone Europe/Paris
    welcome "$ROUNDS" alice bob
    DEADLINE1="Wed 04 Nov 2026 10:00 CET (Europe/Paris)"
    check "rounds: the welcome mail shows the first deadline ($DEADLINE1)" \
        "${MAILTOOL[@]}" reply "$T/mail/alice" --subject "[rounds] Welcome" --contains "$DEADLINE1"
    # rounds_orders LABEL WHO MSGID LINE [PLAYER SECRET]: WHO mails LINE as PLAYER (default:
    # as themselves, with their own secret).
    rounds_orders() {
        printf 'GAME rounds\nPLAYER %s\nSECRET %s\n%s\nEND\n' "${5:-$2}" \
            "${6:-$(secret_of rounds "$2")}" "$4" >"$T/out/$3.txt"
        orders_delivered "$1" "$2" "$ROUNDS_ADDR" "$3" "$T/out/$3.txt"
    }

    at "$(plus_minutes "$R0" 60)"
    rounds_orders "rounds round 1" alice r1.alice@players.umpire.test "ROLL 2d6 opening barrage"
    check "rounds round 1: the outbox goes out" send_outbox "$ROUNDS"
    ack_accepted "rounds round 1" alice r1.alice@players.umpire.test "$ROUNDS_ADDR" "$ROUNDS" 1 \
        "Deadline: $DEADLINE1"

    at "$(plus_minutes "$R0" 120)"
    check "rounds: tick before any reminder is due changes nothing" tick_and_send "$ROUNDS"
    check "rounds: no step was resolved while bob's orders are missing" test ! -e "$ROUNDS/reports/1"
    check "rounds: no reminder went out early" sent_to bob "[rounds] Reminder" 0

    at "$(plus_minutes "$R0" 180)"
    rounds_orders "rounds round 1" bob r1.bob@players.umpire.test "ROLL 1d6 scouting the pass"
    check "rounds round 1: bob's acknowledgement goes out" send_outbox "$ROUNDS"
    ack_accepted "rounds round 1" bob r1.bob@players.umpire.test "$ROUNDS_ADDR" "$ROUNDS"

    R1=$(plus_minutes "$R0" 240)
    at "$R1"
    check "rounds round 1: tick processes the round early, everyone having ordered" \
        tick_and_send "$ROUNDS"
    check "rounds round 1: resolved 44 hours before its deadline" test -e "$ROUNDS/reports/1/public.json"
    report "$ROUNDS" 1 3 alice bob
    check "rounds round 1: the report shows round 2's deadline, 48 hours after it opened" \
        "${MAILTOOL[@]}" reply "$T/mail/alice" --subject "[rounds] Step 1:" \
        --contains "Deadline: Wed 04 Nov 2026 14:00 CET (Europe/Paris)"

    # Round 2 opened at R1: due 48 hours later.
    DEADLINE2="Wed 04 Nov 2026 14:00 CET (Europe/Paris)"
    at "$(plus_minutes "$R1" 60)"
    rounds_orders "rounds round 2" alice r2.alice@players.umpire.test "ROLL 1d20 assault on the ridge"
    check "rounds round 2: the outbox goes out" send_outbox "$ROUNDS"
    ack_accepted "rounds round 2" alice r2.alice@players.umpire.test "$ROUNDS_ADDR" "$ROUNDS" 1 \
        "Deadline: $DEADLINE2"

    at "$(plus_minutes "$R1" $((24 * 60 + 1)))"
    check "rounds round 2: tick 24 hours before the deadline" tick_and_send "$ROUNDS"
    check "rounds round 2: bob gets the 24-hour reminder, showing the deadline" \
        "${MAILTOOL[@]}" reply "$T/mail/bob" --subject "[rounds] Reminder" --contains "$DEADLINE2"
    check "rounds round 2: alice, who has ordered, gets no reminder" \
        sent_to alice "[rounds] Reminder" 0
    check "rounds round 2: tick again at the same time" tick_and_send "$ROUNDS"
    at "$(plus_minutes "$R1" $((24 * 60 + 11)))"
    check "rounds round 2: tick again 10 minutes later" tick_and_send "$ROUNDS"
    check "rounds round 2: the ledger records the 24-hour reminder once" \
        "${MAILTOOL[@]}" ledger-count "$ROUNDS" reminder 1 step=2 hours=24
    check "rounds round 2: still one reminder (never duplicated)" \
        sent_to bob "[rounds] Reminder" 1

    at "$(plus_minutes "$R1" $((46 * 60 + 1)))"
    check "rounds round 2: tick 2 hours before the deadline" tick_and_send "$ROUNDS"
    check "rounds round 2: bob gets the 2-hour reminder" \
        "${MAILTOOL[@]}" wait "$T/mail/bob" --subject "[rounds] Reminder" --count 2
    check "rounds round 2: two reminders in all, each once" \
        sent_to bob "[rounds] Reminder" 2

    at "$(plus_minutes "$R1" $((48 * 60 + 10)))"
    check "rounds round 2: tick 10 minutes past the deadline, within the grace" tick_and_send "$ROUNDS"
    check "rounds round 2: the grace period holds the round open" test ! -e "$ROUNDS/reports/2"
    check "rounds round 2: no late notice during the grace" \
        sent_to bob "[rounds] No orders from you" 0

    at "$(plus_minutes "$R1" $((48 * 60 + 31)))"
    check "rounds round 2: tick past the deadline and the grace" tick_and_send "$ROUNDS"
    check "rounds round 2: resolved without bob's orders" test -e "$ROUNDS/reports/2/public.json"
    check "rounds round 2: bob is told his orders were late" \
        "${MAILTOOL[@]}" wait "$T/mail/bob" --subject "[rounds] No orders from you"
    check "rounds round 2: the late notice is strict MIME and names the deadline" \
        "${MAILTOOL[@]}" reply "$T/mail/bob" --subject "[rounds] No orders from you" \
        --contains "$DEADLINE2"
    check "rounds round 2: alice gets no late notice" \
        sent_to alice "[rounds] No orders from you" 0
    report "$ROUNDS" 2 1 alice bob
    check "rounds: tick once more changes nothing" tick_and_send "$ROUNDS"
    check "rounds: still two steps, one late notice" test ! -e "$ROUNDS/reports/3" -a \
        "$(mails_with_subject bob "[rounds] No orders from you")" = 1

    # Round 3, opened at R2: the GM, by mail, extends the deadline a day and hands bob's
    # side to carol. bob's old secret stops working; carol's new one works.
    R2=$(plus_minutes "$R1" $((48 * 60 + 31)))
    DEADLINE3="Sat 07 Nov 2026 14:31 CET (Europe/Paris)" # 48 h after R2, then 24 h more
    at "$(plus_minutes "$R2" 10)"
    GM_SECRET=$(tr -d ' \n' <"$ROUNDS/secret/gm-secret.txt")
    printf 'GAME rounds\nPLAYER gm\nSECRET %s\nEXTEND 24\nREPLACE bob carol@%s\nEND\n' \
        "$GM_SECRET" "$DOMAIN" >"$T/out/gm3.txt"
    if orders "rounds round 3: GM commands by mail" gm "$ROUNDS_ADDR" gm3.gm@players.umpire.test \
        "$T/out/gm3.txt"; then
        check "rounds round 3: Postfix delivers the GM's mail to umpire" delivered "$ROUNDS_ADDR" "$QID"
    fi
    check "rounds round 3: the outbox goes out" send_outbox "$ROUNDS"
    check "rounds round 3: the GM's commands are acknowledged (deadline $DEADLINE3, bob to carol)" \
        "${MAILTOOL[@]}" reply "$T/mail/gm" --in-reply-to gm3.gm@players.umpire.test --auto-replied \
        --reply-to "$ROUNDS_ADDR" --contains "$DEADLINE3" --contains "carol@$DOMAIN" --lacks REFUSED
    check "rounds round 3: carol's welcome mail arrives, with a new secret for bob's side" \
        "${MAILTOOL[@]}" wait "$T/mail/carol" --subject "[rounds] Welcome: you now play bob"
    check "rounds round 3: carol's secret is read from it" \
        "${MAILTOOL[@]}" secret "$T/mail/carol" --subject "[rounds] Welcome: you now play bob"
    CAROL_SECRET=$OUT

    at "$(plus_minutes "$R2" 20)"
    rounds_orders "rounds round 3: bob with his old secret" bob r3.bob@players.umpire.test \
        "ROLL 1d6 old hand"
    at "$(plus_minutes "$R2" 30)"
    rounds_orders "rounds round 3" alice r3.alice@players.umpire.test "ROLL 3d6 last stand"
    check "rounds round 3: the outbox goes out" send_outbox "$ROUNDS"
    # A wrong secret is answered at the side's registered address (now carol's), never at
    # the unauthenticated From: bob is no longer the side's player.
    check "rounds round 3: bob's old secret is refused, told to the side's player (carol)" \
        "${MAILTOOL[@]}" reply "$T/mail/carol" --in-reply-to r3.bob@players.umpire.test --auto-replied \
        --contains REFUSED --contains "the secret is wrong" --lacks ACCEPTED
    check "rounds round 3: ...and nothing goes to bob's old address" \
        "${MAILTOOL[@]}" unanswered "$ROUNDS" r3.bob@players.umpire.test --to "bob@$DOMAIN"
    check "rounds round 3: ledger: refused, no orders stored" \
        "${MAILTOOL[@]}" verdict "$ROUNDS" r3.bob@players.umpire.test refused
    ack_accepted "rounds round 3" alice r3.alice@players.umpire.test "$ROUNDS_ADDR" "$ROUNDS" 1 \
        "Deadline: $DEADLINE3"

    at "$(plus_minutes "$R2" $((48 * 60 + 31)))"
    check "rounds round 3: tick past the old deadline and grace" tick_and_send "$ROUNDS"
    check "rounds round 3: the extended deadline holds the round open" test ! -e "$ROUNDS/reports/3"

    at "$(plus_minutes "$R2" $((48 * 60 + 40)))"
    rounds_orders "rounds round 3: carol as bob" carol r3.carol@players.umpire.test \
        "ROLL 2d6 fresh hand" bob "$CAROL_SECRET"
    check "rounds round 3: the outbox goes out" send_outbox "$ROUNDS"
    ack_accepted "rounds round 3: carol as bob" carol r3.carol@players.umpire.test "$ROUNDS_ADDR" \
        "$ROUNDS" 1 "ACCEPTED: orders of bob"
    check "rounds round 3: tick processes the round early, everyone having ordered" \
        tick_and_send "$ROUNDS"
    report "$ROUNDS" 3 5 alice carol
    check "rounds round 3: bob's old address gets no report any more" \
        sent_to bob "[rounds] Step 3:" 0
    check "rounds: umpire verify passes" ump verify "$ROUNDS"
    rm -f "$T/now"
fi

# --- Diplomacy: one movement phase ---------------------------------------------------------
#
# Three powers with players (the others in civil disorder). England and France send
# their first moves; Germany sends nothing, is reminded, and is told at the deadline
# that its units held.

DIP=$(home_of dipgame)
if [ "$HAS_DIPLOMACY" = 0 ] || [ "$HAS_TICK" = 0 ]; then
    echo "SKIP: this umpire has no diplomacy system (or no tick); the Diplomacy phase was not played"
else
    D0=2026-11-09T18:00:00Z
    at "$D0"
    players=()
    for p in "${DIP_POWERS[@]}"; do players+=(--player "$p=$p@$DOMAIN"); done
    check "dipgame: umpire new diplomacy (3 powers, civil disorder for the rest, 24 h deadline)" \
        ump new diplomacy "$DIP" --id dipgame "${players[@]}" --option unassigned=civil-disorder \
        --gm-email "$GM_ADDR" --address "$DIP_ADDR" --deadline-hours 24 --reminders 2
    welcome "$DIP" "${DIP_POWERS[@]}"
    at "$(plus_minutes "$D0" 60)"
    dip_orders() { # POWER ORDERS-LINE...
        local p=$1
        shift
        {
            printf 'GAME dipgame\nPOWER %s\nSECRET %s\nPHASE S1901M\n' "$p" "$(secret_of dipgame "$p")"
            printf '%s\n' "$@"
            printf 'END\n'
        } >"$T/out/dip.$p.txt"
        orders_delivered "dipgame S1901M" "$p" "$DIP_ADDR" "dip1.$p@players.umpire.test" "$T/out/dip.$p.txt"
    }
    dip_orders england "F LON - NTH" "F EDI - NWG" "A LVP - YOR"
    dip_orders france "F BRE - MAO" "A PAR - BUR" "A MAR S A PAR - BUR"
    check "dipgame S1901M: the outbox goes out" send_outbox "$DIP"
    for p in england france; do
        ack_accepted "dipgame S1901M" "$p" "dip1.$p@players.umpire.test" "$DIP_ADDR" "$DIP" 1 \
            "Deadline: Tue 10 Nov 2026 18:00"
    done
    at "$(plus_minutes "$D0" $((22 * 60 + 1)))"
    check "dipgame S1901M: tick 2 hours before the deadline" tick_and_send "$DIP"
    check "dipgame S1901M: germany, who has not ordered, gets the reminder" \
        "${MAILTOOL[@]}" wait "$T/mail/germany" --subject "[dipgame] Reminder"
    check "dipgame S1901M: england, who has, does not" \
        sent_to england "[dipgame] Reminder" 0
    check "dipgame S1901M: not resolved before the deadline" test ! -e "$DIP/reports/1"
    at "$(plus_minutes "$D0" $((24 * 60 + 1)))"
    check "dipgame S1901M: tick past the deadline adjudicates the movement phase" tick_and_send "$DIP"
    check "dipgame S1901M: germany is told its orders were late" \
        "${MAILTOOL[@]}" wait "$T/mail/germany" --subject "[dipgame] No orders from you"
    report "$DIP" 1 0 "${DIP_POWERS[@]}"
    check "dipgame S1901M: the reports show the moves: London to the North Sea, Paris to Burgundy" \
        "${MAILTOOL[@]}" reply "$T/mail/england" --subject "[dipgame] Step 1:" \
        --contains "North Sea" --contains "Burgundy"
    check "dipgame S1901M: umpire verify passes" ump verify "$DIP"
    rm -f "$T/now"
fi

# --- several campaigns behind one address: what names no campaign -------------------------

if [ "$HAS_ROOT" = 0 ]; then
    echo "SKIP: this umpire has no ingest --root; each campaign had its own address"
else
    printf 'GAME nosuchgame\nPLAYER alice\nSECRET %s\nROLL 1d6 lost\nEND\n' \
        "$(secret_of dicegame alice)" >"$T/out/unknown-game.txt"
    if orders "root: a mail naming no game here" alice "$GAME_ADDR" unknown-game.alice@players.umpire.test \
        "$T/out/unknown-game.txt"; then
        UNKNOWN_QID=$QID
        if fixture "root: a bounce to the shared address" bounce.eml bob "$GAME_ADDR" \
            root-bounce.bob@players.umpire.test "$(secret_of dicegame bob)" dicegame; then
            check "root: Postfix delivers both to umpire --root" \
                delivered "$GAME_ADDR" "$UNKNOWN_QID" "$QID"
        fi
    fi
    check "root: the outboxes go out" send_outbox "$T/games"
    check "root: the mail naming no game is kept in unrouted/" \
        "${MAILTOOL[@]}" kept "$T/games" unknown-game.alice@players.umpire.test
    check "root: ...and answered (a registered sender), strict MIME, In-Reply-To, auto-replied, naming no game" \
        "${MAILTOOL[@]}" reply "$T/mail/alice" --in-reply-to unknown-game.alice@players.umpire.test \
        --skip-references --auto-replied --reply-to "$GAME_ADDR" --contains "REFUSED" \
        --contains "names no game at this address" --lacks "nosuchgame" --lacks "rounds"
    check "root: ...with References naming the mail it answers" \
        "${MAILTOOL[@]}" reply "$T/mail/alice" --in-reply-to unknown-game.alice@players.umpire.test
    check "root: the bounce (no GAME line of its own) is kept in unrouted/" \
        "${MAILTOOL[@]}" kept "$T/games" root-bounce.bob@players.umpire.test
    check "root: ...and never answered" \
        "${MAILTOOL[@]}" unanswered "$T" root-bounce.bob@players.umpire.test
fi

# --- nothing lost ----------------------------------------------------------------------------

# One stored file per delivery umpire ran (the redelivered mail twice), in the campaigns'
# inboxes or, with --root, in unrouted/.
DELIVERIES=$(grep -c '^delivery exit 0$' "$T/log/ingest.log")
STORED=$(find "$T/single" "$T/games" -path '*/inbox/*.eml' -o -path '*/unrouted/*.eml' | wc -l)
check "nothing lost: $SENT_TO_GAME mails to the game address, $DELIVERIES deliveries (one retried), $STORED stored" \
    test "$STORED" = "$DELIVERIES" -a "$DELIVERIES" = $((SENT_TO_GAME + 1))
check "nothing lost: every delivery to umpire ended with exit 0 (none deferred but the simulated one)" \
    test "$(grep -c '^delivery exit' "$T/log/ingest.log")" = "$DELIVERIES"
check "no mail is left unsent in any outbox" \
    test "$(find "$T/single" "$T/games" -path '*/outbox/*.eml' | wc -l)" = 0

finish
