# SPDX-License-Identifier: GPL-2.0-or-later
# -e read=SET, -e write=SET: strace's hex and ASCII dumps of the data a
# call moved on the fds of the sets, compared with strace 6.1's on the
# same program (tests/progs/dumps.c), whole traces, byte for byte:
#  - within the copy bound: plain buffers (a .rodata literal, 100 bytes
#    of every value), an iovec's buffers (writev, readv: " * N bytes in
#    buffer I"), a msghdr's (sendmsg, recvmsg), sendto/recvfrom,
#    pwrite64/pread64, an empty write (no dump), a write on a closed fd
#    (dumped, as strace dumps writes that fail), a failed read (not), a
#    write of memory that cannot be read (not: strace reads none);
#    only the fds of the sets (the loader's reads on fd 3 are not);
#  - past it: a 10000-byte write and pread64: etrace dumps the first 4096
#    bytes exactly as strace's first 256 lines, then says the rest was
#    not copied (" * dump cut: 4096 of 10000 bytes copied"); writev of 70
#    buffers: the first 64 as strace's, then " * dump cut: the buffers
#    after the first 64 were not copied" (the expected text is strace's
#    trace cut so, by the awk below);
#  - -j: each dumped call's "dump" holds the bytes in hex ("cut" when
#    fewer than "len"), the 70-buffer writev has "dump_cut";
#  - fds past 1023 named in a set, and left out of a negated one;
#  - --no-bpf with -e write= is refused in one line, exit 1.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

calls=trace=read,write,readv,writev,pread64,pwrite64,sendto,recvfrom,sendmsg,recvmsg
mkdir -p "$WORK/run"
both() {	# name sets...
	_n=$1
	shift
	( cd "$WORK/run" && rm -f f big vec &&
	  strace -o "$WORK/$_n.s" "$@" "$PROGS/dumps" ) > /dev/null 2>&1 < /dev/null
	( cd "$WORK/run" && rm -f f big vec &&
	  "$ETRACE" -q -o "$WORK/$_n.e" "$@" "$PROGS/dumps" ) \
		> /dev/null 2>"$WORK/$_n.err" < /dev/null ||
		soft_fail "$_n: etrace failed: $(cat "$WORK/$_n.err")"
}

echo "== within the bound"
both small -e "$calls" -e read=60,62,64,65 -e write=61,62,63,65
grep -q '^ | 00000  68 65 6c 6c 6f 0a ' "$WORK/small.s" ||
	soft_fail "strace dumped no hello: the oracle run is broken"
soft_same "$WORK/small.s" "$WORK/small.e" "-e read=/write=: strace's dumps"

echo "== past the bound"
both big -e trace=write,writev,pread64 -e read=66 -e write=66,67
awk '
/^ \* 1 bytes in buffer 64$/ {
	skip = 1
	print " * dump cut: the buffers after these 64 were not copied"
	next }
skip && /^ [*|] / { next }
/^ \| / { if (++n <= 256) print
	  else if (n == 257) print " * dump cut: 4096 of 10000 bytes copied"
	  next }
{ n = 0; skip = 0; print }' "$WORK/big.s" > "$WORK/big.want"
[ "$(grep -c '^ | ' "$WORK/big.s")" -gt 1300 ] ||
	soft_fail "strace's long dumps are missing: the oracle run is broken"
soft_same "$WORK/big.want" "$WORK/big.e" "-e read=/write= past the bound"

echo "== -j"
( cd "$WORK/run" && rm -f f big vec &&
  "$ETRACE" -q -j -o "$WORK/dump.json" -e "$calls" -e write=61,66,67 \
	-e read=66 "$PROGS/dumps" ) > /dev/null 2>&1 < /dev/null
python3 - "$WORK/dump.json" <<'EOF' || soft_fail "-j: dump fields"
import json, sys
big = bytes((i * 7 + i // 256) & 255 for i in range(10000))
got = {}
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") != "syscall" or "dump" not in o:
        continue
    fd = o["args"][0]["raw"]
    got.setdefault((o["name"], fd), []).append(o)
def one(name, fd):
    v = got.get((name, fd), [])
    assert len(v) == 1, (name, fd, len(v))
    return v[0]
w = got[("write", 61)]
assert [d["hex"] for d in w[0]["dump"]] == ["68656c6c6f0a"], w[0]
assert w[1]["dump"] == [{"len": 100, "hex": big[:100].hex(), "cut": False}]
assert len(w) == 2, "the empty write has no dump"
v = one("writev", 61)["dump"]
assert [(d["len"], bytes.fromhex(d["hex"])) for d in v] == \
    [(3, b"abc"), (33, b"defghijklmnopqrstuvwxyz0123456789")], v
for name in ("write", "pread64"):
    d = one(name, 66)["dump"]
    assert d == [{"len": 10000, "hex": big[:4096].hex(), "cut": True}], name
o = one("writev", 67)
assert len(o["dump"]) == 64 and o["dump_cut"] is True, o
assert [bytes.fromhex(d["hex"]) for d in o["dump"]] == \
    [big[i:i + 1] for i in range(64)]
EOF

echo "== fds past 1023"
# the data read on fds 1500 and 2000, named (only 1500) and negated (all
# but 2000): the reads and what follows each, as strace prints them
printf 'hello\n' > "$WORK/run/h"
hi_prog='exec 1500< h 2000< h; exec python3 -c "import os
os.read(1500, 64); os.read(2000, 64)"'
high() {	# name sets...
	_n=$1
	shift
	( cd "$WORK/run" &&
	  strace -o "$WORK/$_n.s" -e trace=read "$@" bash -c "$hi_prog" ) \
		> /dev/null 2>&1 < /dev/null
	( cd "$WORK/run" &&
	  "$ETRACE" -q -o "$WORK/$_n.e" -e trace=read "$@" bash -c "$hi_prog" ) \
		> /dev/null 2> "$WORK/$_n.err" < /dev/null ||
		soft_fail "$_n: etrace failed: $(cat "$WORK/$_n.err")"
	grep -q '^ | 00000  68 65 6c 6c 6f 0a ' "$WORK/$_n.s" ||
		soft_fail "$_n: strace dumped no hello: the oracle run is broken"
	for t in s e; do
		grep -A1 -E '^read\((1500|2000),' "$WORK/$_n.$t" > "$WORK/$_n.$t.hi"
	done
	soft_same "$WORK/$_n.s.hi" "$WORK/$_n.e.hi" "$_n: fds past 1023"
}
high named -e read=1500
high negated -e 'read=!2000'

echo "== --no-bpf"
if "$ETRACE" --no-bpf -e write=1 -- true > "$WORK/nobpf.out" 2>&1; then
	soft_fail "--no-bpf -e write=1 was accepted"
fi
grep -q 'not with --no-bpf' "$WORK/nobpf.out" ||
	soft_fail "--no-bpf -e write=1: no clear refusal: $(cat "$WORK/nobpf.out")"
finish
