#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# strace 6.1's own test suite, run with strace and then with etrace in
# strace's place (tests/strace-suite/strace-as-etrace translates the few
# spellings that differ), on the same machine.  Prints each test's result
# under both, and the totals the issue measures:
#
#   etrace passes P of the S tests strace passes here, and P of the O of
#   them that use only options etrace has (etrace refused no command line)
#
#   tests/strace-suite/run.sh [-j N] [-r] [-l LIST] [TEST...]
#
# -r keeps strace's results of the last run (for the tests it ran) instead
# of running strace again: a decoder change is measured in half the time;
# the results of the tests it does not name stay as they were.
# TESTs are strace's test names (accept.gen, ioctl, strace-V); -l LIST a
# file of them (# comments), e.g. tests/strace-suite/ci.list; none: all.
# Expected failures are tests/strace-suite/xfail ("NAME  reason"): a test
# strace passes and etrace does not must be there, and one there that
# etrace passes fails the run too (the list only shrinks).  Logs, and each
# test's expected and actual output, stay in $STRACE_SUITE_DIR/results.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/strace-suite
dir=${STRACE_SUITE_DIR:-$top/build/strace-suite}
src=$dir/strace-6.1
# STRACE_SUITE_RESULTS: another place for results, for two runs at once
res=${STRACE_SUITE_RESULTS:-$dir/results}
xfail=$here/xfail
jobs=$(nproc)
list=
reuse=0
# a test that hangs is stopped (and counted): with strace after this long,
# with etrace after ten times strace's own time (at least 30 s)
limit=${STRACE_SUITE_TIMEOUT:-300}

export ETRACE="${ETRACE:-$top/etrace}"

# one test under one tracer: the result word in $res/NAME.MODE
run_one() {	# name mode seconds
	name=$1 mode=$2 secs=$3
	out=$res/$name.$mode
	refused=$out.refused
	rm -f "$refused" "$out".*
	if [ "$mode" = strace ]; then
		tracer=/usr/bin/strace
	else
		tracer=$here/strace-as-etrace
	fi
	script=$name.test
	t0=$(date +%s)
	(cd "$src/tests" && env STRACE_ARCH=x86_64 STRACE_NATIVE_ARCH=x86_64 \
		SIZEOF_KERNEL_LONG_T=8 SIZEOF_LONG=8 MIPS_ABI= srcdir=. \
		TIMEOUT_DURATION=$secs STRACE="$tracer" \
		SUITE_REFUSED="$refused" \
		timeout -k 10 $((secs + 10)) ./run.sh "./$script") \
		> "$out.log" 2>&1 < /dev/null
	rc=$?
	echo $(( $(date +%s) - t0 )) > "$out.secs"
	# the test's own files: its strace log, expected and actual output
	if [ -d "$src/tests/$name.dir" ]; then
		rm -rf "$out.dir"
		mv "$src/tests/$name.dir" "$out.dir" 2> /dev/null
	fi
	case $rc in
	0)	r=PASS ;;
	77)	r=SKIP ;;
	99)	r=ERROR ;;
	124|137|152) r=TIMEOUT ;;
	*)	r=FAIL ;;
	esac
	if [ "$mode" = etrace ] && [ "$r" != PASS ] && [ -s "$refused" ]; then
		r=NOOPT
	fi
	echo "$r" > "$out"
}

# one test: strace first; etrace only where strace passes
if [ "${1:-}" = --one ]; then
	name=$2
	if [ -f "$res.kept/$name.strace" ]; then
		cp -r "$res.kept/$name".strace* "$res/"
	else
		run_one "$name" strace "$limit"
	fi
	if [ "$(cat "$res/$name.strace")" = PASS ]; then
		t=$(( $(cat "$res/$name.strace.secs") * 10 ))
		[ $t -ge 30 ] || t=30
		run_one "$name" etrace $t
	else
		echo - > "$res/$name.etrace"
	fi
	exit 0
fi

while [ $# -gt 0 ]; do
	case $1 in
	-j)	jobs=$2; shift 2 ;;
	-l)	list=$2; shift 2 ;;
	-r)	reuse=1; shift ;;
	-*)	echo "strace-suite: unknown option $1" >&2; exit 1 ;;
	*)	break ;;
	esac
done

[ -x "$ETRACE" ] || { echo "strace-suite: no etrace at $ETRACE (make)" >&2; exit 1; }
[ -x /usr/bin/strace ] || { echo "strace-suite: strace is not installed (make deps)" >&2; exit 1; }
command -v gawk > /dev/null || { echo "strace-suite: gawk is not installed (make deps)" >&2; exit 1; }

# the test names: given, from a list, or all of strace's TESTS
names=$res.names
mkdir -p "$dir"
if [ $# -gt 0 ]; then
	printf '%s\n' "$@" > "$names"
elif [ -n "$list" ]; then
	sed 's/#.*//; /^[[:space:]]*$/d; s/[[:space:]]//g' "$list" > "$names"
else
	: > "$names"
fi

# the sources, configured; strace's test names and programs
sh "$here/fetch.sh" "$dir" || exit 1
make -s -C "$src/tests" -f Makefile -f - suite-names > "$dir/all" <<'EOF' || exit 1
suite-names:
	@for t in $(TESTS); do echo $${t%.test}; done
	@for p in $(check_PROGRAMS); do echo "program $$p"; done
EOF
grep '^program ' "$dir/all" | cut -d' ' -f2 > "$dir/programs"
sed -i '/^program /d' "$dir/all"
[ -s "$names" ] || cp "$dir/all" "$names"
while read -r t; do
	grep -qx -- "$t" "$dir/all" || {
		echo "strace-suite: no test '$t' in strace's suite" >&2
		exit 1
	}
done < "$names"

# the programs: all of them (strace's own way, the way measured; a test
# may run programs named otherwise)
sh "$here/fetch.sh" "$dir" all || exit 1

# -r: strace's results of the last run stand (strace does not change),
# and so do both results of every test this run does not name
rm -rf "$res.kept"
if [ $reuse = 1 ] && [ -d "$res" ]; then
	mkdir -p "$res.kept"
	while read -r t; do
		for f in "$res/$t".strace "$res/$t".strace.*; do
			[ -e "$f" ] && mv "$f" "$res.kept/"
		done
		rm -rf "$res/$t".etrace "$res/$t".etrace.*
	done < "$names"
else
	rm -rf "$res"
fi
mkdir -p "$res"
total=$(wc -l < "$names")
echo "strace-suite: $total tests, $jobs at a time, each with strace then etrace"
start=$(date +%s)
xargs -P "$jobs" -n 1 sh "$0" --one < "$names"

# the table and the totals
xfail_of() {
	awk -v t="$1" '!/^#/ && $1 == t { $1 = ""; sub(/^ +/, ""); print; f = 1; exit }
		END { if (!f) exit 1 }' "$xfail"
}
spass=0 epass=0 noopt=0 bad=0 xpass=0 hang=0 newer=0
report=$res.report
: > "$report"
while read -r t; do
	s=$(cat "$res/$t.strace" 2> /dev/null || echo ERROR)
	e=$(cat "$res/$t.etrace" 2> /dev/null || echo ERROR)
	note=
	if [ "$s" = PASS ]; then
		spass=$((spass + 1))
		why=$(xfail_of "$t") && listed=1 || listed=0
		case $e in
		PASS)	epass=$((epass + 1))
			if [ $listed = 1 ]; then
				xpass=$((xpass + 1))
				note="  XPASS: listed in xfail, remove it"
			fi ;;
		NOOPT)	noopt=$((noopt + 1))
			note="  ($(head -n 1 "$res/$t.etrace.refused"))" ;;
		esac
		case $e in TIMEOUT|ERROR) hang=$((hang + 1)) ;; esac
		if [ "$e" != PASS ] && [ $listed = 0 ]; then
			bad=$((bad + 1))
			note="$note  NEW FAILURE (log $res/$t.etrace.log)"
		elif [ "$e" != PASS ] && [ "$e" != NOOPT ]; then
			note="$note  expected: $why"
			case $why in newer:*) newer=$((newer + 1)) ;; esac
		fi
	fi
	printf '%-44s strace %-7s etrace %-7s%s\n' "$t" "$s" "$e" "$note" >> "$report"
done < "$names"
cat "$report"
secs=$(( $(date +%s) - start ))
only=$((spass - noopt))
pct() { [ "$2" -gt 0 ] && echo "$(( $1 * 1000 / $2 / 10 )).$(( $1 * 1000 / $2 % 10 ))%" || echo -; }
echo "strace-suite: strace passes $spass of $total tests on this machine (${secs}s for both)"
echo "strace-suite: etrace passes $epass of those $spass ($(pct $epass $spass));" \
	"$epass of the $only that use only options etrace has ($(pct $epass $only))"
echo "strace-suite: $noopt need an option etrace lacks; $hang time out or error under etrace"
# xfail's "newer:" tests: strace 6.1's expected lines predate this
# kernel (a flag, a name or a syscall it added); etrace prints them and
# differs from strace 6.1 there only
[ $newer -gt 0 ] &&
	echo "strace-suite: $newer fail only where etrace names what this kernel" \
		"has and strace 6.1 predates (xfail 'newer:'); without them" \
		"$epass of $((only - newer)) ($(pct $epass $((only - newer))))"
[ $bad = 0 ] && [ $xpass = 0 ] && {
	echo "$total passed, 0 failed"
	exit 0
}
echo "strace-suite: $bad unexpected failures, $xpass listed failures that pass now"
echo "$((total - bad - xpass)) passed, $((bad + xpass)) failed"
exit 1
