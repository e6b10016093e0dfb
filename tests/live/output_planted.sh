# SPDX-License-Identifier: GPL-2.0-or-later
# Outputs in a sticky world-writable directory (as /tmp) where another
# user (nobody) planted the name first: etrace, as root, must not write
# through them, whatever fs.protected_symlinks and fs.protected_regular
# say (0 on the project machine).
#  - a symlink to a root-owned 0600 file, as -o, --flamegraph,
#    --stack=folded -o, --timeline and --stack=perf -o: refused with one
#    line, exit 1, nothing run, the file untouched;
#  - a file nobody made, as -o: refused, it stays empty and nobody's;
#  - -ff's FILE.TID made by nobody before the trace (-p of a known pid):
#    refused, said, exit 1, the file stays empty;
#  - a symlink of root's own in that directory is followed (as the
#    kernel's rule allows), and so is /dev/stdout;
#  - the new files of -o, --timeline and --stack=perf -o are 0600.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
id nobody > /dev/null 2>&1 || fail "no user nobody"

D=$(mktemp -d /tmp/etrace-sticky.XXXXXX) || fail "mktemp"
sp=""
cleanup() {
	[ -n "$sp" ] && kill -KILL "$sp" 2>/dev/null
	rm -rf "$D"
}
trap cleanup EXIT
chmod 1777 "$D"
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
uid=$(id -u nobody)

echo secret > "$D/victim"
chmod 600 "$D/victim"
cp "$D/victim" victim.want

# the symlinks: one per kind of output
i=0
for args in "-o $D/l0 -- touch ran0" \
	    "--flamegraph $D/l1 -- touch ran1" \
	    "--stack=folded -o $D/l2 -- touch ran2" \
	    "--timeline $D/l3 -o /dev/null -- touch ran3" \
	    "--stack=perf -o $D/l4 -- touch ran4"; do
	as_nobody ln -s "$D/victim" "$D/l$i" || fail "ln -s as nobody"
	# shellcheck disable=SC2086
	"$ETRACE" $args 2> err$i
	rc=$?
	[ $rc = 1 ] || fail "etrace $args through nobody's symlink: exit $rc, want 1"
	echo "etrace: refusing to follow $D/l$i: a symlink of uid $uid in a" \
		"sticky world-writable directory" > want$i
	same want$i err$i "stderr of etrace $args"
	[ ! -e ran$i ] || fail "etrace $args ran the command"
	same victim.want "$D/victim" "the victim file after etrace $args"
	[ "$(stat -c %U:%a "$D/victim")" = root:600 ] ||
		fail "the victim's owner or mode changed: $(stat -c %U:%a "$D/victim")"
	i=$((i + 1))
done

# a file nobody made first
as_nobody touch "$D/made" || fail "touch as nobody"
"$ETRACE" -o "$D/made" -- touch ran3 2> err3
rc=$?
[ $rc = 1 ] || fail "-o a file of nobody's: exit $rc, want 1"
echo "etrace: refusing to write $D/made: a file of uid $uid in a sticky" \
	"world-writable directory" > want3
same want3 err3 "stderr of -o a file of nobody's"
[ ! -e ran3 ] || fail "-o a file of nobody's ran the command"
[ ! -s "$D/made" ] || fail "nobody's file received the trace"
[ "$(stat -c %U "$D/made")" = nobody ] || fail "nobody's file changed owner"

# -ff: FILE.TID of a task whose tid is known before the trace
mkfifo go
sh -c 'read x < go; exec cat /etc/hostname' > /dev/null &
sp=$!
as_nobody touch "$D/ff.$sp" || fail "touch as nobody"
etrace_bg out4 err4 -ff -o "$D/ff" -p "$sp"
echo go > go
tid=$sp
wait $sp
sp=""
wait $ep
rc=$?
[ $rc = 1 ] || { cat err4 >&2; fail "-ff into nobody's FILE.TID: exit $rc, want 1"; }
grep -qxF "etrace: refusing to write $D/ff.$tid: a file of uid $uid in a sticky world-writable directory" err4 ||
	{ cat err4 >&2; fail "-ff into nobody's FILE.TID was not refused"; }
[ ! -s "$D/ff.$tid" ] || fail "nobody's FILE.TID received the trace"

# links the rule allows: root's own in the sticky directory, /dev/stdout
ln -s "$D/mine" "$D/l5"
"$ETRACE" -q -o "$D/l5" -- true 2> err5 ||
	{ cat err5 >&2; fail "-o through root's own symlink failed"; }
grep -q '^execve(' "$D/mine" || fail "root's own symlink: no trace in its target"
[ "$(stat -c %a "$D/mine")" = 600 ] || fail "-o made a file of mode $(stat -c %a "$D/mine")"
"$ETRACE" -q -o /dev/stdout -- true > out6 2> err6 ||
	{ cat err6 >&2; fail "-o /dev/stdout failed"; }
grep -q '^execve(' out6 || fail "-o /dev/stdout: no trace on stdout"
"$ETRACE" -q --timeline "$D/new.json" -o /dev/null -- true 2> err7 ||
	{ cat err7 >&2; fail "--timeline a new file failed"; }
"$ETRACE" -q --stack=perf -o "$D/new.perf" -- true 2> err8 ||
	{ cat err8 >&2; fail "--stack=perf -o a new file failed"; }
for f in new.json new.perf; do
	[ -s "$D/$f" ] || fail "$f: empty"
	[ "$(stat -c %U:%a "$D/$f")" = root:600 ] ||
		fail "$f made $(stat -c %U:%a "$D/$f"), want root:600"
done
exit 0
