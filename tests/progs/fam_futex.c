// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_futex.sh: raw futex calls with fixed
 * results (WAKE with no waiter, WAIT on a changed value: EAGAIN, WAIT with
 * a 1 ms timeout: ETIMEDOUT, WAIT_BITSET with a past absolute time, WAKE_OP,
 * REQUEUE, CMP_REQUEUE, a bad op), then one real wait and wake between two
 * threads, sequenced by a pipe and a sleep so each side makes the same
 * calls every run.  Exits 0.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static uint32_t word, word2;
static int pfd[2];

static long futex(uint32_t *uaddr, int op, uint32_t val, void *ts,
		  uint32_t *uaddr2, uint32_t val3)
{
	return syscall(SYS_futex, uaddr, op, val, ts, uaddr2, val3);
}

static void *waiter(void *arg)
{
	(void)arg;
	(void)!write(pfd[1], "w", 1);
	futex(&word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
	(void)!write(pfd[1], "d", 1);
	syscall(SYS_exit, 0);
	return NULL;
}

int main(void)
{
	struct timespec ms = { 0, 1000000 }, past = { 0, 0 };
	struct timespec pause = { 0, 50000000 };
	pthread_t t;
	char c;

	futex(&word, FUTEX_WAKE, 1, NULL, NULL, 0);
	futex(&word, FUTEX_WAKE_PRIVATE, 0x7fffffff, NULL, NULL, 0);
	futex(&word, FUTEX_WAIT, 1, NULL, NULL, 0);
	futex(&word, FUTEX_WAIT_PRIVATE, 0, &ms, NULL, 0);
	futex(&word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0, &past, NULL,
	      FUTEX_BITSET_MATCH_ANY);
	futex(&word, FUTEX_WAKE_BITSET_PRIVATE, 1, NULL, NULL, 0xff);
	futex(&word, FUTEX_WAKE_OP_PRIVATE, 1, (void *)1, &word2,
	      FUTEX_OP(FUTEX_OP_SET, 1, FUTEX_OP_CMP_GT, 0));
	futex(&word, FUTEX_REQUEUE_PRIVATE, 1, (void *)1, &word2, 0);
	futex(&word, FUTEX_CMP_REQUEUE_PRIVATE, 1, (void *)1, &word2, 0);
	futex(&word, FUTEX_CMP_REQUEUE_PRIVATE, 1, (void *)1, &word2, 5);
	futex(&word, 99, 0, NULL, NULL, 0);
	futex(&word, FUTEX_LOCK_PI_PRIVATE, 0, NULL, NULL, 0);
	futex(&word, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, NULL, 0);

	word = 0;
	(void)!pipe(pfd);
	pthread_create(&t, NULL, waiter, NULL);
	(void)!read(pfd[0], &c, 1);
	nanosleep(&pause, NULL);
	__atomic_store_n(&word, 1, __ATOMIC_SEQ_CST);
	futex(&word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	(void)!read(pfd[0], &c, 1);
	nanosleep(&pause, NULL);
	pthread_join(t, NULL);
	return 0;
}
