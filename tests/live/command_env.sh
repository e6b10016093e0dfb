# SPDX-License-Identifier: GPL-2.0-or-later
# The command starts as it would without etrace: the same fd limits
# (etrace raises its own soft RLIMIT_NOFILE; the command inherited it),
# nice value (etrace runs at nice -20), blocked, ignored and caught
# signal sets, environment, umask and working directory, compared with
# the same command run without etrace from the same shell.  Run under a
# soft fd limit below the hard one, at nice 5, with SIGINT and SIGCHLD
# ignored and SIGUSR1 blocked, so that a leak of etrace's own state shows
# (etrace takes SIGCHLD back for itself: it once never saw its command
# end then).
# getpriority(PRIO_PGRP) and PRIO_USER may still see etrace: it stays
# in the command's process group, as strace does (README).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
command -v python3 > /dev/null || fail "needs python3"

cat > show.py <<'PY'
import os, resource, signal
print("nofile", resource.getrlimit(resource.RLIMIT_NOFILE))
print("nice", os.getpriority(os.PRIO_PROCESS, 0))
print("blocked", sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])))
for l in open("/proc/self/status"):
    if l.startswith(("SigIgn", "SigCgt", "SigBlk")):
        print(l.strip())
print("umask", oct(os.umask(0)))
print("cwd", os.getcwd())
for k in sorted(os.environ):
    print("env", k, os.environ[k])
PY
# the start state: low soft limit, nice 5, SIGINT and SIGCHLD ignored,
# SIGUSR1 blocked
run() {	# [etrace args]
	python3 -c '
import os, resource, signal, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (200, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
os.nice(5)
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])
os.umask(0o027)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
}
run python3 show.py > want 2> err1 || { cat err1 >&2; fail "python3 show.py failed"; }
grep -qx 'nofile (200, [0-9]*)' want || fail "the start state was not set up: $(head -1 want)"
run "$ETRACE" -q -o trace -- python3 show.py > got 2> err2 ||
	{ cat err2 >&2; fail "etrace -- python3 show.py failed"; }
same want got "what the command reads about itself under etrace"
exit 0
