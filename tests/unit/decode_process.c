// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: processes: clone, wait4/waitid, rlimits, prctl, personality,
 * uname, futex, capget/capset, as strace 6.1 printed them.
 */
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "check_decode.h"

static void test_clone(void)
{
	uint64_t fl = CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID | SIGCHLD;
	struct sc_call c = CALL(SYS_clone, 9956, fl, 0, 0, 0x7f5296c04a10, 0);
	int32_t tid = 3831;
	struct cap kt = CAP(&tid, 4);

	CHECK_STR(run_entry(&c), "clone(child_stack=NULL, flags="
		  "CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD");
	CHECK_STR(run(&c), "clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID"
		  "|CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=0x7f5296c04a10) = "
		  "9956");
	fl = CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID |
	     SIGCHLD;
	c = CALL(SYS_clone, 3831, fl, 0, 0x7ffe1000, 0x7ffe1000, 0x1000);
	c.cap_out[2] = &kt;
	CHECK_STR(run(&c), "clone(child_stack=NULL, flags=CLONE_SETTLS|"
		  "CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID|SIGCHLD, "
		  "parent_tid=[3831], tls=0x1000, child_tidptr=0x7ffe1000) = "
		  "3831");
	c = CALL(SYS_clone, 5, 0, 0x7000, 0, 0, 0);
	CHECK_STR(run(&c), "clone(child_stack=0x7000, flags=0) = 5");
	c = CALL(SYS_unshare, 0, CLONE_NEWNS | CLONE_FILES);
	CHECK_STR(run(&c), "unshare(CLONE_FILES|CLONE_NEWNS) = 0");
	c = CALL(SYS_setns, -22, 3, CLONE_NEWNET);
	CHECK_STR(run(&c), "setns(3, CLONE_NEWNET) = -1 EINVAL "
		  "(Invalid argument)");
}

static void test_wait(void)
{
	int32_t st = 3 << 8;
	struct cap k = CAP(&st, 4);
	uint8_t ru[144];
	struct cap kru = CAP(ru, sizeof(ru));
	struct sc_call c = CALL(SYS_wait4, 10038, 10038, 0x10,
				WUNTRACED | __WALL, 0);

	c.cap_out[1] = &k;
	CHECK_STR(run_entry(&c), "wait4(10038, ");
	CHECK_STR(run(&c), "wait4(10038, [{WIFEXITED(s) && WEXITSTATUS(s) == "
		  "3}], WSTOPPED|__WALL, NULL) = 10038");
	st = SIGKILL;
	CHECK_STR(run(&c), "wait4(10038, [{WIFSIGNALED(s) && WTERMSIG(s) == "
		  "SIGKILL}], WSTOPPED|__WALL, NULL) = 10038");
	st = SIGSEGV | 0x80;
	CHECK_STR(run(&c), "wait4(10038, [{WIFSIGNALED(s) && WTERMSIG(s) == "
		  "SIGSEGV && WCOREDUMP(s)}], WSTOPPED|__WALL, NULL) = 10038");
	st = (SIGSTOP << 8) | 0x7f;
	CHECK_STR(run(&c), "wait4(10038, [{WIFSTOPPED(s) && WSTOPSIG(s) == "
		  "SIGSTOP}], WSTOPPED|__WALL, NULL) = 10038");
	c = CALL(SYS_wait4, -10, -1, 0x7fff6ce81b4c, WNOHANG, 0);
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "wait4(-1, 0x7fff6ce81b4c, WNOHANG, NULL) = -1 "
		  "ECHILD (No child processes)");
	c = CALL(SYS_waitid, -10, P_PIDFD, 99, 0x7ffd0000, WEXITED | WNOHANG,
		 0);
	CHECK_STR(run(&c), "waitid(P_PIDFD, 99, 0x7ffd0000, WNOHANG|WEXITED, "
		  "NULL) = -1 ECHILD (No child processes)");
	/* -v: the rest of struct rusage, longs strace prints unsigned */
	memset(ru, 0xff, sizeof(ru));
	c = CALL(SYS_waitid, 0, P_PID, 610788, 0x7ffd0000, WNOHANG | WEXITED,
		 0x7ffd1000);
	c.cap_out[4] = &kru;
	fo.verbose = 1;
	CHECK_STR(run(&c), "waitid(P_PID, 610788, 0x7ffd0000, WNOHANG|WEXITED, "
		  "{ru_utime={tv_sec=-1, tv_usec=18446744073709551615}, "
		  "ru_stime={tv_sec=-1, tv_usec=18446744073709551615}, "
		  "ru_maxrss=18446744073709551615, ru_ixrss=18446744073709551615, "
		  "ru_idrss=18446744073709551615, ru_isrss=18446744073709551615, "
		  "ru_minflt=18446744073709551615, ru_majflt=18446744073709551615, "
		  "ru_nswap=18446744073709551615, ru_inblock=18446744073709551615, "
		  "ru_oublock=18446744073709551615, ru_msgsnd=18446744073709551615, "
		  "ru_msgrcv=18446744073709551615, "
		  "ru_nsignals=18446744073709551615, ru_nvcsw=18446744073709551615, "
		  "ru_nivcsw=18446744073709551615}) = 0");
	fo.verbose = 0;
	/* strace's order of the options (waitid.c) */
	c = CALL(SYS_waitid, -10, P_ALL, -1, 0x7f06438a2f80,
		 WEXITED | WSTOPPED | __WCLONE | __WALL, 0x7f06435d2f70);
	CHECK_STR(run(&c), "waitid(P_ALL, -1, 0x7f06438a2f80, WEXITED|WSTOPPED|"
		  "__WCLONE|__WALL, 0x7f06435d2f70) = -1 ECHILD (No child "
		  "processes)");
}

/* times.c: clock ticks with their seconds, but not with -Xraw */
static void test_times(void)
{
	uint64_t t[4] = { 31, 0, 154, 10095 };
	struct cap k = CAP(t, sizeof(t));
	struct sc_call c = CALL(SYS_times, 1722709218, 0x7ffd0000);

	c.cap_out[0] = &k;
	CHECK_STR(run(&c), "times({tms_utime=31 /* 0.31 s */, tms_stime=0, "
		  "tms_cutime=154 /* 1.54 s */, tms_cstime=10095 /* 100.95 s "
		  "*/}) = 1722709218");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "times({tms_utime=31 /* 0.31 "
		  "s */, tms_stime=0, tms_cutime=154 /* 1.54 s */, tms_cstime="
		  "10095 /* 100.95 s */}) = 1722709218");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "times({tms_utime=31, tms_stime=0, "
		  "tms_cutime=154, tms_cstime=10095}) = 1722709218");
}

/* ioprio.c: the priority as IOPRIO_PRIO_VALUE in each -X style */
static void test_ioprio(void)
{
	struct sc_call c = CALL(SYS_ioprio_get, 0, 1, 614871);

	CHECK_STR(run(&c), "ioprio_get(IOPRIO_WHO_PROCESS, 614871) = 0 "
		  "(IOPRIO_PRIO_VALUE(IOPRIO_CLASS_NONE, 0))");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioprio_get(0x1 /* "
		  "IOPRIO_WHO_PROCESS */, 614871) = 0 (IOPRIO_PRIO_VALUE(0 /* "
		  "IOPRIO_CLASS_NONE */, 0))");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioprio_get(0x1, 614871) = 0");
	c = CALL(SYS_ioprio_get, 16388, 1, 0);
	CHECK_STR(run(&c), "ioprio_get(IOPRIO_WHO_PROCESS, 0) = 16388 "
		  "(IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4))");
	c = CALL(SYS_ioprio_set, -22, 2, 614905, 8191);
	CHECK_STR(run(&c), "ioprio_set(IOPRIO_WHO_PGRP, 614905, "
		  "IOPRIO_PRIO_VALUE(IOPRIO_CLASS_NONE, 8191)) = -1 EINVAL "
		  "(Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioprio_set(0x2 /* "
		  "IOPRIO_WHO_PGRP */, 614905, 8191 /* IOPRIO_PRIO_VALUE(0 /* "
		  "IOPRIO_CLASS_NONE */, 8191) */) = -1 EINVAL (Invalid "
		  "argument)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioprio_set(0x2, 614905, 8191) = "
		  "-1 EINVAL (Invalid argument)");
	c = CALL(SYS_ioprio_set, -22, 0xdec0ded1fa57beefULL,
		 0xbadc0dedda7a1057ULL, 0xdec0ded1facefeedULL);
	CHECK_STR(run(&c), "ioprio_set(0xfa57beef /* IOPRIO_WHO_??? */, "
		  "-629534633, IOPRIO_PRIO_VALUE(0x7d677 /* IOPRIO_CLASS_??? */, "
		  "7917)) = -1 EINVAL (Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioprio_set(0xfa57beef, "
		  "-629534633, -87097619) = -1 EINVAL (Invalid argument)");
}

static void test_rlimit(void)
{
	uint64_t rl[2] = { 8192 * 1024, UINT64_MAX };
	struct cap k = CAP(rl, 16);
	struct sc_call c = CALL(SYS_prlimit64, 0, 0, RLIMIT_STACK, 0, 0x10);

	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "prlimit64(0, RLIMIT_STACK, NULL, {rlim_cur=8192*"
		  "1024, rlim_max=RLIM64_INFINITY}) = 0");
	rl[0] = 1024;
	CHECK_STR(run(&c), "prlimit64(0, RLIMIT_STACK, NULL, {rlim_cur=1024, "
		  "rlim_max=RLIM64_INFINITY}) = 0");
	c = CALL(SYS_prlimit64, -22, 0, 99, 0, 0x7ffdc89b8880);
	CHECK_STR(run(&c), "prlimit64(0, 0x63 /* RLIMIT_??? */, NULL, "
		  "0x7ffdc89b8880) = -1 EINVAL (Invalid argument)");
}

static void test_prctl_personality(void)
{
	char name[16] = "foo";
	int32_t sig = SIGTERM;
	struct cap kn = CAP(name, 16), ks = CAP(&sig, 4);
	struct cap set = CAP("hello_world_1234567", 16);
	struct sc_call c = CALL(SYS_prctl, 0, PR_GET_NAME, 0x10, 0, 0, 0);

	c.cap_out[1] = &kn;
	CHECK_STR(run_entry(&c), "prctl(PR_GET_NAME, ");
	CHECK_STR(run(&c), "prctl(PR_GET_NAME, \"foo\") = 0");
	c = CALL(SYS_prctl, 0, PR_SET_NAME, 0x10, 0, 0, 0);
	c.cap[1] = &set;
	CHECK_STR(run(&c), "prctl(PR_SET_NAME, \"hello_world_123\"...) = 0");
	c = CALL(SYS_prctl, 0, PR_GET_PDEATHSIG, 0x10, 0, 0, 0);
	c.cap_out[1] = &ks;
	CHECK_STR(run(&c), "prctl(PR_GET_PDEATHSIG, [SIGTERM]) = 0");
	c = CALL(SYS_prctl, 1, PR_GET_DUMPABLE, 0, 0, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_GET_DUMPABLE) = 1 (SUID_DUMP_USER)");
	c = CALL(SYS_prctl, 0, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) = 0");
	c = CALL(SYS_prctl, 1, PR_CAPBSET_READ, 1, 0, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_CAPBSET_READ, CAP_DAC_OVERRIDE) = 1");
	c = CALL(SYS_prctl, -22, PR_SET_SECCOMP, 0, 0, 0x7f5293bb845d, 0);
	CHECK_STR(run(&c), "prctl(PR_SET_SECCOMP, SECCOMP_MODE_DISABLED, 0, "
		  "0x7f5293bb845d, 0) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_prctl, -22, 9999, 1, 2, 3, 4);
	CHECK_STR(run(&c), "prctl(0x270f /* PR_??? */, 0x1, 0x2, 0x3, 0x4) = "
		  "-1 EINVAL (Invalid argument)");
	c = CALL(SYS_personality, 0, 0xffffffff);
	CHECK_STR(run(&c), "personality(0xffffffff) = 0 (PER_LINUX)");
	c = CALL(SYS_personality, 0x40000, 0);
	CHECK_STR(run(&c), "personality(PER_LINUX) = 0x40000 (PER_LINUX|"
		  "ADDR_NO_RANDOMIZE)");
	c = CALL(SYS_membarrier, 0x3ff, 0, 0);
	CHECK_STR(run(&c), "membarrier(MEMBARRIER_CMD_QUERY, 0) = 0x3ff ("
		  "MEMBARRIER_CMD_GLOBAL|MEMBARRIER_CMD_GLOBAL_EXPEDITED|"
		  "MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED|"
		  "MEMBARRIER_CMD_PRIVATE_EXPEDITED|"
		  "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED|"
		  "MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE|"
		  "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE|"
		  "MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ|"
		  "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ|0x200)");
}

static void test_futex(void)
{
	int64_t ts[2] = { 1, 5 };
	struct cap k = CAP(ts, 16);
	struct sc_call c = CALL(SYS_futex, 0, 0x7f45d71f9a4c,
				FUTEX_WAKE_PRIVATE, 2147483647, 0, 0, 0);

	CHECK_STR(run(&c), "futex(0x7f45d71f9a4c, FUTEX_WAKE_PRIVATE, "
		  "2147483647) = 0");
	c = CALL(SYS_futex, -11, 0x10, FUTEX_WAIT, 1, 0, 0, 0);
	CHECK_STR(run(&c), "futex(0x10, FUTEX_WAIT, 1, NULL) = -1 EAGAIN "
		  "(Resource temporarily unavailable)");
	c = CALL(SYS_futex, -11, 0x10, FUTEX_WAIT_BITSET_PRIVATE |
		 FUTEX_CLOCK_REALTIME, 1, 0x20, 0, FUTEX_BITSET_MATCH_ANY);
	c.cap[3] = &k;
	CHECK_STR(run(&c), "futex(0x10, FUTEX_WAIT_BITSET_PRIVATE|"
		  "FUTEX_CLOCK_REALTIME, 1, {tv_sec=1, tv_nsec=5}, "
		  "FUTEX_BITSET_MATCH_ANY) = -1 EAGAIN (Resource temporarily "
		  "unavailable)");
	c = CALL(SYS_futex, 0, 0x10, FUTEX_WAKE_OP_PRIVATE, 1, 1, 0x10,
		 FUTEX_OP(FUTEX_OP_SET, 0, FUTEX_OP_CMP_GT, 1));
	CHECK_STR(run(&c), "futex(0x10, FUTEX_WAKE_OP_PRIVATE, 1, 1, 0x10, "
		  "FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1) = 0");
	c = CALL(SYS_futex, -38, 0x10, 99, 1, 2, 0x10, 3);
	CHECK_STR(run(&c), "futex(0x10, 0x63 /* FUTEX_??? */, 1, 0x2, 0x10, "
		  "0x3) = -1 ENOSYS (Function not implemented)");
	c = CALL(SYS_futex, -1, 0x10, FUTEX_UNLOCK_PI, 1, 2, 0x10, 3);
	CHECK_STR(run(&c), "futex(0x10, FUTEX_UNLOCK_PI) = -1 EPERM "
		  "(Operation not permitted)");
	c = CALL(SYS_futex, -38, 0x10, 0x1001, 1, 0, 0, 0);
	CHECK_STR(run(&c), "futex(0x10, 0x1001 /* FUTEX_??? */, 1) = -1 "
		  "ENOSYS (Function not implemented)");
}

/* -Y: names of the pids the callback knows, escaped as strace escapes */
static const char *names(const void *ctx, int64_t pid)
{
	return pid == 100 ? "make" : pid == 101 ? "a<b>7\n" : NULL;
}

static void test_pid_names(void)
{
	struct sc_call c;
	siginfo_t si = { 0 };
	struct cap k = CAP(&si, sizeof(si));

	fo.pid_name = names;
	c = CALL(SYS_kill, 0, 100, SIGTERM);
	CHECK_STR(run(&c), "kill(100<make>, SIGTERM) = 0");
	c = CALL(SYS_kill, 0, 101, 0);
	CHECK_STR(run(&c), "kill(101<a\\74b\\0767\\n>, 0) = 0");
	/* a group (negative), nobody known, a pgid argument: no name */
	c = CALL(SYS_kill, 0, -100, 0);
	CHECK_STR(run(&c), "kill(-100, 0) = 0");
	c = CALL(SYS_kill, -3, 102, 0);
	CHECK_STR(run(&c), "kill(102, 0) = -1 ESRCH (No such process)");
	c = CALL(SYS_setpgid, 0, 100, 100);
	CHECK_STR(run(&c), "setpgid(100<make>, 100) = 0");
	c = CALL(SYS_getpgid, 100, 0);
	CHECK_STR(run(&c), "getpgid(0) = 100");
	c = CALL(SYS_wait4, 100, -1, 0, 0, 0);
	CHECK_STR(run(&c), "wait4(-1, NULL, 0, NULL) = 100<make>");
	c = CALL(SYS_set_tid_address, 100, 0x1000);
	CHECK_STR(run(&c), "set_tid_address(0x1000) = 100");
	/* waitid: a pid only for P_PID */
	si.si_signo = SIGCHLD;
	si.si_code = CLD_EXITED;
	si.si_pid = 100;
	c = CALL(SYS_waitid, 0, P_PID, 100, 0x10, WEXITED, 0);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "waitid(P_PID, 100<make>, {si_signo=SIGCHLD, "
		  "si_code=CLD_EXITED, si_pid=100<make>, si_uid=0, si_status=0, "
		  "si_utime=0, si_stime=0}, WEXITED, NULL) = 0");
	c = CALL(SYS_waitid, -10, P_PGID, 100, 0x10, WEXITED, 0);
	CHECK_STR(run(&c), "waitid(P_PGID, 100, 0x10, WEXITED, NULL) = -1 "
		  "ECHILD (No child processes)");
	fo.pid_name = NULL;
	c = CALL(SYS_kill, 0, 100, SIGTERM);
	CHECK_STR(run(&c), "kill(100, SIGTERM) = 0");
}

/* capset/capget: the data's structs by the header's version (one with
   version 1, two after); no header read, or fewer bytes than the
   version needs: the pointer */
static void test_caps(void)
{
	static const uint32_t v3[2] = { 0x20080522, 0 }, v1[2] = { 0x19980330, 0 };
	static const uint32_t d[6] = { 1u << 1, 1u << 2, 0, 1u << 3, 1u << 4, 0 };
	struct cap h3 = CAP(v3, 8), h1 = CAP(v1, 8), all = CAP(d, 24),
		   half = CAP(d, 12);
	struct sc_call c = CALL(SYS_capset, -1, 0x1000, 0x2000);

	c.cap[0] = &h3;
	c.cap[1] = &all;
	CHECK_STR(run(&c), "capset({version=_LINUX_CAPABILITY_VERSION_3, "
		  "pid=0}, {effective=1<<CAP_DAC_OVERRIDE|1<<CAP_WAKE_ALARM, "
		  "permitted=1<<CAP_DAC_READ_SEARCH|1<<CAP_BLOCK_SUSPEND, "
		  "inheritable=0}) = -1 EPERM (Operation not permitted)");
	c.cap[1] = &half;	/* its second struct unreadable */
	CHECK_STR(run(&c), "capset({version=_LINUX_CAPABILITY_VERSION_3, "
		  "pid=0}, 0x2000) = -1 EPERM (Operation not permitted)");
	c.cap[0] = &h1;
	CHECK_STR(run(&c), "capset({version=_LINUX_CAPABILITY_VERSION_1, "
		  "pid=0}, {effective=1<<CAP_DAC_OVERRIDE, "
		  "permitted=1<<CAP_DAC_READ_SEARCH, inheritable=0}) = "
		  "-1 EPERM (Operation not permitted)");
	c.cap[0] = NULL;	/* the header unreadable: how many, unknown */
	c.cap[1] = &all;
	c.ret = -14;
	CHECK_STR(run(&c), "capset(0x1000, 0x2000) = -1 EFAULT (Bad address)");
	c = CALL(SYS_capget, 0, 0x1000, 0x2000);
	c.cap[0] = &h3;
	c.cap_out[1] = &all;
	CHECK_STR(run(&c), "capget({version=_LINUX_CAPABILITY_VERSION_3, "
		  "pid=0}, {effective=1<<CAP_DAC_OVERRIDE|1<<CAP_WAKE_ALARM, "
		  "permitted=1<<CAP_DAC_READ_SEARCH|1<<CAP_BLOCK_SUSPEND, "
		  "inheritable=0}) = 0");
}

int main(void)
{
	test_caps();
	test_pid_names();
	test_clone();
	test_wait();
	test_times();
	test_ioprio();
	test_rlimit();
	test_prctl_personality();
	test_futex();
	CHECK_DONE();
}
