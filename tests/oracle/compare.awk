# SPDX-License-Identifier: GPL-2.0-or-later
# The oracle's comparison (run by tests/parity.sh, with norm.awk):
#
#   awk -f norm.awk -f compare.awk -v prog=NAME -v known=FILE -v work=DIR \
#       -v rundir=DIR \
#       -v strace_pid=PID -v etrace_pid=PID -v src=RC -v erc=RC \
#       S.OUT E.OUT
#
# S.OUT is strace -f -o's trace, E.OUT etrace -f -o's, of the same
# program (named prog in the known differences); strace_pid/etrace_pid the tracers'
# pids, src/erc the exit statuses they returned.
#
# Each trace is cut into tasks (the pid before each line).  What options
# put between the pid and the call (-Y's <comm> after the pid, -n's
# "[ 257] ", -i's "[00007f...] ") is kept apart, compared as it is (no
# rule masks it: but the command's name before its exec is its tracer's,
# <strace> or <etrace>, read as <TRACER>, and so is the IP of the
# command's own execve, the first line of a trace: that call is made by
# the tracer's code, read as [TRACER]), and put back before the
# normalised line.  A call split
# into "<unfinished ...>" and "<... resumed>" is joined in the place of
# its start.  Tasks are named by descent: the program is P, the k-th task
# its clone/fork/vfork/clone3 calls returned is P.k, and so on.  Every line
# is normalised (norm.awk), then each task's lines under strace and under
# etrace are compared in order (diff): signal (---) and exit (+++) lines
# too.  Differences: a line only strace prints (etrace: missing), a line
# only etrace prints (strace: none), a line that differs (paired with a
# line of the same call or kind in the same place), a different exit
# status (task "-").
#
# Each difference must be listed in the known-differences file (format
# there), as often as it occurs; a listed one that did not occur as often
# fails too.  Output: the unexplained differences and stale entries, in
# the file's format, then
#   oracle: PROG: L strace lines, I identical, K known (#N: k ...), U unexplained, S stale
# Exit status 0 when nothing is unexplained or stale, 3 otherwise, 2 when
# the known-differences file is malformed.

function add(f, pid, l, col) {
	if (!((f, pid) in ntl)) {
		ntl[f, pid] = 0
		order[f, ++ntask[f]] = pid
	}
	L[f, pid, ++ntl[f, pid]] = l
	COL[f, pid, ntl[f, pid]] = col
	return ntl[f, pid]
}

{
	f = (FILENAME == ARGV[1]) ? 1 : 2
	l = $0
	pid = "-"
	col = ""
	if (match(l, /^\[pid +[0-9]+\] /)) {
		pid = substr(l, 6, RLENGTH - 7)
		l = substr(l, RLENGTH + 1)
	} else if (match(l, /^\[pid +[0-9]+</) && (i = index(l, ">] ")) > 0) {
		# -Y: "[pid 123<make>] "
		pid = substr(l, 6, RLENGTH - 6)
		col = substr(l, RSTART + RLENGTH - 1, i - RLENGTH + 1) " "
		l = substr(l, i + 3)
	} else if (match(l, /^[0-9]+</) && (i = index(l, "> ")) > 0) {
		# -Y with -o: "123<make> "
		pid = substr(l, 1, RLENGTH - 1)
		col = substr(l, RLENGTH, i - RLENGTH + 1) " "
		l = substr(l, i + 2)
	} else if (match(l, /^[0-9]+ +/)) {
		pid = substr(l, 1, RLENGTH)
		l = substr(l, RLENGTH + 1)
	}
	gsub(/ /, "", pid)
	if (col == "<strace> " || col == "<etrace> ")
		col = "<TRACER> "
	while (match(l, /^\[[ 0-9a-f?]+\] /)) {
		col = col substr(l, 1, RLENGTH)
		l = substr(l, RLENGTH + 1)
	}
	# -i's column: 16 hex digits (or ?), no spaces, unlike -n's "[ 257]"
	if (!nlines[f]++ && l ~ /^execve\(/)
		sub(/\[[0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?][0-9a-f?]\] /,
		    "[TRACER] ", col)
	if (match(l, / <unfinished \.\.\.>$/)) {
		# the call keeps the place of its start
		pend[f, pid] = add(f, pid, l, col)
		ptxt[f, pid] = substr(l, 1, RSTART - 1)
		next
	}
	if (match(l, /^<\.\.\. [a-z_0-9]+ resumed>/) && ((f, pid) in pend)) {
		L[f, pid, pend[f, pid]] = ptxt[f, pid] substr(l, RLENGTH + 1)
		delete pend[f, pid]
		next
	}
	add(f, pid, l, col)
}

function scname(l,   p) {
	p = index(l, "(")
	return p ? substr(l, 1, p - 1) : l
}
# what pairs a strace line with an etrace line in a block of differences:
# the call's name, or the kind of a signal or exit line
function kind(l) {
	if (l ~ /^--- /)
		return "--- " substr(l, 5, index(substr(l, 5) " ", " ") - 1)
	if (l ~ /^\+\+\+ /)
		return "+++"
	return scname(l)
}
function retval(l,   r, i) {
	r = norm_pad(l, "")
	while ((i = index(r, ") = ")) > 0)
		r = substr(r, i + 4)
	return r
}
# The heap of a task, per program image (a successful execve starts a
# new one): the lowest and highest break its brk calls returned; an image
# with no brk call has the heap its parent had when it made the task.
# hseg[f, pid, i]: the image of line i; hlo/hhi[f, pid, image].
function heap(f, pid,   i, r, v, g, p) {
	if ((f, pid) in hdone)
		return
	hdone[f, pid] = 1
	g = 1
	hlo[f, pid, 1] = hhi[f, pid, 1] = 0
	for (i = 1; i <= ntl[f, pid]; i++) {
		l = L[f, pid, i]
		# (a thread's execve ends in its leader: "<... execve resumed>")
		if ((scname(l) ~ /^execve(at)?$/ ||
		     l ~ /^<\.\.\. execve(at)? resumed>/) &&
		    retval(l) ~ /^ *0$/ && i > 1) {
			g++
			hlo[f, pid, g] = hhi[f, pid, g] = 0
		}
		hseg[f, pid, i] = g
		if (scname(l) != "brk")
			continue
		r = retval(l)
		sub(/^ +/, "", r)
		if (r !~ /^0x[0-9a-f]+$/)
			continue
		v = norm_hex(r)
		if (!hlo[f, pid, g] || v < hlo[f, pid, g])
			hlo[f, pid, g] = v
		if (v > hhi[f, pid, g])
			hhi[f, pid, g] = v
	}
	if (!hlo[f, pid, 1] && ((f, pid) in par)) {
		p = par[f, pid]
		heap(f, p)
		g = hseg[f, p, kline[f, pid]]
		hlo[f, pid, 1] = hlo[f, p, g]
		hhi[f, pid, 1] = hhi[f, p, g]
	}
}
function set_heap(f, pid, i,   g) {
	heap(f, pid)
	g = hseg[f, pid, i]
	NORM_HEAP_LO = hlo[f, pid, g]
	NORM_HEAP_HI = hhi[f, pid, g]
}

# what the pid rule masks in trace f: its tasks' pids, its tracer's
function set_pids(f,   j) {
	split("", NORM_PID)
	for (j = 1; j <= ntask[f]; j++)
		NORM_PID[order[f, j]] = tn[f, order[f, j]]
	NORM_PID[f == 1 ? strace_pid : etrace_pid] = "TRACER"
}
function tname(f, pid) {
	if (pid == root[f])
		return "P"
	if ((f, pid) in par)
		return tname(f, par[f, pid]) "." kidx[f, pid]
	return "U" first[f, pid]
}

# The known differences: "PROG TASK #ISSUE [xN]: reason" then
# "  strace: LINE|none" and "  etrace: LINE|missing".
function load_known(   line, n, w, hdr, s, e, cnt, nline, key, t, iss) {
	nline = 0; hdr = ""
	while ((getline line < known) > 0) {
		nline++
		if (line ~ /^#/ || line ~ /^[ \t]*$/)
			continue
		if (line ~ /^[ \t]+strace: /) {
			sub(/^[ \t]+strace: /, "", line)
			s = line
			continue
		}
		if (line ~ /^[ \t]+etrace: /) {
			sub(/^[ \t]+etrace: /, "", line)
			e = line
			if (hdr == "" || s == "") {
				printf("%s:%d: etrace: line without a header and a strace: line\n", known, nline) > "/dev/stderr"
				exit 2
			}
			if (w[1] == prog) {
				key = w[2] SUBSEP s SUBSEP e
				if (key in kwant) {
					printf("%s:%d: the same difference listed twice\n", known, nline) > "/dev/stderr"
					exit 2
				}
				kwant[key] = cnt
				kissue[key] = iss
				korder[++nknown] = key
				kwhy[key] = hdr
			}
			hdr = ""; s = ""
			continue
		}
		if (line ~ /^[ \t]/) {
			printf("%s:%d: an indented line is strace: or etrace:\n", known, nline) > "/dev/stderr"
			exit 2
		}
		# header
		t = line
		sub(/:.*/, "", t)
		n = split(t, w, " ")
		if (index(line, ":") == 0 || n < 3 || n > 4 || w[3] !~ /^#[0-9]+$/ ||
		    (n == 4 && w[4] !~ /^x[0-9]+$/)) {
			printf("%s:%d: not a header \"PROG TASK #ISSUE [xN]: reason\": %s\n", known, nline, line) > "/dev/stderr"
			exit 2
		}
		iss = substr(w[3], 2)
		cnt = n == 4 ? substr(w[4], 2) + 0 : 1
		hdr = line; s = ""
	}
	close(known)
	if (hdr != "") {
		printf("%s: the last entry has no etrace: line\n", known) > "/dev/stderr"
		exit 2
	}
}

function differ(task, s, e,   key) {
	key = task SUBSEP s SUBSEP e
	if (!(key in seen))
		dorder[++ndiff] = key
	seen[key]++
}

# One block of a diff: strace's lines B[1..nb], etrace's C[1..nc].  Lines
# pair in order by kind; the rest are missing or extra.
function block(task, nb, nc,   i, j, last, pj) {
	last = 0
	for (i = 1; i <= nb; i++) {
		pj = 0
		for (j = last + 1; j <= nc && !pj; j++)
			if (kind(B[i]) == kind(C[j]))
				pj = j
		if (pj) {
			for (j = last + 1; j < pj; j++)
				differ(task, "none", C[j])
			differ(task, B[i], C[pj])
			last = pj
		} else
			differ(task, B[i], "missing")
	}
	for (j = last + 1; j <= nc; j++)
		differ(task, "none", C[j])
}

function compare_task(task, ns, ne,   i, cmd, line, nb, nc, sf, ef) {
	sf = work "/s.task"; ef = work "/e.task"
	printf("") > sf
	for (i = 1; i <= ns; i++)
		print S[i] > sf
	close(sf)
	printf("") > ef
	for (i = 1; i <= ne; i++)
		print E[i] > ef
	close(ef)
	nb = nc = 0
	cmd = "diff \"" sf "\" \"" ef "\""
	while ((cmd | getline line) > 0) {
		if (line ~ /^[0-9]/) {
			if (nb || nc)
				block(task, nb, nc)
			nb = nc = 0
		} else if (line ~ /^< /)
			B[++nb] = substr(line, 3)
		else if (line ~ /^> /)
			C[++nc] = substr(line, 3)
	}
	close(cmd)
	if (nb || nc)
		block(task, nb, nc)
}

function show(task, s, e) {
	printf("  strace: %s\n  etrace: %s\n", s, e)
}

END {
	NORM_RUNDIR = rundir
	load_known()
	for (f = 1; f <= 2; f++) {
		root[f] = order[f, 1]
		# task names from the clone family's return values
		for (k = 1; k <= ntask[f]; k++) {
			pid = order[f, k]
			first[f, pid] = k
			for (i = 1; i <= ntl[f, pid]; i++) {
				l = L[f, pid, i]
				if (scname(l) !~ /^(clone|clone3|fork|vfork)$/)
					continue
				r = retval(l)
				sub(/^ +/, "", r)
				sub(/<.*>$/, "", r)	# -Y's name
				if (r ~ /^[0-9]+$/ && r > 0) {
					par[f, r] = pid
					kidx[f, r] = ++nkid[f, pid]
					kline[f, r] = i
				}
			}
		}
		for (k = 1; k <= ntask[f]; k++) {
			pid = order[f, k]
			tn[f, pid] = tname(f, pid)
			byname[f, tn[f, pid]] = pid
		}
	}
	total = 0
	for (k = 1; k <= ntask[1]; k++) {
		pid = order[1, k]
		name = tn[1, pid]
		set_pids(1)
		ns = ntl[1, pid]
		total += ns
		for (i = 1; i <= ns; i++) {
			set_heap(1, pid, i)
			S[i] = COL[1, pid, i] norm(L[1, pid, i])
		}
		ne = 0
		if ((2, name) in byname) {
			used[name] = 1
			epid = byname[2, name]
			ne = ntl[2, epid]
			set_pids(2)
			for (i = 1; i <= ne; i++) {
				set_heap(2, epid, i)
				E[i] = COL[2, epid, i] norm(L[2, epid, i])
			}
		}
		compare_task(name, ns, ne)
		split("", S); split("", E)
	}
	# tasks only etrace has
	set_pids(2)
	for (k = 1; k <= ntask[2]; k++) {
		name = tn[2, order[2, k]]
		if (name in used)
			continue
		for (i = 1; i <= ntl[2, order[2, k]]; i++) {
			set_heap(2, order[2, k], i)
			differ(name, "none", COL[2, order[2, k], i] norm(L[2, order[2, k], i]))
		}
	}
	if (src != erc)
		differ("-", "exit status " src, "exit status " erc)

	# strace lines in no difference are identical
	missing = 0
	for (d = 1; d <= ndiff; d++) {
		split(dorder[d], w, SUBSEP)
		if (w[1] != "-" && w[2] != "none")
			missing += seen[dorder[d]]
	}
	ident = total - missing

	unexpl = 0; stale = 0; nk = 0
	for (d = 1; d <= ndiff; d++) {
		key = dorder[d]
		split(key, w, SUBSEP)
		if (key in kwant && kwant[key] == seen[key]) {
			nk += seen[key]
			byiss[kissue[key]] += seen[key]
			continue
		}
		if (key in kwant) {
			printf("%s: listed x%d, seen x%d:\n", kwhy[key], kwant[key], seen[key])
			show(w[1], w[2], w[3])
			stale++
			continue
		}
		unexpl += seen[key]
		printf("%s %s #?%s: (not in %s)\n", prog, w[1],
		       seen[key] > 1 ? " x" seen[key] : "", known)
		show(w[1], w[2], w[3])
	}
	for (k = 1; k <= nknown; k++) {
		key = korder[k]
		if (key in seen)
			continue
		split(key, w, SUBSEP)
		printf("%s: no longer seen (remove it):\n", kwhy[key])
		show(w[1], w[2], w[3])
		stale++
	}
	ks = ""
	for (k = 1; k <= nknown; k++) {
		i = kissue[korder[k]]
		if ((i in byiss) && !(i in shown)) {
			ks = ks ", #" i ": " byiss[i]
			shown[i] = 1
		}
	}
	printf("oracle: %s: %d strace lines, %d identical, %d known (%s), %d unexplained, %d stale\n",
	       prog, total, ident, nk, ks == "" ? "none" : substr(ks, 3), unexpl, stale)
	exit (unexpl || stale) ? 3 : 0
}
