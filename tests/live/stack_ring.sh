# SPDX-License-Identifier: GPL-2.0-or-later
# -k in ring mode: every call traced, the kernel's unwinder (-k's
# default), so the ring programs write each call's stack and script
# frames into the BPF ring before its entry, and no perf event samples
# the calls:
#  - the programs the run holds (etrace's bpf-prog fds, named by id) are
#    the ring programs', and none of the per-sample stack programs
#    (ustack_enter, shell_enter, python_enter, cap_enter) is loaded;
#  - the whole trace of tests/stack/'s chain, every call, under
#    setarch -R, is --stack=dwarf's (perf's samples, libdw on copies);
#    every stack was unwound in the kernel, none from a copy: the
#    loader's, cut at its _start (no CFI, and the word at its stack
#    pointer is no return address), end there in the kernel too;
#  - a bash script's fork from a function: the stack under the clone
#    line (the script's lines, then bash's C frames) is --stack=dwarf's;
#  - --spawns -e trace=%file (fork not selected): the spawn report, its
#    group's stack through make_child, is --stack=dwarf's;
#  - -f on the storm, 4 threads x 50,000 and 1 x 200,000 getppid (the
#    bench's rates, default rings): every getppid printed, each with a
#    stack, no record lost;
#  - every frame printed is proved (frames_proved).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
command -v bpftool > /dev/null || skip "needs bpftool (make deps)"
command -v setarch > /dev/null || skip "needs setarch (util-linux)"
kill_at_exit ep

cc -O2 -fomit-frame-pointer -o chain "$TOP"/tests/stack/*.c ||
	fail "cc -O2 failed"

# the names of the BPF programs process $1 holds
progs_of() {	# pid
	for _f in /proc/"$1"/fd/*; do
		[ "$(readlink "$_f")" = anon_inode:bpf-prog ] || continue
		_id=$(awk '$1 == "prog_id:" { print $2 }' \
			"/proc/$1/fdinfo/${_f##*/}")
		bpftool prog show id "$_id" |
			awk 'NR == 1 { for (i = 1; i < NF; i++)
				if ($i == "name") print $(i + 1) }'
	done | sort
}
mkfifo go
etrace_bg /dev/null ring.err -k -f -o ring.t -- sh -c 'read x < go'
progs_of "$ep" > progs
echo go > go
wait "$ep" || { cat ring.err >&2; fail "etrace -k -f (ring) failed"; }
ep=""
cat progs
grep -qx ring_enter progs || fail "-k -f: no ring_enter program"
for p in ustack_enter shell_enter python_enter cap_enter; do
	grep -qx "$p" progs && fail "-k -f: $p is loaded (perf's samples)"
done

# run to run: return values (pids: getppid's is etrace's), and the
# command's environment, which is in etrace's memory (its own arguments
# differ)
norm() {	# trace
	sed -E 's/= [0-9]+$/= N/; 1s/^(execve\(.*\], )0x[0-9a-f]+/\1ENV/' "$1"
}
setarch -R "$ETRACE" -k -o chain.k --stack=dwarf -- ./chain 2> chain.kerr ||
	{ cat chain.kerr >&2; fail "chain: etrace --stack=dwarf failed"; }
setarch -R "$ETRACE" -k -o chain.b -- ./chain 2> chain.berr ||
	{ cat chain.berr >&2; fail "chain: etrace -k failed"; }
cat chain.berr
n=$(sed -n 's/^etrace: \([1-9][0-9]*\) user stacks unwound, .*/\1/p' chain.berr)
[ -n "$n" ] || fail "chain: no stack unwound"
grep -qx "etrace: --stack=bpf: $n of them unwound in the kernel, 0 from a stack copy" \
	chain.berr || fail "chain: not all $n stacks unwound in the kernel"
grep -q '^ > \[stack cut: no unwind info at /.*/ld-linux-x86-64\.so\.2+0x' chain.b ||
	fail "chain: no stack of the loader's, cut at its _start"
norm chain.k > chain.kn
norm chain.b > chain.bn
same chain.kn chain.bn "chain: -k's whole trace against --stack=dwarf's"

# the stack under the clone line
printf 'f() {\n\t/bin/true\n}\nf\n' > fork.sh
clone_stack() {	# trace
	awk '/^[0-9]+ +clone\(/ { on = 1; next }
	     on && /^ > / { print; next }
	     { on = 0 }' "$1"
}
setarch -R "$ETRACE" -k -f -o sh.k --stack=dwarf -- bash fork.sh 2> sh.kerr ||
	{ cat sh.kerr >&2; fail "fork.sh: etrace --stack=dwarf failed"; }
setarch -R "$ETRACE" -k -f -o sh.b -- bash fork.sh 2> sh.berr ||
	{ cat sh.berr >&2; fail "fork.sh: etrace -k failed"; }
clone_stack sh.k > want.clone
clone_stack sh.b > got.clone
cat got.clone
grep -qxF " > fork.sh:2 (in f)" got.clone ||
	fail "fork.sh: the clone's stack does not name fork.sh:2 in f"
same want.clone got.clone "fork.sh: the clone's stack against --stack=dwarf's"

# --spawns with a selection that leaves fork out (%file, ring mode):
# the forks' stacks are still taken, the groups' stacks those of
# --stack=dwarf's report (rates, times and pids aside)
printf 'f() {\n\tfor i in 1 2 3; do /bin/true; done\n}\nf\n' > spawn3.sh
spawn_report() {	# name etrace-args...
	_n=$1
	shift
	"$ETRACE" --spawns -e trace=%file -f "$@" -- bash spawn3.sh \
		2> "$_n.err" || { cat "$_n.err" >&2; fail "$_n: etrace failed"; }
	sed -E '/^etrace: /d; s/pid [0-9]+/pid N/; s/[0-9.]+\/s, .*$/RATE/' \
		"$_n.err" > "$_n.rep"
}
spawn_report spk --stack=dwarf
spawn_report spb
cat spb.rep
grep -q '^      > make_child (/usr/bin/bash)$' spb.rep ||
	fail "--spawns -e trace=%file: the group's stack has no make_child"
same spk.rep spb.rep "--spawns -e trace=%file: the report against --stack=dwarf's"

# each getppid's stack, one line a call ("" when it has none)
stacks() {	# trace
	awk '/getppid\(\) |getppid resumed/ { if (on) print s; on = 1; s = ""; next }
	     on && /^ > / { s = s "|" substr($0, 4); next }
	     { if (on) print s; on = 0 }
	     END { if (on) print s }' "$1"
}
storm() {	# name calls threads
	"$ETRACE" -k -f -o "$1.t" -- "$PROGS/storm" "$2" "$3" 2> "$1.err" ||
		{ cat "$1.err" >&2; fail "$1: etrace -k -f failed"; }
	cat "$1.err"
	grep -q 'lost' "$1.err" && fail "$1: records lost"
	grep -q '^+++ lost' "$1.t" && fail "$1: the trace says records were lost"
	stacks "$1.t" > "$1.s"
	[ "$(wc -l < "$1.s")" = $(($2 * $3)) ] ||
		fail "$1: $(wc -l < "$1.s") getppid calls printed, want $(($2 * $3))"
	grep -qx '' "$1.s" && fail "$1: a getppid without a stack"
	return 0
}
storm storm4 50000 4
storm storm1 200000 1
frames_proved ring.t chain.b sh.b storm4.t
exit 0
