# SPDX-License-Identifier: GPL-2.0-or-later
# The oracle's normalisation: what differs between two runs of the same
# program, masked on both traces (strace's and etrace's) before they are
# compared.  Nothing else is masked: a value that is the same in every run
# of a deterministic program must print the same under both tracers.
#
# Each rule is a function norm_<name>(line, name) where name is the
# syscall's name ("" for signal and exit lines); norm() applies them all,
# in the order of NORM_RULES.  tests/oracle/norm-cases holds each rule's
# cases (input -> expected, and inputs it must leave alone), checked by
# tests/live/oracle_rules.sh under every awk installed.
#
# POSIX awk only (mawk, gawk, busybox): no regexp intervals ({n}), no
# regexps passed through -v, no gawk functions.
#
# Global inputs: NORM_PID[number] = task name ("P", "P.1", ...) for every
# pid and tid of the trace, and NORM_PID[the tracer's pid] = "TRACER";
# NORM_HEAP_LO and NORM_HEAP_HI, the task's heap (the lowest and highest
# break brk returned in its process), 0 when unknown; NORM_RUNDIR, the
# directory tests/parity.sh made for the runs.

BEGIN {
	NORM_RULES = "pad rundir pid heap addr clock timer cputime sysinfo statfs " \
		"inode fds filetime port ipcid random cpu pty"
	NORM_NRULES = split(NORM_RULES, NORM_RULE, " ")
}

# the syscall name of a call line, "" for a signal or exit line
function norm_scname(l,   p) {
	if (l ~ /^(---|\+\+\+) /)
		return ""
	p = index(l, "(")
	return p ? substr(l, 1, p - 1) : ""
}

function norm(l,   i, n) {
	n = norm_scname(l)
	for (i = 1; i <= NORM_NRULES; i++)
		l = norm_rule(NORM_RULE[i], l, n)
	return l
}

function norm_rule(r, l, n) {
	if (r == "pad") return norm_pad(l, n)
	if (r == "rundir") return norm_rundir(l, n)
	if (r == "pid") return norm_pid(l, n)
	if (r == "heap") return norm_heap(l, n)
	if (r == "addr") return norm_addr(l, n)
	if (r == "clock") return norm_clock(l, n)
	if (r == "timer") return norm_timer(l, n)
	if (r == "cputime") return norm_cputime(l, n)
	if (r == "sysinfo") return norm_sysinfo(l, n)
	if (r == "statfs") return norm_statfs(l, n)
	if (r == "inode") return norm_inode(l, n)
	if (r == "fds") return norm_fds(l, n)
	if (r == "filetime") return norm_filetime(l, n)
	if (r == "port") return norm_port(l, n)
	if (r == "ipcid") return norm_ipcid(l, n)
	if (r == "random") return norm_random(l, n)
	if (r == "cpu") return norm_cpu(l, n)
	if (r == "pty") return norm_pty(l, n)
	print "norm.awk: no rule " r > "/dev/stderr"
	exit 2
}

# Replace the value of every FIELD=<number> in l by X (FIELD a regexp
# matching the whole field name, anchored by the caller's choice).
function norm_field(l, field, x,   out, m, eq) {
	out = ""
	while (match(l, field "=-?[0-9]+")) {
		m = substr(l, RSTART, RLENGTH)
		eq = index(m, "=")
		# the field name must start the word (st_ino, not xst_ino)
		if (RSTART > 1 && substr(l, RSTART - 1, 1) ~ /[A-Za-z0-9_]/) {
			out = out substr(l, 1, RSTART + RLENGTH - 1)
		} else
			out = out substr(l, 1, RSTART - 1) substr(m, 1, eq) x
		l = substr(l, RSTART + RLENGTH)
	}
	return out l
}

# Every number inside the {...} that starts at the first match of the
# regexp open (which ends with "{"), braces nested, replaced by X.
function norm_struct(l, open, x,   s, i, d, c, body, head) {
	if (!match(l, open))
		return l
	head = substr(l, 1, RSTART + RLENGTH - 1)
	s = substr(l, RSTART + RLENGTH)
	d = 1
	for (i = 1; i <= length(s) && d > 0; i++) {
		c = substr(s, i, 1)
		if (c == "{") d++
		else if (c == "}") d--
	}
	body = substr(s, 1, i - 1)
	gsub(/=-?[0-9]+/, "=" x, body)
	return head body substr(s, i)
}

# pad: strace pads the text before " = RET" to a column; how far depends
# on the length of masked values, so the padding is one space.  Only the
# last ") +=" is the return's (strings come before it).
function norm_pad(l, n,   i, p, r) {
	p = 0; r = l
	while (match(r, /\) +=( |$)/)) {
		p += RSTART
		r = substr(r, RSTART + 1)
	}
	if (!p)
		return l
	r = substr(l, p + 1)
	sub(/^ +=/, " =", r)
	return substr(l, 1, p) r
}

# rundir: the directory both runs start in (/tmp/oracle.XXXXXX/run) is the
# same in the two runs, but not from one test run to the next: a known
# difference that shows it (getcwd) must read the same everywhere.  Its
# name alone (oracle.XXXXXX) is what a program uses for a name that must
# not clash with another test's (a POSIX message queue).
function norm_rundir(l, n,   out, i, b) {
	if (NORM_RUNDIR == "")
		return l
	b = NORM_RUNDIR
	sub(/^.*\//, "", b)
	out = ""
	while ((i = index(l, b)) > 0) {
		out = out substr(l, 1, i - 1) "oracle.RUN"
		l = substr(l, i + length(b))
	}
	return out l
}

# pid: a pid or tid of a task of this trace (or the tracer's) becomes the
# task's name, where a pid stands: the return of the calls that return
# one, the pid arguments of the calls that take one, si_pid=, nl_pid=,
# l_pid=, pid= and *_tid=[N] fields, TIOC[GS]PGRP/TIOCGSID's [N], /proc/N,
# F_GETOWN's and semctl GETPID's return.
# Only there: a size or a count that equals a pid (mmap(NULL, 12288, ...)
# with a task 12288) stays, or the two traces would differ by chance.
BEGIN {
	# the calls whose return is a pid or a tid
	split("fork vfork clone clone3 wait4 getpid getppid gettid getpgrp " \
	      "getpgid getsid setsid set_tid_address rt_sigreturn", _w, " ")
	for (_i in _w)
		NORM_PIDRET[_w[_i]] = 1
	# the calls' pid arguments, by index from 0
	split("kill:0 tkill:0 tgkill:0,1 wait4:0 waitid:1 setpgid:0,1 " \
	      "getpgid:0 getsid:0 sched_setparam:0 sched_getparam:0 " \
	      "sched_setscheduler:0 sched_getscheduler:0 " \
	      "sched_rr_get_interval:0 sched_setaffinity:0 " \
	      "sched_getaffinity:0 sched_setattr:0 sched_getattr:0 " \
	      "prlimit64:0 rt_sigqueueinfo:0 rt_tgsigqueueinfo:0,1 " \
	      "pidfd_open:0 process_vm_readv:0 process_vm_writev:0 kcmp:0,1 " \
	      "ptrace:1 get_robust_list:0 migrate_pages:0 move_pages:0 " \
	      "perf_event_open:1 getpriority:1 setpriority:1 ioprio_get:1 " \
	      "ioprio_set:1", _w, " ")
	for (_i in _w) {
		split(_w[_i], _kv, ":")
		NORM_PIDARGS[_kv[1]] = "," _kv[2] ","
	}
}

# a number (maybe negative: a process group) that is a pid of the trace,
# as its name; anything else as it is
function norm_pidnum(v,   neg) {
	neg = ""
	if (substr(v, 1, 1) == "-") {
		neg = "-"
		v = substr(v, 2)
	}
	return (v in NORM_PID) ? neg NORM_PID[v] : neg v
}

# l with every match of the regexp re (a prefix, then digits, then
# maybe one closing character) mapped through norm_pidnum
function norm_pidin(l, re,   out, m, i, j) {
	out = ""
	while (match(l, re)) {
		m = substr(l, RSTART, RLENGTH)
		# the prefix must start a word: si_pid=, not xsi_pid=
		if (RSTART > 1 && substr(l, RSTART - 1, 1) ~ /[A-Za-z0-9_]/) {
			out = out substr(l, 1, RSTART + RLENGTH - 1)
			l = substr(l, RSTART + RLENGTH)
			continue
		}
		out = out substr(l, 1, RSTART - 1)
		l = substr(l, RSTART + RLENGTH)
		match(m, /-?[0-9]+/)
		i = RSTART; j = RLENGTH
		out = out substr(m, 1, i - 1) norm_pidnum(substr(m, i, j)) \
			substr(m, i + j)
	}
	return out l
}

# the top-level arguments of a call line: NORM_AS[k], NORM_AE[k] the first
# and last character of argument k (from 0); returns how many, and sets
# NORM_CLOSE to the index of the call's ")"
function norm_args(l,   i, c, d, q, k, st) {
	i = index(l, "(")
	if (!i)
		return 0
	d = 0; q = 0; k = 0; st = i + 1
	for (i = i + 1; i <= length(l); i++) {
		c = substr(l, i, 1)
		if (q) {
			if (c == "\\")
				i++
			else if (c == "\"")
				q = 0
			continue
		}
		if (c == "\"")
			q = 1
		else if (c == "(" || c == "[" || c == "{")
			d++
		else if ((c == ")" || c == "]" || c == "}") && d > 0)
			d--
		else if (c == "," && d == 0) {
			NORM_AS[k] = st; NORM_AE[k] = i - 1; k++
			st = i + 2
		} else if (c == ")" && d == 0) {
			if (i > st || k > 0) {
				NORM_AS[k] = st; NORM_AE[k] = i - 1; k++
			}
			NORM_CLOSE = i
			return k
		}
	}
	NORM_CLOSE = 0
	return k
}

function norm_pid(l, n,   na, k, a, r, p) {
	if (n in NORM_PIDARGS) {
		na = norm_args(l)
		# from the last argument back, so the positions hold
		for (k = na - 1; k >= 0; k--) {
			if (!index(NORM_PIDARGS[n], "," k ","))
				continue
			a = substr(l, NORM_AS[k], NORM_AE[k] - NORM_AS[k] + 1)
			# (-Y: "123<make>", the name kept)
			if (a ~ /^-?[0-9]+(<.*>)?$/) {
				match(a, /^-?[0-9]+/)
				l = substr(l, 1, NORM_AS[k] - 1) \
					norm_pidnum(substr(a, 1, RLENGTH)) \
					substr(a, RLENGTH + 1) \
					substr(l, NORM_AE[k] + 1)
			}
		}
	}
	if (n in NORM_PIDRET && match(l, /\) += -?[0-9]+(<[^>]*>)?( |$)/)) {
		# the last ") = N" is the return
		p = 0; r = l
		while (match(r, /\) += -?[0-9]+(<[^>]*>)?( |$)/)) {
			p += RSTART
			r = substr(r, RSTART + 1)
		}
		r = substr(l, p)
		match(r, /-?[0-9]+/)
		l = substr(l, 1, p - 1) substr(r, 1, RSTART - 1) \
			norm_pidnum(substr(r, RSTART, RLENGTH)) \
			substr(r, RSTART + RLENGTH)
	}
	l = norm_pidin(l, "(si_pid|nl_pid|l_pid|pid)=-?[0-9]+")
	l = norm_pidin(l, "[a-z_]*_tid=\\[[0-9]+(\\]|<)")
	l = norm_pidin(l, "superseded by execve in pid [0-9]+")
	l = norm_pidin(l, "<pid changed to [0-9]+")
	# -Y: the tracer's own name, strace's or etrace's, where its pid is
	gsub(/TRACER<[es]trace>/, "TRACER<TRACER>", l)
	l = norm_pidin(l, "/proc/[0-9]+/")
	l = norm_pidin(l, "\"/proc/[0-9]+\"")
	# (-X raw: the requests and commands as numbers)
	if (n == "ioctl" && l ~ /TIOC(GPGRP|SPGRP|GSID)|, 0x(540f|5410|5429)[,)]/)
		l = norm_pidin(l, "\\[[0-9]+\\]")
	if (n == "semctl" && l ~ /, (GETPID|0xb( \/\* GETPID \*\/)?), / &&
	    match(l, / = [0-9]+$/))
		l = substr(l, 1, RSTART + 2) norm_pidnum(substr(l, RSTART + 3))
	if (n == "fcntl" && l ~ /F_(GETOWN|SETOWN)[,)]|^fcntl\([^,]*, 0x[89][,)]/) {
		na = norm_args(l)
		if (na == 3) {
			a = substr(l, NORM_AS[2], NORM_AE[2] - NORM_AS[2] + 1)
			if (a ~ /^-?[0-9]+$/)
				l = substr(l, 1, NORM_AS[2] - 1) norm_pidnum(a) \
					substr(l, NORM_AE[2] + 1)
		}
		if (l ~ /F_GETOWN\)/ && match(l, / = [0-9]+$/))
			l = substr(l, 1, RSTART + 2) norm_pidnum(substr(l, RSTART + 3))
	}
	return l
}

# the value of a hex number ("0x1f"), digit by digit (POSIX awk has no
# strtonum); exact up to 2^53, past any user-space address
function norm_hex(h,   i, v) {
	v = 0
	h = tolower(substr(h, 3))
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}

# heap: the break is placed anew in each run, also for a program that is
# not position-independent (python3's heap starts at 0x2671f000 in one
# run, 0x350a000 in the next); what lies at a fixed offset from it does
# not move.  An address in the task's heap becomes HEAP+offset.
function norm_heap(l, n,   out, m, v, pre, post) {
	if (!NORM_HEAP_LO)
		return l
	out = ""
	while (match(l, /0x[0-9a-f]+/)) {
		m = substr(l, RSTART, RLENGTH)
		pre = RSTART > 1 ? substr(l, RSTART - 1, 1) : ""
		post = substr(l, RSTART + RLENGTH, 1)
		out = out substr(l, 1, RSTART - 1)
		l = substr(l, RSTART + RLENGTH)
		v = norm_hex(m)
		if (pre !~ /[0-9A-Za-z_]/ && post !~ /[0-9A-Za-z_]/ &&
		    v >= NORM_HEAP_LO && v <= NORM_HEAP_HI)
			out = out "HEAP+" sprintf("%.0f", v - NORM_HEAP_LO)
		else
			out = out m
	}
	return out l
}

# addr: user-space addresses that ASLR places anew in each run: 12 hex
# digits from 0x55... (PIE, heap) to 0x7ff... (mmap, stack, vdso).  A
# flag, a signature (rseq's 0x53053053) or a bad pointer a test chose
# (0xbadc0ded, 0xffffffffffffffff) is not one of them.
function norm_addr(l, n,   out, pre, post) {
	out = ""
	while (match(l, /0x[5-7][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/)) {
		pre = RSTART > 1 ? substr(l, RSTART - 1, 1) : ""
		post = substr(l, RSTART + RLENGTH, 1)
		if (pre ~ /[0-9A-Za-z_]/ || post ~ /[0-9a-fA-Fx]/)
			out = out substr(l, 1, RSTART + RLENGTH - 1)
		else
			out = out substr(l, 1, RSTART - 1) "0xADDR"
		l = substr(l, RSTART + RLENGTH)
	}
	return out l
}

# -X raw: the flags (second argument) as a number with TIMER_ABSTIME's
# (TFD_TIMER_ABSTIME's) bit, 1
function abstime_raw(l,   a) {
	if (!match(l, /^[a-z_0-9]+\([^,]*, 0x[0-9a-f]+[,)]/))
		return 0
	a = substr(l, RSTART, RLENGTH - 1)
	return index("13579bdf", substr(a, length(a), 1)) > 0
}

# clock: readings of a clock (what a call returns about "now"), and
# absolute times computed from one: clock_gettime's and gettimeofday's
# result, time()'s, adjtimex's time and the drift it measures, the
# deadline of a TIMER_ABSTIME sleep.  clock_getres is not a reading.
function norm_clock(l, n) {
	if (n == "clock_gettime" || n == "gettimeofday")
		return norm_field(l, "tv_(sec|nsec|usec)", "T")
	# the kernel's receive timestamps in control messages
	# (SO_TIMESTAMP*: 0x1d, 0x23, 0x25, 0x3f, 0x40, 0x41 under -X)
	if ((n == "recvmsg" || n == "recvmmsg") &&
	    (index(l, "cmsg_type=SO_TIMESTAMP") ||
	     l ~ /cmsg_level=0x1( \/\* SOL_SOCKET \*\/)?, cmsg_type=0x(1d|23|25|3f|40|41)[ ,}]/))
		return norm_field(l, "tv_(sec|nsec|usec)", "T")
	if (n == "time") {
		# strace adds the date, in the return's comment and the
		# argument's
		gsub(/\[[0-9]+\]/, "[T]", l)
		gsub(/\[[0-9]+ \/\* [^*]* \*\/\]/, "[T /* DATE */]", l)
		sub(/ = [0-9]+$/, " = T", l)
		sub(/ = [0-9]+ \([^()]*\)$/, " = T (DATE)", l)
		return l
	}
	if (n == "adjtimex" || n == "clock_adjtime") {
		l = norm_struct(l, "time=\\{", "T")
		return norm_field(l, "(offset|freq|maxerror|esterror)", "T")
	}
	if ((n == "clock_nanosleep" || n == "timer_settime" ||
	     n == "timerfd_settime") &&
	    (index(l, "TIMER_ABSTIME") || abstime_raw(l)))
		return norm_field(l, "tv_(sec|nsec)", "T")
	return l
}

# timer: time left on a timer or a sleep, read when the call returns:
# the current it_value of getitimer/timer_gettime/timerfd_gettime (and
# the old value the settime calls return), the remaining time of an
# interrupted sleep, poll/select's "left {...}".  The interval a program
# set, and the timeout it passed, stay.
function norm_timer(l, n,   p, head) {
	if (n == "getitimer" || n == "timer_gettime" || n == "timerfd_gettime")
		return norm_struct(l, "it_value=\\{", "T")
	if (n == "setitimer" || n == "timer_settime" || n == "timerfd_settime") {
		# the second it_value is the old one, printed at exit
		if (!match(l, /it_value=\{/))
			return l
		p = RSTART + RLENGTH - 1
		head = substr(l, 1, p)
		return head norm_struct(substr(l, p + 1), "it_value=\\{", "T")
	}
	if ((n == "nanosleep" || n == "clock_nanosleep") && l !~ / = 0$/) {
		# the remaining time is the struct after the request
		p = index(l, "}, {")
		if (p)
			return substr(l, 1, p + 2) norm_struct(substr(l, p + 3), "^\\{", "T")
		return l
	}
	if (index(l, "left {"))
		return norm_struct(l, "left \\{", "T")
	return l
}

# cputime: CPU time and resource use, which the scheduler decides: times(),
# rusage (getrusage, wait4, waitid), a SIGCHLD's si_utime/si_stime.
function norm_cputime(l, n) {
	if (n == "times") {
		l = norm_field(l, "tms_[a-z]+", "T")
		# strace adds the time in seconds when it is not 0
		gsub(/tms_[a-z]+=T \/\* [0-9.]+ s \*\//, "&#", l)
		gsub(/ \/\* [0-9.]+ s \*\/#/, "", l)
		sub(/ = [0-9]+$/, " = T", l)
		return l
	}
	if (index(l, "ru_utime="))
		l = norm_field(norm_field(l, "ru_[a-z]+", "T"), "tv_(sec|usec)", "T")
	l = norm_field(l, "si_(utime|stime)", "T")
	# strace adds the time in seconds when it is not 0
	gsub(/si_utime=T \/\* [0-9.]+ s \*\//, "si_utime=T", l)
	gsub(/si_stime=T \/\* [0-9.]+ s \*\//, "si_stime=T", l)
	return l
}

# sysinfo: uptime, loads, memory and process counts of the machine.
function norm_sysinfo(l, n) {
	if (n != "sysinfo")
		return l
	l = norm_field(l, "(uptime|totalram|freeram|sharedram|bufferram|totalswap|freeswap|procs|totalhigh|freehigh)", "N")
	gsub(/loads=\[[0-9]+, [0-9]+, [0-9]+\]/, "loads=[N, N, N]", l)
	return l
}

# statfs: the free blocks and inodes of a file system.
function norm_statfs(l, n) {
	if (n !~ /^f?statfs(64)?$/)
		return l
	return norm_field(l, "f_(bfree|bavail|ffree)", "N")
}

# inode: inode numbers of files, pipes and sockets a run creates.
function norm_inode(l, n,   out) {
	l = norm_field(l, "(st_ino|stx_ino|d_ino)", "INO")
	out = ""
	while (match(l, /(pipe|socket):\[[0-9]+\]/)) {
		out = out substr(l, 1, RSTART - 1) \
			substr(l, RSTART, index(substr(l, RSTART), "[")) "INO]"
		l = substr(l, RSTART + RLENGTH)
	}
	return out l
}

# fds: what -yy shows of sockets and pidfds: socket inodes
# (<UNIX-STREAM:[123->124,"path"]>, <TCP:[123]>, <NETLINK:[123]>), the
# ports the kernel picks (<TCP:[127.0.0.1:40000->127.0.0.1:8080]>), a
# netlink port id and a pidfd's pid (<NETLINK:[ROUTE:123]>, <pid:123>)
# as their task's name, an O_TMPFILE's inode (</tmp/#123>).
function norm_fds(l, n,   out, m, p) {
	out = ""
	while (match(l, /[A-Z][A-Za-z0-9\/-]*:\[[0-9]+(\]|->|,)/)) {
		m = substr(l, RSTART, RLENGTH)
		p = m ~ /->$/ ? 2 : 1
		out = out substr(l, 1, RSTART - 1) substr(m, 1, index(m, "[")) \
			"INO" substr(m, length(m) - p + 1)
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	out = ""
	while (match(l, /INO->[0-9]+/)) {
		out = out substr(l, 1, RSTART - 1) "INO->INO"
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	out = ""
	while (match(l, /(\]|[0-9]):[0-9]+(->|\]>)/)) {
		m = substr(l, RSTART, RLENGTH)
		p = substr(m, 3) + 0
		out = out substr(l, 1, RSTART + 1) \
			(p >= 32768 && p <= 60999 ? "EPH" : p) \
			(m ~ /->$/ ? "->" : "]>")
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	out = ""
	# a netlink socket's port id: its process's pid
	while (match(l, /<NETLINK:\[[A-Z_0-9]+:[0-9]+\]>/)) {
		m = substr(l, RSTART, RLENGTH - 2)
		sub(/^.*:/, "", m)
		out = out substr(l, 1, RSTART + RLENGTH - 3 - length(m)) \
			(m in NORM_PID ? NORM_PID[m] : m) "]>"
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	out = ""
	# O_TMPFILE's name: the inode (</run/#1234>)
	while (match(l, /\/#[0-9]+>/)) {
		out = out substr(l, 1, RSTART - 1) "/#INO>"
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	out = ""
	while (match(l, /<pid:[0-9]+>/)) {
		m = substr(l, RSTART + 5, RLENGTH - 6)
		out = out substr(l, 1, RSTART + 4) \
			(m in NORM_PID ? NORM_PID[m] : m) ">"
		l = substr(l, RSTART + RLENGTH)
	}
	return out l
}

# filetime: access, change and modification times of files (a file the
# run created has the run's times).
function norm_filetime(l, n) {
	l = norm_field(l, "st_[amc]time(_nsec)?", "T")
	gsub(/st_[amc]time=T \/\* [^*]* \*\//, "&#", l)
	gsub(/=T \/\* [^*]* \*\/#/, "=T /* DATE */", l)
	l = norm_struct(l, "stx_atime=\\{", "T")
	l = norm_struct(l, "stx_btime=\\{", "T")
	l = norm_struct(l, "stx_ctime=\\{", "T")
	l = norm_struct(l, "stx_mtime=\\{", "T")
	# and statx's date after each, strace's "{...} /* 2026-... */"
	gsub(/\{tv_sec=T, tv_nsec=T\} \/\* [^*]* \*\//, \
	     "{tv_sec=T, tv_nsec=T} /* DATE */", l)
	return l
}

# port: ports the kernel picks (bind to port 0, connect) come from the
# ephemeral range (net.ipv4.ip_local_port_range, 32768-60999 by default).
function norm_port(l, n,   out, m, p) {
	out = ""
	while (match(l, /_port=htons\([0-9]+\)/)) {
		m = substr(l, RSTART, RLENGTH)
		p = substr(m, 13, length(m) - 13) + 0
		out = out substr(l, 1, RSTART - 1) \
			(p >= 32768 && p <= 60999 ? "_port=htons(EPH)" : m)
		l = substr(l, RSTART + RLENGTH)
	}
	l = out l
	out = ""
	# -X raw: the port as its two bytes, network order ("\x85\x39");
	# -X verbose: then htons(N) in a comment
	while (match(l, /_port="\\x[0-9a-f][0-9a-f]\\x[0-9a-f][0-9a-f]"( \/\* htons\([0-9]+\) \*\/)?/)) {
		m = substr(l, RSTART, RLENGTH)
		p = hexbyte(substr(m, 10, 2)) * 256 + hexbyte(substr(m, 14, 2))
		out = out substr(l, 1, RSTART - 1) \
			(p >= 32768 && p <= 60999 ? "_port=\"EPH\"" \
			 (length(m) > 17 ? " /* htons(EPH) */" : "") : m)
		l = substr(l, RSTART + RLENGTH)
	}
	return out l
}

function hexbyte(h) {
	return (index("0123456789abcdef", substr(h, 1, 1)) - 1) * 16 + \
	       index("0123456789abcdef", substr(h, 2, 1)) - 1
}

# ipcid: System V IPC identifiers are system-wide: what shmget, semget
# and msgget return, and the first argument of the calls that take one.
function norm_ipcid(l, n) {
	if (n ~ /^(shmget|semget|msgget)$/)
		sub(/ = [0-9]+$/, " = IPCID", l)
	else if (n ~ /^(shmat|shmctl|semctl|semop|semtimedop|msgctl|msgsnd|msgrcv)$/)
		sub(/^[a-z]+\([0-9]+/, n "(IPCID", l)
	return l
}

# random: the bytes getrandom returns.
function norm_random(l, n) {
	if (n == "getrandom")
		sub(/^getrandom\("([^"\\]|\\.)*"(\.\.\.)?/, "getrandom(RANDOM", l)
	return l
}

# cpu: the CPU (and node) getcpu says the task runs on.
function norm_cpu(l, n) {
	if (n == "getcpu")
		gsub(/\[[0-9]+\]/, "[CPU]", l)
	return l
}

# pty: the number of a pseudo-terminal the kernel picks (the first free
# one): /dev/pts/N, and TIOCGPTN's [N].
function norm_pty(l, n) {
	gsub(/"\/dev\/pts\/[0-9]+"/, "\"/dev/pts/PTY\"", l)
	if (n == "ioctl" && index(l, ", TIOCGPTN, ["))
		sub(/, TIOCGPTN, \[[0-9]+\]/, ", TIOCGPTN, [PTY]", l)
	return l
}
