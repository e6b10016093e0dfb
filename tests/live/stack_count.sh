# SPDX-License-Identifier: GPL-2.0-or-later
# -c -k: a munmap storm grouped by stack (frames as call sites,
# MODULE(FUNC+0xOFF), whatever the addresses the code was loaded at).  unmaps calls munmap 300 times
# from unmap_a and 200 times from unmap_b, through the same one(): the
# table counts 500 munmap calls plus the loader's, and the top stacks say
# 300 with unmap_a under one and 200 with unmap_b, each down to main;
# --stack=folded's lines say the same counts, exactly.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# 8 KiB of stack per call: rings that hold them all, so none is lost
"$ETRACE" -c -k -m 16M -e trace=munmap -o out -- "$PROGS/unmaps" 300 200 ||
	fail "etrace -c -k failed"
cat out

# the table: strace -c counts the same munmaps
strace -c -e trace=munmap -o s.out -- "$PROGS/unmaps" 300 200 ||
	fail "strace failed"
want=$(awk '$NF == "munmap" { print $4 }' s.out)
got=$(awk '$NF == "munmap" { print $4 }' out | head -n 1)
[ -n "$want" ] && [ "$got" = "$want" ] ||
	fail "munmap calls: etrace $got, strace $want"

# a stack: its count line, then its frames (innermost first) up to the
# next count line, joined with spaces
# (a frame is a call site, MODULE(FUNC+0xOFF): its function, here)
awk '/^ *[0-9]+  unmaps  munmap$/ { if (s) print s; s = $1 ":"; next }
     /^ +> / && s { f = $2; sub(/^.*\(/, "", f); sub(/[+)].*$/, "", f)
		    s = s " " f; next }
     { if (s) print s; s = "" }
     END { if (s) print s }' out > stacks
cat stacks
grep -Eq '^300: (__)?munmap one unmap_a main ' stacks ||
	fail "no stack of 300 munmaps through one <- unmap_a <- main"
grep -Eq '^200: (__)?munmap one unmap_b main ' stacks ||
	fail "no stack of 200 munmaps through one <- unmap_b <- main"
# the stacks add up to the table's count (nothing lost at this rate)
sum=$(awk -F: '{ n += $1 } END { print n }' stacks)
[ "$sum" = "$want" ] || fail "the stacks add up to $sum, the table says $want"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved out

# --stack=folded: the same stacks, each once with its exact count, and
# the counts add up to strace's
"$ETRACE" --stack=folded -m 16M -e trace=munmap -o folded -- \
	"$PROGS/unmaps" 300 200 2> folded.err ||
	{ cat folded.err >&2; fail "etrace --stack=folded failed"; }
cat folded
grep -Eq '^unmaps;.*;main;unmap_a;one;(__munmap;)?munmap 300$' folded ||
	fail "--stack=folded: no line of 300 munmaps through unmap_a, one"
grep -Eq '^unmaps;.*;main;unmap_b;one;(__munmap;)?munmap 200$' folded ||
	fail "--stack=folded: no line of 200 munmaps through unmap_b, one"
fsum=$(awk '{ n += $NF } END { print n }' folded)
[ "$fsum" = "$want" ] || fail "--stack=folded's counts add up to $fsum, strace counts $want"
exit 0
