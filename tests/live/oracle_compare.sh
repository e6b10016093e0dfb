# SPDX-License-Identifier: GPL-2.0-or-later
# The oracle's comparison (tests/oracle/compare.awk) on canned strace and
# etrace traces, under every awk installed: tasks named by descent, calls
# joined across "<unfinished ...>", and each way two traces can differ
# (a changed, missing or extra line, a signal or exit line, a line moved
# within its task, the exit status) fails unless listed, as often as it
# occurs, in the known differences; a listed one that does not occur
# fails too.  And tests/oracle/prune.awk: it removes what the oracle
# reports as no longer seen, lowers what is listed too often, keeps the
# rest.  Needs no privileges.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"

O="$TOP/tests/oracle"
cat > s.out <<'T'
100 execve("/x", ["x"], 0x7ffd8622db20 /* 1 vars */) = 0
100 clone(child_stack=NULL, flags=SIGCHLD, child_tidptr=0x7fcd25de3a10) = 101
101 getpid()                          = 101
100 wait4(101,  <unfinished ...>
101 exit_group(0)                     = ?
101 +++ exited with 0 +++
100 <... wait4 resumed>[{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = 101
100 --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=101, si_uid=0, si_status=0, si_utime=0, si_stime=0} ---
100 rt_sigreturn({mask=[]}) = 0
100 getppid()                         = 99
100 exit_group(0)                     = ?
100 +++ exited with 0 +++
T
# the same run under etrace: other pids and addresses, other interleaving,
# the signal printed inside wait4, and one decoder difference
cat > e.base <<'T'
200 execve("/x", ["x"], 0x7ffe1111db20 /* 1 vars */) = 0
200 clone(child_stack=NULL, flags=SIGCHLD, child_tidptr=0x7f0000003a10) = 201
200 wait4(201,  <unfinished ...>
201 getpid()                          = 201
201 exit_group(0)                     = ?
200 --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=201, si_uid=0, si_status=0, si_utime=1, si_stime=0} ---
201 +++ exited with 0 +++
200 <... wait4 resumed>[{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = 201
200 rt_sigreturn()                    = 0
200 getppid()                         = 199
200 exit_group(0)                     = ?
200 +++ exited with 0 +++
T
cat > known <<'T'
# a comment
canned P #15: rt_sigreturn's mask
  strace: rt_sigreturn({mask=[]}) = 0
  etrace: rt_sigreturn() = 0
T

n=0
check() {	# awk what want-exit known e.out [grep-pattern]
	_a=$1 _what=$2 _want=$3 _known=$4 _e=$5 _pat=${6:-}
	$_a -f "$O/norm.awk" -f "$O/compare.awk" -v prog=canned \
		-v known="$_known" -v work="$WORK" -v strace_pid=99 \
		-v etrace_pid=199 -v src=0 -v erc="${erc:-0}" s.out "$_e" \
		> out 2>&1
	_rc=$?
	n=$((n + 1))
	cp out "out.$n"
	if [ $_rc != "$_want" ]; then
		sed 's/^/    /' out
		soft_fail "$_a: $_what: exit $_rc, want $_want (out.$n)"
	elif [ -n "$_pat" ] && ! grep -q -e "$_pat" out; then
		sed 's/^/    /' out
		soft_fail "$_a: $_what: no line with '$_pat' (out.$n)"
	fi
}

edit() {	# sed-script: e.base edited into e.out
	sed "$1" e.base > e.out
}

for a in awk mawk gawk busybox; do
	command -v $a > /dev/null || continue
	[ $a = busybox ] && { busybox awk 'BEGIN {}' 2>/dev/null || continue; a="busybox awk"; }
	echo "== $a"
	check "$a" "the listed difference" 0 known e.base \
		'11 strace lines, 10 identical, 1 known (#15: 1), 0 unexplained, 0 stale'
	: > empty
	check "$a" "a difference not listed" 3 empty e.base \
		'^  etrace: rt_sigreturn() = 0$'
	sed 's/#15:/#15 x2:/' known > known2
	check "$a" "listed more often than seen" 3 known2 e.base 'listed x2, seen x1'
	{ cat known; printf '%s\n' 'canned P.1 #24: stale' \
		'  strace: getpid() = P.1' '  etrace: getpid() = 5'; } > known3
	check "$a" "a listed difference not seen" 3 known3 e.base 'no longer seen'
	edit '/201 +++ exited/d'
	check "$a" "an exit line missing" 3 known e.out '^  etrace: missing$'
	edit 's/^200 --- SIGCHLD.*/200 --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=201, si_uid=0, si_status=1, si_utime=1, si_stime=0} ---/'
	check "$a" "a signal line that differs" 3 known e.out 'si_status=1'
	edit '/^200 --- SIGCHLD/d'
	check "$a" "a signal line missing" 3 known e.out '^  strace: --- SIGCHLD'
	edit 's/^201 getpid.*/201 getpid() = 201\n201 getuid() = 0/'
	check "$a" "a line only etrace prints" 3 known e.out '^  strace: none$'
	edit '/^200 getppid/d; s/^200 exit_group(0).*/200 exit_group(0) = ?\n200 getppid() = 199/'
	check "$a" "a line moved within its task" 3 known e.out 'getppid() = TRACER'
	edit 's/= 201$/= 202/'
	check "$a" "a pid that is not the child's" 3 known e.out '= 202'
	erc=1 check "$a" "another exit status" 3 known e.base '^  etrace: exit status 1$'
	printf '%s\n' 'canned P: no issue' '  strace: a' '  etrace: b' > bad
	check "$a" "a malformed entry" 2 bad e.base 'not a header'
	printf '%s\n' 'canned P #1: x' '  etrace: b' > bad
	check "$a" "an entry without strace:" 2 bad e.base 'without'

	# prune: a stale entry goes, an over-listed count comes down to what
	# was seen, the rest stays as it was
	{ sed 's/#15:/#15 x2:/' known; printf '%s\n' '' '# kept' '' \
		'canned P.1 #24 x3: stale' '  strace: getpid() = P.1' \
		'  etrace: getpid() = 5'; } > kd
	{ cat known; printf '%s\n' '' '# kept'; } > kd.want
	check "$a" "prune's input" 3 kd e.base 'no longer seen'
	$a -f "$O/prune.awk" -v known=kd out > kd.got
	soft_same kd.want kd.got "$a: prune.awk's file"
	check "$a" "the pruned file" 0 kd.got e.base '0 unexplained, 0 stale'
done
[ $n -gt 0 ] || fail "no awk"
finish
