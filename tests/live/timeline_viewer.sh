# SPDX-License-Identifier: GPL-2.0-or-later
# --timeline's file opens in speedscope (tests/viewer/: npm's archive of
# it, unpacked here), served on 127.0.0.1, in headless Chromium:
# tests/live/timeline_viewer.py checks from the DOM that the thread shown
# is named as the timeline's metadata names it, that speedscope made one
# profile per thread with calls, that its sandwich table lists exactly
# that thread's calls, and from screenshots that the flame chart draws
# the calls (many colours; one call alone: one).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

tar -xzf "$TOP/tests/viewer/speedscope-1.25.0.tgz" package/dist/release ||
	fail "cannot unpack tests/viewer/speedscope-1.25.0.tgz"
SS="$WORK/package/dist/release"
[ -f "$SS/index.html" ] || fail "no index.html in speedscope's archive"
command -v chromium > /dev/null || fail "no chromium (make deps installs it)"

"$ETRACE" -f -o trace.txt --timeline t.json -- "$PROGS/procs" 2> err ||
	{ cat err >&2; fail "etrace --timeline exited $?"; }
python3 "$TOP/tests/live/timeline_viewer.py" "$SS" t.json "$WORK" ||
	fail "speedscope does not show the timeline's calls"
echo ok
