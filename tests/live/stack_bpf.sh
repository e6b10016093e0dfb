# SPDX-License-Identifier: GPL-2.0-or-later
# --stack=bpf (the user stack unwound in the kernel; -k's default) prints
# the stacks --stack=dwarf (libdw, on an 8 KiB copy) prints:
#  - the call chain main -> f0 -> ... -> f3 -> getppid of tests/stack/,
#    built -O2 -fomit-frame-pointer (CFA from the stack pointer) and
#    -O0 -fno-omit-frame-pointer (CFA from the frame pointer): the whole
#    trace of -e trace=getppid is -k's, and stderr says the one stack
#    was unwound in the kernel (the command's rows are compiled before
#    it runs);
#  - the same chain with f3's syscall instruction its own (the stack
#    goes from the program to libc and back): unwound in the kernel;
#  - the -g build under -kk (inline frames, source lines from the pcs):
#    the same trace as -kk;
#  - nocfi (code in anonymous memory, no rows: the stack copy goes to
#    libdw): the same trace as -k, all three stacks from a copy;
#  - 4 threads x 5,000 getppid (storm) under -f: every call printed,
#    each with a stack, none lost, and the stacks are those -k prints
#    for the same program (on fewer calls, which -k keeps whole);
#  - -p on a shell that calls chdir after the attach: the same trace as
#    -k -p, the stack unwound in the kernel (the rows of the code it
#    had mapped are compiled at the attach);
#  - -k alone is --stack=bpf (stderr says the stack was unwound in the
#    kernel, same trace); -k --no-bpf and -k --stack-size 65528 (past
#    the kernel's copy) unwind copies (no such line, same trace);
#  - every frame printed is proved (frames_proved --anon).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
kill_at_exit sp ep

S=$TOP/tests/stack
cc -O2 -fomit-frame-pointer -o chain "$S"/*.c || fail "cc -O2 failed"
cc -O0 -fno-omit-frame-pointer -o chain_fp "$S"/*.c || fail "cc -O0 failed"
cc -O2 -fomit-frame-pointer -g -o chain_g "$S"/*.c || fail "cc -O2 -g failed"
cc -O2 -fomit-frame-pointer -DRAW_SYSCALL -o chain_raw "$S"/*.c ||
	fail "cc -DRAW_SYSCALL failed"

# what differs from run to run: return values (getppid is etrace's
# pid), addresses in anonymous memory (nocfi's code)
norm() {	# trace
	sed -E 's/= [0-9]+$/= N/; s/\/\/anon([(+]+)0x[0-9a-f]+/\/\/anon\10xANON/g
		/\/\/anon\(/ s/\[0x[0-9a-f]+\]$/[0xANON]/' "$1"
}
# the trace under -K --stack=dwarf (-k or -kk) and -K --stack=bpf: the same
both() {	# name kflag prog...
	n=$1 k=$2
	shift 2
	"$ETRACE" $k --stack=dwarf -e trace=getppid -o "$n.k" -- "$@" 2> "$n.kerr" ||
		{ cat "$n.kerr" >&2; fail "$n: etrace $k failed"; }
	"$ETRACE" $k --stack=bpf -e trace=getppid -o "$n.b" -- "$@" \
		2> "$n.berr" || { cat "$n.berr" >&2; fail "$n: --stack=bpf failed"; }
	cat "$n.b" "$n.berr"
	norm "$n.k" > "$n.kn"
	norm "$n.b" > "$n.bn"
	same "$n.kn" "$n.bn" "$n: --stack=bpf's trace against $k --stack=dwarf's"
}
kernel_says() {	# name "K of them ..., C from a stack copy"
	grep -qxF "etrace: --stack=bpf: $2" "$1.berr" ||
		{ cat "$1.berr" >&2; fail "$1: stderr does not say '$2'"; }
}

both chain -k ./chain
kernel_says chain "1 of them unwound in the kernel, 0 from a stack copy"
grep -qE '^ > .*/chain\(main\+0x[0-9a-f]+\) ' chain.b ||
	fail "chain: the stack does not reach main"
both chain_raw -k ./chain_raw
kernel_says chain_raw "1 of them unwound in the kernel, 0 from a stack copy"
grep -qE '^ > .*/chain_raw\(f3\+0x[0-9a-f]+\) ' chain_raw.b ||
	fail "chain_raw: the stack does not start in f3"
both chain_fp -k ./chain_fp
kernel_says chain_fp "1 of them unwound in the kernel, 0 from a stack copy"
both chain_g -kk ./chain_g
kernel_says chain_g "1 of them unwound in the kernel, 0 from a stack copy"
both nocfi -k "$PROGS/nocfi"
# (nocfi's syscalls are all made from anonymous code: no rows)
"$ETRACE" -k --stack=dwarf -e trace=getppid,getpid,getuid -o nocfi3.k -- "$PROGS/nocfi" \
	2> nocfi3.kerr || fail "nocfi: etrace -k failed"
"$ETRACE" --stack=bpf -e trace=getppid,getpid,getuid -o nocfi3.b -- \
	"$PROGS/nocfi" 2> nocfi3.berr || fail "nocfi: --stack=bpf failed"
norm nocfi3.k > nocfi3.kn
norm nocfi3.b > nocfi3.bn
same nocfi3.kn nocfi3.bn "nocfi: the three stacks against -k's"
kernel_says nocfi3 "0 of them unwound in the kernel, 3 from a stack copy"

# each getppid's stack as one line: frame|frame|...  (under the line
# that ends the call: "getppid() = N", or "<... getppid resumed>) = N"
# when another thread's call came between)
stacks() {	# trace
	awk '/getppid\(\) |getppid resumed/ { if (on) print s; on = 1; s = ""; next }
	     on && /^ > / { s = s "|" substr($0, 4); next }
	     { if (on) print s; on = 0 }
	     END { if (on) print s }' "$1"
}
"$ETRACE" -f --stack=bpf -e trace=getppid -o storm.b -- "$PROGS/storm" 5000 4 \
	2> storm.berr || { cat storm.berr >&2; fail "storm: --stack=bpf failed"; }
cat storm.berr
grep -q 'records lost' storm.berr && fail "storm: records lost"
stacks storm.b > storm.bs
[ "$(wc -l < storm.bs)" = 20000 ] ||
	fail "storm: $(wc -l < storm.bs) getppid calls printed, want 20000"
grep -qx '' storm.bs && fail "storm: a call without a stack"
"$ETRACE" -f -k --stack=dwarf -e trace=getppid -o storm.k -- "$PROGS/storm" 50 4 \
	2> storm.kerr || fail "storm: etrace -k failed"
stacks storm.k | sort -u > want.stacks
sort -u storm.bs > got.stacks
same want.stacks got.stacks "storm: the distinct stacks against -k's"
grep -qE '^etrace: --stack=bpf: [1-9][0-9]* of them unwound in the kernel' \
	storm.berr || fail "storm: no stack unwound in the kernel"
# -p: sh's cd after the attach
attach() {	# name etrace-args...
	n=$1
	shift
	mkfifo "$n.go"
	sh -c "read x < $n.go; cd /" &
	sp=$!
	etrace_bg "$n.out" "$n.berr" "$@" -e trace=chdir -p "$sp" -o "$n.t"
	echo go > "$n.go"
	wait "$sp"
	sp=""
	wait "$ep" || { cat "$n.berr" >&2; fail "$n: etrace $* failed"; }
	ep=""
	norm "$n.t" | grep -v '^+++ ' > "$n.tn"
	cat "$n.t" "$n.berr"
}
attach pk -k --stack=dwarf
attach pb --stack=bpf
same pk.tn pb.tn "-p: --stack=bpf's trace against --stack=dwarf's"
kernel_says pb "1 of them unwound in the kernel, 0 from a stack copy"
# -k alone: the kernel's unwinder; with --no-bpf, libdw on the copies
"$ETRACE" -k -e trace=getppid -o dflt.b -- ./chain 2> dflt.berr ||
	{ cat dflt.berr >&2; fail "chain: etrace -k failed"; }
kernel_says dflt "1 of them unwound in the kernel, 0 from a stack copy"
norm dflt.b > dflt.bn
same chain.kn dflt.bn "chain: -k's trace against --stack=dwarf's"
"$ETRACE" -k --no-bpf -e trace=getppid -o nobpf.k -- ./chain 2> nobpf.kerr ||
	{ cat nobpf.kerr >&2; fail "chain: etrace -k --no-bpf failed"; }
grep -F 'etrace: --stack=bpf' nobpf.kerr &&
	fail "chain: -k --no-bpf unwound in the kernel"
norm nobpf.k > nobpf.kn
same chain.kn nobpf.kn "chain: -k --no-bpf's trace against --stack=dwarf's"
# a --stack-size past the kernel's copy (65280): libdw, on the whole copy
"$ETRACE" -k --stack-size 65528 -e trace=getppid -o big.k -- ./chain 2> big.kerr ||
	{ cat big.kerr >&2; fail "chain: etrace -k --stack-size 65528 failed"; }
grep -F 'etrace: --stack=bpf' big.kerr &&
	fail "chain: -k --stack-size 65528 unwound in the kernel"
norm big.k > big.kn
same chain.kn big.kn "chain: -k --stack-size 65528's trace against --stack=dwarf's"
frames_proved pb.t
frames_proved --anon chain.b chain_fp.b chain_g.b nocfi3.b storm.b
exit 0
