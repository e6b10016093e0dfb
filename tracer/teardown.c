// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The trace's end, on every exit path: the sink closed (its last write
 * said if it failed), the notes etrace owes (detached processes, lost and
 * malformed records, what -k cost), then every kernel object released by
 * a child so that etrace exits at once, and the memory of each stage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elfguard.h"
#include "proc.h"
#include "python.h"
#include "trace.h"
#include "unwind.h"

void trace_out_failed(struct trace *t, int e)
{
	const char *path = t->pr.view.failed ? t->pr.view.failed :
			   t->p->sink.outfile;

	fprintf(stderr, "etrace: writing %s failed: %s\n",
		path ? path : "the trace", strerror(e));
}

int trace_out_fails(const struct trace *t, int e)
{
	if (!e || e == EPIPE || e == -EPIPE || !t->p)
		return 0;
	/* --stack=perf is a product like --stack=folded's, not strace's -o */
	return t->pr.view.failed || t->p->stack_perf;
}

/*
 * ETRACE_TEARDOWN_LOG=FILE, for tests: the child that releases the
 * kernel objects is said in FILE when etrace starts it ("etrace P:
 * teardown child C started") and when it is done ("... C done").  A child
 * that crashes, or that a sanitizer stops, never says done: the test
 * harness waits for every child it finds started and fails the test.
 * etrace itself exits as it always does.  (The child's leaks are not
 * checked: LeakSanitizer's check at its _exit crashed twice in the
 * SANITIZE=1 CI runs of 2026-11-27, its own tracer faulting on this
 * forked child's heap (at 0x607000010000 both times), on
 * live/targets_errno's -Z -m 64K run; never in 15 runs of it by hand.  What the child frees, the parent
 * frees itself when fork fails.)
 */
static void teardown_say(const char *log, pid_t parent, pid_t child,
			 const char *what)
{
	int fd;

	if (!log)
		return;
	fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	dprintf(fd, "etrace %d: teardown child %d %s\n", (int)parent,
		(int)child, what);
	close(fd);
}

/*
 * The child holds no file a reader waits on: a pipe from etrace's
 * stdout or stderr (etrace ... 2>&1 | less, $(etrace ...)) would end
 * only when the child is done, a third of a second after etrace (seconds
 * for many tracepoints); so would the files of --flamegraph and -o with
 * --stack=folded.  Its stdio is /dev/null (closed if that cannot open).
 */
static void child_drop_files(struct trace *t)
{
	int nul = open("/dev/null", O_RDWR | O_CLOEXEC);

	for (int fd = 0; fd < 3; fd++)
		if (nul < 0 || (nul != fd && dup2(nul, fd) < 0))
			close(fd);
	if (nul > 2)
		close(nul);
	if (t->flame_fd >= 0)
		close(t->flame_fd);
	if (t->folded_fd >= 0)
		close(t->folded_fd);
	t->flame_fd = t->folded_fd = -1;
}

/* (the harness: what the child's stdio was when done; tests/run.sh
   fails a test whose child kept anything but /dev/null) */
static void teardown_say_stdio(const char *log, pid_t parent)
{
	char what[3 * 80 + 8] = "stdio", path[32], to[72];
	ssize_t n;

	if (!log)
		return;
	for (int fd = 0; fd < 3; fd++) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		n = readlink(path, to, sizeof(to) - 1);
		to[n < 0 ? 0 : n] = '\0';
		snprintf(what + strlen(what), sizeof(what) - strlen(what),
			 " %s", n < 0 ? "closed" : to);
	}
	teardown_say(log, parent, getpid(), what);
}

/*
 * Closing the last perf event of a tracepoint, or detaching a BPF program
 * from it, waits for RCU grace periods: ~40 ms each on the project
 * machine, seconds for a few dozen tracepoints.  Everything the user
 * waits for (the trace, the messages, the status) is done by now, so a
 * child does the closing and etrace exits at once.  The child holds the
 * only other references; it ends when they are released, and if it were
 * killed the kernel would release them all the same.
 */
static void release_kernel_objects(struct trace *t)
{
	const char *log = getenv("ETRACE_TEARDOWN_LOG");
	pid_t parent = getpid();
	int gone[2] = { -1, -1 };
	pid_t k = -1;
	char c;

	/* the child waits for our exit (EOF) so that its closes are the last */
	if ((t->ps.nfds || t->cap.skel) && !pipe2(gone, O_CLOEXEC))
		k = fork();
	if (k == 0) {
		close(gone[1]);
		child_drop_files(t);
		while (read(gone[0], &c, 1) < 0 && errno == EINTR)
			;
		capture_close(&t->cap);
		perf_close(&t->ps);
		teardown_say_stdio(log, parent);
		teardown_say(log, parent, getpid(), "done");
		_exit(0);
	}
	/* said before etrace exits, so the harness knows to wait for it */
	if (k > 0) {
		teardown_say(log, parent, k, "started");
		capture_drop(&t->cap);
	}
	if (gone[0] >= 0)
		close(gone[0]);
	if (k < 0 && gone[1] >= 0)
		close(gone[1]);
	if (k < 0) {
		capture_close(&t->cap);
		perf_close(&t->ps);
	}
	/* the parent's copies go at exit, without waiting: the child has them */
}

int trace_teardown(struct trace *t)
{
	int r = 0;

	/* setup failed before it was told: the reader sees EOF now */
	if (t->ready_fd >= 0)
		close(t->ready_fd);
	t->ready_fd = -1;
	if (t->sink)
		r = t->sink->ops->close(t->sink);
	t->sink = NULL;
	/* the last write, or the close (ENOSPC, EIO), failed: say it once */
	if (r && r != -EPIPE && !t->out_err && t->p)
		trace_out_failed(t, -r);
	if (t->p && t->nattached && !(t->p->quiet & QUIET_ATTACH)) {
		for (int i = 0; i < t->p->npids; i++)
			if (proc_alive(t->p->pids[i]))
				fprintf(stderr, "etrace: Process %d detached\n",
					(int)t->p->pids[i]);
	}
	if (t->have_child && t->ln.go_fd >= 0)
		launch_abort(&t->ln);
	/*
	 * --kill-on-exit, on every path (the status etrace exits with is
	 * decided); before the teardown child, which is no traced task
	 */
	if (t->have_child)
		launch_kill(&t->ln, &t->p->launch, &(int){ 0 });
	launch_free(&t->ln);
	/* -e inject=: what still runs under the filter runs uninjected */
	inject_hand_off(t->inj);
	inject_free(t->inj);
	t->inj = t->pr.inj = NULL;
	if (t->lost)
		fprintf(stderr, "etrace: %llu records lost: the rings were too"
			" small for the event rate (try -m %lluK)\n",
			(unsigned long long)t->lost,
			(unsigned long long)(reports_ring_advice(t) >> 10));
	if (t->bad || t->pr.cap_bad)
		fprintf(stderr, "etrace: %llu malformed records skipped\n",
			(unsigned long long)(t->bad + t->pr.cap_bad));
	/* what -k cost: the bench divides etrace's CPU time by it */
	if (t->p && t->p->stacks && !(t->p->quiet & QUIET_ATTACH) && t->pr.unw.stacks)
		fprintf(stderr, "etrace: %llu user stacks unwound, %llu frames,"
			" %llu process layout%s, %llu read by libdw\n",
			(unsigned long long)t->pr.unw.stacks,
			(unsigned long long)t->pr.unw.frames,
			(unsigned long long)t->pr.unw.nlayouts,
			t->pr.unw.nlayouts == 1 ? "" : "s",
			(unsigned long long)t->pr.unw.ndwfls);
	if (t->p && t->p->cap.ustack && !(t->p->quiet & QUIET_ATTACH) &&
	    t->pr.unw.stacks)
		fprintf(stderr, "etrace: --stack=bpf: %llu of them unwound in"
			" the kernel, %llu from a stack copy\n",
			(unsigned long long)t->pr.unw.kstacks,
			(unsigned long long)(t->pr.unw.stacks -
					     t->pr.unw.kstacks));
	/* a traced program shrank a file it ran code from (elfguard.h) */
	if (t->p && t->p->stacks && elfguard_pages())
		fprintf(stderr, "etrace: %llu page%s of mapped files gone when"
			" read (a file shrank while traced): stacks through"
			" them are cut\n",
			(unsigned long long)elfguard_pages(),
			elfguard_pages() == 1 ? "" : "s");
	fflush(stderr);
	release_kernel_objects(t);
	merge_free(&t->mg);
	events_free(&t->ev);
	tfs_close(&t->tfs);
	if (t->p && t->p->stacks) {
		python_free(&t->pr.unw);
		unwind_free(&t->pr.unw);
	}
	stacks_free(t->pr.agg);
	t->pr.agg = NULL;
	spawns_free(t->pr.spawns);
	t->pr.spawns = NULL;
	pair_free(&t->pr);
	summary_free(&t->sum);
	summary_free(&t->sum_rec);
	summary_free(&t->sum_prev);
	free(t->attached);
	if (t->flame_fd >= 0)
		close(t->flame_fd);
	if (t->folded_fd >= 0)
		close(t->folded_fd);
	if (t->sfd >= 0)
		close(t->sfd);
	return r;
}
