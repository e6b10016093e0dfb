# SPDX-License-Identifier: GPL-2.0-or-later
# --json -yy: what -y shows is in typed fields (tests/progs/fdreuse.c):
# each write's "fd" object is exactly what the text line says (path and
# deleted for files, protocol, src, sport, dst, dport for the UDP socket,
# peer for the unix socket), the returned fd of open and socket is in
# "ret_fd", socketpair's two in "fds"; every line parses (python3's json).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
command -v python3 > /dev/null || fail "no python3"

mkdir -p "$WORK/run"
( cd "$WORK/run" && "$ETRACE" -q -yy -j -e trace=openat,write,socket,socketpair,sendto \
	-o "$WORK/out.json" -- "$PROGS/fdreuse" ) || fail "etrace or fdreuse failed"
python3 - "$WORK/out.json" "$WORK/run" > "$WORK/got" <<'EOT' || fail "a check failed (above)"
import json, sys
run = sys.argv[2]
def short(f):
    k = f["kind"]
    if k == "path":
        return "path %s%s" % (f["path"].replace(run, "R"),
                              " deleted" if f["deleted"] else "")
    if k == "socket" and f.get("protocol") == "UDP":
        return "UDP %s:%s %s:%s" % (f["src"], "P" if f["sport"] else 0,
                                    f["dst"], "P" if f["dport"] else 0)
    if k == "socket" and f.get("protocol") == "UNIX-STREAM":
        return "UNIX-STREAM peer=%s" % ("yes" if f["peer"] else "no")
    return k
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] != "syscall":
        continue
    if o["name"] == "write" or o["name"] == "sendto":
        print(o["name"], short(o["args"][0]["fd"]))
    elif o["name"] in ("openat", "socket") and o["retval"] >= 0 and \
            o["ret_fd"].get("path", run).startswith(run):
        print(o["name"], "ret", short(o["ret_fd"]))
    elif o["name"] == "socketpair":
        print(o["name"], " ".join(short(f) for f in o["args"][3]["fds"]))
EOT
cat > "$WORK/want" <<EOT
openat ret path R/a
write path R/a
openat ret path R/b
write path R/b
write path R/c
openat ret path R/d/e
write path R/d/e
write path R/f/e
write path R/f/e deleted
socket ret UDP 0.0.0.0:0 0.0.0.0:0
write UDP 127.0.0.1:P 0.0.0.0:0
write UDP 127.0.0.1:P 127.0.0.1:P
socketpair UNIX-STREAM peer=yes UNIX-STREAM peer=yes
sendto UNIX-STREAM peer=yes
sendto UNIX-STREAM peer=no
EOT
same "$WORK/want" "$WORK/got" "the fd objects of etrace -j -yy"
finish
