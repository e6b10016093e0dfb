// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: System V IPC as strace 6.1 prints it (lines from its ipc_msg.c,
 * ipc_shm.c, ipc_sem.c, ipc_msgbuf.c, semop.c, mq.c tests): msgctl,
 * shmctl and semctl's buffer by command (IPC_SET's struct at entry, what
 * *_STAT and *_INFO fill at exit, the address when the call failed or for
 * other commands), shmget's page size and unnamed bits in each -X style,
 * msgsnd/msgrcv's message, semop's array cut by a page that faults, and
 * mq_getsetattr's attributes.  parity_ipc compares a whole trace with
 * strace's too (IPC_SET, semop, msgbuf, mq_attr).
 */
#include <linux/ipc.h>
#include <linux/msg.h>
#include <linux/sem.h>
#include <linux/shm.h>
#include <sys/syscall.h>

#include "check_decode.h"

static void test_msgctl(void)
{
	struct msqid64_ds ds;
	struct msginfo mi = { 512000, 16384, 8192, 16384, 32000, 16, 16384,
			      65535 };
	struct cap k = CAP(&ds, sizeof(ds)), ki = CAP(&mi, sizeof(mi));
	struct sc_call c;

	memset(&ds, 0, sizeof(ds));
	ds.msg_perm.mode = 0600;
	ds.msg_ctime = 1795765998;
	ds.msg_qbytes = 16384;
	c = CALL(SYS_msgctl, 0, 327706, IPC_STAT, 0x7ffeb90dc590);
	c.cap_out[2] = &k;
	CHECK_STR(run_entry(&c), "msgctl(327706, IPC_STAT, ");
	CHECK_STR(run(&c), "msgctl(327706, IPC_STAT, {msg_perm={uid=0, gid=0, "
		  "mode=0600, key=0, cuid=0, cgid=0}, msg_stime=0, msg_rtime=0, "
		  "msg_ctime=1795765998, msg_qnum=0, msg_qbytes=16384, "
		  "msg_lspid=0, msg_lrpid=0}) = 0");
	c = CALL(SYS_msgctl, 0, 327706, IPC_SET, 0x7ffeb90dc590);
	c.cap[2] = &k;
	CHECK_STR(run_style(&c, XSTYLE_RAW), "msgctl(327706, 0x1, {msg_perm={"
		  "uid=0, gid=0, mode=0600}, msg_qbytes=16384}) = 0");
	c = CALL(SYS_msgctl, 26, 327706, MSG_INFO, 0x7ffeb90dc590);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "msgctl(327706, MSG_INFO, {msgpool=512000, "
		  "msgmap=16384, msgmax=8192, msgmnb=16384, msgmni=32000, "
		  "msgssz=16, msgtql=16384, msgseg=65535}) = 26");
	/* a failed call wrote nothing: the address */
	c = CALL(SYS_msgctl, -22, -38177487, IPC_STAT, 0xffffffffffffffff);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "msgctl(-38177487, IPC_STAT, 0xffffffffffffffff) = "
		  "-1 EINVAL (Invalid argument)");
	/* fewer bytes than the struct: the address */
	ki.len = sizeof(mi) - 1;
	c = CALL(SYS_msgctl, 26, 1, IPC_INFO, 0x7ffeb90dc590);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "msgctl(1, IPC_INFO, 0x7ffeb90dc590) = 26");
	c = CALL(SYS_msgctl, -22, 1, 99, 0);
	CHECK_STR(run(&c), "msgctl(1, 0x63 /* MSG_??? */, NULL) = -1 EINVAL "
		  "(Invalid argument)");
}

static void test_shm_sem(void)
{
	struct shm_info si = { 2, 3918719254129679ULL, 0, 0, 0, 0 };
	struct semid64_ds ds;
	struct cap k = CAP(&si, sizeof(si)), kd = CAP(&ds, sizeof(ds));
	struct sc_call c;

	c = CALL(SYS_shmctl, 24, 262168, SHM_INFO, 0x7ffd4a5cd990);
	c.cap_out[2] = &k;
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "shmctl(262168, 0xe /* SHM_INFO "
		  "*/, {used_ids=2, shm_tot=3918719254129679, shm_rss=0, "
		  "shm_swp=0, swap_attempts=0, swap_successes=0}) = 24");
	memset(&ds, 0, sizeof(ds));
	ds.sem_perm.mode = 0600;
	ds.sem_ctime = 1795766001;
	ds.sem_nsems = 1;
	c = CALL(SYS_semctl, 196663, 196663, 0, SEM_STAT, 0x7fffea3f7b70);
	c.cap_out[3] = &kd;
	CHECK_STR(run(&c), "semctl(196663, 0, SEM_STAT, {sem_perm={uid=0, "
		  "gid=0, mode=0600, key=0, cuid=0, cgid=0}, sem_otime=0, "
		  "sem_ctime=1795766001, sem_nsems=1}) = 196663");
	c = CALL(SYS_semctl, 0, 196663, 0, IPC_RMID, 0);
	CHECK_STR(run(&c), "semctl(196663, 0, IPC_RMID, NULL) = 0");
	c = CALL(SYS_shmget, 131072, 0xfdb97531, 0xdec0ded1dec0ded2ULL,
		 0x56ce1e55);
	CHECK_STR(run(&c), "shmget(0xfdb97531, 16051074064915160786, "
		  "IPC_CREAT|IPC_EXCL|SHM_HUGETLB|SHM_NORESERVE|0x2ce0000|"
		  "21<<SHM_HUGE_SHIFT|0125) = 131072");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "shmget(0xfdb97531, "
		  "16051074064915160786, 0x2ce1e00|21<<26|0125) = 131072");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "shmget(0xfdb97531, "
		  "16051074064915160786, 0x2ce1e00 /* IPC_CREAT|IPC_EXCL|"
		  "SHM_HUGETLB|SHM_NORESERVE|0x2ce0000 */|21<<26 /* "
		  "SHM_HUGE_SHIFT */|0125) = 131072");
	c = CALL(SYS_shmget, 131072, 0xfdb97531, 0xdec0ded1dec0ded2ULL,
		 0x2ce0055);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "shmget(0xfdb97531, "
		  "16051074064915160786, 0x2ce0000|0125) = 131072");
}

static void test_messages(void)
{
	struct { int64_t type; char text[14]; } m = { 9199991941521739245LL,
		"STRACE_STRING" };
	uint16_t ops[6] = { 64206, (uint16_t)-4083, 0xbeef, 1, 2, 3 };
	int64_t at[8] = { 0x800, 10, 8192, 0 };
	struct cap km = CAP(&m, sizeof(m)), ko = CAP(ops, 6);
	struct cap ka = CAP(at, sizeof(at));
	struct cap kname = CAP("/strace-mq_sendrecv.name.longer.than.32", 39);
	struct sc_call c;

	c = CALL(SYS_msgsnd, 0, 327705, 0x7ffd49c22760, 14, 0);
	c.cap[1] = &km;
	CHECK_STR(run(&c), "msgsnd(327705, {mtype=9199991941521739245, mtext="
		  "\"STRACE_STRING\\0\"}, 14, 0) = 0");
	c = CALL(SYS_msgrcv, 14, 327705, 0x7ffd49c22760, 14,
		 -9199991941521739245LL, 0);
	c.cap_out[1] = &km;
	CHECK_STR(run(&c), "msgrcv(327705, {mtype=9199991941521739245, mtext="
		  "\"STRACE_STRING\\0\"}, 14, -9199991941521739245, 0) = 14");
	/* the second element lies on a page that faults */
	c = CALL(SYS_semop, -14, -38177487, 0x7f964f334ffa, 2);
	c.cap[1] = &ko;
	CHECK_STR(run(&c), "semop(-38177487, [{sem_num=64206, sem_op=-4083, "
		  "sem_flg=SEM_UNDO|IPC_NOWAIT|0xa6ef}, ... /* 0x7f964f335000 "
		  "*/], 2) = -1 EFAULT (Bad address)");
	c = CALL(SYS_semop, -22, 1, 0x7f964f334ffa, 0);
	CHECK_STR(run(&c), "semop(1, [], 0) = -1 EINVAL (Invalid argument)");
	/* mq_open's name is a path: whole, whatever -s says */
	c = CALL(SYS_mq_open, -2, 0x7ffdefa02a00, 0, 0, 0);
	c.cap[0] = &kname;
	CHECK_STR(run(&c), "mq_open(\"/strace-mq_sendrecv.name.longer.than."
		  "32\", O_RDONLY) = -1 ENOENT (No such file or directory)");
	c = CALL(SYS_mq_getsetattr, 0, 0, 0, 0x7ffdefa02a80);
	c.cap_out[2] = &ka;
	CHECK_STR(run(&c), "mq_getsetattr(0, NULL, {mq_flags=O_NONBLOCK, "
		  "mq_maxmsg=10, mq_msgsize=8192, mq_curmsgs=0}) = 0");
}

int main(void)
{
	test_msgctl();
	test_shm_sem();
	test_messages();
	CHECK_DONE();
}
