// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: the fraction of a timespec or timeval prints unsigned, as
 * strace prints it.  An out-of-range tv_nsec (the kernel answers EINVAL)
 * is shown as the bits the program passed, read as unsigned long: -1 is
 * 18446744073709551615.  Lines from strace 6.1's clock_xettime.c,
 * nanosleep.c and xettimeofday.c on the same values.
 */
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#include "check_decode.h"

static uint8_t ts[16];

static const struct cap *timespec_of(int64_t sec, uint64_t frac)
{
	static struct cap k;

	memcpy(ts, &sec, 8);
	memcpy(ts + 8, &frac, 8);
	k = CAP(ts, sizeof(ts));
	return &k;
}

int main(void)
{
	struct sc_call c;

	c = CALL(SYS_clock_settime, -22, CLOCK_THREAD_CPUTIME_ID, 0x1000);
	c.cap[1] = timespec_of(-3819351491602432273LL, 13464652301697220333ULL);
	CHECK_STR(run(&c), "clock_settime(CLOCK_THREAD_CPUTIME_ID, "
		  "{tv_sec=-3819351491602432273, tv_nsec=13464652301697220333})"
		  " = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_nanosleep, -22, 0x1000, 0);
	c.cap[0] = timespec_of(0, (uint64_t)-1);
	CHECK_STR(run(&c), "nanosleep({tv_sec=0, tv_nsec=18446744073709551615}"
		  ", NULL) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_settimeofday, -22, 0x1000, 0);
	c.cap[0] = timespec_of(-1, 0xfacefeedbadc0dedULL);
	CHECK_STR(run(&c), "settimeofday({tv_sec=-1, "
		  "tv_usec=18072662651680067053}, NULL) = -1 EINVAL (Invalid "
		  "argument)");
	/* in range, unchanged */
	c = CALL(SYS_clock_settime, -1, CLOCK_REALTIME, 0x1000);
	c.cap[1] = timespec_of(1, 999999999);
	CHECK_STR(run(&c), "clock_settime(CLOCK_REALTIME, {tv_sec=1, "
		  "tv_nsec=999999999}) = -1 EPERM (Operation not permitted)");
	CHECK_DONE();
}
