// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_ipc.sh: System V semaphores and message
 * queues (shared memory: fam_memory*.c) and POSIX message queues: get
 * flags, each semctl/msgctl command the program may make without root
 * side effects, semop flags, msgsnd/msgrcv flags and types, mq_open flags
 * and attributes, timed send and receive with data ready or a zero
 * timeout, mq_notify; NULL, an unmapped address (BAD) and bad ids.  The
 * ids are private (IPC_PRIVATE) and removed; the queue is named after the
 * directory tests/parity.sh made for the run (/tmp/oracle.XXXXXX/run), so
 * two tests at once do not share it; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	struct { long type; char text[64]; } m;
	struct sembuf ops[2];
	struct semid_ds sds;
	struct msqid_ds mds;
	struct timespec ts = { 0, 0 };
	struct mq_attr at;
	struct sigevent sev;
	unsigned short vals[2];
	char name[64], cwd[64], *base, buf[64], *edge;
	unsigned int prio;
	int id, q;

	/* semaphores */
	id = semget(IPC_PRIVATE, 2, IPC_CREAT | IPC_EXCL | 0600);
	semctl(id, 0, SETVAL, 3);
	semctl(id, 0, GETVAL);
	semctl(id, 1, GETNCNT);
	semctl(id, 1, GETZCNT);
	semctl(id, 0, GETPID);
	vals[0] = 1;
	vals[1] = 2;
	semctl(id, 0, SETALL, vals);
	semctl(id, 0, GETALL, vals);
	ops[0].sem_num = 0;
	ops[0].sem_op = -1;
	ops[0].sem_flg = IPC_NOWAIT | SEM_UNDO;
	ops[1].sem_num = 1;
	ops[1].sem_op = 2;
	ops[1].sem_flg = 0;
	semop(id, ops, 2);
	ops[0].sem_op = -5;
	ops[0].sem_flg = IPC_NOWAIT;
	semop(id, ops, 1);
	semtimedop(id, ops, 1, &ts);
	semop(id, BAD, 1);
	semop(id, ops, 0);
	semtimedop(id, ops, 1, BAD);
	/* IPC_SET's struct at entry (not *_STAT or *_INFO, which return
	   times and system-wide indexes that differ between runs) */
	memset(&sds, 0, sizeof(sds));
	sds.sem_perm.mode = 0600;
	semctl(id, 0, IPC_SET, &sds);
	semctl(id, 0, IPC_STAT, BAD);
	semctl(id, 0, 99);
	semctl(id, 0, IPC_RMID);
	semget(IPC_PRIVATE, -1, IPC_CREAT);
	semget(0x1234abcd, 1, 0);
	semop(-1, ops, 1);

	/* message queues: types, flags, too-small buffers */
	memset(&m, 0, sizeof(m));
	id = msgget(IPC_PRIVATE, IPC_CREAT | 0640);
	m.type = 2;
	memcpy(m.text, "hello", 6);
	msgsnd(id, &m, 6, IPC_NOWAIT);
	m.type = 5;
	msgsnd(id, &m, 6, 0);
	msgrcv(id, &m, sizeof(m.text), 5, IPC_NOWAIT);
	msgrcv(id, &m, 2, 0, IPC_NOWAIT);
	msgrcv(id, &m, 2, 0, IPC_NOWAIT | MSG_NOERROR);
	msgrcv(id, &m, sizeof(m.text), -10, IPC_NOWAIT | MSG_EXCEPT);
	msgrcv(id, &m, sizeof(m.text), 0, IPC_NOWAIT | MSG_COPY);
	msgsnd(id, BAD, 6, IPC_NOWAIT);
	msgsnd(id, &m, -1, IPC_NOWAIT);
	m.type = 0;
	msgsnd(id, &m, 6, IPC_NOWAIT);
	msgrcv(id, BAD, 8, 0, IPC_NOWAIT);
	memset(&mds, 0, sizeof(mds));
	mds.msg_perm.mode = 0640;
	mds.msg_qbytes = 8192;
	msgctl(id, IPC_SET, &mds);
	msgctl(id, IPC_STAT, BAD);
	msgctl(id, 99, NULL);
	msgctl(id, IPC_RMID, NULL);
	msgget(0x1234abcd, 0);
	msgctl(-1, IPC_RMID, NULL);

	/* POSIX queues: flags, attributes, data ready or a zero timeout */
	/* "/oracle.XXXXXX-mq": the run's directory is oracle.XXXXXX/run */
	if (!getcwd(cwd, sizeof(cwd)) || !(base = strstr(cwd, "/oracle.")))
		return 1;
	memcpy(name, base, 14);
	memcpy(name + 14, "-mq", 4);
	mq_unlink(name);
	memset(&at, 0, sizeof(at));
	at.mq_maxmsg = 4;
	at.mq_msgsize = 16;
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL | O_NONBLOCK | O_CLOEXEC,
		    0600, &at);
	mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, NULL);
	mq_open(name, O_WRONLY);
	close(mq_open(name, O_RDONLY));
	sc(SYS_mq_open, 0, O_RDONLY, 0, 0, 0, 0);
	sc(SYS_mq_open, (long)BAD, O_RDONLY, 0, 0, 0, 0);
	at.mq_maxmsg = -1;
	mq_open(name, O_RDWR | O_CREAT, 0600, &at);
	mq_timedsend(q, "one", 3, 7, &ts);
	sc(SYS_mq_timedsend, q, (long)"two", 3, 0, 0, 0);
	mq_timedsend(q, "x", 1, 0x7fffffff, &ts);
	mq_timedsend(q, BAD, 1, 0, &ts);
	mq_timedreceive(q, buf, sizeof(buf), &prio, &ts);
	sc(SYS_mq_timedreceive, q, (long)buf, sizeof(buf), 0, 0, 0);
	mq_timedreceive(q, buf, sizeof(buf), &prio, &ts);
	mq_timedreceive(q, buf, 2, &prio, &ts);
	mq_timedreceive(q, BAD, sizeof(buf), &prio, &ts);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	mq_notify(q, &sev);
	mq_notify(q, NULL);
	sev.sigev_notify = SIGEV_NONE;
	mq_notify(q, &sev);
	mq_notify(q, NULL);
	sc(SYS_mq_notify, q, (long)BAD, 0, 0, 0, 0);
	sc(SYS_mq_getsetattr, q, 0, (long)&at, 0, 0, 0);
	at.mq_flags = 0;
	sc(SYS_mq_getsetattr, q, (long)&at, (long)&at, 0, 0, 0);
	sc(SYS_mq_getsetattr, q, (long)BAD, 0, 0, 0, 0);
	sc(SYS_mq_getsetattr, -1, 0, (long)&at, 0, 0, 0);
	close(q);
	mq_unlink(name);
	mq_unlink(name);
	sc(SYS_mq_unlink, (long)BAD, 0, 0, 0, 0, 0);
	/* ending where the memory does: a sigevent's 32 bytes strace
	   reads; a name with no NUL before it (strace: its address, not
	   the -s bytes it could read) */
	edge = fam_edge_page();
	if (edge) {
		memcpy(edge + 4064, &sev, 32);
		sc(SYS_mq_notify, -1, (long)(edge + 4064), 0, 0, 0, 0);
		memset(edge + 4032, 'q', 64);
		sc(SYS_mq_unlink, (long)(edge + 4032), 0, 0, 0, 0, 0);
		sc(SYS_mq_open, (long)(edge + 4032), O_RDONLY, 0, 0, 0, 0);
	}
	return 0;
}
