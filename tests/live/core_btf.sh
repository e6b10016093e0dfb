# SPDX-License-Identifier: GPL-2.0-or-later
# CO-RE against the cut BTF (tracer/kernel/cap_btf.c) resolves every
# relocation as against the kernel's whole BTF: for each program loaded
# in a few runs (ring mode, -k --stack=bpf --spawns, -c), libbpf's
# debug lines of each relocation's patch are the same both ways, but for
# the kernel type ids (<target_type_id>), which only -y's loads use and
# only the whole BTF numbers right; with -y the whole BTF is used.
. "$TOP/tests/lib.sh"
need_root

# "PROG #N: patched ..." of each relocation but the type id ones
patches() {	# debug-log
	awk '/^libbpf: prog .*: relo #[0-9]+: </ {
		kind[$3 " " $5] = $6
	}
	/^libbpf: prog .*: relo #[0-9]+: patched / {
		if (kind[$3 " " $5] == "<target_type_id>")
			next
		sub(/^libbpf: /, "")
		print
	}' "$1"
}

n=0
for opts in "-f" "-f -k --stack=bpf --spawns" "-c -f"; do
	n=$((n + 1))
	ETRACE_DEBUG=1 "$ETRACE" $opts -o out.$n -- true > /dev/null 2> cut.$n ||
		{ tail -5 cut.$n >&2; fail "etrace $opts failed"; }
	ETRACE_DEBUG=1 ETRACE_CORE_BTF=full "$ETRACE" $opts -o out.$n -- true \
		> /dev/null 2> full.$n ||
		{ tail -5 full.$n >&2; fail "etrace $opts (whole BTF) failed"; }
	grep -q '^etrace: CO-RE against [0-9]* of the kernel' cut.$n ||
		fail "$opts: the cut BTF was not used"
	grep -q '^etrace: CO-RE against' full.$n &&
		fail "$opts: ETRACE_CORE_BTF=full still cut the BTF"
	patches cut.$n > cut.$n.p
	patches full.$n > full.$n.p
	# (a run relocates a few hundred places: not an empty comparison)
	[ "$(wc -l < full.$n.p)" -ge 200 ] ||
		fail "$opts: only $(wc -l < full.$n.p) relocations seen"
	same full.$n.p cut.$n.p "$opts: relocations against the cut BTF"
done

# -y: the whole BTF (its casts need the kernel's type ids)
ETRACE_DEBUG=1 "$ETRACE" -y -o out.y -- true > /dev/null 2> y.err ||
	fail "etrace -y failed"
grep -q '^etrace: CO-RE against' y.err && fail "-y: the BTF was cut"
exit 0
