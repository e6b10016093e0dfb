// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_futex.sh: raw futex calls with fixed
 * results (WAKE with no waiter, WAIT on a changed value: EAGAIN, WAIT with
 * a 1 ms timeout: ETIMEDOUT, WAIT_BITSET with a past absolute time, WAKE_OP
 * with each op and comparison, REQUEUE, CMP_REQUEUE, the PI operations, bad
 * ops and flags), NULL, an unmapped address (BAD), an unaligned address,
 * bad timeouts; futex_waitv and the robust list calls; then one real wait
 * and wake between two threads on a PI futex, sequenced without time (see
 * below) so each side makes the same calls every run.  Exits 0.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define BAD	((void *)0xbadc0deUL)		/* never mapped */

static uint32_t word, word2, pi;

static long futex(uint32_t *uaddr, int op, uint32_t val, void *ts,
		  uint32_t *uaddr2, uint32_t val3)
{
	return syscall(SYS_futex, uaddr, op, val, ts, uaddr2, val3);
}

static void *waiter(void *arg)
{
	(void)arg;
	/* blocks: the main thread owns the lock */
	futex(&pi, FUTEX_LOCK_PI_PRIVATE, 0, NULL, NULL, 0);
	syscall(SYS_exit, 0);
	return NULL;
}

int main(void)
{
	struct timespec ms = { 0, 1000000 }, past = { 0, 0 };
	struct timespec one = { 0, 1 }, bad = { 0, 1000000000 };
	pthread_t t;
	static const int ops[] = { FUTEX_OP_SET, FUTEX_OP_ADD, FUTEX_OP_OR,
				   FUTEX_OP_ANDN, FUTEX_OP_XOR, 7 };
	static const int cmps[] = { FUTEX_OP_CMP_EQ, FUTEX_OP_CMP_NE,
				    FUTEX_OP_CMP_LT, FUTEX_OP_CMP_LE,
				    FUTEX_OP_CMP_GT, FUTEX_OP_CMP_GE, 7 };
	unsigned i;

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

	/* each WAKE_OP op (and the shifted argument) and comparison */
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		futex(&word, FUTEX_WAKE_OP_PRIVATE, 0, (void *)0, &word2,
		      FUTEX_OP(ops[i] | (i & 1 ? FUTEX_OP_OPARG_SHIFT : 0), 2,
			       cmps[i], 1));
	futex(&word, FUTEX_WAKE_OP, 0, (void *)0, &word2,
	      FUTEX_OP(FUTEX_OP_SET, 0xfff, cmps[6], 0xfff));

	/* the other operations and flags, bad addresses and timeouts */
	futex(&word, FUTEX_TRYLOCK_PI, 0, NULL, NULL, 0);
	futex(&word, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0);
	futex(&word, FUTEX_WAIT_REQUEUE_PI_PRIVATE, 0, &one, &word, 0);
	futex(&word, FUTEX_CMP_REQUEUE_PI_PRIVATE, 1, (void *)1, &word, 0);
	futex(&word, FUTEX_LOCK_PI2_PRIVATE, 0, BAD, NULL, 0);
	futex(&word, FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 0, &one, NULL, 0);
	futex(&word, FUTEX_WAKE | FUTEX_CLOCK_REALTIME, 1, NULL, NULL, 0);
	futex(&word, FUTEX_WAIT_BITSET_PRIVATE, 0, NULL, NULL, 0);
	futex(&word, FUTEX_WAIT_PRIVATE, 0, &bad, NULL, 0);
	futex(&word, FUTEX_WAIT_PRIVATE, 0, BAD, NULL, 0);
	futex(NULL, FUTEX_WAKE, 1, NULL, NULL, 0);
	futex(BAD, FUTEX_WAIT, 0, NULL, NULL, 0);
	futex((uint32_t *)((char *)&word + 1), FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	futex(&word, 0x7f, 0, NULL, NULL, 0);
	futex(&word, FUTEX_REQUEUE_PRIVATE, 1, (void *)-1, BAD, 0);
	syscall(SYS_futex_waitv, NULL, 0, 0, NULL, 0);
	syscall(SYS_futex_waitv, BAD, 1, 0, NULL, CLOCK_MONOTONIC);
	syscall(SYS_futex_waitv, NULL, 0, 0xff, BAD, 99);
	{
		void *head;
		size_t len;

		syscall(SYS_get_robust_list, 0, &head, &len);
		syscall(SYS_get_robust_list, 0x7fffffff, &head, &len);
		syscall(SYS_get_robust_list, 0, BAD, BAD);
		syscall(SYS_set_robust_list, head, 1);
		syscall(SYS_set_robust_list, head, len);
	}

	/*
	 * a real wait and wake, on a PI futex: the kernel sets
	 * FUTEX_WAITERS in the word when the waiter blocks, so the main
	 * thread sees it without a system call (spinning) and only then
	 * unlocks: each side makes the same calls every run
	 */
	pi = syscall(SYS_gettid);
	pthread_create(&t, NULL, waiter, NULL);
	while (!(__atomic_load_n(&pi, __ATOMIC_SEQ_CST) & FUTEX_WAITERS))
		;
	futex(&pi, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, NULL, 0);
	while (pthread_tryjoin_np(t, NULL) == EBUSY)
		;
	/* futex_waitv: the waiters, a value that differs (EAGAIN), bad ones */
	{
		static uint32_t fw = 5;
		struct { uint64_t val, uaddr; uint32_t flags, res; } w[3] = {
			{ 4, (uint64_t)(uintptr_t)&fw, 0x82, 0 },
			{ 5, (uint64_t)(uintptr_t)&fw, 0x2, 0 },
			{ ~0ULL, 0, 0xffffffff, 7 },
		};
		struct timespec t0 = { 0, 0 };
		unsigned char *pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		syscall(SYS_futex_waitv, NULL, 1, 0, NULL, CLOCK_MONOTONIC);
		syscall(SYS_futex_waitv, w, 0, 1, &t0, 0xffffffff);
		syscall(SYS_futex_waitv, w, 1, 0, &t0, CLOCK_MONOTONIC);
		syscall(SYS_futex_waitv, &w[2], 1, 0, NULL, CLOCK_REALTIME);
		if (pg != MAP_FAILED) {
			munmap(pg + 4096, 4096);
			memcpy(pg + 4096 - 24, w, 24);
			syscall(SYS_futex_waitv, pg + 4096 - 24, 2, 0, &t0,
				CLOCK_MONOTONIC);
			syscall(SYS_futex_waitv, pg + 4096, 2, 0, &t0,
				CLOCK_MONOTONIC);
		}
	}
	return 0;
}
