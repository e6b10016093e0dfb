# SPDX-License-Identifier: GPL-2.0-or-later
# Usage and setup errors: each makes etrace exit non-zero with exactly one
# line on stderr, "etrace: ..." naming the problem (a key word checked),
# nothing on stdout, and the command (touch MARKER) never run:
#   -e trace=nosuchcall, -e bogus=1 (qualifier), -p 999999 (no such
#   process), -p abc, a command that does not exist (by path and by PATH
#   search), -o /nonexistent/dir/x, -m 12Q / -m 0, no target, tracefs
#   missing (ETRACE_TRACEFS=/nonexistent), -8 (invalid option), -o with
#   no argument.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# a pid that does not exist
nopid=999999
while kill -0 $nopid 2>/dev/null; do nopid=$((nopid + 1)); done

n=0
check() {	# keyword env args...
	n=$((n + 1))
	kw=$1 envv=$2
	shift 2
	rm -f marker
	if [ -n "$envv" ]; then
		env "$envv" "$ETRACE" "$@" > out.$n 2> err.$n
	else
		"$ETRACE" "$@" > out.$n 2> err.$n
	fi
	rc=$?
	echo "case $n: etrace $* -> exit $rc: $(cat err.$n)"
	[ $rc != 0 ] || soft_fail "case $n (etrace $*): exit 0"
	[ $rc -lt 126 ] || soft_fail "case $n (etrace $*): exit $rc (a crash?)"
	[ "$(wc -l < err.$n)" = 1 ] ||
		soft_fail "case $n (etrace $*): $(wc -l < err.$n) lines on stderr, want 1"
	grep -q '^etrace: ' err.$n ||
		soft_fail "case $n (etrace $*): stderr does not start with 'etrace: '"
	grep -qiF -- "$kw" err.$n ||
		soft_fail "case $n (etrace $*): the message does not name '$kw'"
	[ -s out.$n ] && soft_fail "case $n (etrace $*): output on stdout"
	[ -e marker ] && soft_fail "case $n (etrace $*): the command ran"
	return 0
}

check nosuchcall	"" -e trace=nosuchcall -- touch marker
check bogus		"" -e bogus=1 -- touch marker
check $nopid		"" -p $nopid
check abc		"" -p abc
check /nonexistent/cmd	"" -- /nonexistent/cmd
check no_such_cmd_xyz	"" -- no_such_cmd_xyz
check /nonexistent/dir/x "" -o /nonexistent/dir/x -- touch marker
check 12Q		"" -m 12Q -- touch marker
check "'0'"		"" -m 0 -- touch marker
check "-p"		""
check /nonexistent	ETRACE_TRACEFS=/nonexistent -- touch marker
check "8"		"" -8 -- touch marker
check "-o"		"" -o
finish
