// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: what tests/parity.sh found different from strace 6.1, each
 * expected line taken from strace 6.1 on the same call (tests/progs/fam_*
 * and one-off programs): hidden arguments (preadv's pos_h), flag sets
 * (faccessat2, wait4, socket types, System V IPC), structs (open_how,
 * utimensat's times, sigevent, timex, socket options), return values
 * (time, rt_sigtimedwait, adjtimex), arrays sized by other arguments
 * (poll, mincore), values the kernel stored (clone3's parent_tid).
 */
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/openat2.h>
#include <linux/sched.h>
#include <poll.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <time.h>

#include "check_decode.h"

static void test_files(void)
{
	struct open_how h1 = { .flags = O_WRONLY | O_CREAT, .mode = 0600 };
	struct open_how h2 = { .flags = O_RDONLY | O_CLOEXEC,
			       .resolve = RESOLVE_BENEATH };
	struct cap k1 = CAP(&h1, sizeof(h1)), k2 = CAP(&h2, sizeof(h2));
	struct timespec ts[2] = { { 1000000000, 5 }, { 1100000000, 0 } };
	struct timespec now[2] = { { 0, UTIME_NOW }, { 0, UTIME_OMIT } };
	struct timeval tv[2] = { { 1000000000, 7 }, { 1, 0 } };
	struct cap kts = CAP(ts, sizeof(ts)), know = CAP(now, sizeof(now));
	struct cap ktv = CAP(tv, sizeof(tv));
	int64_t off0 = 0, off100 = 100, off4 = 4;
	struct cap ko0 = CAP(&off0, 8), ko100 = CAP(&off100, 8);
	struct cap ko4 = CAP(&off4, 8);
	struct sc_call c;

	/* preadv/pwritev: pos_h is not shown */
	c = CALL(SYS_pwritev, 8, 3, 0x1000, 2, 100, 0);
	CHECK_STR(run(&c), "pwritev(3, 0x1000, 2, 100) = 8");
	c = CALL(SYS_preadv2, 7, 3, 0x1000, 2, 0, 0, RWF_NOWAIT);
	CHECK_STR(run(&c), "preadv2(3, 0x1000, 2, 0, RWF_NOWAIT) = 7");
	/* AT_EACCESS, not AT_REMOVEDIR (the same bit) */
	c = CALL(SYS_faccessat2, 0, (uint64_t)AT_FDCWD, 0x1000, F_OK,
		 AT_EACCESS);
	CHECK_STR(run(&c), "faccessat2(AT_FDCWD, 0x1000, F_OK, AT_EACCESS) = 0");
	c = CALL(SYS_openat2, 5, (uint64_t)AT_FDCWD, 0x1000, 0x2000, 24);
	c.cap[2] = &k1;
	CHECK_STR(run(&c), "openat2(AT_FDCWD, 0x1000, {flags=O_WRONLY|O_CREAT, "
		  "mode=0600, resolve=0}, 24) = 5");
	c.cap[2] = &k2;
	CHECK_STR(run(&c), "openat2(AT_FDCWD, 0x1000, {flags=O_RDONLY|O_CLOEXEC"
		  ", resolve=RESOLVE_BENEATH}, 24) = 5");
	/* too small for an open_how: the pointer */
	c.args[3] = 8;
	CHECK_STR(run(&c), "openat2(AT_FDCWD, 0x1000, 0x2000, 8) = 5");
	c = CALL(SYS_utimensat, 0, (uint64_t)AT_FDCWD, 0x1000, 0x2000, 0);
	c.cap[2] = &kts;
	CHECK_STR(run(&c), "utimensat(AT_FDCWD, 0x1000, [{tv_sec=1000000000, "
		  "tv_nsec=5} /* 2001-09-09T01:46:40.000000005+0000 */, "
		  "{tv_sec=1100000000, tv_nsec=0} /* 2004-11-09T11:33:20+0000 "
		  "*/], 0) = 0");
	c.cap[2] = &know;
	CHECK_STR(run(&c), "utimensat(AT_FDCWD, 0x1000, [UTIME_NOW, UTIME_OMIT]"
		  ", 0) = 0");
	c.cap[2] = NULL;
	CHECK_STR(run(&c), "utimensat(AT_FDCWD, 0x1000, 0x2000, 0) = 0");
	c = CALL(SYS_futimesat, 0, (uint64_t)AT_FDCWD, 0x1000, 0x2000);
	c.cap[2] = &ktv;
	CHECK_STR(run(&c), "futimesat(AT_FDCWD, 0x1000, [{tv_sec=1000000000, "
		  "tv_usec=7} /* 2001-09-09T01:46:40.000007+0000 */, {tv_sec=1, "
		  "tv_usec=0} /* 1970-01-01T00:00:01+0000 */]) = 0");
	c = CALL(SYS_copy_file_range, 4, 3, 0x1000, 4, 0x2000, 4, 0);
	c.cap[1] = &ko0;
	c.cap[3] = &ko100;
	CHECK_STR(run(&c), "copy_file_range(3, [0], 4, [100], 4, 0) = 4");
	c = CALL(SYS_sendfile, 4, 4, 3, 0x1000, 4);
	c.cap[2] = &ko0;
	c.cap_out[2] = &ko4;
	CHECK_STR(run(&c), "sendfile(4, 3, [0] => [4], 4) = 4");
	c = CALL(SYS_sendfile, 0, 4, 3, 0x1000, 4);
	c.cap[2] = &ko100;
	c.cap_out[2] = &ko100;
	CHECK_STR(run(&c), "sendfile(4, 3, [100], 4) = 0");
	c = CALL(SYS_sendfile, 8, 4, 3, 0, 8);
	CHECK_STR(run(&c), "sendfile(4, 3, NULL, 8) = 8");
}

static void test_memory_ipc(void)
{
	uint8_t vec[40] = { 1, 0, 1, 0 };
	struct cap kv = CAP(vec, 4), kv40 = CAP(vec, 40);
	int32_t mode = 0;
	struct cap km = CAP(&mode, 4);
	struct sc_call c;

	c = CALL(SYS_mincore, 0, 0x7f0000000000, 16384, 0x1000);
	c.cap_out[2] = &kv;
	CHECK_STR(run(&c), "mincore(0x7f0000000000, 16384, [1, 0, 1, 0]) = 0");
	c.args[1] = 40 * 4096;
	c.cap_out[2] = &kv40;
	CHECK_STR(run(&c), "mincore(0x7f0000000000, 163840, [1, 0, 1, 0, 0, 0, "
		  "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0"
		  ", 0, 0, 0, 0, 0, ...]) = 0");
	/* fewer bytes than pages: the pointer */
	c.cap_out[2] = &kv;
	CHECK_STR(run(&c), "mincore(0x7f0000000000, 163840, 0x1000) = 0");
	c = CALL(SYS_shmget, 7, IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	CHECK_STR(run(&c), "shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 7");
	c = CALL(SYS_shmget, 6, 0x1234, 4096, IPC_CREAT | IPC_EXCL | 0640);
	CHECK_STR(run(&c), "shmget(0x1234, 4096, IPC_CREAT|IPC_EXCL|0640) = 6");
	c = CALL(SYS_shmget, 5, IPC_PRIVATE, 4096, 0);
	CHECK_STR(run(&c), "shmget(IPC_PRIVATE, 4096, 000) = 5");
	c = CALL(SYS_msgget, 0, IPC_PRIVATE, IPC_CREAT);
	CHECK_STR(run(&c), "msgget(IPC_PRIVATE, IPC_CREAT|000) = 0");
	c = CALL(SYS_semget, 0, IPC_PRIVATE, 1, 0600);
	CHECK_STR(run(&c), "semget(IPC_PRIVATE, 1, 0600) = 0");
	c = CALL(SYS_get_mempolicy, 0, 0x1000, 0, 1025, 0, 0);
	c.cap_out[0] = &km;
	CHECK_STR(run(&c), "get_mempolicy([MPOL_DEFAULT], NULL, 1025, NULL, 0)"
		  " = 0");
}

static void test_process(void)
{
	uint64_t ca[11] = { CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
			    CLONE_THREAD | CLONE_SYSVSEM | CLONE_SETTLS |
			    CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID,
			    0, 0x7f0000000990, 0x7f0000000990, 0,
			    0x7f0000001000, 0x3ff80, 0x7f00000006c0 };
	struct cap kca = CAP(ca, 88);
	/* at exit: the struct, no bytes after it, the tid stored */
	uint8_t stored[92];
	struct cap kout = { .p = stored, .len = 92, .npieces = 4,
			    .piece = { 88, 0, 0, 4 } };
	struct sc_call c;
	const char *want = "clone3({flags=CLONE_VM|CLONE_FS|CLONE_FILES|"
		"CLONE_SIGHAND|CLONE_THREAD|CLONE_SYSVSEM|CLONE_SETTLS|"
		"CLONE_PARENT_SETTID|CLONE_CHILD_CLEARTID, child_tid="
		"0x7f0000000990, parent_tid=0x7f0000000990, exit_signal=0, "
		"stack=0x7f0000001000, stack_size=0x3ff80, tls=0x7f00000006c0}";
	char line[1024];

	memcpy(stored, ca, 88);
	memcpy(stored + 88, &(int32_t){ 1235 }, 4);
	c = CALL(SYS_clone3, 1235, 0x1000, 88);
	c.cap[0] = &kca;
	c.cap_out[0] = &kout;
	snprintf(line, sizeof(line), "%s => {parent_tid=[1235]}, 88) = 1235",
		 want);
	CHECK_STR(run(&c), line);
	/* before the exit: the struct only, strace's unfinished line */
	CHECK_STR(run_entry(&c), want);
	c.ret = -11;
	snprintf(line, sizeof(line), "%s, 88) = -1 EAGAIN (Resource "
		 "temporarily unavailable)", want);
	CHECK_STR(run(&c), line);
	/* clone(): the stored tid is the return value */
	c = CALL(SYS_clone, 77, CLONE_PARENT_SETTID | SIGCHLD, 0, 0x1000, 0, 0);
	CHECK_STR(run(&c), "clone(child_stack=NULL, flags=CLONE_PARENT_SETTID|"
		  "SIGCHLD, parent_tid=[77]) = 77");
	/* but -e inject= made that return: nothing was stored */
	c.injected = INJECTED_VALUE;
	CHECK_STR(run(&c), "clone(child_stack=NULL, flags=CLONE_PARENT_SETTID|"
		  "SIGCHLD, parent_tid=0x1000) = 77 (INJECTED)");
	c = CALL(SYS_wait4, -22, (uint64_t)-1, 0, 0x7fff0000, 0);
	CHECK_STR(run(&c), "wait4(-1, NULL, WNOWAIT|__WALL|__WNOTHREAD|"
		  "0x1eff0000, NULL) = -1 EINVAL (Invalid argument)");
	/* an int enum that arrives zero-extended */
	c = CALL(SYS_getrusage, 0, 0xffffffff, 0);
	CHECK_STR(run(&c), "getrusage(RUSAGE_CHILDREN, NULL) = 0");
	c = CALL(SYS_getrusage, -22, 99, 0);
	CHECK_STR(run(&c), "getrusage(0x63 /* RUSAGE_??? */, NULL) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_getgroups, 0, 0, 0x1000);
	CHECK_STR(run(&c), "getgroups(0, []) = 0");
	c = CALL(SYS_getgroups, 3, 0, 0);
	CHECK_STR(run(&c), "getgroups(0, NULL) = 3");
}

static void test_time_signals(void)
{
	struct sigevent sev;
	struct timex tx;
	struct cap ks = CAP(&sev, sizeof(sev)), kt = CAP(&tx, sizeof(tx));
	struct sc_call c;

	c = CALL(SYS_time, 1795314599, 0);
	CHECK_STR(run(&c), "time(NULL) = 1795314599 (2026-11-22T02:29:59+0000)");
	c = CALL(SYS_time, 0, 0);
	CHECK_STR(run(&c), "time(NULL) = 0 (1970-01-01T00:00:00+0000)");
	c = CALL(SYS_rt_sigtimedwait, SIGUSR1, 0, 0, 0, 8);
	CHECK_STR(run(&c), "rt_sigtimedwait(NULL, NULL, NULL, 8) = 10 (SIGUSR1)");
	c.ret = 34;
	CHECK_STR(run(&c), "rt_sigtimedwait(NULL, NULL, NULL, 8) = 34 (SIGRT_2)");
	c.ret = -11;
	CHECK_STR(run(&c), "rt_sigtimedwait(NULL, NULL, NULL, 8) = -1 EAGAIN "
		  "(Resource temporarily unavailable)");

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	sev.sigev_value.sival_int = 5;
	c = CALL(SYS_timer_create, 0, CLOCK_REALTIME, 0x1000, 0);
	c.cap[1] = &ks;
	CHECK_STR(run(&c), "timer_create(CLOCK_REALTIME, {sigev_value={sival_int"
		  "=5, sival_ptr=0x5}, sigev_signo=SIGUSR1, sigev_notify="
		  "SIGEV_SIGNAL}, NULL) = 0");
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev._sigev_un._tid = 6305;
	CHECK_STR(run(&c), "timer_create(CLOCK_REALTIME, {sigev_value={sival_int"
		  "=5, sival_ptr=0x5}, sigev_signo=SIGUSR1, sigev_notify="
		  "SIGEV_THREAD_ID, sigev_notify_thread_id=6305}, NULL) = 0");
	sev.sigev_notify = SIGEV_NONE;
	CHECK_STR(run(&c), "timer_create(CLOCK_REALTIME, {sigev_value={sival_int"
		  "=5, sival_ptr=0x5}, sigev_signo=10, sigev_notify=SIGEV_NONE}"
		  ", NULL) = 0");
	memset(&sev, 0, sizeof(sev));
	sev.sigev_signo = SIGALRM;
	CHECK_STR(run(&c), "timer_create(CLOCK_REALTIME, {sigev_signo=SIGALRM, "
		  "sigev_notify=SIGEV_SIGNAL}, NULL) = 0");

	memset(&tx, 0, sizeof(tx));
	tx.maxerror = 16000000;
	tx.esterror = 16000000;
	tx.status = STA_UNSYNC;
	tx.constant = 2;
	tx.precision = 1;
	tx.tolerance = 32768000;
	tx.time.tv_sec = 1795314599;
	tx.time.tv_usec = 741479;
	tx.tick = 10000;
	c = CALL(SYS_clock_adjtime, 5, CLOCK_REALTIME, 0x1000);
	c.cap_out[1] = &kt;
	CHECK_STR(run(&c), "clock_adjtime(CLOCK_REALTIME, {modes=0, offset=0, "
		  "freq=0, maxerror=16000000, esterror=16000000, status="
		  "STA_UNSYNC, constant=2, precision=1, tolerance=32768000, "
		  "time={tv_sec=1795314599, tv_usec=741479}, tick=10000, "
		  "ppsfreq=0, jitter=0, shift=0, stabil=0, jitcnt=0, calcnt=0, "
		  "errcnt=0, stbcnt=0, tai=0}) = 5 (TIME_ERROR)");
	c.ret = -1;
	CHECK_STR(run(&c), "clock_adjtime(CLOCK_REALTIME, 0x1000) = -1 EPERM "
		  "(Operation not permitted)");
}

/* 40 ready fds: strace shows 32 of each list, then "..." */
static void test_poll_many(void)
{
	struct pollfd in[40], ex[40];
	struct cap ki = CAP(in, sizeof(in)), ko = CAP(ex, sizeof(ex));
	struct sc_call c = CALL(SYS_poll, 40, 0x1000, 40, 0);
	char want[4096], *w = want;
	int j;

	for (j = 0; j < 40; j++) {
		in[j] = (struct pollfd){ 64 + j, POLLIN, 0 };
		ex[j] = (struct pollfd){ 64 + j, POLLIN, POLLNVAL };
	}
	c.cap[0] = &ki;
	c.cap_out[0] = &ko;
	w += sprintf(w, "poll([");
	for (j = 0; j < 32; j++)
		w += sprintf(w, "{fd=%d, events=POLLIN}, ", 64 + j);
	w += sprintf(w, "...], 40, 0) = 40 ([");
	for (j = 0; j < 32; j++)
		w += sprintf(w, "{fd=%d, revents=POLLNVAL}, ", 64 + j);
	sprintf(w, "...])");
	CHECK_STR(run(&c), want);
}

static void test_sockets(void)
{
	int32_t one = 1, four = 4, twelve = 12, sixteen = 16, sixty4 = 64;
	int32_t lg[2] = { 1, 3 }, cred[3] = { 6305, 0, 0 };
	char cc[16] = "bbr";
	struct cap k1 = CAP(&one, 4), k4 = CAP(&four, 4), k16 = CAP(&sixteen, 4);
	struct cap k64 = CAP(&sixty4, 4), klg = CAP(lg, 8), kcr = CAP(cred, 12);
	struct cap kcc = CAP(cc, 16), k12 = CAP(&twelve, 4);
	struct pollfd pf[3] = { { 3, POLLIN, 0 }, { 4, POLLOUT, 0 },
				{ 5, POLLIN | POLLPRI, 0 } };
	struct pollfd pfo[3] = { { 3, POLLIN, POLLIN }, { 4, POLLOUT, POLLOUT },
				 { 5, POLLIN | POLLPRI, 0 } };
	struct cap kp = CAP(pf, sizeof(pf)), kpo = CAP(pfo, sizeof(pfo));
	struct sc_call c;

	c = CALL(SYS_socket, -22, AF_INET, 99, 0);
	CHECK_STR(run(&c), "socket(AF_INET, SOCK_RAW|0x60 /* SOCK_??? */, "
		  "IPPROTO_IP) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_socket, -22, AF_INET, 0x60, 0);
	CHECK_STR(run(&c), "socket(AF_INET, 0x60 /* SOCK_??? */, IPPROTO_IP) = "
		  "-1 EINVAL (Invalid argument)");
	c = CALL(SYS_socket, 3, AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	CHECK_STR(run(&c), "socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC, "
		  "IPPROTO_IP) = 3");
	c = CALL(SYS_setsockopt, 0, 4, SOL_SOCKET, SO_LINGER, 0x1000, 8);
	c.cap[3] = &klg;
	CHECK_STR(run(&c), "setsockopt(4, SOL_SOCKET, SO_LINGER, {l_onoff=1, "
		  "l_linger=3}, 8) = 0");
	c = CALL(SYS_setsockopt, 0, 4, IPPROTO_TCP, TCP_NODELAY, 0x1000, 4);
	c.cap[3] = &k1;
	CHECK_STR(run(&c), "setsockopt(4, SOL_TCP, TCP_NODELAY, [1], 4) = 0");
	c = CALL(SYS_getsockopt, 0, 4, SOL_SOCKET, SO_TYPE, 0x1000, 0x2000);
	c.cap_out[3] = &k1;
	c.cap[4] = &k4;
	c.cap_out[4] = &k4;
	CHECK_STR(run(&c), "getsockopt(4, SOL_SOCKET, SO_TYPE, [1], [4]) = 0");
	c = CALL(SYS_getsockopt, 0, 8, SOL_SOCKET, SO_PEERCRED, 0x1000, 0x2000);
	c.cap_out[3] = &kcr;
	c.cap[4] = &k16;
	/* *optlen = 6305: strace reads a struct ucred's 12 bytes of it */
	c.cap_out[4] = &kcr;
	CHECK_STR(run(&c), "getsockopt(8, SOL_SOCKET, SO_PEERCRED, {pid=6305, "
		  "uid=0, gid=0}, [16 => 6305]) = 0");
	c.cap_out[3] = &k4;	/* fewer bytes than the struct's: a pointer */
	CHECK_STR(run(&c), "getsockopt(8, SOL_SOCKET, SO_PEERCRED, 0x1000, "
		  "[16 => 6305]) = 0");
	c.cap_out[3] = &kcr;
	c.cap_out[4] = &k12;
	CHECK_STR(run(&c), "getsockopt(8, SOL_SOCKET, SO_PEERCRED, {pid=6305, "
		  "uid=0, gid=0}, [16 => 12]) = 0");
	c = CALL(SYS_getsockopt, 0, 11, IPPROTO_TCP, TCP_CONGESTION, 0x1000,
		 0x2000);
	c.cap_out[3] = &kcc;
	c.cap[4] = &k64;
	c.cap_out[4] = &k16;
	CHECK_STR(run(&c), "getsockopt(11, SOL_TCP, TCP_CONGESTION, "
		  "\"bbr\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\", [64 => 16]) = 0");
	/* a failed call: no value */
	c.ret = -14;
	CHECK_STR(run(&c), "getsockopt(11, SOL_TCP, TCP_CONGESTION, 0x1000, "
		  "[64]) = -1 EFAULT (Bad address)");

	c = CALL(SYS_setsockopt, 0, 3, 270, 11, 0x1000, 4);
	c.cap[3] = &k1;
	CHECK_STR(run(&c), "setsockopt(3, SOL_NETLINK, NETLINK_EXT_ACK, [1], 4)"
		  " = 0");
	c.args[2] = 99;
	c.ret = -92;
	CHECK_STR(run(&c), "setsockopt(3, SOL_NETLINK, 0x63 /* NETLINK_??? */, "
		  "[1], 4) = -1 ENOPROTOOPT (Protocol not available)");

	/* poll: the capture layer's plain bytes, nfds from the argument */
	c = CALL(SYS_poll, 2, 0x1000, 3, 0);
	c.cap[0] = &kp;
	c.cap_out[0] = &kpo;
	CHECK_STR(run(&c), "poll([{fd=3, events=POLLIN}, {fd=4, events=POLLOUT}"
		  ", {fd=5, events=POLLIN|POLLPRI}], 3, 0) = 2 ([{fd=3, revents="
		  "POLLIN}, {fd=4, revents=POLLOUT}])");
	kp.len = 8;
	kp.flags = CAP_TRUNC;
	CHECK_STR(run(&c), "poll([{fd=3, events=POLLIN}, ...], 3, 0) = 2 ([{fd="
		  "3, revents=POLLIN}, {fd=4, revents=POLLOUT}])");
	test_poll_many();
}

int main(void)
{
	test_files();
	test_memory_ipc();
	test_process();
	test_time_signals();
	test_sockets();
	CHECK_DONE();
}
