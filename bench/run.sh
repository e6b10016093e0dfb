#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench: etrace against strace -f and perf trace on the same syscall
# storm, interleaved in one run (the machine drifts; compare within a run).
# For each tracer: the added wall time per traced syscall (median of
# ROUNDS interleaved runs, with min-max), the ratio to bare, and whether
# every call was reported.  Writes build/bench/results.{md,tsv}.
#   N=200000 ROUNDS=3 sh bench/run.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-200000}
ROUNDS=${ROUNDS:-3}
out=$top/build/bench
mkdir -p "$out"
storm=$top/build/tests/progs/storm
[ -x "$storm" ] || { echo "build first: make build/tests/progs/storm" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "bench: run as root (tracepoints)" >&2; exit 1; }

now() { date +%s%N; }

tracers="bare etrace strace perf_trace"
command -v strace >/dev/null || tracers=$(echo "$tracers" | sed 's/ strace//')
command -v perf >/dev/null || tracers=$(echo "$tracers" | sed 's/ perf_trace//')

run() {	# tracer -> prints "ns reported"
	f=$out/trace.out
	rm -f "$f"
	t0=$(now)
	case $1 in
	bare)		"$storm" "$N" ;;
	etrace)		"$top/etrace" -f -o "$f" -- "$storm" "$N" ;;
	strace)		strace -f -o "$f" "$storm" "$N" ;;
	perf_trace)	perf trace -o "$f" -- "$storm" "$N" 2>/dev/null ;;
	esac
	t1=$(now)
	if [ -f "$f" ]; then rep=$(grep -c 'getppid()' "$f" || true); else rep=$N; fi
	echo "$((t1 - t0)) $rep"
}

: > "$out/raw.tsv"
for r in $(seq "$ROUNDS"); do
	for t in $tracers; do
		set -- $(run "$t")
		printf '%s\t%s\t%s\t%s\n' "$t" "$r" "$1" "$2" >> "$out/raw.tsv"
		echo "round $r $t: $(($1 / 1000000)) ms, $2 reported" >&2
	done
done

awk -v N="$N" -F'\t' '
function median(a, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ k = $1; n[k]++; ns[k, n[k]] = $3; rep[k] = rep[k] == "" || $4 < rep[k] ? $4 : rep[k]; order[k] = NR }
END {
	for (k in n) { for (i = 1; i <= n[k]; i++) v[i] = ns[k, i]; med[k] = median(v, n[k]) }
	print "| tracer | wall ms (median) | added ns/syscall (median, min-max) | x bare | reported/" N " |" > "/dev/stdout"
	print "|---|---|---|---|---|"
	split("bare etrace strace perf_trace", names, " ")
	for (x = 1; x <= 4; x++) {
		k = names[x]; if (!(k in n)) continue
		lo = 1e18; hi = 0
		for (i = 1; i <= n[k]; i++) {
			for (j = 1; j <= n["bare"]; j++) {
				a = (ns[k, i] - ns["bare", j]) / N
				if (a < lo) lo = a; if (a > hi) hi = a
			}
		}
		add = (med[k] - med["bare"]) / N
		printf "| %s | %.0f | %s | %.1f | %d |\n", k, med[k] / 1e6, \
			k == "bare" ? "-" : sprintf("%.0f (%.0f-%.0f)", add, lo, hi), \
			med[k] / med["bare"], rep[k]
		printf "%s\t%.0f\t%.0f\t%.2f\t%d\n", k, med[k], k == "bare" ? 0 : add, \
			med[k] / med["bare"], rep[k] > "'"$out"'/results.tsv"
	}
}' "$out/raw.tsv" > "$out/results.md"
echo
echo "getppid storm, N=$N, $ROUNDS interleaved rounds, $(nproc) CPUs, $(uname -r)"
cat "$out/results.md"
