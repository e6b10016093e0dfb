# SPDX-License-Identifier: GPL-2.0-or-later
# --flamegraph F: an interactive SVG flame graph of the calls' stacks.
#   etrace -q --flamegraph fg.svg -f -- sh -c 'ls -la /usr/include >/dev/null'
# exits 0 and writes fg.svg: an <svg> document with a <script>, frames
# <g class="f"> (the root "all" frame as wide as data-total, a frame for
# the comm ls, one for statx, which ls -la calls for every entry), and
# every call is in the graph or counted lost: data-total plus the records
# etrace says were lost is at least the calls strace -c -f counts for the
# same command, less one (the command's own execve, whose entry, and so
# stack, comes before tracing begins).
# In a browser (chromium headless; CI installs it): the screenshot of
# fg.svg is bigger than that of an empty SVG of the same size, and the
# DOM after loading has data-ready on the root set to the number of
# frames (the SVG's script sets it once it has laid them out).
# Without /usr/bin/chromium the browser part is skipped (a skip fails CI).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

CMD='ls -la /usr/include >/dev/null'
"$ETRACE" -q --flamegraph fg.svg -f -o trace.out -- sh -c "$CMD" 2> err
rc=$?
cat err
[ $rc = 0 ] || fail "etrace --flamegraph exited $rc"
[ -s fg.svg ] || fail "no fg.svg written"
grep -q '<svg' fg.svg || fail "fg.svg: no <svg"
grep -q '<script' fg.svg || fail "fg.svg: no <script>"
nf=$(grep -o 'class="f"' fg.svg | wc -l)
echo "$nf frames"
[ "$nf" -ge 10 ] || fail "fg.svg: $nf frames (class=\"f\"), want many"
total=$(sed -nE 's/.*<svg [^>]*data-total="([0-9]+)".*/\1/p' fg.svg | head -n 1)
[ -n "$total" ] || fail "fg.svg: no data-total on the root"
grep -qE "<g class=\"f\" data-x=\"0\" data-w=\"$total\" data-d=\"0\"><title>all \($total, 100.00%\)</title>" fg.svg ||
	fail "fg.svg: no root frame 'all' $total wide"
grep -qE '<g class="f" [^>]*data-d="1"><title>ls \(' fg.svg || fail "fg.svg: no frame for comm ls"
grep -qE '<title>statx \([0-9]+,' fg.svg || fail "fg.svg: no statx frame"

# every call in the graph, or counted lost
strace -c -f -o s.sum -- sh -c "$CMD" || fail "strace -c failed"
calls=$(awk '$NF == "total" { print $4 }' s.sum)
lost=$(sed -nE 's/^etrace: ([0-9]+) records? lost.*/\1/p' err)
echo "strace: $calls calls; graph: $total events; lost: ${lost:-0} records"
[ $((total + ${lost:-0})) -ge $((calls - 1)) ] ||
	soft_fail "$total events in the graph + ${lost:-0} records lost < $calls calls - 1: calls vanished without being counted lost"

[ -x /usr/bin/chromium ] || { [ $_soft_n = 0 ] || finish; } ||
	skip "no /usr/bin/chromium to load the SVG (CI: apt-get install chromium)"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="380"></svg>\n' > empty.svg
chrome() {
	timeout 60 /usr/bin/chromium --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$WORK/prof" "$@" 2>> chromium.err
}
chrome --screenshot="$WORK/fg.png" --window-size=1200,800 "file://$WORK/fg.svg" ||
	{ tail chromium.err >&2; fail "chromium --screenshot fg.svg failed"; }
chrome --screenshot="$WORK/empty.png" --window-size=1200,800 "file://$WORK/empty.svg" ||
	{ tail chromium.err >&2; fail "chromium --screenshot empty.svg failed"; }
[ -s fg.png ] && [ -s empty.png ] || fail "no screenshots"
fs=$(wc -c < fg.png) es=$(wc -c < empty.png)
echo "screenshots: fg.png $fs bytes, empty.png $es bytes"
[ "$fs" -gt $((es * 3)) ] || fail "fg.png ($fs bytes) is not much bigger than a blank page's ($es)"
chrome --dump-dom "file://$WORK/fg.svg" > dom.out ||
	{ tail chromium.err >&2; fail "chromium --dump-dom failed"; }
ready=$(grep -m 1 -oE '<svg [^>]*>' dom.out | sed -nE 's/.* data-ready="([0-9]+)".*/\1/p')
echo "data-ready: '$ready'"
[ "$ready" = "$nf" ] ||
	{ head -c 600 dom.out >&2; fail "after load, data-ready is '$ready', want $nf (the frames)"; }
finish
