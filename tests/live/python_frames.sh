# SPDX-License-Identifier: GPL-2.0-or-later
# Python frames: each _PyEval_EvalFrameDefault frame of a Python 3.11
# process's stack replaced by the Python frames it ran, as Python itself
# reports them.  tests/progs/pyframes.py writes, on the line of each
# call, its own frames (sys._getframe's chain) to expect.NAME in -k's
# form; under Debian's static /usr/bin/python3.11 and under pyembed
# (Python through the shared libpython3.11):
#  - -ff -k: the openat of "config" (load_config, called by main, by
#    <module>) has exactly expect.config's Python frames; each of the 50
#    stats of "alpha" (thread worker_alpha) exactly expect.alpha's, and
#    of "beta" expect.beta's, the two threads taking turns (each stat
#    made while the other thread waits for its turn): each names its
#    own worker, never the other's (the thread's own thread state, not
#    the newest one nor the GIL holder's); no "no Python frames" on stderr; and in the stacks
#    the Python frames stand in their C frame's place: C frames, then
#    load_config, main, <module>, then C frames (one
#    _PyEval_EvalFrameDefault ran the three); for worker_alpha, C
#    frames, worker_alpha, C frames, Thread.run and the two below it,
#    C frames; no _PyEval_EvalFrameDefault frame left in any stack, but
#    below a "[more python frames]" (the interpreter known from its
#    first call: its executable, or the libpython the command needs);
#  - --spawns: the one group of /bin/true is
#    "true x20 <- COMM FILE:LINE (function spawn_all)", LINE spawn_all's
#    subprocess.run as Python says it;
#  - --stack=folded: the openat's stack holds
#    ";FILE:87(<module>);FILE:79(main);FILE:33(load_config);" (the frames
#    of expect.config, outermost first);
#  - -j -k: its stack has {"kind":"python",...,"function":"load_config"};
#  - --stack=bpf (stacks unwound in the kernel): the same frames;
#  - (Debian's) --flamegraph has a frame titled FILE:33(load_config),
#    -c -k's stacks a line "> FILE:LINE(worker_alpha)".
#  - -p on pyframes.py attach (both builds): its openat of "config"
#    after the test attached has expect.attach's frames (the
#    interpreter found in the mappings the process had).
# Then what is not Python, or not whole:
#  - pyframes.py corrupt: its frame's link to its caller is garbage at
#    a stat: that frame alone is named (expect.corrupt), nothing past it;
#  - fakepython, copied as "python": it exports Python 3.11's symbols,
#    with a thread state of its own thread; "type": its frame's code is
#    not of PyCode_Type: no Python frame, nothing said; "names": it is,
#    but its names are not strings: no Python frame, said once;
#    fakepython312 (Py_Version 3.12): "Python 3.12 is not known to
#    etrace" once, its path as run, and no frame.
. "$TOP/tests/lib.sh"
need_root
[ -x /usr/bin/python3.11 ] || fail "no /usr/bin/python3.11 (make deps)"
[ -x "$PROGS/pyembed" ] || fail "no $PROGS/pyembed"

cp "$TOP/tests/progs/pyframes.py" "$WORK/pyframes.py"
: > config; : > alpha; : > beta; : > corrupt
P="$WORK/pyframes.py"

# the Python frames (" > FILE:LINE (in FUNC)") of each call matching RE,
# a line "--" after each call's
# the frames of the first call matching RE: "C" for each of code's (the
# interpreter's own: ending in "]"), Python's as they are
shape() {	# regex files...
	_re=$1
	shift
	RE="$_re" awk 'inside && /^ > / { print (/\]$/ ? "C" : $0); next }
		inside { exit }
		$0 ~ ENVIRON["RE"] { inside = 1 }' "$@" | uniq
}
py_frames() {	# regex files...
	_re=$1
	shift
	RE="$_re" awk 'inside && /^ > / { if (/\)$/) print; next }
		inside { print "--"; inside = 0 }
		$0 ~ ENVIRON["RE"] { inside = 1 }
		END { if (inside) print "--" }' "$@"
}
# text, then "--", n times
repeat_n() {	# file n
	i=0
	while [ $i -lt "$2" ]; do cat "$1"; echo --; i=$((i + 1)); done
}

for py in /usr/bin/python3.11 "$PROGS/pyembed"; do
	comm=$(basename "$py")
	rm -f expect.* out.* err
	"$ETRACE" -q -ff -k -e trace=openat,newfstatat -o out -- "$py" "$P" "$WORK" 2> err ||
		fail "etrace -ff -k -- $comm pyframes.py failed: $(cat err)"
	grep 'Python' err && fail "$comm: etrace said it named no Python frames"
	for f in config alpha beta spawn; do
		[ -s "expect.$f" ] || fail "$comm: pyframes.py wrote no expect.$f"
	done
	py_frames "openat\\(AT_FDCWD, \"$WORK/config\"" out.* > got
	repeat_n expect.config 1 > want
	same want got "$comm: load_config's openat's Python frames"
	for w in alpha beta; do
		py_frames "newfstatat\\(AT_FDCWD, \"$WORK/$w\"" out.* > got
		repeat_n "expect.$w" 50 > want
		same want got "$comm: the Python frames of worker_$w's 50 stats"
	done
	# where they stand: each in its _PyEval_EvalFrameDefault's place
	# (worker_alpha's own C frame, called by Thread.run through C)
	shape "newfstatat\\(AT_FDCWD, \"$WORK/alpha\"" out.* > got
	{ echo C; sed -n 1p expect.alpha; echo C; sed -n 2,4p expect.alpha
	  echo C; } > want
	same want got "$comm: worker_alpha's stat's stack, C and Python frames"
	# from the process's first call on (the interpreter known before it
	# ran: its file, or a libpython the command needs), every one:
	# deeper than the frames read (PY_FRAMES) is the only C frame left
	awk '/^ > / { if (/_PyEval_EvalFrameDefault/ && !more) bad++
			if (/\[more python frames\]/) more = 1; next }
		{ more = 0 } END { print bad + 0 }' out.* > got
	echo 0 > want
	same want got "$comm: the stacks with a C frame of Python's left"
	shape "openat\\(AT_FDCWD, \"$WORK/config\"" out.* > got
	{ echo C; cat expect.config; echo C; } > want
	same want got "$comm: load_config's openat's stack, C and Python frames"

	"$ETRACE" -q --spawns -f -o spawns -- "$py" "$P" "$WORK" 2> err ||
		fail "etrace --spawns -- $comm pyframes.py failed: $(cat err)"
	cat spawns
	line=$(sed -n '1s/.*:\([0-9]*\) (in spawn_all)$/\1/p' expect.spawn)
	echo "true x20 <- $comm $P:$line (function spawn_all)" > want
	grep '^true ' spawns > got
	same want got "$comm: --spawns' group of /bin/true"

	"$ETRACE" -q --stack=folded -f -e trace=openat -o folded -- "$py" "$P" "$WORK" 2> err ||
		fail "etrace --stack=folded -- $comm pyframes.py failed: $(cat err)"
	want=$(sed -E 's/^ > (.*):([0-9]+) \(in (.*)\)$/\1:\2(\3)/' expect.config |
	       awk '{ s = $0 ";" s } END { print ";" s }')
	grep -F -- "$want" folded | grep -q 'openat [0-9]*$' ||
		fail "$comm: no folded openat stack with $want"

	"$ETRACE" -q -j -k -f -e trace=openat -o json -- "$py" "$P" "$WORK" 2> err ||
		fail "etrace -j -k -- $comm pyframes.py failed: $(cat err)"
	l=$(sed -n '1s/.*:\([0-9]*\) (in load_config)$/\1/p' expect.config)
	grep -F "\"$WORK/config\"" json | grep -qF \
		"{\"kind\":\"python\",\"file\":\"$P\",\"line\":$l,\"function\":\"load_config\"}" ||
		fail "$comm: the JSON openat has no load_config frame"

	"$ETRACE" -q --stack=bpf -f -e trace=openat -o kbpf -- "$py" "$P" "$WORK" 2> err ||
		fail "etrace --stack=bpf -- $comm pyframes.py failed: $(cat err)"
	py_frames "openat\\(AT_FDCWD, \"$WORK/config\"" kbpf > got
	repeat_n expect.config 1 > want
	same want got "$comm: --stack=bpf: load_config's openat's Python frames"
done

# the flame graph names load_config's frame; -c -k's stacks worker_alpha's
"$ETRACE" -q --flamegraph fg.svg -f -e trace=openat -- /usr/bin/python3.11 "$P" "$WORK" 2> err ||
	fail "etrace --flamegraph -- python3.11 pyframes.py failed: $(cat err)"
l=$(sed -n '1s/.*:\([0-9]*\) (in load_config)$/\1/p' expect.config)
grep -qF "<title>$P:$l(load_config)" fg.svg ||
	fail "the flame graph has no frame $P:$l(load_config)"
"$ETRACE" -q -c -k -f -e trace=newfstatat -o ck -- /usr/bin/python3.11 "$P" "$WORK" 2> err ||
	fail "etrace -c -k -- python3.11 pyframes.py failed: $(cat err)"
l=$(sed -n '1s/.*:\([0-9]*\) (in worker_alpha)$/\1/p' expect.alpha)
grep -qxF "            > $P:$l(worker_alpha)" ck ||
	fail "-c -k's stacks have no frame $P:$l(worker_alpha)"

# -p: an interpreter found in what the process had mapped before
for py in /usr/bin/python3.11 "$PROGS/pyembed"; do
	comm=$(basename "$py")
	rm -f go expect.attach
	mkfifo go
	"$py" "$P" "$WORK" attach &
	pp=$!
	# blocked opening the fifo (openat, 257), its modules all loaded
	wait_until 30 in_syscall $pp 257 || fail "$comm attach: not waiting"
	etrace_bg att.out att.err -q -k -e trace=openat -o att -p $pp
	echo go > go
	wait $pp || fail "$comm attach: pyframes.py failed"
	wait $ep || fail "etrace -p on $comm failed: $(cat att.err)"
	py_frames "openat\\(AT_FDCWD, \"$WORK/config\"" att > got
	repeat_n expect.attach 1 > want
	same want got "$comm, attached to: the Python frames of its openat"
done

# a frame chain made garbage past one frame: that frame, no other
"$ETRACE" -q -k -e trace=newfstatat -o out.corrupt -- /usr/bin/python3.11 "$P" "$WORK" corrupt 2> err ||
	fail "etrace -k -- python3.11 pyframes.py corrupt failed: $(cat err)"
py_frames "newfstatat\\(AT_FDCWD, \"$WORK/corrupt\"" out.corrupt > got
repeat_n expect.corrupt 1 > want
same want got "the Python frames of the stat under a corrupted chain"

# not Python, though named so and saying so: no frame, no crash
cp "$PROGS/fakepython" python
for mode in type names; do
	"$ETRACE" -q -k -e trace=newfstatat -o out.fake -- ./python $mode "$WORK/config" 2> err ||
		fail "etrace -k -- fakepython $mode failed: $(cat err)"
	grep -q "newfstatat(AT_FDCWD, \"$WORK/config\"" out.fake ||
		fail "fakepython $mode: its stat is not in the trace"
	py_frames 'newfstatat\(' out.fake | grep -v '^--$' &&
		fail "fakepython $mode: a Python frame named"
	n=$(grep -c 'no Python frames' err)
	want=0
	[ $mode = names ] && want=1
	[ "$n" = $want ] || fail "fakepython $mode: said $n times (not $want): $(cat err)"
done
# one that says it is 3.12: no row, said once, as it is
cp "$PROGS/fakepython312" python
"$ETRACE" -q -k -e trace=newfstatat -o out.fake -- ./python names "$WORK/config" 2> err ||
	fail "etrace -k -- fakepython312 failed: $(cat err)"
echo "etrace: ./python: Python 3.12 is not known to etrace: no Python frames for it" > want
same want err "what etrace says of a Python 3.12"
py_frames 'newfstatat\(' out.fake | grep -v '^--$' &&
	fail "fakepython312: a Python frame named"
exit 0
