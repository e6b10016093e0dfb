# SPDX-License-Identifier: GPL-2.0-or-later
# bench/run.sh's report: raw.tsv (one line per run) -> the Markdown tables on
# stdout and one TSV row per (workload, tracer, mode, N) into the file tsv.
#   awk -v notes=FILE -v tsv=FILE -f bench/report.awk raw.tsv
# raw.tsv: round workload mode N pair wall_ns status cpu_ns utime stime
#          hwm_kb threads maxrss_kb linger_ns reported lost stacks loop_ns
# round 0 is perf stat's exact count (reported) and the calls that never
# return (lost); a bare run's pair is the tracer mode it ran next to;
# round -1 the long system-wide runs (no bare run to compare with).
# Portable awk (mawk): no asort, big numbers printed with %.0f.
BEGIN {
	FS = "\t"
	nw = split("storm1 storm4 mmap bash mixed sock pyloop", W, " ")
	nm = split("etrace etrace_record etrace_flight etrace_yy etrace_nobpf etrace_stack etrace_stack_nopy etrace_stackfp etrace_spawns etrace_c etrace_untraced etrace_comm_other etrace_failed perf_stat perf_stat_untraced bpftrace bpftrace_c strace strace_c perf_trace perf_trace_s", M, " ")
	wname["storm1"] = "getppid storm"
	wname["storm4"] = "getppid storm, 4 threads"
	wname["mmap"] = "mmap+munmap storm"
	wname["bash"] = "bash loop forking dirname"
	wname["mixed"] = "find DIR -name '*.h' -exec cat"
	wname["sock"] = "socket loop (TCP and unix)"
	wname["pyloop"] = "Python loop of os.getppid()"
	tname["etrace"] = "etrace"; mname["etrace"] = "-f -o FILE"
	tname["etrace_nobpf"] = "etrace"; mname["etrace_nobpf"] = "--no-bpf -f -o FILE"
	tname["etrace_record"] = "etrace record"; mname["etrace_record"] = "-f -o FILE"
	tname["etrace_flight"] = "etrace record"; mname["etrace_flight"] = "--flight-recorder 64M --trigger exit!=0 -f -o FILE"
	tname["etrace_yy"] = "etrace"; mname["etrace_yy"] = "-yy -f -o FILE"
	tname["etrace_stack"] = "etrace"; mname["etrace_stack"] = "-k -f -o FILE"
	tname["etrace_stack_nopy"] = "etrace"; mname["etrace_stack_nopy"] = "-k --no-python-frames -f -o FILE"
	tname["etrace_stackfp"] = "etrace"; mname["etrace_stackfp"] = "--stack=fp -f -o FILE"
	tname["etrace_spawns"] = "etrace"; mname["etrace_spawns"] = "--spawns -f -o FILE"
	mname["etrace_a"] = "-a -o FILE"; mname["etrace_a_spawns"] = "-a --spawns -o FILE"
	tname["etrace_c"] = "etrace"; mname["etrace_c"] = "-c -f"
	tname["etrace_untraced"] = "etrace"; mname["etrace_untraced"] = "-e trace=openat -f -o FILE"
	tname["etrace_comm_other"] = "etrace"; mname["etrace_comm_other"] = "-a --comm other -o FILE"
	tname["etrace_failed"] = "etrace"; mname["etrace_failed"] = "-Z -f -o FILE"
	tname["perf_stat"] = "perf stat"; mname["perf_stat"] = "-e raw_syscalls:sys_enter"
	tname["perf_stat_untraced"] = "perf stat"; mname["perf_stat_untraced"] = "-e syscalls:sys_{enter,exit}_openat"
	tname["bpftrace"] = "bpftrace"; mname["bpftrace"] = "printf per call"
	tname["bpftrace_c"] = "bpftrace"; mname["bpftrace_c"] = "count()"
	tname["strace"] = "strace"; mname["strace"] = "-f -o FILE"
	tname["strace_c"] = "strace"; mname["strace_c"] = "-c -f"
	tname["perf_trace"] = "perf trace"; mname["perf_trace"] = "-o FILE"
	tname["perf_trace_s"] = "perf trace"; mname["perf_trace_s"] = "-s"
	# BASE=: another build's rows (base_X as etrace_X), each after its own
	n0 = nm; nm = 0
	for (i = 1; i <= n0; i++) M0[i] = M[i]
	for (i = 1; i <= n0; i++) {
		M[++nm] = M0[i]
		if (M0[i] !~ /^etrace/)
			continue
		b = "base" substr(M0[i], 7)
		M[++nm] = b
		tname[b] = "etrace (BASE)"; mname[b] = mname[M0[i]]
		BASEOF[M0[i]] = b
	}
}

function median(a, n,   b, i, j, t) {
	for (i = 1; i <= n; i++) b[i] = a[i]
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && b[j - 1] > b[j]; j--) { t = b[j]; b[j] = b[j - 1]; b[j - 1] = t }
	return n % 2 ? b[(n + 1) / 2] : (b[n / 2] + b[n / 2 + 1]) / 2
}
function nlabel(wl, n) {
	if (wl == "storm4") return "4x" n
	if (wl == "mmap") return n " pairs"
	if (wl == "bash") return n " forks"
	if (wl == "sock") return n " rounds"
	return n
}
function num(x) { return x == "" || x == "?" || x == "-" ? "-" : sprintf("%.0f", x) }

NR == 1 { next }
$1 == 0 { ref[$2, $4] = $15; noret[$2, $4] = $16; next }
$1 == -1 { nsw++; SW[nsw] = $0; next }
$1 > R { R = $1 }
$3 == "bare" {
	bw[$2, $4, $5, $1] = $6; bloop[$2, $4, $5, $1] = $18
	nb[$2, $4]++; bl[$2, $4, nb[$2, $4]] = $6; bll[$2, $4, nb[$2, $4]] = $18
	if (nb[$2, $4] == 1) { nn[$2]++; wn[$2, nn[$2]] = $4 }
	if ($7 != 0) bbad[$2, $4]++
	next
}
{
	k = $2 SUBSEP $3 SUBSEP $4
	if (!(k in seen)) { seen[k] = 1; nk[$2, $3]++; kn[$2, $3, nk[$2, $3]] = $4 }
	wall[k, $1] = $6; st[k, $1] = $7; cpu[k, $1] = $8; hwm[k, $1] = $11
	rep[k, $1] = $15; lost[k, $1] = $16; stk[k, $1] = $17; loop[k, $1] = $18
}

END {
	# each mode's fixed cost (start-up and tear-down) from the "storm 0" runs
	for (m = 1; m <= nm; m++) {
		a = "fixed" SUBSEP M[m] SUBSEP 0
		n = 0
		for (r = 1; r <= R; r++)
			if ((a, r) in wall && ("fixed", 0, M[m], r) in bw)
				v[++n] = wall[a, r] - bw["fixed", 0, M[m], r]
		fx[M[m]] = n ? median(v, n) : 0
		n = 0
		for (r = 1; r <= R; r++)
			if ((a, r) in cpu) v[++n] = cpu[a, r]
		fxc[M[m]] = n ? median(v, n) : 0
	}
	print "| workload | tracer | mode | N | syscalls | wall ms | start-up ms wall/CPU | added ns/syscall (min-max) | in the loop (min-max) | x bare | tracer CPU ns/syscall | tracer peak RSS MB | reported | lost |"
	print "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	printf "workload\ttracer\tmode\tN\tsyscalls\truns\twall_ms_median\tstartup_ms\tstartup_cpu_ms\tadded_ns_median\tadded_ns_min\tadded_ns_max\tx_bare\ttracer_cpu_ns_per_syscall\ttracer_hwm_kb\treported_min\tlost_max\tfailed_runs\tloop_added_ns_median\tloop_added_ns_min\tloop_added_ns_max\n" > tsv
	for (w = 1; w <= nw; w++) {
		wl = W[w]
		# bare rows: every bare run of the workload at that N, smaller N first
		for (i = 2; i <= nn[wl]; i++)
			for (j = i; j > 1 && wn[wl, j - 1] + 0 > wn[wl, j] + 0; j--) {
				t = wn[wl, j]; wn[wl, j] = wn[wl, j - 1]; wn[wl, j - 1] = t
			}
		for (q = 1; q <= nn[wl]; q++) {
			n = wn[wl, q]; c = ref[wl, n]
			for (i = 1; i <= nb[wl, n]; i++) wt[i] = bl[wl, n, i]
			wm = median(wt, nb[wl, n])
			# the bare calls' own time, where the workload says it
			nl = 0
			for (i = 1; i <= nb[wl, n]; i++)
				if (bll[wl, n, i] ~ /^[0-9]+$/) wt[++nl] = bll[wl, n, i]
			lm = nl && c > 0 ? sprintf("(%.0f per syscall)", median(wt, nl) / c) : "-"
			printf "| %s | bare | - | %s | %s | %.0f | - | (%.0f per syscall) | %s | 1.00 | - | - | - | - |\n",
				wname[wl], nlabel(wl, n), num(c), wm / 1e6, (c > 0 ? wm / c : 0), lm
			printf "%s\tbare\t-\t%s\t%s\t%d\t%.3f\t0\t0\t\t\t\t1\t\t\t\t\t%d\t\t\t\n",
				wl, n, num(c), nb[wl, n], wm / 1e6, bbad[wl, n] > tsv
			BW[wl, n] = wm
		}
		for (m = 1; m <= nm; m++) {
			md = M[m]
			for (q = 1; q <= nk[wl, md]; q++) {
				n = kn[wl, md, q]; k = wl SUBSEP md SUBSEP n
				c = ref[wl, n]
				# what a tracer can report: summaries omit calls that never return
				want = md ~ /_c$|_s$/ && md != "bpftrace_c" ? c - noret[wl, n] : c
				mk = md; sub(/^base/, "etrace", mk)	# BASE='s as etrace's
				if (md ~ /_untraced$/) want = 0	# traces openat only
				if (mk == "etrace_comm_other") want = 0	# selects no task
				if (mk == "etrace_failed") want = 0	# the storm's calls succeed
				if (mk == "etrace_spawns") want = 0	# counts processes
				if (mk == "etrace_flight") want = 0	# dumps: none fires
				nr = 0; nl = 0; llo = 1e18; lhi = -1e18; lo = 1e18; hi = -1e18; minrep = ""; maxrep = 0; maxlost = 0; nlost = 0; bad = 0; nsil = 0
				tol = want > 10000 ? want * 0.001 : 10
				for (r = 1; r <= R; r++) {
					if (!((k, r) in wall)) continue
					nr++
					wt[nr] = wall[k, r]
					if (st[k, r] != 0) bad++
					cp[nr] = c > 0 ? (cpu[k, r] - fxc[md]) / c : 0
					hw[nr] = hwm[k, r]
					if (rep[k, r] != "?" && (minrep == "" || rep[k, r] + 0 < minrep + 0)) minrep = rep[k, r]
					if (rep[k, r] != "?" && rep[k, r] + 0 > maxrep) maxrep = rep[k, r] + 0
					if (lost[k, r] + 0 > 0) { nlost++; if (lost[k, r] + 0 > maxlost) maxlost = lost[k, r] + 0 }
					else if (rep[k, r] != "?" && want > 0 && rep[k, r] + 0 < want - tol) nsil++
					if ((wl, n, md, r) in bw && c > 0) {
						b = bw[wl, n, md, r]
						ad[nr] = (wall[k, r] - b - fx[md]) / c
						ra[nr] = (wall[k, r] - fx[md]) / b
					} else { ad[nr] = 0; ra[nr] = 1 }
					# in the loop: the workload's own time for its calls,
					# less the bare run's (no start-up or tear-down in it)
					if ((wl, n, md, r) in bloop && c > 0 && loop[k, r] ~ /^[0-9]+$/ &&
					    bloop[wl, n, md, r] ~ /^[0-9]+$/) {
						il[++nl] = (loop[k, r] - bloop[wl, n, md, r]) / c
						if (il[nl] < llo) llo = il[nl]; if (il[nl] > lhi) lhi = il[nl]
					}
					if (ad[nr] < lo) lo = ad[nr]; if (ad[nr] > hi) hi = ad[nr]
				}
				if (!nr) continue
				wm = median(wt, nr)
				add = median(ad, nr); ratio = median(ra, nr)
				addtxt = sprintf("%.0f (%.0f-%.0f)", add, lo, hi)
				ladd = nl ? median(il, nl) : ""
				looptxt = nl ? sprintf("%.0f (%.0f-%.0f)", ladd, llo, lhi) : "-"
				if (nl) { L[wl, md, n] = ladd; LLO[wl, md, n] = llo; LHI[wl, md, n] = lhi }
				cpt = sprintf("%.1f", median(cp, nr)); rss = sprintf("%.1f", median(hw, nr) / 1024)
				CPU[wl, md, n] = median(cp, nr); X[wl, md, n] = ratio
				if (median(hw, nr) / 1024 > RSSMAX[md]) { RSSMAX[md] = median(hw, nr) / 1024; RSSW[md] = wl }
				if (maxlost > LOSTMAX[wl, md]) LOSTMAX[wl, md] = maxlost
				if (maxrep > REPMAX[wl, md]) REPMAX[wl, md] = maxrep
				# tracer CPU per stack unwound, for the modes that say
				ns = 0
				for (r = 1; r <= R; r++)
					if (((k, r) in stk) && stk[k, r] + 0 > 0) {
						ns++; sc[ns] = (cpu[k, r] - fxc[md]) / stk[k, r]; sn[ns] = stk[k, r]
					}
				if (ns) { SPS[wl, md, n] = median(sc, ns); SN[wl, md, n] = median(sn, ns); nstk++; STK[nstk] = wl SUBSEP md SUBSEP n }
				reptxt = minrep == "" ? "?" : num(minrep)
				if (minrep != "" && want > 0 && minrep + 0 < want - tol)
					reptxt = "**" reptxt "**"
				losttxt = nlost ? sprintf("**%.0f** (%d of %d runs)", maxlost, nlost, nr) : "0"
				if (md ~ /^strace/) losttxt = "-"
				if (nsil) losttxt = losttxt sprintf("; **%d run%s short with no loss said**", nsil, nsil > 1 ? "s" : "")
				A[wl, md, n] = add; ALO[wl, md, n] = lo; AHI[wl, md, n] = hi
				if (bad) addtxt = addtxt sprintf(" **%d failed**", bad)
				printf "| %s | %s | %s | %s | %s | %.0f | %s | %s | %s | %.2f | %s | %s | %s | %s |\n",
					wname[wl], tname[md], mname[md], nlabel(wl, n), num(c), wm / 1e6,
					sprintf("%.0f / %.0f", fx[md] / 1e6, fxc[md] / 1e6), addtxt, looptxt,
					ratio, cpt, rss, reptxt, losttxt
				printf "%s\t%s\t%s\t%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t%.1f\t%.1f\t%.1f\t%.3f\t%s\t%.0f\t%s\t%.0f\t%d\t%s\t%s\t%s\n",
					wl, tname[md], mname[md], n, num(c), nr, wm / 1e6, fx[md] / 1e6,
					fxc[md] / 1e6, add, lo, hi, ratio, cpt, median(hw, nr),
					minrep, maxlost, bad, (nl ? sprintf("%.1f", ladd) : ""),
					(nl ? sprintf("%.1f", llo) : ""), (nl ? sprintf("%.1f", lhi) : "") > tsv
			}
		}
	}

	if (nstk) {
		print ""
		print "### Stacks: etrace's own CPU per stack unwound"
		print ""
		print "| workload | mode | N | stacks unwound | tracer CPU us/stack | x bare |"
		print "|---|---|---|---:|---:|---:|"
		for (i = 1; i <= nstk; i++) {
			split(STK[i], p, SUBSEP)
			printf "| %s | %s | %s | %.0f | %.1f | %.2f |\n", wname[p[1]], mname[p[2]],
				nlabel(p[1], p[3]), SN[STK[i]], SPS[STK[i]] / 1000, X[STK[i]]
		}
	}
	if (nsw) {
		print ""
		print "### System-wide: etrace -a over a long mixed load (one run each)"
		print ""
		print "| mode | seconds | wall s | tracer CPU s | tracer peak RSS MB | lines or processes reported | lost | exit status |"
		print "|---|---:|---:|---:|---:|---:|---:|---:|"
		for (i = 1; i <= nsw; i++) {
			split(SW[i], f, "\t")
			printf "| %s | %s | %.1f | %.1f | %.1f | %s | %s | %s |\n", mname[f[3]], f[4],
				f[6] / 1e9, f[8] / 1e9, f[11] / 1024, num(f[15]), num(f[16]), f[7]
			if (f[11] / 1024 > RSSMAX[f[3]]) { RSSMAX[f[3]] = f[11] / 1024; RSSW[f[3]] = "syswide" }
			if (f[7] != 0) swbad++
		}
	}

	# the promises
	n1 = kn["storm1", "etrace", 1]
	print ""
	print "### etrace's promises"
	print ""
	print "| check | measured | target | verdict |"
	print "|---|---|---|---|"
	if ((("storm1" SUBSEP "etrace" SUBSEP n1) in A) && (("storm1" SUBSEP "etrace_nobpf" SUBSEP n1) in A)) {
		a = A["storm1", "etrace", n1]; b = A["storm1", "etrace_nobpf", n1]
		printf "| getppid storm: BPF capture on vs `--no-bpf` | %.0f vs %.0f added ns/syscall: %s | capture <= 1.5x no capture | %s |\n",
			a, b, (b > 0 ? sprintf("%.2fx", a / b) : "no-bpf added nothing measurable"),
			(b > 0 ? (a <= 1.5 * b ? "PASS" : "**FAIL**") : (a <= 0 ? "PASS" : "?"))
	}
	if (("storm1" SUBSEP "etrace_untraced" SUBSEP n1) in A) {
		a = A["storm1", "etrace_untraced", n1]
		lo = ALO["storm1", "etrace_untraced", n1]; hi = AHI["storm1", "etrace_untraced", n1]
		per = BW["storm1", n1] / ref["storm1", n1]
		within = (lo <= 0 && hi >= 0) || (a <= 0.05 * per && a >= -0.05 * per)
		printf "| getppid storm under `-e trace=openat` (not traced) vs bare | %.1f added ns/syscall (%.1f to %.1f over rounds; %.1f%% of a bare call of %.0f ns) | nothing measurable: within 5%% of a bare call, or the rounds' range includes 0 | %s |\n",
			a, lo, hi, 100 * a / per, per,
			(R < 2 ? "n/a (1 round)" : (within ? "PASS" : "**FAIL**"))
		# what any syscall tracepoint costs calls it does not trace: the
		# kernel sends every task's syscalls through its slow path
		if (("storm1" SUBSEP "perf_stat_untraced" SUBSEP n1) in A) {
			b = A["storm1", "perf_stat_untraced", n1]
			blo = ALO["storm1", "perf_stat_untraced", n1]; bhi = AHI["storm1", "perf_stat_untraced", n1]
			printf "| the same vs `perf stat -e syscalls:sys_enter_openat -e syscalls:sys_exit_openat` (the kernel's cost of a syscall's tracepoints, for the calls they skip) | %.1f vs %.1f added ns/syscall (perf stat %.1f to %.1f over rounds) | no more than the kernel's: within 5%% of a bare call of perf stat's, or the ranges overlap | %s |\n",
				a, b, blo, bhi,
				(R < 2 ? "n/a (1 round)" : ((a - b <= 0.05 * per || lo <= bhi) ? "PASS" : "**FAIL**"))
		}
	}
	# a selection that takes no task: decided before anything is written
	if ((("storm1" SUBSEP "etrace_comm_other" SUBSEP n1) in A) &&
	    (("storm1" SUBSEP "etrace_untraced" SUBSEP n1) in A)) {
		a = A["storm1", "etrace_comm_other", n1]; b = A["storm1", "etrace_untraced", n1]
		printf "| getppid storm by a task `-a --comm other` does not select vs `-e trace=openat` (idle) | %.1f vs %.1f added ns/syscall (%.1f to %.1f over rounds); %.0f lines written | at most 2x the idle openat's, nothing written | %s |\n",
			a, b, ALO["storm1", "etrace_comm_other", n1], AHI["storm1", "etrace_comm_other", n1],
			REPMAX["storm1", "etrace_comm_other"],
			(R < 2 ? "n/a (1 round)" : (a <= 2 * (b > 0 ? b : 0) && REPMAX["storm1", "etrace_comm_other"] == 0 ? "PASS" : "**FAIL**"))
	}
	if (("storm1" SUBSEP "etrace_failed" SUBSEP n1) in A) {
		# (the dynamic loader's failed access("/etc/ld.so.preload") is
		# written: the storm's calls all succeed)
		printf "| `-Z` on a getppid storm (every call succeeds) | %.0f lines written (at most, per run), %.0f records lost (at most) | nothing of the storm's written (fewer than 10 lines: the loader's failures), nothing lost | %s |\n",
			REPMAX["storm1", "etrace_failed"], LOSTMAX["storm1", "etrace_failed"],
			(REPMAX["storm1", "etrace_failed"] < 10 && LOSTMAX["storm1", "etrace_failed"] == 0 ? "PASS" : "**FAIL**")
	}
	# every workload: tracing to a file against the other tracers
	for (w = 1; w <= nw; w++) {
		wl = W[w]
		ne = kn[wl, "etrace", 1]
		if (!((wl SUBSEP "etrace" SUBSEP ne) in A)) continue
		a = A[wl, "etrace", ne]
		for (o = 1; o <= 2; o++) {
			om = o == 1 ? "strace" : "perf_trace"
			no = kn[wl, om, 1]
			if (!((wl SUBSEP om SUBSEP no) in A)) continue
			b = A[wl, om, no]
			printf "| %s: trace to a file, etrace vs %s | %.0f vs %.0f added ns/syscall: %.1f%% | < 10%% | %s |\n",
				wname[wl], tname[om], a, b, (b > 0 ? 100 * a / b : 0),
				(b > 0 && a < 0.1 * b ? "PASS" : "**FAIL**")
		}
		if ((wl SUBSEP "etrace_yy" SUBSEP ne) in A) {
			b = A[wl, "etrace_yy", ne]
			# judged in the loop where the workload is timed (its
			# own calls, no start-up or tear-down: -yy's start-up
			# is apart); the whole run less start-up is shown too
			if (((wl SUBSEP "etrace_yy" SUBSEP ne) in L) && ((wl SUBSEP "etrace" SUBSEP ne) in L)) {
				la = L[wl, "etrace", ne]; lb = L[wl, "etrace_yy", ne]
				printf "| %s: `-yy` vs the plain trace to a file | in the loop %.0f vs %.0f added ns/syscall: %s (whole run less start-up: %.0f vs %.0f, %s) | <= 1.3x | %s |\n",
					wname[wl], lb, la, (la > 0 ? sprintf("%.2fx", lb / la) : "?"),
					b, a, (a > 0 ? sprintf("%.2fx", b / a) : "?"),
					(la > 0 ? (lb <= 1.3 * la ? "PASS" : "**FAIL**") : (lb <= 0 ? "PASS" : "?"))
			} else
			printf "| %s: `-yy` vs the plain trace to a file | %.0f vs %.0f added ns/syscall: %s | <= 1.3x | %s |\n",
				wname[wl], b, a, (a > 0 ? sprintf("%.2fx", b / a) : "the plain trace added nothing measurable"),
				(a > 0 ? (b <= 1.3 * a ? "PASS" : "**FAIL**") : (b <= 0 ? "PASS" : "?"))
		}
		# etrace record and its flight recorder: no more than the text
		for (o = 1; o <= 2; o++) {
			om = o == 1 ? "etrace_record" : "etrace_flight"
			if (!((wl SUBSEP om SUBSEP ne) in A)) continue
			b = A[wl, om, ne]
			printf "| %s: `%s %s` vs the trace to a file | %.0f vs %.0f added ns/syscall (%.0f to %.0f over rounds); %.0f records lost | no more than the trace to a file (or the ranges overlap), none lost | %s |\n",
				wname[wl], tname[om], mname[om], b, a,
				ALO[wl, om, ne], AHI[wl, om, ne], LOSTMAX[wl, om],
				((b <= a || ALO[wl, om, ne] <= AHI[wl, "etrace", ne]) && LOSTMAX[wl, om] == 0 ? "PASS" : "**FAIL**")
		}
		printf "| %s: etrace's CPU per traced call (trace to a file) | %.0f ns | <= 1000 ns | %s |\n",
			wname[wl], CPU[wl, "etrace", ne], (CPU[wl, "etrace", ne] <= 1000 ? "PASS" : "**FAIL**")
		printf "| %s: records lost tracing to a file, default rings | %.0f | 0 | %s |\n",
			wname[wl], LOSTMAX[wl, "etrace"], (LOSTMAX[wl, "etrace"] == 0 ? "PASS" : "**FAIL**")
		if (wl != "bash" && wl != "mixed" && ((wl SUBSEP "etrace_c" SUBSEP ne) in A) && ((wl SUBSEP "perf_stat" SUBSEP ne) in A)) {
			# judged in the loop where the workload times it: both
			# count in the kernel and print a summary at the end, so
			# what they add per call is all inside the loop; the whole
			# run less start-up is shown too
			a = A[wl, "etrace_c", ne]; b = A[wl, "perf_stat", ne]
			if (((wl SUBSEP "etrace_c" SUBSEP ne) in L) && ((wl SUBSEP "perf_stat" SUBSEP ne) in L)) {
				la = L[wl, "etrace_c", ne]; lb = L[wl, "perf_stat", ne]
				printf "| %s: `-c` vs `perf stat -e raw_syscalls:sys_enter` | in the loop %.0f vs %.0f added ns/syscall: %s (whole run less start-up: %.0f vs %.0f, %s) | <= 2x perf stat | %s |\n",
					wname[wl], la, lb, (lb > 0 ? sprintf("%.2fx", la / lb) : "?"),
					a, b, (b > 0 ? sprintf("%.2fx", a / b) : "?"),
					(lb > 0 ? (la <= 2 * lb ? "PASS" : "**FAIL**") : "?")
			} else
				printf "| %s: `-c` vs `perf stat -e raw_syscalls:sys_enter` | %.0f vs %.0f added ns/syscall | <= 2x perf stat | %s |\n",
					wname[wl], a, b, (b > 0 ? (a <= 2 * b ? "PASS" : "**FAIL**") : "?")
		}
	}
	# BASE=: each etrace row against the base build's, same rounds
	for (w = 1; w <= nw; w++) {
		wl = W[w]
		for (m = 1; m <= nm; m++) {
			md = M[m]
			if (!(md in BASEOF)) continue
			bm = BASEOF[md]; n = kn[wl, md, 1]
			if (!((wl SUBSEP md SUBSEP n) in A) ||
			    !((wl SUBSEP bm SUBSEP n) in A)) continue
			a = A[wl, md, n]; b = A[wl, bm, n]
			over = ALO[wl, md, n] <= AHI[wl, bm, n] && ALO[wl, bm, n] <= AHI[wl, md, n]
			printf "| %s: `%s` vs the base build (BASE) | %.0f vs %.0f added ns/syscall (%.0f to %.0f vs %.0f to %.0f over rounds): %s | within 5%% of the base's, or the rounds' ranges overlap | %s |\n",
				wname[wl], mname[md], a, b, ALO[wl, md, n], AHI[wl, md, n],
				ALO[wl, bm, n], AHI[wl, bm, n],
				(b > 0 ? sprintf("%.3fx", a / b) : "?"),
				(a <= 1.05 * b || (R >= 2 && over) ? "PASS" : "**FAIL**")
		}
	}
	# the spawn report on the fork storm
	nsb = kn["bash", "etrace_spawns", 1]
	if (("bash" SUBSEP "etrace_spawns" SUBSEP nsb) in X) {
		x = X["bash", "etrace_spawns", nsb]
		printf "| bash loop forking dirname: `--spawns` (a stack at every fork and exec) vs bare | %.1f%% added run time | <= 15%% | %s |\n",
			100 * (x - 1), (x <= 1.15 ? "PASS" : "**FAIL**")
	}
	if (("bash" SUBSEP "etrace_spawns" SUBSEP nsb) in SPS)
		printf "| bash loop forking dirname, `--spawns`: tracer CPU per stack unwound | %.1f us | <= 20 us | %s |\n",
			SPS["bash", "etrace_spawns", nsb] / 1000,
			(SPS["bash", "etrace_spawns", nsb] <= 20000 ? "PASS" : "**FAIL**")
	# -k (issue 19): stacks at storm rate, none lost
	for (o = 1; o <= 2; o++) {
		wl = o == 1 ? "storm1" : "storm4"
		nsk = kn[wl, "etrace_stack", 1]
		if (!((wl SUBSEP "etrace_stack" SUBSEP nsk) in A)) continue
		a = A[wl, "etrace_stack", nsk]
		la = ((wl SUBSEP "etrace_stack" SUBSEP nsk) in L) ? sprintf(" (in the loop %.0f)", L[wl, "etrace_stack", nsk]) : ""
		printf "| %s: `-k` (a stack with every call) | %.0f added ns/syscall%s; %.0f records lost | <= 2000 ns, none lost | %s |\n",
			wname[wl], a, la, LOSTMAX[wl, "etrace_stack"],
			(a <= 2000 && LOSTMAX[wl, "etrace_stack"] == 0 ? "PASS" : "**FAIL**")
	}
	nsk = kn["bash", "etrace_stack", 1]
	if (("bash" SUBSEP "etrace_stack" SUBSEP nsk) in X) {
		x = X["bash", "etrace_stack", nsk]
		printf "| bash loop forking dirname: `-k` vs bare | %.1f%% added run time; %.0f records lost | <= 15%%, none lost | %s |\n",
			100 * (x - 1), LOSTMAX["bash", "etrace_stack"],
			(x <= 1.15 && LOSTMAX["bash", "etrace_stack"] == 0 ? "PASS" : "**FAIL**")
	}
	# Python frames: -k on the Python loop, against -k without them
	npy = kn["pyloop", "etrace_stack", 1]
	if ((("pyloop" SUBSEP "etrace_stack" SUBSEP npy) in A) &&
	    (("pyloop" SUBSEP "etrace_stack_nopy" SUBSEP npy) in A)) {
		a = A["pyloop", "etrace_stack", npy]; b = A["pyloop", "etrace_stack_nopy", npy]
		lp = LOSTMAX["pyloop", "etrace_stack"] + LOSTMAX["pyloop", "etrace_stack_nopy"]
		printf "| Python loop of os.getppid(): `-k` vs `-k --no-python-frames` | %.0f vs %.0f added ns/syscall: %s; %.0f records lost | <= 1.25x, none lost | %s |\n",
			a, b, (b > 0 ? sprintf("%.2fx", a / b) : "?"), lp,
			(lp > 0 ? "**FAIL**" : b > 0 ? (a <= 1.25 * b ? "PASS" : "**FAIL**") : "?")
	}
	# (the flight recorder's window is memory the user sized: its own row)
	worst = 0; wm = ""
	for (md in RSSMAX)
		if (md ~ /^etrace/ && md != "etrace_flight" && RSSMAX[md] > worst) { worst = RSSMAX[md]; wm = md }
	if (wm != "")
		printf "| etrace's peak RSS, every workload and mode but the flight recorder%s | %.1f MB (`%s`, %s) | <= 64 MiB | %s |\n",
			(nsw ? " and the system-wide runs" : ""), worst, mname[wm], (RSSW[wm] == "syswide" ? "system-wide run" : wname[RSSW[wm]]),
			(worst <= 64 ? "PASS" : "**FAIL**")
	if ("etrace_flight" in RSSMAX)
		printf "| the flight recorder's peak RSS, every workload: its 64 MiB window and the rest | %.1f MB (%s) | <= 64 MiB + 64 MiB | %s |\n",
			RSSMAX["etrace_flight"], wname[RSSW["etrace_flight"]],
			(RSSMAX["etrace_flight"] <= 128 ? "PASS" : "**FAIL**")
	print ""
	print "Read: added ns/syscall = (tracer wall - the wall of the bare run right next to it - the mode's start-up cost) / syscalls, median over rounds (min-max over rounds); in the loop = the same from the time the storm itself measured around its calls (STORM_LOOP_NS: no start-up or tear-down of anything in it): the storms, the socket loop, and find+cat through bench/timed.c; x bare = (tracer wall - start-up) / that bare wall; tracer CPU is the tracer process's own user+sys time (all its threads, not the workload's) less its start-up CPU, per syscall; RSS is its VmHWM; reported = fewest calls the tracer showed in any round (**bold** when short of the exact count by more than 0.1% (10 calls below 10000); for the -c and -s summaries, the count less exit/exit_group, which never return; for --flight-recorder, the dumps it wrote: none, as no process exits non-zero); lost = most records the tracer said it lost in one run, and runs that reported fewer calls than were made without saying anything was lost. Details: bench/README.md."
	first = 1
	while ((getline line < notes) > 0) {
		if (first) { print ""; print "Notes:"; print ""; first = 0 }
		print "- " line
	}
}
