# SPDX-License-Identifier: GPL-2.0-or-later
# Two different files at one path: a program (its function alpha_one)
# at x/prog, and, in a mount namespace of its own, another build of it
# (the same code, its function named bravo_two) at the same x/prog.
# Both are alive when their calls are unwound.  -k and -kk must name
# each one's frames from its own file: the names were cached by path,
# and the second printed alpha_one, the first one's function (a wrong
# value).  Each program makes its call twice from the same place, through
# a function inlined into FN: the second stack, from the caches, must be
# the first's, frame for frame (-kk: the inlined frame and the lines
# too).  Each run waits for the stacks in the trace, then lets the
# programs end.
. "$TOP/tests/lib.sh"
need_root
command -v unshare > /dev/null || fail "unshare is needed"
# FN's getppid (twice), a line on stdout once made, then wait for
# stdin's end
cat > samepath.c <<'C'
#include <sys/syscall.h>
#include <unistd.h>
static inline __attribute__((always_inline)) void inner(void)
{
	syscall(SYS_getppid);
}
__attribute__((noinline)) void FN(void)
{
	inner();
	__asm__ volatile("");
}
int main(void)
{
	char c;

	for (int i = 0; i < 2; i++)
		FN();
	if (write(1, "x\n", 2) != 2)
		return 1;
	while (read(0, &c, 1) > 0)
		;
	return 0;
}
C
cc -O0 -g -DFN=alpha_one -o alpha samepath.c || fail "cc failed"
cc -O0 -g -DFN=bravo_two -o bravo samepath.c || fail "cc failed"
mkdir -p x
cp alpha x/prog
cat > two.sh <<'SH'
x/prog < hold > r1 7>&- & read a < r1
unshare -m sh -c 'mount -t tmpfs none x && cp bravo x/prog && exec x/prog' \
	< hold > r2 7>&- & read b < r2
wait
SH
frames() { [ "$(grep -c 'x/prog(main+' "$1")" -ge 4 ]; }

for k in -k -kk; do
	rm -f hold r1 r2 "t$k"
	mkfifo hold r1 r2
	# the programs wait for hold's end: this shell holds it open
	exec 7<> hold
	"$ETRACE" -q -f $k -e trace=getppid -o "t$k" -- sh two.sh 7>&- \
		2> "e$k" &
	ep=$!
	wait_until 60 frames "t$k" || { exec 7>&-; cat "e$k" >&2;
		fail "$k: the two stacks did not come"; }
	exec 7>&-
	wait $ep || { cat "e$k" >&2; fail "$k: etrace failed"; }
	# each program's own function, in the order they ran
	grep -o 'x/prog([a-z_]*+0x[0-9a-f]*)' "t$k" |
		grep -v -e '(main+' -e '(_start+' | uniq > got
	printf '%s\n' 'x/prog(alpha_one+0x13)' 'x/prog(bravo_two+0x13)' > want
	same want got "$k: the functions of the two files at x/prog"
	# each program's two stacks: the same frames (pid, then frames)
	awk '/^[0-9]+ +getppid/ { n++; p = $1; next }
	     /^ > / && p { print p "#" n, substr($0, 4) }' "t$k" |
		grep 'x/prog(' > /dev/null || fail "$k: no frames of x/prog"
	awk '/^[0-9]+ +getppid/ { if (s != "") print s; p = $1; s = p; next }
	     /^ > / { s = s "|" substr($0, 4); next }
	     END { if (s != "") print s }' "t$k" | grep 'x/prog(' |
		sort | uniq -c | awk '$1 != 2 { bad = 1 } END { exit bad }' ||
		fail "$k: a program's second stack is not its first"
	if [ "$k" = -kk ]; then
		grep -q 'x/prog(inner inlined) .*samepath.c:' "t$k" ||
			fail "-kk: no inlined frame with its line"
	fi
	frames_proved "t$k"
done
echo "ok: each file's own names at one path, with -k and -kk"
