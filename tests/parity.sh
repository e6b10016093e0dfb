#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace: run a command under `strace -f` and under `etrace -f`
# and compare the two traces line by line, per task.
#
#   sh tests/parity.sh [-v] [-i] [-w DIR] [-e EXPR] -- CMD ARGS
#
#   -v       list every differing pair (and lines only one side has), then
#            the count of differences per syscall
#   -i       also mask what a recreated file changes between the two runs
#            (st_ino, d_ino, d_off, file times)
#   -w DIR   work directory (kept): s.out e.out, the tracers' stderr, the
#            command's stdout; default a temporary one, removed at the end
#   -e EXPR  passed to both tracers (-e trace=...)
#   -m PCT   fail (exit 3) when fewer than PCT% of strace's lines are exact
#   -d N     fail (exit 3) when more than N lines differ in name or return
#
# Both runs start CMD in the same fresh, empty directory ($DIR/run, emptied
# in between) with stdin from /dev/null, so relative paths print the same.
# $ETRACE is the etrace binary (default ./etrace).
#
# How lines are matched: each trace is split by task (pid prefix); a call
# split into "<unfinished ...>" and "<... resumed>" is joined into one line.
# Tasks are named by descent, not pid: the command is P, the k-th child
# its clone/fork/vfork/clone3 returned is P.k, its children P.k.1 ...
# The calls of task P.k in strace's trace are aligned with those of P.k
# in etrace's by diff(1) on their syscall names (so a call one side lacks
# shifts nothing after it) and compared pair by pair.  A call left without
# a partner that has an identical unpaired line elsewhere in the task
# (a signal handler ran at another point) counts as exact ("moved"); one
# with the same name and return value there counts as name+ret.
#
# What legitimately differs between two runs is masked
# on both sides first: addresses (0x and 6+ hex digits), pids (as task
# names; the tracer's own pid as TRACER), getrandom's bytes, clock readings
# (clock_gettime, gettimeofday, time, times, sysinfo, rusage, timers'
# current values, "left" times, interrupted sleeps' remaining time), the
# padding before " = ", file system free counts, ports the kernel picked
# (32768 and up), System V IPC ids.
#
# Counted: every strace call line (signal and exit lines are not calls).
# "exact": the masked lines are equal.  "name+ret": the same syscall name
# and return value (the number; for errors -1 and the errno name).
# Last line:  parity: exact E/T (P%), name+ret N/T (Q%)
# Exit status: 0 when both traces were made (and -m/-d hold), 1 when a
# tracer failed, 2 for a usage error, 3 when -m or -d does not hold.
set -u

verbose=0 inode=0 work="" expr="" min_exact="" max_diff=""
while [ $# -gt 0 ]; do
	case $1 in
	-v) verbose=1 ;;
	-i) inode=1 ;;
	-w) work=$2; shift ;;
	-e) expr=$2; shift ;;
	-m) min_exact=$2; shift ;;
	-d) max_diff=$2; shift ;;
	--) shift; break ;;
	-*) echo "parity.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
[ $# -gt 0 ] || { echo "usage: parity.sh [-v] [-i] [-w DIR] [-e EXPR] [-m PCT] [-d N] -- CMD ARGS" >&2; exit 2; }

abspath() {	# a relative path with a slash, made absolute
	case $1 in
	/*) echo "$1" ;;
	*/*) echo "$(pwd)/$1" ;;
	*) echo "$1" ;;
	esac
}
ET=$(abspath "${ETRACE:-./etrace}")
cmd=$(abspath "$1")
shift

if [ -n "$work" ]; then
	mkdir -p "$work" || exit 1
	W=$(cd "$work" && pwd)
	cleanup=:
else
	W=$(mktemp -d "${TMPDIR:-/tmp}/parity.XXXXXX") || exit 1
	cleanup="rm -rf $W"
fi

# Pids are masked as task names wherever they appear as numbers: a small
# pid (the counter wraps at pid_max) could equal a size in the same task's
# lines (read(3, ..., 832)).  As root, the pids of the runs start past
# 10000 (/proc/sys/kernel/ns_last_pid), clear of the usual small numbers.
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
	rm -rf "$W/run"
	mkdir "$W/run"
	( cd "$W/run" && exec "$@" ) < /dev/null > "$W/$_who.stdout" \
		2> "$W/$_who.err" &
	_pid=$!
	wait $_pid
	_rc=$?
	eval "${_who}_pid=$_pid ${_who}_rc=$_rc"
}

if [ -n "$expr" ]; then
	run s strace -f -e "$expr" -o "$W/s.out" -- "$cmd" "$@"
	run e "$ET" -q -f -e "$expr" -o "$W/e.out" -- "$cmd" "$@"
else
	run s strace -f -o "$W/s.out" -- "$cmd" "$@"
	run e "$ET" -q -f -o "$W/e.out" -- "$cmd" "$@"
fi
rm -rf "$W/run"
status=0
if [ ! -s "$W/s.out" ] || [ ! -s "$W/e.out" ]; then
	echo "parity.sh: a tracer made no trace (strace exit $s_rc, etrace exit $e_rc)" >&2
	cat "$W/s.err" "$W/e.err" >&2
	$cleanup
	exit 1
fi
[ "$s_rc" = "$e_rc" ] ||
	echo "parity.sh: note: exit status $s_rc under strace, $e_rc under etrace" >&2

awk -v sfile="$W/s.out" -v tr1="$s_pid" -v tr2="$e_pid" \
    -v tmpa="$W/names.s" -v tmpb="$W/names.e" \
    -v verbose=$verbose -v inode=$inode '
function lead(f, pid, l) {
	if (!((f, pid) in ntl)) {
		ntl[f, pid] = 0
		order[f, ++ntask[f]] = pid
		if (ntask[f] == 1)
			root[f] = pid
	}
}
function add(f, pid, l) {
	lead(f, pid)
	L[f, pid, ++ntl[f, pid]] = l
}
function flush(f, pid) {
	if ((f, pid) in pend) {
		add(f, pid, pend[f, pid] " <unfinished ...>")
		delete pend[f, pid]
	}
}
{
	f = (FILENAME == sfile) ? 1 : 2
	l = $0
	pid = "-"
	if (match(l, /^\[pid +[0-9]+\] /)) {
		pid = substr(l, 6, RLENGTH - 7)
		l = substr(l, RLENGTH + 1)
	} else if (match(l, /^[0-9]+ +/)) {
		pid = substr(l, 1, RLENGTH)
		l = substr(l, RLENGTH + 1)
	}
	gsub(/ /, "", pid)
	if (l ~ /^(---|\+\+\+) /) {
		lead(f, pid)
		# a call cut by its task exit stays unfinished
		if (l ~ /^\+\+\+ /)
			flush(f, pid)
		next
	}
	if (match(l, / <unfinished \.\.\.>$/)) {
		flush(f, pid)
		pend[f, pid] = substr(l, 1, RSTART - 1)
		next
	}
	if (match(l, /^<\.\.\. [a-z_0-9]+ resumed>/)) {
		if ((f, pid) in pend) {
			l = pend[f, pid] substr(l, RLENGTH + 1)
			delete pend[f, pid]
		}
		add(f, pid, l)
		next
	}
	flush(f, pid)
	add(f, pid, l)
}

function scname(l,   p) {
	p = index(l, "(")
	return p ? substr(l, 1, p - 1) : l
}
# the text after the call: "0", "-1 ENOENT (No such ...)", "? ERESTARTSYS"
function rettext(l,   r, p, i) {
	r = l; p = 0
	while ((i = index(r, ") = ")) > 0) {
		p += i + 3; r = substr(r, i + 4)
	}
	return p ? substr(l, p + 1) : "<none>"
}
function retkey(l,   r, n, w) {
	r = rettext(l)
	n = split(r, w, " ")
	if (n >= 2 && (w[1] == "-1" || w[1] == "?"))
		return w[1] " " w[2]
	return w[1]
}
function tname(f, pid) {
	if (pid == root[f])
		return "P"
	if ((f, pid) in par)
		return tname(f, par[f, pid]) "." kidx[f, pid]
	return "U" first[f, pid]
}
# numbers that are pids of this trace become task names
function maskpids(f, l,   out, m, num, pre, post, rest) {
	out = ""; rest = l
	while (match(rest, /[0-9]+/)) {
		num = substr(rest, RSTART, RLENGTH)
		pre = RSTART > 1 ? substr(rest, RSTART - 1, 1) : \
			substr(out, length(out), 1)
		post = substr(rest, RSTART + RLENGTH, 1)
		out = out substr(rest, 1, RSTART - 1)
		rest = substr(rest, RSTART + RLENGTH)
		if (pre !~ /[0-9A-Za-z_.]/ && post !~ /[0-9A-Za-z_.]/) {
			if ((f, num) in tn) {
				out = out tn[f, num]; continue
			}
			if (num == tracer[f]) {
				out = out "TRACER"; continue
			}
		}
		out = out num
	}
	return out rest
}
function maskall(l) {
	gsub(/=-?[0-9]+/, "=N", l)
	gsub(/\[[0-9]+, [0-9]+, [0-9]+\]/, "[N, N, N]", l)
	return l
}
function norm(f, l,   n, r, p, head, tail, out) {
	n = scname(l)
	gsub(/\) +=/, ") =", l)
	l = maskpids(f, l)
	gsub(/0x[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+/, "0xADDR", l)
	if (n == "getrandom")
		sub(/^getrandom\("([^"\\]|\\.)*"(\.\.\.)?/, "getrandom(RANDOM", l)
	# clock readings
	if (n ~ /^(clock_gettime|gettimeofday|sysinfo|getrusage|timerfd_gettime|timer_gettime|getitimer|clock_getres|adjtimex|clock_adjtime)$/)
		l = maskall(l)
	else if (n ~ /^(time|times)$/) {
		l = maskall(l)
		sub(/\) = [0-9]+.*$/, ") = N", l)
	} else if (n ~ /^(setitimer|timerfd_settime|timer_settime)$/) {
		# the old value, printed at exit, is a reading
		p = index(l, "}}, {")
		if (p) {
			head = substr(l, 1, p + 3); tail = maskall(substr(l, p + 4))
			l = head tail
		}
	} else if (n ~ /^(nanosleep|clock_nanosleep)$/ && l !~ /\) = 0$/)
		l = maskall(l)
	if (index(l, "ru_utime="))
		l = substr(l, 1, index(l, "ru_utime=") - 1) \
			maskall(substr(l, index(l, "ru_utime=")))
	# System V IPC ids are system-wide: they differ from run to run
	if (n ~ /^(shmget|semget|msgget)$/)
		sub(/\) = [0-9]+$/, ") = IPCID", l)
	else if (n ~ /^(shmat|shmctl|semctl|semop|semtimedop|msgctl|msgsnd|msgrcv)$/)
		sub(/^[a-z]+\([0-9]+/, n "(IPCID", l)
	if (index(l, "TIMER_ABSTIME"))
		l = maskall(l)
	# free space and inodes of a file system change all the time
	gsub(/(f_bfree|f_bavail|f_ffree)=[0-9]+/, "&#", l)
	gsub(/=[0-9]+#/, "=N", l)
	# ports the kernel picks (bind to port 0, connect) are ephemeral
	out = ""
	while (match(l, /_port=htons\([0-9]+\)/)) {
		p = substr(l, RSTART + 12, RLENGTH - 13)
		out = out substr(l, 1, RSTART - 1) "_port=htons(" \
			(p + 0 >= 32768 ? "EPH" : p) ")"
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	if (match(l, /left \{[^}]*\}/))
		l = substr(l, 1, RSTART - 1) "left {T}" substr(l, RSTART + RLENGTH)
	if (inode) {
		gsub(/(st_ino|d_ino|d_off|stx_ino)=[0-9]+/, "&#", l)
		gsub(/=[0-9]+#/, "=N", l)
		gsub(/(st_atime|st_mtime|st_ctime|stx_atime|stx_btime|stx_ctime|stx_mtime)=[^,}]*/, "&#", l)
		gsub(/time=[^,}]*#/, "time=T", l)
	}
	return l
}
function pair(name, i, j) {
	if (S[i] == E[j]) {
		exact++; same++
		return
	}
	dn[scname(S[i])]++
	if (scname(S[i]) == scname(E[j]) && retkey(S[i]) == retkey(E[j]))
		same++
	if (verbose)
		printf("%s #%d:\n  s: %s\n  e: %s\n", name, i, S[i], E[j])
}
function only_s(name, i) {
	US[++nus] = i
}
function only_e(name, j) {
	UE[++nue] = j
}
# Calls one side has where the other has them elsewhere: signal
# handlers run at different points in two runs.  The same line
# among the unpaired ones of the task counts as exact ("moved"), else the same
# name and return value counts as such; what is left is missing or extra.
function unpaired(name,   x, y, hit) {
	for (x = 1; x <= nus; x++) {
		hit = 0
		for (y = 1; y <= nue && !hit; y++)
			if (!(y in UEused) && S[US[x]] == E[UE[y]])
				hit = y
		if (hit) {
			UEused[hit] = 1; USused[x] = 1
			exact++; same++; moved++
		}
	}
	for (x = 1; x <= nus; x++) {
		if (x in USused)
			continue
		hit = 0
		for (y = 1; y <= nue && !hit; y++)
			if (!(y in UEused) && scname(S[US[x]]) == scname(E[UE[y]]) &&
			    retkey(S[US[x]]) == retkey(E[UE[y]]))
				hit = y
		dn[scname(S[US[x]])]++
		if (hit) {
			UEused[hit] = 1
			same++
			if (verbose)
				printf("%s #%d (moved):\n  s: %s\n  e: %s\n", name, US[x], S[US[x]], E[UE[hit]])
		} else if (verbose)
			printf("%s #%d only in strace:\n  s: %s\n", name, US[x], S[US[x]])
	}
	for (y = 1; y <= nue; y++) {
		if (y in UEused)
			continue
		extra++
		if (verbose)
			printf("%s only in etrace:\n  e: %s\n", name, E[UE[y]])
	}
	nus = nue = 0
	split("", US); split("", UE); split("", USused); split("", UEused)
}
# Pair S[1..ns] with E[1..ne]: diff(1) aligns the syscall names (a longest
# common subsequence), so a call one side lacks shifts nothing after it;
# the calls of a changed block pair up in order.
function align(name, ns, ne,   i, j, cmd, line, op, A, B, l1, r1, l2, r2) {
	for (i = 1; i <= ns; i++)
		print scname(S[i]) > tmpa
	close(tmpa)
	for (j = 1; j <= ne; j++)
		print scname(E[j]) > tmpb
	close(tmpb)
	printf("") >> tmpa; close(tmpa)
	printf("") >> tmpb; close(tmpb)
	i = 1; j = 1
	cmd = "diff \"" tmpa "\" \"" tmpb "\""
	while ((cmd | getline line) > 0) {
		if (!match(line, /^[0-9]+(,[0-9]+)?[acd][0-9]+(,[0-9]+)?$/))
			continue
		match(line, /[acd]/)
		op = substr(line, RSTART, 1)
		split(substr(line, 1, RSTART - 1), A, ",")
		split(substr(line, RSTART + 1), B, ",")
		l1 = A[1] + 0; r1 = (2 in A) ? A[2] + 0 : l1
		l2 = B[1] + 0; r2 = (2 in B) ? B[2] + 0 : l2
		if (op == "a") {
			while (i <= l1 && j <= ne) pair(name, i++, j++)
			while (j <= r2) only_e(name, j++)
		} else if (op == "d") {
			while (i < l1 && j <= ne) pair(name, i++, j++)
			while (i <= r1) only_s(name, i++)
		} else {
			while (i < l1 && j <= ne) pair(name, i++, j++)
			while (i <= r1 && j <= r2) pair(name, i++, j++)
			while (i <= r1) only_s(name, i++)
			while (j <= r2) only_e(name, j++)
		}
	}
	close(cmd)
	while (i <= ns && j <= ne) pair(name, i++, j++)
	while (i <= ns) only_s(name, i++)
	while (j <= ne) only_e(name, j++)
	unpaired(name)
}
END {
	for (f = 1; f <= 2; f++) {
		for (k = 1; k <= ntask[f]; k++)
			flush(f, order[f, k])
		tracer[f] = f == 1 ? tr1 : tr2
	}
	# task names from the clone family return values
	for (f = 1; f <= 2; f++) {
		for (k = 1; k <= ntask[f]; k++) {
			pid = order[f, k]
			first[f, pid] = k
			for (i = 1; i <= ntl[f, pid]; i++) {
				l = L[f, pid, i]
				n = scname(l)
				if (n !~ /^(clone|clone3|fork|vfork)$/)
					continue
				gsub(/\) +=/, ") =", l)
				r = retkey(l)
				if (r ~ /^[0-9]+$/ && r > 0) {
					par[f, r] = pid
					kidx[f, r] = ++nkid[f, pid]
				}
			}
		}
		for (k = 1; k <= ntask[f]; k++) {
			pid = order[f, k]
			tn[f, pid] = tname(f, pid)
			byname[f, tn[f, pid]] = pid
		}
	}
	total = 0; exact = 0; same = 0; extra = 0
	for (k = 1; k <= ntask[1]; k++) {
		pid = order[1, k]
		name = tn[1, pid]
		ns = ntl[1, pid]
		total += ns
		if (!((2, name) in byname)) {
			if (verbose)
				printf("task %s: %d calls, not in etrace\047s trace\n", name, ns)
			for (i = 1; i <= ns; i++)
				dn[scname(L[1, pid, i])]++
			continue
		}
		used[name] = 1
		epid = byname[2, name]
		ne = ntl[2, epid]
		for (i = 1; i <= ns; i++)
			S[i] = norm(1, L[1, pid, i])
		for (j = 1; j <= ne; j++)
			E[j] = norm(2, L[2, epid, j])
		align(name, ns, ne)
		split("", S); split("", E)
	}
	for (k = 1; k <= ntask[2]; k++) {
		name = tn[2, order[2, k]]
		if (!(name in used)) {
			extra += ntl[2, order[2, k]]
			if (verbose)
				printf("task %s: %d calls, not in strace\047s trace\n", name, ntl[2, order[2, k]])
		}
	}
	if (verbose) {
		for (n in dn)
			printf("differ %6d %s\n", dn[n], n) | "sort -k2,2nr"
		close("sort -k2,2nr")
	}
	if (moved)
		printf("lines in another place (counted): %d\n", moved)
	if (extra)
		printf("etrace lines strace does not have: %d\n", extra)
	pe = total ? 100 * exact / total : 0
	ps = total ? 100 * same / total : 0
	printf("parity: exact %d/%d (%.1f%%), name+ret %d/%d (%.1f%%)\n",
	       exact, total, pe, same, total, ps)
}' "$W/s.out" "$W/e.out" > "$W/report" || status=1
cat "$W/report"
last=$(tail -n 1 "$W/report")
if [ $status = 0 ] && [ -n "$min_exact$max_diff" ]; then
	# "parity: exact E/T (P%), name+ret N/T (Q%)"
	set -- $(echo "$last" | sed -E 's|^parity: exact ([0-9]+)/([0-9]+) .*name\+ret ([0-9]+)/.*|\1 \2 \3|')
	if [ -n "$min_exact" ] &&
	   ! awk -v e="$1" -v t="$2" -v m="$min_exact" 'BEGIN { exit !(t > 0 && 100 * e >= m * t) }'; then
		echo "parity.sh: exact $1/$2 is below $min_exact%" >&2
		status=3
	fi
	if [ -n "$max_diff" ] && [ $(($2 - $3)) -gt "$max_diff" ]; then
		echo "parity.sh: $(($2 - $3)) lines differ in name or return value (at most $max_diff allowed)" >&2
		status=3
	fi
fi
$cleanup
exit $status
