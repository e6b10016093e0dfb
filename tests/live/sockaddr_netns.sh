# SPDX-License-Identifier: GPL-2.0-or-later
# An interface index in a socket address is named (if_nametoindex("lo"))
# only when it is of etrace's network namespace: the BPF program compares
# the socket's (here the task's: fd -1) with etrace's at the call.
# tests/progs/fam_sockets_addr's connect calls, traced in etrace's
# namespace and then in a new one (unshare -n: its own lo, also index 1):
# the second trace is the first with each name back to its number.
. "$TOP/tests/lib.sh"
need_root
command -v unshare > /dev/null || fail "unshare (util-linux) is missing"

"$ETRACE" -qq -e trace=connect -o "$WORK/own" -- "$PROGS/fam_sockets_addr" \
	2> "$WORK/own.err" || { cat "$WORK/own.err" >&2; fail "etrace: exit $?"; }
"$ETRACE" -qq -e trace=connect -o "$WORK/other" -- \
	unshare -n "$PROGS/fam_sockets_addr" 2> "$WORK/other.err" ||
	{ cat "$WORK/other.err" >&2; fail "etrace (unshare -n): exit $?"; }
n=$(grep -c 'if_nametoindex("lo")' "$WORK/own")
[ "$n" -ge 5 ] || fail "only $n interface names in etrace's own namespace"
echo "$n interface names in etrace's namespace"
sed 's/if_nametoindex("lo")/1/g' "$WORK/own" > "$WORK/want"
same "$WORK/want" "$WORK/other" "another namespace's indexes"
