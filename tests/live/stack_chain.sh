# SPDX-License-Identifier: GPL-2.0-or-later
# User stacks of a call chain main -> f0 -> f1 -> f2 -> f3 -> getppid, one
# function per file (tests/stack/*.c):
#  - built with cc -O2 -fomit-frame-pointer (only DWARF CFI unwinds it):
#    etrace -q -k -e trace=getppid prints under the getppid line the
#    frames " > FILE(FUNC+0xOFF) [0xADDR]", the first libc's syscall,
#    then exactly f3, f2, f1, f0, main of the program;
#  - the same built with -g, under -kk: each of those frames ends with
#    the source file and line of its call: f3.c:N (the syscall() line),
#    f2.c:N (the f3() call) ... main.c:N (the f0() call), N from the
#    sources;
#  - a strip -s copy: its own frames are "(+0xOFF)", never a name;
#  - --stack=fp on a -O0 -fno-omit-frame-pointer build: f2, f1, f0,
#    main in that order (f3 may be missing: libc's syscall() keeps no
#    frame pointer);
#  - --stack=folded: one line, "chain;...;main;f0;f1;f2;f3;syscall;getppid 1"
#    (the comm first, names joined by ';', the count last).
. "$TOP/tests/lib.sh"
need_root

S=$TOP/tests/stack
cc -O2 -fomit-frame-pointer -o chain "$S"/*.c || fail "cc -O2 failed"
cc -O2 -fomit-frame-pointer -g -o chain_g "$S"/*.c || fail "cc -O2 -g failed"
cp chain chain_s && strip -s chain_s || fail "strip failed"
cc -O0 -fno-omit-frame-pointer -o chain_fp "$S"/*.c || fail "cc -O0 failed"

# the frames under the getppid line: " > ..." lines after it
frames() {	# trace
	awk '/^getppid\(\) += [0-9]+/ { on = 1; n++; next }
	     on && /^ > / { print; next }
	     { on = 0 }
	     END { if (n != 1) { print "getppid lines: " n + 0; exit 1 } }' "$1"
}
# the function of each frame line of PROG: FUNC, or +0xOFF, or "-" for
# a frame of another object
funcs() {	# prog
	sed -E "s|^ > $WORK/$1\(([^+)]*)(\+0x[0-9a-f]+)?\) .*|\1\2|; t; s|^ > .*|-|"
}

# 1. -k, DWARF
"$ETRACE" -q -k -e trace=getppid -o k.out -- ./chain || fail "etrace -k failed"
cat k.out
frames k.out > k.frames || { cat k.frames >&2; fail "-k: want one getppid line"; }
head -n 1 k.frames | grep -qE '^ > /.*/libc\.so\.6\(syscall\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$' ||
	fail "-k: the first frame is not libc's syscall"
sed -n 2,6p k.frames | funcs chain | sed -E 's/\+0x[0-9a-f]+$//' > k.names
printf '%s\n' f3 f2 f1 f0 main > want.names
same want.names k.names "-k: the frames after syscall"
sed -n 2,6p k.frames | grep -vE "^ > $WORK/chain\([a-z0-9]+\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]\$" > odd
[ -s odd ] && { cat odd >&2; fail "-k: frames not as ' > FILE(FUNC+0xOFF) [0xADDR]'"; }

# 2. -kk on the -g build: source lines
line_of() { grep -n "$2" "$S/$1" | head -n 1 | cut -d: -f1; }
printf '%s\n' "f3 f3.c:$(line_of f3.c 'syscall(SYS_getppid)')" \
	"f2 f2.c:$(line_of f2.c 'return f3(')" \
	"f1 f1.c:$(line_of f1.c 'return f2(')" \
	"f0 f0.c:$(line_of f0.c 'return f1(')" \
	"main main.c:$(line_of main.c 'return f0(')" > want.lines
"$ETRACE" -q -kk -e trace=getppid -o kk.out -- ./chain_g || fail "etrace -kk failed"
cat kk.out
frames kk.out > kk.frames || fail "-kk: want one getppid line"
head -n 1 kk.frames | grep -qE '^ > /.*/libc\.so\.6\(syscall\+0x[0-9a-f]+\) ' ||
	fail "-kk: the first frame is not libc's syscall"
sed -n 2,6p kk.frames | awk -v w="$WORK/chain_g(" '{
	f = $2
	if (index(f, w) != 1) { print "other object: " $0; next }
	f = substr(f, length(w) + 1); sub(/\+0x.*/, "", f)
	src = $NF; sub(/.*\//, "", src)
	print f, src }' > kk.lines
same want.lines kk.lines "-kk: functions and source lines"

# 3. stripped: offsets, never a name
"$ETRACE" -q -k -e trace=getppid -o s.out -- ./chain_s || fail "etrace -k (stripped) failed"
cat s.out
frames s.out > s.frames || fail "stripped: want one getppid line"
head -n 1 s.frames | grep -qE '^ > /.*/libc\.so\.6\(syscall\+0x[0-9a-f]+\) ' ||
	fail "stripped: the first frame is not libc's syscall"
sed -n 2,6p s.frames | grep -cE "^ > $WORK/chain_s\(\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]\$" > n
[ "$(cat n)" = 5 ] || fail "stripped: want 5 frames '$WORK/chain_s(+0xOFF)' after syscall"
grep -F "$WORK/chain_s(" s.frames | grep -vE "\(\+0x[0-9a-f]+\)" > odd
[ -s odd ] && { cat odd >&2; fail "stripped: a frame of the program has a function name"; }
grep -E '[(](f[0-3]|main|_start)[+)]' s.frames > odd
[ -s odd ] && { cat odd >&2; fail "stripped: a name of the program's functions appears"; }

# 4. frame pointers
"$ETRACE" -q --stack=fp -e trace=getppid -o fp.out -- ./chain_fp ||
	fail "etrace --stack=fp failed"
cat fp.out
frames fp.out > fp.frames || fail "--stack=fp: want one getppid line"
funcs chain_fp < fp.frames | sed -E 's/\+0x[0-9a-f]+$//' | grep -vx -- - |
	grep -vx f3 | head -n 4 > fp.names
printf '%s\n' f2 f1 f0 main > want.fp
same want.fp fp.names "--stack=fp: the program's frames (f3 aside)"

# 5. folded
"$ETRACE" -q --stack=folded -e trace=getppid -- ./chain > folded.out 2> folded.err ||
	fail "etrace --stack=folded failed"
cat folded.out folded.err
[ "$(wc -l < folded.out)" = 1 ] || fail "--stack=folded: want exactly one line"
grep -qE '^chain;([^; ]+;)*main;f0;f1;f2;f3;syscall;getppid 1$' folded.out ||
	fail "--stack=folded: not 'chain;...;main;f0;f1;f2;f3;syscall;getppid 1'"
[ -s folded.err ] && fail "--stack=folded: messages on stderr"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved k.out kk.out s.out fp.out
exit 0
