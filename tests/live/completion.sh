# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion, completion/etrace, as a user meets it: an
# interactive bash on a terminal (a pty) with bash-completion loaded
# types each line of the cases below and presses Tab; readline splits the
# words (at ":" and "=" too) and calls the completion, whose replies are
# written to a FIFO that this test reads (an event: no sleeps).  The
# replies are what readline puts in place of the word being typed.
# Root: event names come from tracefs (etrace -l).
. "$TOP/tests/lib.sh"
need_root

bc=/usr/share/bash-completion/bash_completion
[ -f "$bc" ] || fail "bash-completion is not installed (make deps)"
command -v bash > /dev/null || fail "no bash"

# a process with a name of our own for -p, and a command of that name
mkdir bin
cp /bin/sleep bin/etcompl_zz
bin/etcompl_zz 600 &
zz=$!
trap 'kill $zz 2> /dev/null' EXIT
touch trace.out trace.old tl.json tl.txt

# the expected replies, one case per line: "typed line|reply reply ..."
# (replies sorted; after an open quote readline's word starts at the
# quote, so the reply is the whole argument); syscall names are read from syscalls.tbl, the table
# etrace --list-syscalls prints from
ope=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^ope/ { print "%file," $2 }' \
	"$TOP/syscalls.tbl" | LC_ALL=C sort | tr '\n' ' ')
stat=$({ awk '$1 ~ /^[0-9]+$/ && $2 ~ /^stat/ { print $2 }' \
	"$TOP/syscalls.tbl"; echo status=; } | LC_ALL=C sort | tr '\n' ' ')
[ -n "$ope" ] || fail "no syscall named ope* in syscalls.tbl"
cat > cases <<EOF
etrace -e sched:sched_process_e|sched_process_exec sched_process_exit
etrace -f -l sched:sched_process_e|sched_process_exec sched_process_exit
etrace -e trace=sched:sched_process_e|sched_process_exec sched_process_exit
etrace --st|--stack-size --stack=bpf --stack=dwarf --stack=folded --stack=fp --stack=perf --strings-in-hex
etrace --stack=f|folded fp
etrace --stack=p|perf
etrace --stack=b|bpf
etrace --col|--color= --colour=
etrace --colour=a|always auto
etrace -e trace=%fi|%file
etrace -e trace=%file,ope|${ope% }
etrace -e 'trace=!%mem|trace=!%memory
etrace -e trace=?%pur|?%pure
etrace -e statu|status=
etrace -e stat|${stat% }
etrace -e status=!succ|!successful
etrace -e signal=SIGTER|SIGTERM
etrace -e decode-fds=p|path pidfd
etrace -e decode-fds=path,so|path,socket
etrace --decode-fds=d|dev
etrace -e quie|quiet=
etrace -e write=a|all
etrace -e read=3,n|3,none
etrace --write=!n|!none
etrace -e quiet=attach,ex|attach,exit
etrace --quiet=!pers|!personality
etrace --sil|--silence= --silent=
etrace -e decode-p|decode-pids=
etrace -e inj|inject=
etrace -e fault=%fi|%file
etrace --inject=ope|$(echo $ope | sed "s/%file,//g")
etrace --decode-pids=c|comm
etrace -P trace.o|trace.old trace.out
etrace --timeline tl.|tl.json
etrace --timel|--timeline
etrace -P trace.out etcompl_z|etcompl_zz
etrace -c -S min|min-time
etrace -X v|verbose
etrace --const-print-style r|raw
etrace --by comm,t|comm,tid
etrace -u roo|root
etrace -p etcompl_z|etcompl_zz
etrace -p etcompl_zz|$zz
etrace -o trace.o|trace.old trace.out
etrace -f -e trace=%file -- etcompl_z|etcompl_zz
etrace -e sched:sched_switch etcompl_z|etcompl_zz
etrace repo|report
etrace report -i trace.o|trace.old trace.out
etrace report -i trace.out -S min|min-time
etrace record -o trace.o|trace.old trace.out
etrace record -f -- etcompl_z|etcompl_zz
EOF
cut -d'|' -f1 cases > typed
cut -d'|' -f2 cases > expected

mkfifo replies
PATH="$(dirname "$ETRACE"):$WORK/bin:$PATH" TERM=dumb INPUTRC=/dev/null \
	HOME="$WORK" python3 - "$bc" "$TOP/completion/etrace" typed replies \
	> actual 2> driver.err <<'EOF' || { cat driver.err; fail "the pty driver failed"; }
import os, pty, select, sys, threading

bc, comp, typed, fifo = sys.argv[1:5]
pid, fd = pty.fork()
if pid == 0:
    os.execvp("bash", ["bash", "--norc", "--noprofile", "-i"])

screen = []
def drain():		# the terminal's output, kept for a failure's log
    while True:
        try:
            b = os.read(fd, 4096)
        except OSError:
            return
        if not b:
            return
        screen.append(b)
threading.Thread(target=drain, daemon=True).start()

def say(s):
    os.write(fd, s.encode())

def replies():
    # the completion writes once and closes: read to EOF; 120 s bounds
    # only a failure (the completion never ran)
    r = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    data = b""
    while True:
        ready, _, _ = select.select([r], [], [], 120)
        if not ready:
            sys.stderr.write("no reply; the terminal showed:\n" +
                             b"".join(screen).decode(errors="replace")[-3000:])
            sys.exit(1)
        b = os.read(r, 65536)
        if not b:
            break
        data += b
    os.close(r)
    return data.decode().split("\n")[:-1]

say(". %s; . %s\n" % (bc, comp))
# the completion registered itself; then its replies go to the FIFO too
say("complete -p etrace > %s; _etrace_t() { _etrace \"$@\"; "
    "printf '%%s\\n' \"${COMPREPLY[@]}\" > %s; }; "
    "complete -F _etrace_t etrace\n" % (fifo, fifo))
reg = replies()
if reg != ["complete -F _etrace etrace"]:
    sys.stderr.write("registered: %r\n" % reg)
    sys.exit(1)
for line in open(typed).read().split("\n")[:-1]:
    say(line + "\t")
    print(" ".join(sorted(r for r in replies() if r)))
    say("\x01\x0b")		# C-a C-k: the line is gone
say("exit\n")
os.waitpid(pid, 0)
EOF
paste -d'|' typed actual > got
same cases got "completion replies (typed|replies)"
echo "$(wc -l < cases) completions as expected"
