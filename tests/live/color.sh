# SPDX-License-Identifier: GPL-2.0-or-later
# --color on a real terminal (a pty made by python3's pty module, raw, so
# the bytes are etrace's): tests/progs/colors' trace, whole, with the
# exact escape sequences: the names bold, the failed chdir's
# "= -1 ENOENT (...)" red, the signal line yellow, the killed line bold
# red, the exit line green, each reset at its end.  Plain, byte for byte
# the same text without them: NO_COLOR=1 on the terminal, --color=never
# on it, TERM=dumb, auto with -o FILE, auto into a pipe.  -c's table: the
# error counts red, in their column (-S name, the times masked).  NO_COLOR set
# but empty does not count (no-color.org); --color=always -o FILE colours
# the file, whatever NO_COLOR says.  (Lost-record lines: tests/unit/
# text_color.c, which cannot wait on a loss here.)
. "$TOP/tests/lib.sh"
need_root
command -v python3 >/dev/null || fail "needs python3"

cat > pty.py <<'PY'
import os, sys, tty, subprocess
m, s = os.openpty()
tty.setraw(s)
p = subprocess.Popen(sys.argv[1:], stdin=s, stdout=s, stderr=s)
os.close(s)
out = b''
while True:
    try:
        d = os.read(m, 65536)
    except OSError:
        break
    if not d:
        break
    out += d
sys.stdout.buffer.write(out)
sys.exit(p.wait())
PY

args="-q -f -e trace=chdir,getppid,exit_group -e signal=SIGUSR1"
# pids differ run to run
mask() { sed -E 's/^\[pid +[0-9]+\] /[pid N] /; s/^[0-9]+ +/N /;
	s/= [0-9]+$/= N/; s/si_pid=[0-9]+/si_pid=N/' "$@"; }
on_tty() {	# out-file etrace-args...
	_o=$1
	shift
	python3 pty.py "$ETRACE" "$@" -- "$PROGS/colors" > "$_o.raw"
	_rc=$?
	[ $_rc = 3 ] || { cat "$_o.raw" >&2; fail "etrace $* on a pty: exit $_rc"; }
	mask "$_o.raw" > "$_o"
}

E=$(printf '\033')
cat > color.want <<END
${E}[1mchdir${E}[0m("/nonexistent/etrace-color")      ${E}[31m= -1 ENOENT (No such file or directory)${E}[0m
${E}[1mgetppid${E}[0m()                               = N
${E}[33m--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_TKILL, si_pid=N, si_uid=0} ---${E}[0m
[pid N] ${E}[1;31m+++ killed by SIGKILL +++${E}[0m
${E}[1mexit_group${E}[0m(3)                           = ?
${E}[32m+++ exited with 3 +++${E}[0m
END
sed "s/${E}\[[0-9;]*m//g" color.want > plain.want
grep -q "$E" plain.want && fail "plain.want kept an escape"

unset NO_COLOR
export TERM=xterm
on_tty auto.out $args
same color.want auto.out "--color=auto (the default) on a terminal"
NO_COLOR= on_tty empty.out $args
same color.want empty.out "auto on a terminal, NO_COLOR set but empty"
on_tty always.out $args --colour=always
same color.want always.out "--colour=always on a terminal"
NO_COLOR=1 on_tty nocolor.out $args
same plain.want nocolor.out "auto on a terminal with NO_COLOR=1"
on_tty never.out $args --color=never
same plain.want never.out "--color=never on a terminal"
TERM=dumb on_tty dumb.out $args
same plain.want dumb.out "auto on a terminal with TERM=dumb"

# -o FILE: lines start "PID  " (the column of " = " moves with the
# pid's width: one space kept); auto leaves the file plain even with the
# terminal on stderr, always colours it even with NO_COLOR
file_mask() { mask "$@" | sed -E "s/\)( +)(${E}\[31m)?= /) \2= /"; }
sed -E 's/^(\[pid N\] )?/N /' color.want | file_mask > color_file.want
sed -E 's/^(\[pid N\] )?/N /' plain.want | file_mask > plain_file.want
on_tty tty.out $args -o auto_file.raw
[ -s tty.out ] && fail "-o FILE: the terminal got $(cat tty.out)"
file_mask auto_file.raw > auto_file.out
same plain_file.want auto_file.out "--color=auto -o FILE"
NO_COLOR=1 on_tty tty.out $args --color=always -o always_file.raw
file_mask always_file.raw > always_file.out
same color_file.want always_file.out "--color=always -o FILE, NO_COLOR=1"

# -c on the terminal: the table's error counts in the errors' style, the
# columns where they were (the times masked); never: the same, plain
cat > table.want <<END
% time     seconds  usecs/call     calls    errors syscall
------ ----------- ----------- --------- --------- ----------------
T         1 ${E}[31m        1${E}[0m chdir
T         1           getppid
------ ----------- ----------- --------- --------- ----------------
T         2 ${E}[31m        1${E}[0m total
END
sed "s/${E}\[[0-9;]*m//g" table.want > table_plain.want
table_mask() { sed -E 's/^ *[0-9.]+ +[0-9.]+ +[0-9]+ /T /' "$@"; }
on_tty table.raw -q -c -S name -e trace=chdir,getppid
table_mask table.raw > table.out
same table.want table.out "-c's table on a terminal"
on_tty table_never.raw -q -c -S name -e trace=chdir,getppid --color=never
table_mask table_never.raw > table_never.out
same table_plain.want table_never.out "-c's table, --color=never"

# into a pipe: no terminal, no colour
"$ETRACE" $args -- "$PROGS/colors" 2>&1 | cat > pipe.raw
mask pipe.raw > pipe.out
same plain.want pipe.out "--color=auto into a pipe"
echo ok
