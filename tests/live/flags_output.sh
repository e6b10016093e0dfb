# SPDX-License-Identifier: GPL-2.0-or-later
# Output flags, each against strace's output of the same command where
# strace has the flag, whole lines compared:
#  - -h / --help: the same text, exit 0, on stdout; every flag of the
#    README's option tables is in it and every flag in it is in them
#    (but -h and -V); -V / --version: the same, first "etrace VERSION"
#    (the rest: tests/live/version.sh);
#  - -x, -xx, -s 5: cat of a file with non-printable bytes, its read
#    lines (-e trace=read) equal strace's;
#  - -v: stat's newfstatat, prlimit64 and rt_sigaction lines, unabridged,
#    equal strace -v's;
#  - -qq: sh -c 'exit 3' and sh -c 'kill -9 $$', -e trace=exit_group:
#    no exit line, the killed line stays: equal strace -qq's;
#  - -e signal=SET: a shell sending itself USR1, USR2, USR1 (handled),
#    -e trace=none: signal=SIGUSR2 shows only that one, signal='!USR1'
#    too, as strace (si_pid masked: the shells differ);
#  - -e status=successful / failed on tests/progs/files: the same calls
#    (name and number) as strace's; status=detached: a call in progress
#    when -p is stopped, equal strace's line;
#  - ETRACE_TRACEFS: a tracefs mounted elsewhere traces the same lines;
#    a directory that is not tracefs is refused with one line, exit 1.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# -h, --help, -V, --version
"$ETRACE" -h > h.out 2> h.err || soft_fail "-h: exit $?"
"$ETRACE" --help > help.out 2>&1 || soft_fail "--help: exit $?"
[ -s h.err ] && soft_fail "-h wrote to stderr"
soft_same h.out help.out "-h vs --help"
grep -oE '(^| |\[|, )--?[a-zA-Z][a-zA-Z-]*' h.out | sed -E 's/^[ ,[]+//' |
	grep -vxE -- '-h|-V' | sort -u > h.flags
sed -n '/^## Options/,/^## Exit status/p' "$TOP/README.md" |
	grep -oE '`--?[a-zA-Z][a-zA-Z=-]*' | tr -d '`' | sed 's/=.*//' |
	sort -u > readme.flags
[ "$(wc -l < h.flags)" -ge 40 ] || soft_fail "-h: only $(wc -l < h.flags) flags found in it"
soft_same readme.flags h.flags "the flags of the README's option tables vs -h's"
"$ETRACE" -V > V.out 2>&1 || soft_fail "-V: exit $?"
"$ETRACE" --version > version.out 2>&1 || soft_fail "--version: exit $?"
head -n 1 V.out | grep -qxE 'etrace [0-9]+\.[0-9]+' || soft_fail "-V: '$(head -n 1 V.out)', want first 'etrace X.Y'"
soft_same V.out version.out "-V vs --version"

# -x, -xx, -s 5: a file with every kind of byte in its first 32
printf 'a\001\t\377b\n"\\\177xyzxyzxyzxyzxyzxyzxyzxyzxyz' > bin.dat
for f in -x -xx "-s 5"; do
	strace $f -e trace=read -o "s$f" cat bin.dat > /dev/null ||
		soft_fail "strace $f failed"
	"$ETRACE" -q $f -e trace=read -o "e$f" cat bin.dat > /dev/null ||
		soft_fail "etrace $f failed"
	grep -q 'a\\' "s$f" || grep -q 'x61' "s$f" ||
		soft_fail "$f: strace's read of bin.dat is not in its trace"
	soft_same "s$f" "e$f" "$f: the read lines (strace vs etrace)"
done

# -v
for t in s e; do
	[ $t = s ] && tr=strace || tr=$ETRACE
	"$tr" -v -e trace=newfstatat,prlimit64,rt_sigaction -o v.$t \
		stat -c %s /etc/hostname > /dev/null 2>&1 || soft_fail "$tr -v failed"
done
grep -q 'st_atime=' v.s || soft_fail "-v: strace shows no unabridged stat"
soft_same v.s v.e "-v: newfstatat, prlimit64, rt_sigaction lines (strace vs etrace)"

# -qq
for cmd in 'exit 3' 'kill -9 $$'; do
	strace -qq -e trace=exit_group -o s.qq sh -c "$cmd"
	"$ETRACE" -qq -e trace=exit_group -o e.qq sh -c "$cmd" 2> qq.err
	grep -q '^+++ exited' e.qq && soft_fail "-qq ($cmd): an exit line"
	soft_same s.qq e.qq "-qq on sh -c '$cmd' (strace vs etrace)"
done

# -e signal=
printf '%s\n' 'trap : USR1 USR2' 'kill -USR1 $$' 'kill -USR2 $$' 'kill -USR1 $$' > sig.sh
for set in SIGUSR2 '!USR1' 'USR1,12'; do
	strace -e trace=none -e signal="$set" -o s.sig sh sig.sh
	"$ETRACE" -q -e trace=none -e signal="$set" -o e.sig sh sig.sh
	sed -E 's/si_pid=[0-9]+/si_pid=N/' s.sig > s.sig.m
	sed -E 's/si_pid=[0-9]+/si_pid=N/' e.sig > e.sig.m
	grep -q '^--- SIGUSR' s.sig.m || soft_fail "signal=$set: strace shows no signal"
	soft_same s.sig.m e.sig.m "-e signal=$set (strace vs etrace)"
done

# -e status=successful, failed
for st in successful failed; do
	rm -rf s.dir e.dir
	strace -e status=$st -o s.$st "$PROGS/files" "$WORK/s.dir" > /dev/null
	"$ETRACE" -q -e status=$st -o e.$st "$PROGS/files" "$WORK/e.dir" > /dev/null
	sc_counts s.$st > s.$st.counts
	sc_counts e.$st > e.$st.counts
	[ -s s.$st.counts ] || soft_fail "status=$st: strace printed no call"
	soft_same s.$st.counts e.$st.counts "-e status=$st: calls per syscall (strace vs etrace)"
done

# -e status=detached: the shell reads go2 only after the tracer is in;
# the tracer is stopped while it waits there
# (dash reads the builtin's input from fd 0, made a copy of fd 4)
go2_read() { in_syscall $1 0 && [ "$(readlink "/proc/$1/fd/0")" = "$WORK/go2" ]; }
detached() {	# s|e
	rm -f go go2
	mkfifo go go2
	sh -c 'exec 3<>go; read a <&3; exec 4<>go2; read b <&4' &
	rp=$!
	wait_until 60 in_syscall $rp 0 || fail "detached: the shell is not in read"
	if [ $1 = s ]; then
		strace -p $rp -e status=detached -o s.det 2> s.det.err &
		tp=$!
		wait_until 60 grep -q "Process $rp attached" s.det.err ||
			fail "strace -p did not attach"
	else
		etrace_bg /dev/null e.det.err -p $rp -e status=detached -o e.det
		tp=$ep
	fi
	echo a > go
	wait_until 60 go2_read $rp || fail "detached: the shell is not reading go2"
	kill -INT $tp
	wait $tp
	kill $rp
	wait $rp 2>/dev/null
}
detached s
detached e
grep -q 'detached' s.det || soft_fail "status=detached: strace shows no detached call"
soft_same s.det e.det "-e status=detached (strace vs etrace)"

# ETRACE_TRACEFS
mkdir tfs notfs
mount -t tracefs nodev tfs || fail "cannot mount tracefs"
trap 'umount "$WORK/tfs" 2>/dev/null' EXIT
trap 'exit 1' HUP INT TERM	# (then the EXIT trap unmounts it)
"$ETRACE" -q -e trace=openat,read -o t.def cat /etc/hostname > /dev/null ||
	soft_fail "etrace failed"
ETRACE_TRACEFS=$WORK/tfs "$ETRACE" -q -e trace=openat,read -o t.env \
	cat /etc/hostname > /dev/null 2> t.env.err ||
	{ cat t.env.err >&2; soft_fail "ETRACE_TRACEFS=a tracefs: etrace failed"; }
soft_same t.def t.env "ETRACE_TRACEFS=a tracefs mount vs the default"
ETRACE_TRACEFS=$WORK/notfs "$ETRACE" -- true > nt.out 2> nt.err
rc=$?
[ $rc = 1 ] || soft_fail "ETRACE_TRACEFS=not tracefs: exit $rc, want 1"
echo "etrace: no tracefs at $WORK/notfs (ETRACE_TRACEFS): it has no events/raw_syscalls" > nt.want
soft_same nt.want nt.err "ETRACE_TRACEFS=not tracefs: the message"
finish
