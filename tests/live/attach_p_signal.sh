# SPDX-License-Identifier: GPL-2.0-or-later
# -p ended by a signal: the trace is written out and etrace dies of the
# signal, as strace -p does (SIGTERM: 143; before, etrace exited 0).
# The traced shell has made a call the trace must hold before the
# signal comes, and it goes on running after the detach.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit sp ep
mkfifo go go2
sh -c 'read x < go; cd /; read y < "$0"' "$WORK/go2" &
sp=$!
etrace_bg out err -e trace=chdir -p "$sp" -o trace
echo go > go
wait_until 60 grep -qE '^chdir\("/"\) += 0$' trace ||
	{ cat trace >&2; fail "the chdir is not in the trace while etrace runs"; }
kill -TERM "$ep"
wait "$ep"
rc=$?
ep=""
[ $rc = 143 ] || { cat err >&2; fail "etrace -p ended by SIGTERM: exit $rc, want 143"; }
grep -qxF "etrace: Process $sp detached" err || { cat err >&2; fail "no detach line"; }
kill -0 "$sp" || fail "the traced shell did not survive the detach"
echo go > go2
wait "$sp"
sp=""
exit 0
