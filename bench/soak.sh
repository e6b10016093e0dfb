#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench, last: the soak (issue 18).  etrace -a -k for SOAK seconds
# (default 600) on a mixed load where processes come and go all the time
# (short commands, a find | cat of many files, 4-thread storms, processes
# that live a second or two); its RSS (VmRSS) and open fds read from
# /proc every SOAK_EVERY seconds (default 60).  What etrace holds must
# not grow with time: tasks, maps, Dwfls and their fds follow what is
# alive, not what ever was.
#
#   SOAK=90 SOAK_EVERY=10 SOAK_WARM=20 sh bench/soak.sh     a short run
#
# Writes build/bench/soak.tsv (one row a sample: seconds, rss_kb, fds)
# and build/bench/soak.md (the table, and the peaks of RSS and fds in the
# first and second halves of what follows the first minute: the second
# within 10% of the first is flat); prints soak.md.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/bench
SOAK=${SOAK:-600}
EVERY=${SOAK_EVERY:-60}
WARM=${SOAK_WARM:-60}	# seconds of warm-up: what etrace loads once
storm=$top/build/tests/progs/storm
[ -x "$top/etrace" ] && [ -x "$storm" ] ||
	{ echo "soak: build first: make etrace build/tests/progs/storm" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "soak: run as root (tracepoints, BPF)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
cp "$top/etrace" "$tmp/etrace"
lp=
ep=
cleanup() {
	touch "$tmp/stop"
	[ -n "$lp" ] && wait "$lp" 2>/dev/null
	[ -n "$ep" ] && kill -INT "$ep" 2>/dev/null && wait "$ep" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# etrace first, the load once it traces (it says so on its --ready-fd)
mkfifo "$tmp/ready"
"$tmp/etrace" -a -k -q --ready-fd 9 -o /dev/null 9> "$tmp/ready" \
	2> "$tmp/err" &
ep=$!
read -r r < "$tmp/ready" || r=
[ "$r" = ready ] || { cat "$tmp/err" >&2; echo "soak: etrace did not start" >&2; exit 1; }

# the load: processes come and go until told to stop
(
	while [ ! -e "$tmp/stop" ]; do
		for i in 1 2 3 4 5 6 7 8 9 10; do dirname /a/b > /dev/null; done
		find /usr/include/linux -name '*.h' -exec cat {} + > /dev/null
		"$storm" 2000 4
		sleep 1 & sleep 2 & sh -c 'sleep 1; true' & wait
	done
) &
lp=$!

start=$(date +%s)
: > "$out/soak.tsv"
t=0
while :; do
	rss=$(awk '$1 == "VmRSS:" { print $2 }' "/proc/$ep/status" 2>/dev/null) ||
		rss=
	fds=$(ls "/proc/$ep/fd" 2>/dev/null | wc -l)
	[ -n "$rss" ] || { cat "$tmp/err" >&2; echo "soak: etrace ended early" >&2; exit 1; }
	printf '%s\t%s\t%s\n' "$t" "$rss" "$fds" >> "$out/soak.tsv"
	[ "$t" -ge "$SOAK" ] && break
	d=$((start + t + EVERY - $(date +%s)))
	[ "$d" -gt 0 ] && sleep "$d"
	t=$((t + EVERY))
done
touch "$tmp/stop"
wait "$lp"
lp=
kill -INT "$ep"
wait "$ep" || true
ep=
lost=$(grep -c 'records lost' "$tmp/err" || true)

# after the first minute: the peaks of the first and second halves of
# what follows (the load comes and goes: a peak, not a sample, says
# whether etrace holds more with time)
awk -v soak="$SOAK" -v every="$EVERY" -v warm="$WARM" -v lost="$lost" '
	{ t[NR] = $1; rss[NR] = $2; fd[NR] = $3 }
	END {
		print "## Soak: etrace -a -k, " soak " s of a mixed load"
		print ""
		print "Processes come and go all the time (short commands, find | cat,"
		print "4-thread storms, processes of a second or two).  etrace\x27s RSS and"
		print "open fds, from /proc, every " every " s:"
		print ""
		print "| s | RSS (KiB) | fds |"
		print "|---|---|---|"
		for (i = 1; i <= NR; i++)
			printf "| %d | %d | %d |\n", t[i], rss[i], fd[i]
		b = NR
		for (i = 1; i <= NR; i++)
			if (t[i] >= warm) { b = i; break }
		m = b + int((NR - b + 1) / 2)
		r1 = r2 = f1 = f2 = 0
		for (i = b; i <= NR; i++) {
			if (i < m || m > NR) {
				if (rss[i] > r1) r1 = rss[i]
				if (fd[i] > f1) f1 = fd[i]
			} else {
				if (rss[i] > r2) r2 = rss[i]
				if (fd[i] > f2) f2 = fd[i]
			}
		}
		print ""
		if (m > NR || NR - b < 3) {
			printf "Too short to judge (%d samples after the warm-up): run it longer.\n", NR - b + 1
			exit
		}
		printf "After the first %d s: peak RSS %d KiB (%d s to %d s), then %d KiB (%d s to %d s); peak fds %d, then %d.\n",
			warm, r1, t[b], t[m - 1], r2, t[m], t[NR], f1, f2
		if (lost)
			print "(etrace said records were lost.)"
		if (r2 * 10 <= r1 * 11 && f2 * 10 <= f1 * 11)
			print "**Flat**: the second half\x27s peaks within 10% of the first half\x27s."
		else
			print "**Not flat**: etrace holds more the longer it runs."
	}' "$out/soak.tsv" > "$out/soak.md"
cat "$out/soak.md"
