// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * writev and readv whose elements are as long as -s 4096 and longer
 * (tests/live/strsize_iov.sh): each element's bytes are printed up to -s,
 * never bytes the copy did not hold.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static char a[5000], b[4096], c[100];

int main(void)
{
	struct iovec v[3] = { { a, sizeof(a) }, { b, sizeof(b) },
			      { c, sizeof(c) } };
	int null = open("/dev/null", O_WRONLY), zero = open("/dev/zero", O_RDONLY);

	for (size_t i = 0; i < sizeof(a); i++)
		a[i] = (char)('a' + i % 26);
	memset(b, 'B', sizeof(b));
	memset(c, 'c', sizeof(c));
	if (null < 0 || zero < 0)
		return 1;
	if (writev(null, v, 3) < 0 || writev(null, v + 1, 2) < 0)
		return 1;
	if (readv(zero, v, 3) < 0)
		return 1;
	return 0;
}
