/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: what is not said (-q, -qq, -qqq, -e quiet=: strace's
 * sets), a bit each.  The options parse it, the plan hands it on.
 */
#ifndef ETRACE_QUIET_H
#define ETRACE_QUIET_H

#define QUIET_ATTACH		0x01	/* attach and detach notes, and
					   etrace's own notes on stderr */
#define QUIET_EXIT		0x02	/* "+++ exited with N +++" */
#define QUIET_PATH		0x04	/* path-resolution, personality: */
#define QUIET_PERSONALITY	0x08	/* messages etrace never prints */
#define QUIET_THREAD_EXECVE	0x10	/* "+++ superseded by execve ..." */
#define QUIET_ALL		0x1f

#endif
