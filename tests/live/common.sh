# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for live tests, sourced after tests/lib.sh:
#   . "$TOP/tests/lib.sh"; . "$TOP/tests/live/common.sh"
# tests/run.sh also runs this file as a test (live/common): then it checks
# the helpers themselves on a canned strace-format trace (see the end).

# Checks that go on after a failure, so one run shows every problem:
# soft_same EXPECTED ACTUAL WHAT, soft_fail WHAT; then finish (exit 1 if
# any failed, else 0).
_soft_n=0
soft_fail() {
	echo "FAIL: $*" >&2
	_soft_n=$((_soft_n + 1))
}
soft_same() {	# expected actual what
	if ! cmp -s "$1" "$2"; then
		echo "--- $3: expected ($1) vs actual ($2):" >&2
		diff -u "$1" "$2" | head -40 >&2
		soft_fail "$3 differ"
		return 1
	fi
}
finish() {
	[ $_soft_n = 0 ] || fail "$_soft_n check(s) failed"
	exit 0
}

# Trace a command with strace -f and with etrace -f, the same way:
#   trace_both [-e EXPR] -- CMD ARGS
# Writes $WORK/s.out (strace) and $WORK/e.out (etrace), their stderr in
# s.err / e.err, and sets s_rc / e_rc to the exit statuses.  An argument
# @DIR@ becomes a fresh, not yet existing directory, different for each
# run ($WORK/s.dir, $WORK/e.dir).
trace_both() {
	_tb_e=""
	if [ "${1:-}" = -e ]; then
		_tb_e=$2
		shift 2
	fi
	[ "${1:-}" = -- ] && shift
	rm -rf "$WORK/s.dir" "$WORK/e.dir"
	_tb_run s strace "$@"
	s_rc=$_tb_rc
	_tb_run e "$ETRACE" "$@"
	e_rc=$_tb_rc
}

_tb_run() {	# s|e tracer cmd args
	_tb_who=$1 _tb_tracer=$2
	shift 2
	_tb_n=$#
	# substitute @DIR@ in the positional parameters, keeping their words
	_tb_i=0
	while [ $_tb_i -lt $_tb_n ]; do
		_tb_a=$1
		shift
		[ "$_tb_a" = @DIR@ ] && _tb_a="$WORK/$_tb_who.dir"
		set -- "$@" "$_tb_a"
		_tb_i=$((_tb_i + 1))
	done
	if [ -n "$_tb_e" ]; then
		"$_tb_tracer" -f -e "$_tb_e" -o "$WORK/$_tb_who.out" -- "$@" \
			2> "$WORK/$_tb_who.err"
	else
		"$_tb_tracer" -f -o "$WORK/$_tb_who.out" -- "$@" \
			2> "$WORK/$_tb_who.err"
	fi
	_tb_rc=$?
}

# Equal per-syscall counts of s.out and e.out, leaving out the syscalls
# whose names match the ERE $1 (if given and not empty).
same_counts() {
	sc_counts "$WORK/s.out" > "$WORK/s.counts"
	sc_counts "$WORK/e.out" > "$WORK/e.counts"
	if [ -n "${1:-}" ]; then
		grep -vE "^($1) " "$WORK/s.counts" > "$WORK/s.counts.x"
		grep -vE "^($1) " "$WORK/e.counts" > "$WORK/e.counts.x"
		same "$WORK/s.counts.x" "$WORK/e.counts.x" "syscall counts"
	else
		same "$WORK/s.counts" "$WORK/e.counts" "syscall counts"
	fi
}

# "syscall calls errors" of a -c table, sorted, without execve (begun
# under another name than a --comm selection's: its entry not counted)
# and the total
table_rows() {	# file
	awk '/^-+ /||/^% time/||/^$/ { next }
	     NF == 6 { print $6, $4, $5; next }
	     NF == 5 { print $5, $4, 0; next }
	     { print "ODD", $0 }' "$1" | grep -v '^execve \|^total ' | sort
}

# A trace's lines without pid prefixes, each preceded by the rank of its
# task (1 for the first task seen in the file, 2 for the next ...), sorted
# by rank and in file order within a task: the same for two runs whose
# tasks start in the same order, whatever their pids and interleaving.
# A call split by other tasks' lines ("name(args <unfinished ...>" ...
# "<... name resumed>rest") is joined into one line, " = " padded to
# column 40 (counting the pid prefix) as strace pads a whole line.
by_task() {	# FILE
	joined "$1" rank | sort -s -n -k1,1
}

# The same, in file order, each line preceded by its pid (tid) and a tab:
# joined FILE [rank] (with "rank", the task's rank instead of its pid).
joined() {	# FILE [rank]
	awk -v byrank="${2:-}" '
	function out(pid, l) { print (byrank == "rank" ? rank[pid] : pid) "\t" l }
	{
		pid = "-"; l = $0; plen = 0
		if (match(l, /^\[pid +[0-9]+\] /)) {
			pid = substr(l, 6, RLENGTH - 7); l = substr(l, RLENGTH + 1)
			plen = RLENGTH
		} else if (match(l, /^[0-9]+ +/)) {
			pid = substr(l, 1, RLENGTH); l = substr(l, RLENGTH + 1)
			plen = RLENGTH
		}
		gsub(/ /, "", pid)
		if (!(pid in rank))
			rank[pid] = ++n
		if (match(l, / <unfinished \.\.\.>$/)) {
			if (pid in pend)
				out(pid, pend[pid] " <unfinished ...>")
			pend[pid] = substr(l, 1, RSTART - 1)
			next
		}
		if ((pid in pend) && match(l, /^<\.\.\. [a-z_0-9]+ resumed>/)) {
			l = pend[pid] substr(l, RLENGTH + 1)
			delete pend[pid]
			# re-pad: strip the spaces before the last " = ", pad to 39
			r = l; p = 0
			while ((i = index(r, " = ")) > 0) {
				p += i; r = substr(r, i + 3); p += 2
			}
			if (p > 0) {
				head = substr(l, 1, p - 3); tail = substr(l, p - 2)
				sub(/ +$/, "", head)
				while (plen + length(head) < 39)
					head = head " "
				l = head tail
			}
			out(pid, l)
			next
		}
		if (pid in pend && l !~ /^(---|\+\+\+) /) {
			out(pid, pend[pid] " <unfinished ...>")
			delete pend[pid]
		}
		out(pid, l)
	}
	END {
		for (pid in pend)
			out(pid, pend[pid] " <unfinished ...>")
	}' "$1"
}

# "RANK NAME = RETVAL" for every finished call of the syscalls NAME...
# (one line per call: a whole line, or the <... NAME resumed> part).
rets() {	# FILE NAME...
	_r_f=$1
	shift
	by_task "$_r_f" | awk -v names=" $* " '
	{
		tab = index($0, "\t"); rk = substr($0, 1, tab - 1)
		l = substr($0, tab + 1)
		if (l ~ /<unfinished \.\.\.>$/)
			next
		if (match(l, /^<\.\.\. [a-z_0-9]+ resumed>/))
			name = substr(l, 6, RLENGTH - 14)
		else if (match(l, /^[a-z_0-9]+\(/))
			name = substr(l, 1, RLENGTH - 1)
		else
			next
		if (index(names, " " name " ") == 0)
			next
		# the return value: after the last " = "
		r = l; p = 0
		while ((i = index(r, " = ")) > 0) {
			p += i + 2; r = substr(r, i + 3)
		}
		if (p == 0)
			next
		print rk, name, "=", r
	}'
}

# Whole lines (task rank + text, the " = " column included) matching the
# ERE $2, e.g. calls whose arguments are all plain numbers or flags.
# With MASK_ADDRS=1, hex numbers of 6 digits or more (addresses, which
# ASLR moves from run to run) become 0xADDR.
lines_of() {	# FILE ERE
	# (the ERE through the environment: awk -v would take its
	# backslashes as escapes, and gawk then sees "^exit_group(")
	by_task "$1" | LINES_RE=$2 awk -v mask="${MASK_ADDRS:-0}" '
	BEGIN { re = ENVIRON["LINES_RE"] }
	{
		tab = index($0, "\t")
		if (substr($0, tab + 1) !~ re)
			next
		if (mask == 1)
			gsub(/0x[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+/, "0xADDR")
		print
	}'
}

# Compare return values / whole lines of s.out and e.out.
same_rets() {	# "NAME NAME..." what
	_w_names=$1
	rets "$WORK/s.out" $_w_names > "$WORK/s.rets"
	rets "$WORK/e.out" $_w_names > "$WORK/e.rets"
	[ -s "$WORK/s.rets" ] || fail "${2:-return values}: strace's trace has none of $_w_names"
	same "$WORK/s.rets" "$WORK/e.rets" "${2:-return values} of $_w_names"
}
same_lines() {	# ERE what
	lines_of "$WORK/s.out" "$1" > "$WORK/s.lines"
	lines_of "$WORK/e.out" "$1" > "$WORK/e.lines"
	[ -s "$WORK/s.lines" ] || fail "${2:-lines}: strace's trace has none matching $1"
	same "$WORK/s.lines" "$WORK/e.lines" "${2:-lines} matching $1"
}

# Wait until FILE has a line equal to TEXT (up to SECONDS, default 60).
wait_line() {	# file text [seconds]
	wait_until "${3:-60}" grep -qxF "$2" "$1" 2>/dev/null
}

# Wait until process PID is gone (a zombie counts as gone: the caller
# then reaps it with wait), up to SECONDS; returns 1 if still alive.
gone() {	# pid
	kill -0 "$1" 2>/dev/null || return 0
	case $(awk '{sub(/^.*\) /, ""); print $1}' "/proc/$1/stat" 2>/dev/null) in
	Z|X|"") return 0 ;;
	esac
	return 1
}
wait_gone() {	# pid seconds
	wait_until "$2" gone "$1"
}

# The pids of PID's children, one a line.
children_of() {	# pid
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v p="$1" '{
		pid = $1
		sub(/^.*\) /, "")	# past the comm, which may hold spaces
		if ($2 == p) print pid
	}'
}

# --- run as a test: the helpers on a known trace ------------------------
case $0 in
*/common.sh)
	. "$TOP/tests/lib.sh"
	cat > "$WORK/t.out" <<'T'
500   execve("/x", ["/x"], 0x7ffd /* 3 vars */) = 0
500   clone(child_stack=NULL, flags=SIGCHLD) = 501
500   wait4(501,  <unfinished ...>
501   close(3)                          = 0
501   exit_group(7)                     = ?
501   +++ exited with 7 +++
500   <... wait4 resumed>[{WIFEXITED(s) && WEXITSTATUS(s) == 7}], 0, NULL) = 501
500   close(99)                         = -1 EBADF (Bad file descriptor)
500   exit_group(0)                     = ?
500   +++ exited with 0 +++
T
	printf '%s\n' '1 wait4 = 501' '1 close = -1 EBADF (Bad file descriptor)' \
		'2 close = 0' > "$WORK/t.want"
	rets "$WORK/t.out" wait4 close > "$WORK/t.got"
	same "$WORK/t.want" "$WORK/t.got" "rets"
	printf '1\t%s\n' 'exit_group(0)                     = ?' > "$WORK/t.want"
	printf '2\t%s\n' 'exit_group(7)                     = ?' >> "$WORK/t.want"
	lines_of "$WORK/t.out" '^exit_group\(' > "$WORK/t.got"
	same "$WORK/t.want" "$WORK/t.got" "lines_of"
	printf '%s\n' 'clone 1' 'close 2' 'execve 1' 'exit_group 2' 'wait4 1' \
		> "$WORK/t.want"
	sc_counts "$WORK/t.out" > "$WORK/t.got"
	same "$WORK/t.want" "$WORK/t.got" "sc_counts"
	sed -E 's/^([0-9]+) +/[pid   \1] /' "$WORK/t.out" > "$WORK/t2.out"
	rets "$WORK/t2.out" wait4 close > "$WORK/t.got"
	printf '%s\n' '1 wait4 = 501' '1 close = -1 EBADF (Bad file descriptor)' \
		'2 close = 0' > "$WORK/t.want"
	same "$WORK/t.want" "$WORK/t.got" "rets with [pid N] prefixes"
	# a split call is joined, " = " padded to column 40 with the prefix
	cat > "$WORK/t3.out" <<'T'
600   exit_group(0 <unfinished ...>
601   getpid()                          = 601
600   <... exit_group resumed>)         = ?
600   +++ exited with 0 +++
T
	printf '600\t%s\n' 'exit_group(0)                     = ?' \
		'+++ exited with 0 +++' > "$WORK/t.want"
	joined "$WORK/t3.out" | grep '^600' > "$WORK/t.got"
	same "$WORK/t.want" "$WORK/t.got" "joined"
	# frames_proved: proved frames pass, and each kind of unproved one
	# fails it (a frame outside every mapping, a data symbol as the
	# caller: what glibc's clone3 gave before the leaf rule)
	libc=$(awk '$NF ~ /\/libc\.so\.6$/ { print $NF; exit }' /proc/self/maps)
	printf '%s\n' '600   clone3({flags=CLONE_VM}, 88) = 601' \
		" > $libc(+0x1098d9) [0x1098d9]" \
		" > $libc(__libc_start_main+0x85) [0x27305]" \
		' > [stack cut: no unwind info at /x+0x10]' \
		"      > posix_spawn ($libc)" > "$WORK/f.ok"
	(frames_proved "$WORK/f.ok") || fail "frames_proved: proved frames refused"
	for bad in ' > [unknown](+0x55e1a2b3c4d5) [0x55e1a2b3c4d5]' \
		" > $libc(_IO_2_1_stdin_+0x4) [0x1d4a04]" \
		"      > _IO_2_1_stdout_ ($libc)" \
		' > //anon(+0x47) [0x7f0000001047]' \
		'{"name":"clone3","stack":[{"pc":1,"reloff":1}]}'; do
		printf '%s\n' "$bad" > "$WORK/f.bad"
		! (frames_proved "$WORK/f.bad") 2> /dev/null ||
			fail "frames_proved: passed $bad"
	done
	printf '%s\n' ' > //anon(+0x47) [0x7f0000001047]' > "$WORK/f.anon"
	(frames_proved --anon "$WORK/f.anon") ||
		fail "frames_proved --anon: refused an anonymous frame"
	echo "helpers ok"
	;;
esac

# kill_at_exit NAME...: when the test ends, however it ends, SIGKILL the
# processes whose pids the variables NAME hold then (etrace and the
# program it traces, started in the background); unset or empty: none
kill_at_exit() {
	_kae_names="$*"
	for _kae_n; do eval "$_kae_n=\${$_kae_n-}"; done
	trap _kae_kill EXIT
}
_kae_kill() {
	for _kae_n in $_kae_names; do
		eval "_kae_p=\${$_kae_n-}"
		[ -n "$_kae_p" ] && kill -KILL "$_kae_p" 2>/dev/null
	done
	return 0
}

# etrace_stop N FILE: once FILE (a trace) holds N "+++ exited with 0 +++"
# lines, SIGINT the etrace that etrace_bg started ($ep) and reap it;
# fails if either does not come
# etrace refuses its arguments: exactly "etrace: MESSAGE" on stderr,
# exit status 1 (soft checks; in the current directory: rf.*)
expect_refused() {	# message etrace-args...
	_rf_want=$1
	shift
	"$ETRACE" "$@" > rf.out 2> rf.err
	_rf_rc=$?
	echo "etrace: $_rf_want" > rf.want
	soft_same rf.want rf.err "etrace $*: the message"
	[ $_rf_rc = 1 ] || soft_fail "etrace $*: exit status $_rf_rc, not 1"
}
exits_in() { [ "$(grep -c '+++ exited with 0 +++$' "$2" 2>/dev/null)" -ge "$1" ]; }
etrace_stop() {	# n-exits trace-file
	wait_until 60 exits_in "$1" "$2" ||
		fail "not $1 exits in $2 (etrace $ep)"
	kill -INT "$ep"
	wait_gone "$ep" 60 || fail "etrace still running 60 s after SIGINT"
	wait "$ep"
	ep=""
}
