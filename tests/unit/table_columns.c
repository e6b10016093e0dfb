// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * -c's table (the text sink's), whole: strace's default columns, -U's
 * columns in the order given (the syscall's name added last when left
 * out, padded when not last), and widths widened as strace widens them
 * to the largest value (a row of 12345 s, 1234567890 calls, a long
 * name).  Also -U's words: strace's aliases, an unknown or repeated one
 * refused.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "check.h"
#include "sink_table.h"
#include "summary.h"

static void add(struct summary *s, unsigned int nr, uint64_t calls,
		uint64_t errors, uint64_t ns, uint64_t min, uint64_t max)
{
	struct sum_key k = { .nr = nr };
	struct sum_val v = { .calls = calls, .errors = errors, .ns = ns,
			     .min_ns = min, .max_ns = max };

	summary_add(s, &k, &v);
}

static char text[8192];

/* the table of s under -U list (NULL: none), sorted by calls */
static const char *table(struct summary *s, const char *list)
{
	unsigned char cols[SUM_COL__COUNT + 1] = { 0 };
	static char err[128];
	char path[] = "/tmp/etrace-unit-XXXXXX", line[1024];
	struct out o;
	int fd = mkstemp(path);
	ssize_t n;

	if (list && summary_columns_parse(list, cols))
		return "bad -U";
	close(fd);
	if (out_open(&o, path, 0, 65536, err, sizeof(err)) || out_start(&o))
		return err;
	table_text(&o, line, sizeof(line), s, SORT_CALLS, 0, 0, cols);
	out_close(&o);
	fd = open(path, O_RDONLY);
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	unlink(path);
	text[n > 0 ? n : 0] = '\0';
	return text;
}

int main(void)
{
	struct summary s;
	unsigned char cols[SUM_COL__COUNT + 1];

	summary_init(&s, 0);
	add(&s, SYS_read, 7, 0, 21000, 1000, 9000);
	add(&s, SYS_openat, 3, 2, 9000, 2000, 4000);
	CHECK_STR(table(&s, NULL),
		  "% time     seconds  usecs/call     calls    errors syscall\n"
		  "------ ----------- ----------- --------- --------- ----------------\n"
		  " 70.00    0.000021           3         7           read\n"
		  " 30.00    0.000009           3         3         2 openat\n"
		  "------ ----------- ----------- --------- --------- ----------------\n"
		  "100.00    0.000030           3        10         2 total\n");
	CHECK_STR(table(&s, "calls,name,errors"),
		  "    calls syscall             errors\n"
		  "--------- ---------------- ---------\n"
		  "        7 read                      \n"
		  "        3 openat                   2\n"
		  "--------- ---------------- ---------\n"
		  "       10 total                    2\n");
	CHECK_STR(table(&s, "longest,shortest,count"),
		  " longest shortest     calls syscall\n"
		  "-------- -------- --------- ----------------\n"
		  "0.000009 0.000001         7 read\n"
		  "0.000004 0.000002         3 openat\n"
		  "-------- -------- --------- ----------------\n"
		  "0.000009 0.000001        10 total\n");
	/* strace widens a column to its largest value */
	add(&s, SYS_rt_sigprocmask, 1234567890, 0, 12345000000000ull,
	    1000000000ull, 20000000000ull);
	CHECK_STR(table(&s, "total-time,max-time,calls,name"),
		  "     seconds   longest      calls syscall\n"
		  "------------ --------- ---------- ----------------\n"
		  "12345.000000 20.000000 1234567890 rt_sigprocmask\n"
		  "    0.000021  0.000009          7 read\n"
		  "    0.000009  0.000004          3 openat\n"
		  "------------ --------- ---------- ----------------\n"
		  "12345.000030 20.000000 1234567900 total\n");
	summary_free(&s);
	CHECK(summary_columns_parse("time-percent,syscall_name,errors", cols) == 0 &&
	      cols[0] == SUM_COL_PCT && cols[1] == SUM_COL_NAME &&
	      cols[2] == SUM_COL_ERRORS && cols[3] == SUM_COL_NONE);
	CHECK(summary_columns_parse("calls,bogus", cols) == -1);
	CHECK(summary_columns_parse("calls,count", cols) == -1);
	CHECK(summary_columns_parse("", cols) == -1);
	CHECK_DONE();
}
