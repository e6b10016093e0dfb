# SPDX-License-Identifier: GPL-2.0-or-later
# One representative live trace under valgrind's memcheck:
#   valgrind --error-exitcode=1 --leak-check=full etrace --no-bpf -q -f -o out -- ls /
# must report no error (invalid reads or writes, uninitialised values,
# leaks) and still trace: ls's execve first, its exit_group and exit
# last, etrace exiting with ls's status.  Then the unwinder's: stacks of
# every call of a shell and the programs it forks (Dwfls shared by a fork
# child and its parent, built and freed per program):
#   valgrind ... etrace --no-bpf -k -f -o kout -- sh -c '/bin/true; /bin/true'
# no error either, its three execs traced, and stacks under the lines.
#
# --no-bpf: valgrind 3.19 does not model the bpf() commands libbpf uses
# to load the capture program ("unhandled eBPF command 28") and reports
# uninitialised bytes in libbpf's bpf_attr (expected_attach_type,
# prog_ifindex) for BPF_PROG_LOAD: its model's gaps, in libbpf's code.
# The BPF side is covered by `make check SANITIZE=1` instead.
#
# Suppressed (tests/fuzz/valgrind.supp says why): the perf bookkeeping
# etrace leaves on purpose to the child that releases the kernel objects
# after it has exited, and one known leak (maps.c) until it is fixed.
# That child runs under valgrind too: the test waits for it to end
# (ETRACE_TEARDOWN_LOG, set by tests/run.sh) and reads its log, which
# must be there, with no error either.
#
# In the sanitizer pass (make check SANITIZE=1) $ETRACE is built with
# ASan, which valgrind cannot run: the test builds a plain etrace from
# the same sources in its work directory and checks that one.  Without
# valgrind installed it is skipped (exit 77: a failure as root).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
command -v valgrind >/dev/null || skip "valgrind is not installed (make deps)"
if ldd "$ETRACE" 2>/dev/null | grep -q libasan; then
	echo "etrace is built with ASan: building a plain one for valgrind"
	mkdir -p src
	(cd "$TOP" && cp -r Makefile syscalls.tbl tracer decoders tools "$WORK/src/")
	# not the sanitizer pass's make variables
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL -u SANITIZE \
		-u CFLAGS -u LDFLAGS make -C src -j2 etrace > build.log 2>&1 ||
		{ tail -n 30 build.log >&2; fail "building a plain etrace failed"; }
	ETRACE=$WORK/src/etrace
	ldd "$ETRACE" | grep -q libasan && fail "the plain etrace is built with ASan"
fi
# every process's log, once all ended (the command's ends at its exec):
# etrace's and its teardown child's whole, and none with an error.  Each
# run says its teardown child in a log of its own.
vg_logs() {	# out what teardown-log
	teardown_wait "$3"
	cat vg.*.log > "$1"
	set -- "$1" "$2" $(awk '$NF == "started" { sub(/:$/, "", $2); print $2, $5 }' "$3")
	[ $# = 4 ] || fail "$2: not one etrace and its teardown child"
	for _p in $3 $4; do
		grep -q 'ERROR SUMMARY: 0 errors' "vg.$_p.log" ||
			{ cat "vg.$_p.log" >&2; fail "$2: process $_p's valgrind log does not end with 'ERROR SUMMARY: 0 errors'"; }
	done
	grep -E 'ERROR SUMMARY: [1-9]' "$1" >&2 && fail "$2: valgrind reported errors"
	rm -f vg.*.log
}

LS=$(command -v ls)
# valgrind runs code from memory: a uprobe another tool left on libc
# (an int3 in the code) stops it with SIGTRAP, nothing of etrace's
ETRACE_TEARDOWN_LOG="$WORK/td.ls" \
valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
	--suppressions="$TOP/tests/fuzz/valgrind.supp" \
	--log-file=vg.%p.log \
	"$ETRACE" --no-bpf -q -f -o out -- "$LS" / > ls.out 2> err
rc=$?
teardown_wait "$WORK/td.ls"
cat vg.*.log > vg.log
if [ $rc != 0 ]; then
	grep -q 'signal 5 (SIGTRAP)' vg.log &&
		echo "note: SIGTRAP: is a uprobe set on libc by another program?" >&2
	grep -v '^--' vg.log | tail -n 60 >&2
	cat err >&2
	fail "valgrind etrace exited $rc (valgrind errors or ls failed)"
fi
vg_logs vg.log "etrace ls" "$WORK/td.ls"
[ -s ls.out ] || fail "ls printed nothing"
head -n 1 out | grep -qF "execve(\"$LS\", [\"$LS\", \"/\"]" ||
	{ head -n 3 out >&2; fail "first line is not ls's execve"; }
grep -q 'exit_group(0) *= ?$' out || fail "no exit_group(0) line"
tail -n 1 out | grep -q '+++ exited with 0 +++$' || fail "last line is not the exit"
grep -q 'getdents64(' out || fail "no getdents64 line: ls / was not traced"

ETRACE_TEARDOWN_LOG="$WORK/td.k" \
valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
	--suppressions="$TOP/tests/fuzz/valgrind.supp" \
	--log-file=vg.%p.log \
	"$ETRACE" --no-bpf -q -k -f -o kout -- sh -c '/bin/true; /bin/true' 2> kerr
rc=$?
teardown_wait "$WORK/td.k"
cat vg.*.log > vgk.log
if [ $rc != 0 ]; then
	grep -v '^--' vgk.log | tail -n 60 >&2
	cat kerr >&2
	fail "valgrind etrace -k exited $rc (valgrind errors or sh failed)"
fi
vg_logs vgk.log "etrace -k" "$WORK/td.k"
# (without BPF, the paths in sh's heap print as pointers)
[ "$(grep -cE '^[0-9]+ +execve\(' kout)" = 3 ] ||
	fail "-k: not three execve lines (sh, and /bin/true twice)"
grep -q '^ > ' kout || fail "-k: no stack frames under the lines"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved kout
exit 0
