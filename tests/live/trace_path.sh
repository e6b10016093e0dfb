# SPDX-License-Identifier: GPL-2.0-or-later
# -P PATH against strace -P on the same programs (tests/parity.sh, the
# oracle): only the calls that touch a selected path, by a path argument
# or an fd that refers to it, signal and exit lines as ever.
#   fam_fds -P /etc/hostname -P /dev/null       (paths, fds, dup, mmap)
#   fam_files -P a.txt                           (a relative path as given)
# (their known differences are listed as fam_fds-P, fam_files-P)
#   fam_fds -P '/dev/*' (etrace's glob) must print what strace -P
#   /dev/null -P /dev/zero prints (the two files it opens there).
# -y on top, so that each selected fd's line shows why it was selected.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

ok() {	# name args...
	_n=$1
	shift
	echo "== $_n"
	sh "$TOP/tests/parity.sh" -c -w "$WORK/$_n" -n "$_n" "$@" ||
		soft_fail "$_n: etrace -P's trace is not strace -P's (above)"
	[ -s "$WORK/$_n/e.out" ] && [ "$(wc -l < "$WORK/$_n/e.out")" -gt 5 ] ||
		soft_fail "$_n: next to nothing selected"
}
ok fam_fds-P -O -y -O "-P /etc/hostname" -O "-P /dev/null" -- "$PROGS/fam_fds"
ok fam_files-P -O -y -O "-P a.txt" -- "$PROGS/fam_files"

# the glob: etrace's trace with -P '/dev/*' is strace's with both files
mkdir -p "$WORK/glob"
R=$(mktemp -d /tmp/fdsglob.XXXXXX) || fail "mktemp"
( cd "$R" && strace -f -y -P /dev/null -P /dev/zero -o "$WORK/glob/s.out" \
	-- "$PROGS/fam_fds" ) > /dev/null 2>&1
rm -rf "$R"/*
( cd "$R" && "$ETRACE" -q -f -y -P '/dev/*' -o "$WORK/glob/e.out" \
	-- "$PROGS/fam_fds" ) > /dev/null 2>&1
rm -rf "$R"
# the pid prefix of a -f trace goes, the lines stay; signal lines are
# the oracle's business above (strace shows a SIGCHLD etrace does not yet)
cut_pid() { sed -E 's/^[0-9]+ +//; s/ +=/ =/; /^--- SIG/d' "$1"; }
cut_pid "$WORK/glob/s.out" > "$WORK/glob/s.lines"
cut_pid "$WORK/glob/e.out" > "$WORK/glob/e.lines"
[ "$(grep -c /dev/ "$WORK/glob/s.lines")" -ge 8 ] ||
	soft_fail "strace -P /dev/null -P /dev/zero selected too little"
soft_same "$WORK/glob/s.lines" "$WORK/glob/e.lines" "-P '/dev/*' against strace -P /dev/null -P /dev/zero"
finish
