#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle: run a program under `strace -f` and under `etrace -f`
# and require the two traces to be the same, line for line, in order
# within each task, signal and exit lines included, and the same exit
# status; the only differences allowed are those listed, as often as they
# occur, in tests/oracle/known-differences.
#
#   sh tests/parity.sh [-c] [-R] [-n NAME] [-k FILE] [-w DIR] [-e EXPR] [-O OPTS] -- CMD ARGS
#
#   -c       copy CMD (a test program) beside the runs' directory and start
#            it as ../NAME: its path then prints the same wherever the tree
#            is (argv[0] is cut at 32 bytes, so no rule could mask it)
#   -n NAME  the program's name in the known differences (default: CMD's
#            base name)
#   -k FILE  the known differences (default tests/oracle/known-differences)
#   -w DIR   work directory (kept): s.out e.out (the traces), s.err e.err
#            (the tracers' stderr), s.stdout e.stdout; default a temporary
#            one, removed at the end
#   -e EXPR  passed to both tracers (-e trace=...)
#   -O OPTS  more options for both tracers, split into words ("-n -Y");
#            given again, added to (-O -y -O "-P /dev/null")
#   -R       etrace records (etrace record -o e.etr) and e.out is its
#            report (etrace report -i e.etr): the report must agree with
#            strace as the live trace does
#
# Both runs start CMD in the same fresh, empty directory (R/run, emptied
# in between, R a new /tmp/oracle.XXXXXX) with stdin from /dev/null, so
# relative paths print the same (the rundir rule masks R, the same length
# everywhere, as /tmp/oracle.RUN).
# $ETRACE is the etrace binary (default ./etrace), $AWK the awk (default
# awk).  How the traces are cut into tasks, normalised (only what differs
# between two runs of one program: tests/oracle/norm.awk) and compared:
# tests/oracle/compare.awk.
#
# Output: each difference not listed, and each listed one not seen as
# often as listed, in the known-differences file's format (so an entry can
# be pasted, or found and removed), then
#   oracle: NAME: L strace lines, I identical, K known (#ISSUE: N, ...), U unexplained, S stale
# Exit status: 0 the traces agree (but for the listed differences), 1 a
# tracer made no trace, 2 usage error, 3 they differ.
set -u

here=$(cd "$(dirname "$0")" && pwd)
copy=0 name="" known="$here/oracle/known-differences" work="" expr="" opts=""
record=0
while [ $# -gt 0 ]; do
	case $1 in
	-c) copy=1 ;;
	-n) name=$2; shift ;;
	-k) known=$2; shift ;;
	-w) work=$2; shift ;;
	-e) expr=$2; shift ;;
	-O) opts="$opts $2"; shift ;;
	-R) record=1 ;;
	--) shift; break ;;
	-*) echo "parity.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
[ $# -gt 0 ] || { echo "usage: parity.sh [-c] [-R] [-n NAME] [-k FILE] [-w DIR] [-e EXPR] [-O OPTS] -- CMD ARGS" >&2; exit 2; }
[ -r "$known" ] || { echo "parity.sh: cannot read $known" >&2; exit 2; }

abspath() {	# a relative path with a slash, made absolute
	case $1 in
	/*) echo "$1" ;;
	*/*) echo "$(pwd)/$1" ;;
	*) echo "$1" ;;
	esac
}
ET=$(abspath "${ETRACE:-./etrace}")
cmd=$1
shift
[ -n "$name" ] || name=$(basename "$cmd")
case $known in /*) ;; *) known="$(pwd)/$known" ;; esac

R=$(mktemp -d /tmp/oracle.XXXXXX) || exit 1
if [ -n "$work" ]; then
	mkdir -p "$work" || exit 1
	W=$(cd "$work" && pwd)
	cleanup="rm -rf $R"
else
	W=$(mktemp -d "${TMPDIR:-/tmp}/parity.XXXXXX") || exit 1
	cleanup="rm -rf $W $R"
fi
if [ $copy = 1 ]; then
	cp "$cmd" "$R/" || exit 1
	cmd="../$(basename "$cmd")"
fi

# Pids are masked as task names wherever they appear as whole numbers: a
# small pid (the counter wraps at pid_max) could equal a size in the same
# task's lines (read(3, ..., 832)).  As root, the pids of the runs start
# past 10000 (/proc/sys/kernel/ns_last_pid), clear of the usual numbers.
high_pids() {
	_last=$(cat /proc/sys/kernel/ns_last_pid 2>/dev/null) || return 0
	_max=$(cat /proc/sys/kernel/pid_max 2>/dev/null) || return 0
	[ "$_last" -lt 10000 ] && [ "$_max" -gt 20000 ] &&
		echo 10000 > /proc/sys/kernel/ns_last_pid 2>/dev/null
	return 0
}

run() {	# s|e tracer-args...
	_who=$1
	shift
	high_pids
	rm -rf "$R/run"
	mkdir "$R/run"
	( cd "$R/run" && exec "$@" ) < /dev/null > "$W/$_who.stdout" \
		2> "$W/$_who.err" &
	_pid=$!
	wait $_pid
	_rc=$?
	eval "${_who}_pid=$_pid ${_who}_rc=$_rc"
}

# etrace -q: no note on stderr ("etrace: arguments: ..."), which the
# program shares: strace -f prints none there for a program it starts,
# and python3's fstat(2) would see a different size
# (-O's words unquoted on purpose: "-n -Y" is two options)
if [ -n "$expr" ]; then
	run s strace -f $opts -e "$expr" -o "$W/s.out" -- "$cmd" "$@"
	if [ $record = 1 ]; then
		run e "$ET" record -q -f $opts -e "$expr" -o "$W/e.etr" -- \
			"$cmd" "$@"
	else
		run e "$ET" -q -f $opts -e "$expr" -o "$W/e.out" -- "$cmd" "$@"
	fi
else
	run s strace -f $opts -o "$W/s.out" -- "$cmd" "$@"
	if [ $record = 1 ]; then
		run e "$ET" record -q -f $opts -o "$W/e.etr" -- "$cmd" "$@"
	else
		run e "$ET" -q -f $opts -o "$W/e.out" -- "$cmd" "$@"
	fi
fi
# -R: the recording's report is the trace (its errors after the record's)
[ $record = 1 ] && "$ET" report -i "$W/e.etr" -o "$W/e.out" 2>> "$W/e.err"

rm -rf "$R/run"
if [ ! -s "$W/s.out" ] || [ ! -s "$W/e.out" ]; then
	echo "parity.sh: a tracer made no trace (strace exit $s_rc, etrace exit $e_rc)" >&2
	cat "$W/s.err" "$W/e.err" >&2
	$cleanup
	exit 1
fi

${AWK:-awk} -f "$here/oracle/norm.awk" -f "$here/oracle/compare.awk" \
	-v prog="$name" -v known="$known" -v work="$W" -v rundir="$R" \
	-v strace_pid="$s_pid" -v etrace_pid="$e_pid" \
	-v src="$s_rc" -v erc="$e_rc" "$W/s.out" "$W/e.out"
status=$?
$cleanup
exit $status
