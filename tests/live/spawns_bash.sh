# SPDX-License-Identifier: GPL-2.0-or-later
# --spawns: the report of process creations by program, parent and origin.
#  - bash script.sh, whose for loop runs dirname 500 times at line 7,
#    then calls f, defined in a sourced lib.sh, whose loop runs basename
#    100 times (at line N of lib.sh):
#      etrace --spawns -f -- bash script.sh
#    exits 0 and reports "600 processes started", "in 2 groups", and
#      dirname x500 <- bash script.sh:7
#      basename x100 <- bash ./lib.sh:N (function f)
#    and nothing on stderr says records were lost;
#  - a sh (dash) script running dirname 300 times in a loop: one group
#    "dirname x300 <- sh", which says script lines are known for bash only.
# (600 and 300: every process a loaded two-CPU machine forks costs it up
# to 50 ms; 6000 took 270 s there, and more than the 600 s allowed with
# the sanitizers)
. "$TOP/tests/lib.sh"
need_root
command -v bash >/dev/null || fail "no bash"

cat > lib.sh <<'EOF'
# sourced by script.sh: f runs basename 100 times
f() {
	for ((i = 0; i < 100; i++)); do
		basename /a/b/c >/dev/null
	done
}
EOF
cat > script.sh <<'EOF'
#!/bin/bash
# dirname 500 times at line 7, then f (lib.sh): basename 100 times
. ./lib.sh
n=0

for ((i = 0; i < 500; i++)); do
	dirname /a/b/c >/dev/null
done
f
EOF
[ "$(grep -n 'dirname /a' script.sh | cut -d: -f1)" = 7 ] || fail "the test's script: dirname not at line 7"
N=$(grep -n 'basename /a' lib.sh | cut -d: -f1)

"$ETRACE" --spawns -f -- bash script.sh > out 2> err
rc=$?
cat err
[ $rc = 0 ] || fail "etrace --spawns -- bash script.sh exited $rc"
grep -qE '^etrace: 600 processes started in [0-9.]+ s, in 2 groups' err ||
	fail "bash: the report does not say 600 processes started, in 2 groups"
grep -qxE 'dirname x500 <- bash (\./)?script\.sh:7' err ||
	fail "bash: no line 'dirname x500 <- bash script.sh:7'"
grep -qxE "basename x100 <- bash (\\./)?lib\\.sh:$N \\(function f\\)" err ||
	fail "bash: no line 'basename x100 <- bash ./lib.sh:$N (function f)'"
grep -i 'lost' err && fail "bash: records were lost"
grep -q 'known for bash only' err && fail "bash: says script lines are known for bash only"

cat > dash.sh <<'EOF'
i=0
while [ $i -lt 300 ]; do
	dirname /a/b/c >/dev/null
	i=$((i + 1))
done
EOF
"$ETRACE" -q --spawns -f -- sh dash.sh > dout 2> derr
rc=$?
cat derr
[ $rc = 0 ] || fail "etrace --spawns -- sh dash.sh exited $rc"
grep -qE '^etrace: 300 processes started in [0-9.]+ s, in 1 groups?' derr ||
	fail "sh: the report does not say 300 processes started, in 1 group"
grep -qxE 'dirname x300 <- sh' derr || fail "sh: no line 'dirname x300 <- sh'"
grep -qE '^ +\(script lines are known for bash only' derr ||
	fail "sh: the report does not say script lines are known for bash only"
grep -i 'lost' derr && fail "sh: records were lost"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved out err dout derr
exit 0
