# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 18, item 3: names a traced program chooses reach no output raw.
# tests/progs/badnames, run from a path with ESC, BEL and non-UTF-8 bytes
# in it, renames itself (comm) with them, names a JIT function with them
# in its perf map (and a UTF-8 C1 control), calls getppid from it, calls
# getppid from code in a file whose name has them (the stack cut there,
# naming the file), and spawns itself.  Every output mode on it: the
# text trace with -k (its frames and its cut line), -c --by comm, -c -k,
# --spawns, folded stacks, the flame graph, JSON, the timeline,
# --stack=perf, --color=always (no ESC but its own colours), and the
# note of a setuid exec (run as nobody; -k --stack=dwarf: perf's events,
# which the kernel drops there).  Then a bash script, its file and a
# function's name with them: its shell frames in -k, --stack=perf,
# folded stacks and JSON.  In each: no ESC, no other
# control byte but newline, no C1 control, valid UTF-8; the names as the
# one rule (fmt_escaped: strace's escapes) writes them; the SVG parses
# as XML; JSON decodes to the names, U+FFFD for the bytes not UTF-8.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

D=$(printf 'dir\033[2J\377x') B=$(printf 'prog\033]0;T\a\377')
mkdir "$D" || fail "mkdir"
cp "$PROGS/badnames" "$D/$B" || fail "cp"
P="$D/$B"
# as the one rule writes them
ED='dir\33[2J\377x' EB='prog\33]0;T\7\377'
ECOMM='e\33]0;T\7\377\33[2Jz' ESYM='jit\33[2J\377\303(\302\233sym'
# the code file's name (tests/progs/badnames.c's CODE), before its pid
ECODE='/tmp/etrace-code\33[2J\377-'
# a regular expression that matches $1 as it is
re() { printf '%s' "$1" | sed 's/[][\\.*^$()+?{}|]/\\&/g'; }

# the JIT maps the program leaves for the tracer (one per run)
cleanup() {
	for f in /tmp/perf-*.map; do
		grep -qa "$(printf 'jit\033')" "$f" 2>/dev/null && rm -f "$f"
	done
	# the code files of this test's runs (ended: their pids are gone)
	for f in /tmp/etrace-code"$(printf '\033')"*; do
		[ -e "$f" ] && ! kill -0 "${f##*-}" 2> /dev/null && rm -f "$f"
	done
}
trap cleanup EXIT

# no raw control byte but newline, no C1 control, valid UTF-8
clean() {	# what file...
	_what=$1
	shift
	python3 - "$@" <<'PY' || soft_fail "$_what: raw bytes a terminal obeys (above)"
import sys
bad = 0
for f in sys.argv[1:]:
    d = open(f, 'rb').read()
    try:
        t = d.decode('utf-8')
    except UnicodeDecodeError as e:
        print(f"{f}: not UTF-8: {e}", file=sys.stderr)
        bad = 1
        continue
    for i, c in enumerate(t):
        o = ord(c)
        if (o < 0x20 and c != '\n') or 0x7f <= o < 0xa0:
            print(f"{f}: raw U+{o:04X} at {i}: {t[max(0, i - 30):i + 10]!r}",
                  file=sys.stderr)
            bad = 1
            break
sys.exit(bad)
PY
}

# 1. the text trace, with stacks: the program's path in the execve line,
# as module of its frames, the JIT symbol from the perf map
"$ETRACE" -q -f -k -o t.out -- "$P" 2> t.err || soft_fail "1: etrace failed"
clean "1: -f -k" t.out t.err
grep -qE "^ > $(printf '%s' "$PWD/$ED/$EB" | sed 's/[][\\.*^$]/\\&/g')\(main\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$" t.out ||
	soft_fail "1: no frame of main in the escaped program path"
grep -qE "^[0-9]+ +getppid\(\) += [0-9]+$" t.out || soft_fail "1: no getppid line"
grep -qE "^ > /tmp/perf-[0-9]+\.map\($(printf '%s' "$ESYM" | sed 's/[][\\.*^$()]/\\&/g')\+0x7\) \[0x[0-9a-f]+\]$" t.out ||
	soft_fail "1: the JIT frame is not the escaped perf-map symbol"
# the frame in the code file, then the cut line naming the file
grep -A1 -E "^ > $(re "$ECODE")[0-9]+\(\+0xc\) \[0xc\]$" t.out > t.cut
grep -qE "^ > \[stack cut: no unwind info at $(re "$ECODE")[0-9]+\+0xc\]$" t.cut ||
	{ cat -v t.cut >&2; soft_fail "1: no cut line naming the escaped code file"; }

# 2. -c --by comm: a header per comm, the renamed one and the program's
"$ETRACE" -q -f -c --by comm -o c.out -- "$P" 2> c.err || soft_fail "2: etrace failed"
clean "2: -c --by comm" c.out c.err
grep '^--- comm=' c.out | sort > c.heads
printf -- '--- comm=%s ---\n--- comm=%s ---\n' "$ECOMM" "$EB" | sort > c.want
soft_same c.want c.heads "2: the -c --by comm headers"

# 3. -c -k: the stack table (of getppid: the loader's calls, each stack
# a call site of its own, would fill the top 20; the program's module is
# the escaped path)
"$ETRACE" -q -f -c -k -e trace=getppid -o ck.out -- "$P" 2> ck.err ||
	soft_fail "3: etrace failed"
clean "3: -c -k" ck.out ck.err
# (the stacks' keys: the folded format's separators ';' and ' ' are '_')
FCOMM=$(printf '%s' "$ECOMM" | tr ';' _) FB=$(printf '%s' "$EB" | tr ';' _)
grep -qE "^ +[0-9]+  $(printf '%s' "$FCOMM" | sed 's/[][\\.*^$()]/\\&/g')  [a-z_0-9]+$" ck.out ||
	soft_fail "3: the comm is not in the stack table"

# 4. --spawns: the report's head, whole but for the times; the names are
# not plain: quoted
"$ETRACE" -q -f --spawns -- "$P" > s.out 2> s.err || soft_fail "4: etrace failed"
clean "4: --spawns" s.out s.err
sed -n 2,3p s.err | sed -E 's/ pid [0-9]+$/ pid PID/' > s.head
printf '"%s" x1 <- "%s"\n    program "%s/%s"; parent "%s" pid PID\n' \
	"$EB" "$ECOMM" "$ED" "$EB" "$ECOMM" > s.want
soft_same s.want s.head "4: the spawn report"
grep -qF "      > main ($PWD/$ED/$EB)" s.err ||
	soft_fail "4: the origin frame's module is not the escaped path"

# 5. folded stacks: each key starts with the escaped comm (';' and ' '
# are the format's separators: '_' in names)
"$ETRACE" -q -f --stack=folded -o f.out -- "$P" 2> f.err || soft_fail "5: etrace failed"
clean "5: folded" f.out f.err
grep -qF "$FCOMM;_start;" f.out || soft_fail "5: no stack of the renamed comm"
A="$FCOMM;" B="$FB;" awk 'index($0, ENVIRON["A"]) != 1 &&
	index($0, ENVIRON["B"]) != 1' f.out > f.other
[ -s f.other ] && { head -3 f.other >&2; soft_fail "5: keys of other comms"; }

# 6. the flame graph: XML, the escaped comm in it
"$ETRACE" -q -f --flamegraph g.svg -- "$P" 2> g.err || soft_fail "6: etrace failed"
clean "6: SVG" g.svg g.err
python3 - "$FCOMM" <<'PY' || soft_fail "6: the SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse("g.svg").getroot()
texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
assert any(t.startswith(sys.argv[1] + " (") for t in texts), texts[:5]
PY

# 7. JSON with stacks: each line an object; strings decode to the names
"$ETRACE" -q -f -j -k -o j.out -- "$P" 2> j.err || soft_fail "7: etrace failed"
clean "7: JSON" j.out j.err
python3 - <<'PY' || soft_fail "7: JSON"
import json
comm = "e\x1b]0;T\x07\ufffd\x1b[2Jz"
sym = "jit\x1b[2J\ufffd\ufffd(\x9bsym"
code = "/tmp/etrace-code\x1b[2J\ufffd-"
comms, syms, cuts = set(), set(), []
for line in open("j.out", encoding="utf-8"):
    o = json.loads(line)
    comms.add(o.get("comm"))
    for f in o.get("stack", []):
        syms.add(f.get("sym"))
    if "stack_cut" in o:
        cuts.append(o["stack_cut"])
assert comm in comms, comms
assert sym in syms, [s for s in syms if s and s.startswith("jit")]
assert any(c.get("reason") == "no_unwind_info" and
           c.get("module", "").startswith(code) and c.get("reloff") == 12
           for c in cuts), cuts
PY

# 7b. the timeline (--timeline) with stacks: one JSON array; the tracks'
# names decode to the comm (U+FFFD for the bytes not UTF-8); calls and
# frames carry the text trace's escaped texts
"$ETRACE" -q -f -k -o tl.out --timeline tl.json -- "$P" 2> tl.err ||
	soft_fail "7b: etrace failed"
clean "7b: timeline" tl.json tl.err
python3 - "$ESYM" "$ED/$EB" "$ECODE" <<'PY' || soft_fail "7b: timeline"
import json, sys
comm = "e\x1b]0;T\x07\ufffd\x1b[2Jz"
evs = json.load(open("tl.json", encoding="utf-8"))
names = {e["args"]["name"] for e in evs if e.get("ph") == "M"}
frames = {f for e in evs for f in e.get("args", {}).get("stack", [])}
args = {e["args"].get("args") for e in evs if e.get("cat") == "syscall"}
assert comm in names, names
assert any(sys.argv[1] in f for f in frames), sorted(frames)[:5]
cut = "[stack cut: no unwind info at " + sys.argv[3]
assert any(f.startswith(cut) and f.endswith("+0xc]") for f in frames), \
    sorted(frames)[:5]
assert any(a and sys.argv[2] in a for a in args), sorted(a for a in args if a)[:5]
PY

# 7c. --stack=perf: each block's header the escaped comm; the JIT frame
# the escaped symbol; the code file's frame and its [stack_cut] the
# escaped file name (perf script's layout: tests/live/stack_perf.sh)
"$ETRACE" -q -e trace=getppid --stack=perf -o p.out -- "$P" 2> p.err ||
	soft_fail "7c: etrace failed"
# (the tab that begins a frame line is the format's: the only one)
sed 's/^	//' p.out > p.notab
clean "7c: --stack=perf" p.notab p.err
grep -E '^[^	]' p.out | grep -vE "^$(re "$ECOMM") [0-9]+/[0-9]+ [0-9]+\.[0-9]{6}: syscalls:sys_enter_getppid: getppid\(\) = [0-9]+$" > p.heads
[ -s p.heads ] && { cat -v p.heads >&2; soft_fail "7c: headers not of the escaped comm"; }
grep -qE "^	 +[0-9a-f]+ $(re "$ESYM")\+0x7 \(/tmp/perf-[0-9]+\.map\)$" p.out ||
	soft_fail "7c: no JIT frame of the escaped symbol"
grep -A1 -E "^	 +c \[unknown\] \($(re "$ECODE")[0-9]+\)$" p.out > p.cut
grep -qE "^	 +c \[stack_cut\] \($(re "$ECODE")[0-9]+\)$" p.cut ||
	{ cat -v p.out >&2; soft_fail "7c: no cut frame naming the escaped code file"; }

# 7d. --color=always: etrace's own colours (ESC [ ... m) are the only
# escapes; with them taken out, the text of 1 (frames, cut line)
"$ETRACE" -q -f -k --color=always -o co.out -- "$P" 2> co.err ||
	soft_fail "7d: etrace failed"
sed "s/$(printf '\033')\[[0-9;]*m//g" co.out > co.plain
clean "7d: --color=always" co.plain co.err
grep -qE "^ > \[stack cut: no unwind info at $(re "$ECODE")[0-9]+\+0xc\]$" co.plain ||
	soft_fail "7d: no cut line naming the escaped code file"
grep -qF " > /tmp/perf-" co.plain || soft_fail "7d: no JIT frame"

# 8. a setuid exec, run as nobody: the note names the program escaped
if id nobody > /dev/null 2>&1; then
	S=$(printf 'suid\033]0;T\a\377')
	mkdir sdir && chmod 755 sdir . && cp "$PROGS/badnames" "sdir/$S" &&
		chmod 4755 "sdir/$S" || fail "8: setuid copy"
	"$ETRACE" -q -f -k --stack=dwarf -u nobody -o u.out -- "$PWD/sdir/$S" 2> u.err ||
		soft_fail "8: etrace failed"
	clean "8: setuid note" u.out u.err
	grep -qE "^[0-9]+ +\+\+\+ $(printf '%s' "$PWD/sdir/suid\\33]0;T\\7\\377" | sed 's/[][\\.*^$()]/\\&/g') gains privileges: the kernel stops tracing pid [0-9]+ here \+\+\+$" u.out ||
		{ grep -a gains u.out | cat -v >&2; soft_fail "8: no escaped setuid note"; }
fi
# 9. shell frames: a bash script whose file and function names carry
# them runs /bin/true from the function (line 2), called on line 4
SF=$(printf 'scr\033[2J\377.sh') SN=$(printf 'fn\033[2J\a\377x')
printf '%s\n' "function $SN {" '	/bin/true' '}' "$SN" > "$SF"
ESF='scr\33[2J\377.sh' ESN='fn\33[2J\7\377x'
"$ETRACE" -q -f -k -e trace=execve -o sh.out -- bash "$SF" 2> sh.err ||
	soft_fail "9: etrace -k failed"
"$ETRACE" -q -f --stack=perf -e trace=execve -o shp.out -- bash "$SF" 2> shp.err ||
	soft_fail "9: etrace --stack=perf failed"
"$ETRACE" -q -f --stack=folded -e trace=execve -o shf.out -- bash "$SF" 2> shf.err ||
	soft_fail "9: etrace --stack=folded failed"
"$ETRACE" -q -f -k -j -e trace=execve -o shj.out -- bash "$SF" 2> shj.err ||
	soft_fail "9: etrace -j -k failed"
sed 's/^\t//' shp.out > shp.notab
clean "9: shell frames" sh.out sh.err shp.notab shp.err shf.out shf.err shj.out shj.err
grep -A1 -xF " > $ESF:2 (in $ESN)" sh.out | tail -1 > sh.next
printf " > %s:4 (in main)\n" "$ESF" > sh.want
soft_same sh.want sh.next "9: -k's shell frames"
grep -qxF "	               0 $ESF:2($ESN) ([shell])" shp.out ||
	soft_fail "9: no escaped shell frame in --stack=perf"
grep -qF ";$ESF:4(main);$ESF:2($ESN);execve 1" shf.out ||
	soft_fail "9: no escaped shell frames in the folded stacks"
python3 - <<'PY' || soft_fail "9: JSON's shell frames"
import json
want = {"kind": "shell", "file": "scr\x1b[2J\ufffd.sh", "line": 2,
        "function": "fn\x1b[2J\x07\ufffdx"}
frames = [f for line in open("shj.out", encoding="utf-8")
          for f in json.loads(line).get("stack", [])]
assert want in frames, [f for f in frames if f.get("kind") == "shell"]
PY

# every frame printed is one etrace proved (tests/lib.sh)
frames_proved $(ls t.out ck.out s.out j.out u.out 2> /dev/null)
finish
