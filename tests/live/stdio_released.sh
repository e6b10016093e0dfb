# SPDX-License-Identifier: GPL-2.0-or-later
# Once the command runs, etrace holds neither its stdin nor its stdout
# (as strace, they go to /dev/null): when the command closes them, the
# other end of a pipe sees it while the command still runs.
#  - etrace -o log -- cmd | reader: the reader gets EOF;
#  - writer | etrace -o log -- cmd: the writer gets SIGPIPE (EPIPE).
# Before, etrace kept both pipes open until the command ended.
# --stack=folded without -o writes to stdout: that stays.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

sp=""
cleanup() {
	[ -n "$sp" ] && kill -KILL "$sp" 2>/dev/null
	[ -p go ] && { echo > go & }
}
trap cleanup EXIT
mkfifo go
# the reader: "hi", then EOF while the command waits on the fifo (etrace
# is the pipeline's first process itself: no shell holds the pipe)
"$ETRACE" -q -o log1 -- sh -c 'echo hi; exec > /dev/null; read x < go' |
	{ cat > got1; echo done > done1; } &
sp=$!
wait_until 60 test -s done1 ||
	fail "the reader saw no EOF after the command closed its stdout"
[ "$(cat got1)" = hi ] || fail "the reader read '$(cat got1)', want hi"
echo go > go
wait $sp
sp=""
grep -q '^exit_group(0) *= ?$' log1 || { cat log1 >&2; fail "log1 has no exit_group"; }

# the writer: killed by SIGPIPE once the command closed its stdin
{ yes; echo "$?" > rc2; } |
	{ "$ETRACE" -q -o log2 -- sh -c 'exec < /dev/null; read x < go'; } &
sp=$!
wait_until 60 test -s rc2 ||
	fail "the writer went on after the command closed its stdin"
[ "$(cat rc2)" = 141 ] || fail "yes exited $(cat rc2), want 141 (SIGPIPE)"
echo go > go
wait $sp
sp=""

# folded stacks still reach stdout
"$ETRACE" -q --stack=folded -- true > folded 2> err3 ||
	{ cat err3 >&2; fail "--stack=folded to stdout failed"; }
grep -qE '^true;.*;[a-z0-9_]+ [0-9]+$' folded || { cat folded >&2; fail "no folded stack on stdout"; }
exit 0
