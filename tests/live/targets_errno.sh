# SPDX-License-Identifier: GPL-2.0-or-later
# --errno and -Z, decided in the kernel at each call's exit (ring mode):
#  1. --errno ENOENT,EBADF -- errnos: exactly strace -Z's lines of those
#     two errnos (the loader's ENOENTs, then per round the openat and
#     the close), and the exit; a name and a number (9 is EBADF) alike.
#  2. -Z -m 64K -- errnos 100000: strace -Z's whole trace, and no record
#     lost: the 300,000 successful getppid() wrote nothing (with
#     -e status=failed,successful the same rings lose records: the
#     check can see a storm that is written).
#  3. --errno ENOENT -k (perf samples: the rule in user space): the
#     calls are strace's ENOENT lines, each with its stack.
#  4. refused: an unknown name, -c alone, -z.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

strace -Z -o s.z -- "$PROGS/errnos" 5 || fail "errnos under strace failed"
grep -E ' = -1 (ENOENT|EBADF) ' s.z > s.two
echo "+++ exited with 0 +++" >> s.two
[ "$(grep -c '^close' s.two)" = 3 ] || fail "strace: not 3 failed closes"

# 1.
"$ETRACE" --errno ENOENT,9 -o e.two -- "$PROGS/errnos" 5 2> err ||
	{ cat err >&2; fail "etrace --errno failed"; }
sed -E 's/  +/ /g' e.two > a.two
sed -E 's/  +/ /g' s.two > x.two
same x.two a.two "--errno ENOENT,9 (strace -Z's ENOENT and EBADF lines)"

# 2.
strace -Z -o s.all -- "$PROGS/errnos" 100000 || fail "strace -Z failed"
"$ETRACE" -Z -m 64K -o e.all -- "$PROGS/errnos" 100000 2> err ||
	{ cat err >&2; fail "etrace -Z failed"; }
grep -i lost err e.all && fail "-Z: records lost on a storm of successful calls"
sed -E 's/  +/ /g' s.all > x.all
sed -E 's/  +/ /g' e.all > a.all
same x.all a.all "-Z (strace -Z's trace)"
"$ETRACE" -e status=failed,successful -m 64K -o /dev/null -- \
	"$PROGS/errnos" 100000 2> err2 || fail "etrace -e status= failed"
grep -q 'records lost' err2 ||
	fail "the storm written whole lost nothing: the check above cannot see"

# 3.
"$ETRACE" --errno ENOENT -k -o e.k -- "$PROGS/errnos" 5 2> err ||
	{ cat err >&2; fail "etrace --errno -k failed"; }
grep -v '^ > ' e.k | sed -E 's/  +/ /g' > a.k
{ grep -E ' = -1 ENOENT ' s.z; echo "+++ exited with 0 +++"; } |
	sed -E 's/  +/ /g' > x.k
same x.k a.k "--errno ENOENT -k: the calls"
[ "$(grep -c '^ > ' e.k)" -ge 5 ] || fail "--errno -k: no stacks"

# 4.
"$ETRACE" --errno ENOPE -- true 2> err && fail "--errno ENOPE accepted"
grep -qxF "etrace: --errno 'ENOPE': no such errno 'ENOPE'" err ||
	{ cat err >&2; fail "--errno ENOPE: not the one line"; }
"$ETRACE" -c --errno ENOENT -- true 2> err && fail "-c --errno accepted"
"$ETRACE" -z --errno ENOENT -- true 2> err && fail "-z --errno accepted"
exit 0
