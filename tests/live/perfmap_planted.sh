# SPDX-License-Identifier: GPL-2.0-or-later
# /tmp/perf-PID.map planted by another user (nobody) for a root program
# with JIT-like code (jit -w: anonymous executable memory, no map of its
# own).  -k looks the JIT frame up in the map; each plant must leave the
# trace complete (etrace under a 60 s timeout), the frame unnamed:
#  - a FIFO: opening it for reading waited for a writer for ever;
#  - a symlink to /dev/zero: reading it never ended (100% CPU);
#  - a regular file naming the code "planted_name": not the process's
#    (nobody's, not root's), so not believed, as perf checks.
# The process's own map is read: live/stack_jit.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
id nobody > /dev/null 2>&1 || fail "no user nobody"

tp=""
map=""
cleanup() {
	[ -n "$tp" ] && kill -KILL "$tp" 2>/dev/null
	[ -n "$map" ] && rm -f "$map"
}
trap cleanup EXIT
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
child_of() {	# pid: its first child
	_c=$(cat "/proc/$1/task/$1/children") && [ -n "$_c" ] && echo "${_c%% *}"
}

for kind in ${PERFMAP_KINDS:-fifo zero file}; do
	rm -f go .ready
	mkfifo go .ready
	timeout -k 5 60 "$ETRACE" --ready-fd 9 -q -k -e trace=getppid \
		-o "trace.$kind" -- sh -c 'exec "$0" -w 3 < "$1"' \
		"$PROGS/jit" "$WORK/go" 9> .ready 2> err &
	tp=$!
	read -r r < .ready
	[ "$r" = ready ] || { cat err >&2; fail "$kind: etrace did not start"; }
	# the command (etrace's child, under timeout's), held opening go
	ep=$(child_of "$tp") && kid=$(child_of "$ep") ||
		fail "$kind: no command under etrace"
	map=/tmp/perf-$kid.map
	rm -f "$map"
	case $kind in
	fifo) as_nobody mkfifo "$map" || fail "fifo: cannot plant $map" ;;
	zero) as_nobody ln -s /dev/zero "$map" || fail "zero: cannot plant $map" ;;
	esac
	exec 7> go
	if [ $kind = file ]; then
		# once jit has mapped its code and waits for the line
		wait_until 60 in_syscall "$kid" 0 || fail "file: jit is not reading go"
		addr=$(awk '$2 == "rwxp" && NF == 5 { split($1, a, "-"); print a[1]; exit }' \
			"/proc/$kid/maps")
		[ -n "$addr" ] || fail "file: no anonymous rwx mapping in jit"
		as_nobody sh -c "echo '$addr 1000 planted_name' > '$map'" ||
			fail "file: cannot plant $map"
	fi
	echo >&7
	exec 7>&-
	wait "$tp"
	rc=$?
	tp=""
	rm -f "$map"
	[ $rc = 0 ] || { cat err >&2; fail "$kind: etrace exited $rc (124: it hung)"; }
	# jit's three calls, each from its code, unnamed (sh makes one too)
	n=$(grep -cE '^ > //anon\(\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$' "trace.$kind")
	[ "$n" = 3 ] || { cat "trace.$kind" >&2; fail "$kind: $n unnamed JIT frames, want 3"; }
	grep -q 'planted_name' "trace.$kind" &&
		{ cat "trace.$kind" >&2; fail "$kind: a frame named from nobody's map"; }
done
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved --anon trace.*
exit 0
