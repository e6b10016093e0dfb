# SPDX-License-Identifier: GPL-2.0-or-later
# Stack flags on the fork events of sh -c '/bin/true; /bin/true' (the
# same code forks both times, so the stacks are the same run to run):
#  - --kstack: each event's stack is kernel frames, from the tracepoint
#    through kernel_clone and the vfork syscall to the syscall entry,
#    then exactly the user frames -k shows;
#  - --stack-size N: the user frames are a prefix of the full stack's
#    (default 8192 bytes copied), fewer with 64 bytes than with 512,
#    and fewer with 512 than with the default; the two short copies end
#    with " > [stack cut: end of the copied stack]", the full one (it
#    reaches _start) with no cut.
. "$TOP/tests/lib.sh"
need_root

run() {	# out etrace-args...
	_o=$1
	shift
	"$ETRACE" -q "$@" -e sched:sched_process_fork -e trace=none -f -o "$_o" \
		sh -c '/bin/true; /bin/true' 2> "$_o.err" ||
		{ cat "$_o.err" >&2; fail "etrace $* failed"; }
}
# the frames under the first event, one a line (cut: the cut line alone;
# the others leave it out)
frames() {	# trace [user|kernel|cut]
	awk -v w="${2:-}" '/ sched:sched_process_fork\(/ { n++; next }
		n == 1 && /^ > \[stack cut/ { if (w == "cut") print; next }
		n == 1 && /^ > / {
			if (w == "cut") next
			k = ($0 ~ /^ > \[kernel\]/)
			if (w == "" || (w == "kernel") == k) print
			next }
		n == 1 { exit }' "$1"
}
run k -k
run ks --kstack
run s64 -k --stack-size 64
run s512 -k --stack-size 512
[ "$(grep -c ' sched:sched_process_fork(' k)" = 2 ] || fail "-k: not two fork events"
frames k > k.user
[ -s k.user ] || fail "-k: no frames under the fork event"
frames ks user > ks.user
same k.user ks.user "--kstack: the user frames (vs -k)"
frames ks > ks.all
frames ks kernel > ks.kernel
# kernel frames first, then the user ones
cat ks.kernel ks.user > ks.order
same ks.order ks.all "--kstack: kernel frames above the user frames"
for f in __traceiter_sched_process_fork kernel_clone __x64_sys_vfork do_syscall_64; do
	grep -q "^ > \[kernel\]($f[+)]" ks.kernel ||
		{ cat ks.kernel >&2; fail "--kstack: no kernel frame $f"; }
done
frames s64 > s64.user
frames s512 > s512.user
echo ' > [stack cut: end of the copied stack]' > cut.want
for n in 64 512; do
	frames s$n cut > s$n.cut
	same cut.want s$n.cut "--stack-size $n: the cut line"
done
frames k cut > k.cut
[ -s k.cut ] && { cat k.cut >&2; fail "-k: the full stack is cut"; }
for n in 64 512; do
	[ -s s$n.user ] || fail "--stack-size $n: no frame"
	head -n "$(wc -l < s$n.user)" k.user > k.head$n
	same k.head$n s$n.user "--stack-size $n: the frames are the full stack's first ones"
done
[ "$(wc -l < s64.user)" -lt "$(wc -l < s512.user)" ] ||
	fail "--stack-size 64 shows as many frames as 512"
[ "$(wc -l < s512.user)" -lt "$(wc -l < k.user)" ] ||
	fail "--stack-size 512 shows as many frames as the default"
echo "frames: 64 bytes $(wc -l < s64.user), 512 $(wc -l < s512.user), default $(wc -l < k.user); kernel $(wc -l < ks.kernel)"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved k ks s64 s512
exit 0
