# SPDX-License-Identifier: GPL-2.0-or-later
# -q, -qq and -qqq keep strace 6.1's signal and killed lines: strace's
# -qqq (--quiet=all) silences attach, exit, personality, path-resolution
# and superseded-by-execve messages, never "--- SIG ---" nor "+++ killed
# by +++".  Each quiet level against strace's on the same commands, -e
# trace=none (a shell sending itself a handled USR1 then a fatal TERM; a
# plain exit 3; kill -9 $$), whole traces compared (pids masked: the
# shells differ).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

mask() { sed -E 's/^[0-9]+ +//; s/si_pid=[0-9]+/si_pid=N/' "$1"; }

n=0
for q in -q -qq -qqq; do
	for cmd in 'trap : USR1; kill -USR1 $$; kill -TERM $$' 'exit 3' \
		'kill -9 $$'; do
		n=$((n + 1))
		strace $q -f -e trace=none -o s.$n sh -c "$cmd"
		"$ETRACE" $q -f -e trace=none -o e.$n sh -c "$cmd" 2> e.err.$n
		mask s.$n > s.$n.m
		mask e.$n > e.$n.m
		case $cmd in
		trap*) grep -q '^--- SIGTERM' s.$n.m ||
			soft_fail "strace $q ($cmd): no SIGTERM line" ;;
		esac
		soft_same s.$n.m e.$n.m "$q on sh -c '$cmd' (strace vs etrace)"
	done
done
finish
