// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The flight recorder's window (tracer/recfile/flight.c), without root:
 * items of many sizes go through a small ring (4 KiB, so items wrap at
 * its end, split in two), and each dump read back with the recording's
 * reader is exactly what a plain model keeps: the run's items (STATE
 * marked RF_ST_WINDOW and, from the hook, RF_ST_EXECD; the hook's TASK
 * before START), then the newest items whose slots fit the bytes (and,
 * with a time window, no older than it), in order, whole, then END.
 * A trigger within a window of a dump is counted, not written; SIGUSR1's
 * (by hand) is written anyway; an item larger than the ring is never
 * kept.  With --after, the items up to the trigger's time plus it go in
 * too: the dump ends at the first item past it, at a tick past it, or
 * at the recorder's end.  The options: windows, triggers and --after,
 * and what they refuse.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "decode.h"
#include "flight.h"
#include "recfile.h"
#include "sysent.h"

#define CAP	4096
#define NITEMS	3000

static size_t item_len(int i)
{
	return i == 2000 ? 5000 : (size_t)(i * 37) % 301;
}

static void item_bytes(int i, uint8_t *p, size_t n)
{
	for (size_t k = 0; k < n; k++)
		p[k] = (uint8_t)(i * 13 + k * 7);
}

static uint64_t item_time(int i)
{
	return 1000 + (uint64_t)i * 10;
}

static uint32_t hk_flags(void *ctx, uint64_t from)
{
	*(uint64_t *)ctx = from;
	return RF_ST_EXECD;
}

static int hk_tasks(void *ctx, struct recw *w, uint64_t from)
{
	struct rf_task t = { 42, 42, "task" };

	return recw_item(w, RF_TASK, 0, &t, sizeof(t), NULL, 0);
}

/* the model: of items 0..last, the first one the window keeps */
static int model_first(int last, uint64_t window_ns, uint64_t from)
{
	size_t used = 0;
	int first = last + 1;

	for (int i = last; i >= 0; i--) {
		size_t slot = 16 + ((item_len(i) + 7) & ~(size_t)7);

		if (slot > CAP)
			continue;	/* never kept: too big */
		if (used + slot > CAP)
			break;
		if (window_ns && item_time(i) + window_ns < item_time(last))
			break;
		if (item_time(i) < from)
			break;
		used += slot;
		first = i;
	}
	return first;
}

/* dump file: its items are what the model says; n records */
static void check_dump(const char *path, int first, int last)
{
	char err[200];
	int fd = open(path, O_RDONLY), k, i = first, stage = 0;
	struct recr *r = fd >= 0 ? recr_new(fd, NULL, 0, err, sizeof(err)) :
				   NULL;
	uint8_t want[512];
	struct rf_item it;
	struct stat st;

	CHECK(r != NULL);
	if (!r)
		return;
	CHECK(!fstat(fd, &st) && (st.st_mode & 0777) == 0600);
	while ((k = recr_next(r, &it)) > 0) {
		if (stage == 0) {
			const struct rf_state *s = (const void *)it.data;

			CHECK(it.kind == RF_STATE);
			CHECK(s->flags == (0x4 | RF_ST_WINDOW | RF_ST_EXECD));
			stage = 1;
		} else if (stage == 1) {
			CHECK(it.kind == RF_WORDS && it.len == 3 &&
			      !memcmp(it.data, "-f", 3));
			stage = 2;
		} else if (stage == 2) {
			CHECK(it.kind == RF_TASK && it.len == sizeof(struct rf_task));
			stage = 3;
		} else if (stage == 3) {
			CHECK(it.kind == RF_START);
			stage = 4;
		} else if (it.kind == RF_REC) {
			while (item_len(i) + 23 > CAP)
				i++;	/* the one too big */
			item_bytes(i, want, item_len(i));
			CHECK(i <= last && it.len == item_len(i) &&
			      it.ring == (unsigned int)i % 5 &&
			      !memcmp(it.data, want, it.len));
			i++;
		} else {
			CHECK(it.kind == RF_END);
			stage = 5;
		}
	}
	CHECK(k == 0 && recr_error(r) == NULL);
	CHECK(stage == 5);
	if (i != last + 1)
		fprintf(stderr, "%s: records %d.. then %d, want up to %d\n",
			path, first, i, last);
	CHECK(i == last + 1);
	recr_free(r);
	close(fd);
}

/* items first..upto into f */
static void feed_more(struct flight *f, int first, int upto)
{
	uint8_t buf[5000];

	for (int i = first; i <= upto; i++) {
		size_t n = item_len(i);

		item_bytes(i, buf, n);
		/* in two parts, as the recorder's head and data */
		flight_item(f, item_time(i), RF_REC, (unsigned int)i % 5, buf,
			    n / 3, buf + n / 3, n - n / 3);
	}
}

/* a recorder of conf c in dir, fed items 0..last, fired at last */
static struct flight *feed(const struct flight_conf *c, const char *path,
			   int upto, uint64_t *from)
{
	struct flight_hooks hk = { hk_flags, hk_tasks, from };
	struct rf_state st = { 0 };
	char err[200];
	struct flight *f = flight_new(c, path, &hk, err, sizeof(err));

	CHECK(f != NULL);
	if (!f)
		return NULL;
	st.flags = 0x4;
	flight_item(f, 0, RF_STATE, 0, &st, sizeof(st), NULL, 0);
	flight_item(f, 0, RF_WORDS, 0, "-f", 3, NULL, 0);
	flight_item(f, 0, RF_START, 0, NULL, 0, NULL, 0);
	feed_more(f, 0, upto);
	return f;
}

/* a call of nr that returned ret; or that named path (flags: its copy's) */
static int on_ret(const struct flight_conf *c, long nr, int64_t ret)
{
	struct sc_call call = { .d = &sc_table[nr], .ret = ret };

	return flight_on_call(c, nr, &call);
}

static int on_path(const struct flight_conf *c, long nr, const char *path,
		   int flags)
{
	/* a copy is its bytes, no NUL: what follows must not count */
	char buf[64];
	struct cap k = { .p = (const uint8_t *)buf,
			 .len = (uint32_t)strlen(path),
			 .flags = (uint8_t)flags };
	struct sc_call call = { .d = &sc_table[nr], .ret = 3 };

	snprintf(buf, sizeof(buf), "%sXYZ", path);
	call.cap[nr == 59 || nr == 2 ? 0 : 1] = &k;	/* execve, open; openat */
	return flight_on_call(c, nr, &call);
}

static void check_options(void)
{
	struct flight_conf c;
	char err[300];

	memset(&c, 0, sizeof(c));
	CHECK(!flight_parse(&c, 0, "2s", err, sizeof(err)));
	CHECK(c.window_ns == 2000000000ull && c.bytes == FLIGHT_DEFAULT_BYTES);
	CHECK(!flight_parse(&c, 0, "500ms,8M", err, sizeof(err)));
	CHECK(c.window_ns == 500000000ull && c.bytes == 8ull << 20);
	CHECK(!flight_parse(&c, 0, "1G", err, sizeof(err)));
	CHECK(c.window_ns == 0 && c.bytes == 1ull << 30);
	CHECK(flight_parse(&c, 0, "5", err, sizeof(err)) == -1);
	CHECK_STR(err, "invalid --flight-recorder '5' (want a time (2s, 500ms),"
		  " a size (64M, from 1M to 4G), or both (2s,64M))");
	CHECK(flight_parse(&c, 0, "512K", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 0, "0s", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 0, "2s,", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 0, "5G", err, sizeof(err)) == -1);

	memset(&c, 0, sizeof(c));
	CHECK(!flight_parse(&c, 1, "errno=ENOENT,13", err, sizeof(err)));
	CHECK(!flight_parse(&c, 1, "openat:errno=enospc", err, sizeof(err)));
	CHECK(!flight_parse(&c, 1, "signal=SIGSEGV,BUS", err, sizeof(err)));
	CHECK(!flight_parse(&c, 1, "exit!=0", err, sizeof(err)));
	CHECK(!flight_parse(&c, 1, "openat,execve:path=/etc/*", err, sizeof(err)));
	CHECK(c.ntrig == 5 && c.nrule == 3);
	CHECK(on_ret(&c, 0, -2) == 1 && on_ret(&c, 1, -13) == 1);
	CHECK(!on_ret(&c, 0, -1) && !on_ret(&c, 0, 2));
	CHECK(on_ret(&c, 257, -28) == 2 && !on_ret(&c, 2, -28));
	CHECK(on_path(&c, 257, "/etc/passwd", 0) == 3);
	CHECK(on_path(&c, 59, "/etc/x", 0) == 3);
	CHECK(!on_path(&c, 257, "/tmp/x", 0));
	CHECK(!on_path(&c, 2, "/etc/passwd", 0));	/* open: not in SET */
	CHECK(!on_path(&c, 257, "/etc/passwd", CAP_TRUNC));	/* not whole */
	CHECK(!flight_parse(&c, 1, "path=*wd", err, sizeof(err)));
	CHECK(on_path(&c, 2, "/etc/passwd", 0) == 4);	/* not *wdXYZ */
	CHECK(flight_on_signal(&c, 11) && flight_on_signal(&c, 7) &&
	      !flight_on_signal(&c, 10) && !flight_on_signal(&c, 0));
	CHECK(flight_on_exit(&c, 0, 1) && flight_on_exit(&c, 1, 9) &&
	      !flight_on_exit(&c, 0, 0));
	CHECK(flight_parse(&c, 1, "errno=ENOPE", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 1, "signal=SIGNOPE", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 1, "nosuch:errno=ENOENT", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 1, "openat:path=", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, 1, "exit=1", err, sizeof(err)) == -1);
	CHECK_STR(err, "invalid --trigger 'exit=1' (want [SET:]errno=E,"
		  " [SET:]path=GLOB, signal=S or exit!=0)");

	CHECK(!flight_parse(&c, FLIGHT_OPT_AFTER, "1.5s", err, sizeof(err)));
	CHECK(c.after_ns == 1500000000ull);
	CHECK(!flight_parse(&c, FLIGHT_OPT_AFTER, "20ms", err, sizeof(err)));
	CHECK(c.after_ns == 20000000ull);
	CHECK(flight_parse(&c, FLIGHT_OPT_AFTER, "0s", err, sizeof(err)) == -1);
	CHECK(flight_parse(&c, FLIGHT_OPT_AFTER, "3", err, sizeof(err)) == -1);
	CHECK_STR(err, "invalid --after '3' (want a time, as 2s or 500ms)");
}

/* --after 55 ns: fired at item 1500, the items of the next 55 ns (1501
   to 1505) go in; the dump ends at the item past it, at a tick past
   it, or at the recorder's end */
static void check_after(const char *path)
{
	struct flight_conf c;
	struct flight *f;
	uint64_t from = 0, fire = item_time(1500);
	char name[300];

	memset(&c, 0, sizeof(c));
	c.bytes = CAP;
	c.window_ns = 100;
	c.after_ns = 55;
	snprintf(name, sizeof(name), "%s.1", path);
	for (int how = 0; how < 3; how++) {
		f = feed(&c, path, 1500, &from);
		flight_fire(f, "test", fire, 0);
		flight_poll(f, 0);
		flight_tick(f, fire + 54);	/* not yet */
		feed_more(f, 1501, 1505);
		if (how == 0)
			feed_more(f, 1506, 1520);
		else if (how == 1)
			flight_tick(f, fire + 55);
		/* ended (with its END) before the recorder's end, but in 2 */
		if (how < 2)
			check_dump(name, model_first(1500, 100, 0), 1505);
		CHECK(flight_free(f) == 0);
		check_dump(name, model_first(1500, 100, 0), 1505);
		unlink(name);
	}
}

int main(void)
{
	char dir[] = "/tmp/flight_windowXXXXXX", path[256], name[300];
	struct flight_conf c;
	struct flight *f;
	uint64_t from = 0;

	check_options();
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/fr", dir);
	check_after(path);

	/* by size: fired at item 1500, then at 1600 (held), by hand at
	   1700 (written), then the end */
	memset(&c, 0, sizeof(c));
	c.bytes = CAP;
	f = feed(&c, path, 1500, &from);
	flight_fire(f, "test", item_time(1500), 0);
	flight_poll(f, 0);
	snprintf(name, sizeof(name), "%s.1", path);
	check_dump(name, model_first(1500, 0, 0), 1500);
	CHECK(from == item_time(model_first(1500, 0, 0)));
	flight_fire(f, "test", item_time(1500) + 5, 0);
	flight_poll(f, 0);
	snprintf(name, sizeof(name), "%s.2", path);
	CHECK(access(name, F_OK) == -1);	/* within a second: held */
	flight_fire(f, "by hand", item_time(1500) + 6, 1);
	flight_poll(f, 0);
	check_dump(name, model_first(1500, 0, 0), 1500);
	CHECK(flight_free(f) == 0);
	unlink(name);
	snprintf(name, sizeof(name), "%s.1", path);
	unlink(name);

	/* past the one too big (2000): it is skipped, the rest kept */
	f = feed(&c, path, 2100, &from);
	flight_fire(f, "test", item_time(2100), 0);
	flight_poll(f, 0);
	check_dump(name, model_first(2100, 0, 0), 2100);
	CHECK(flight_free(f) == 0);
	unlink(name);

	/* by time: 100 ns of items, fewer than the bytes would hold */
	c.window_ns = 100;
	f = feed(&c, path, NITEMS - 1, &from);
	flight_fire(f, "test", item_time(NITEMS - 1), 0);
	flight_poll(f, 0);
	check_dump(name, model_first(NITEMS - 1, 100, 0), NITEMS - 1);
	CHECK(model_first(NITEMS - 1, 100, 0) == NITEMS - 11);
	/* by hand 50 ns after the last item: the window is the last 100 ns
	   before the signal, not before the last item */
	flight_fire(f, "by hand", item_time(NITEMS - 1) + 50, 1);
	flight_poll(f, 0);
	snprintf(name, sizeof(name), "%s.2", path);
	check_dump(name, model_first(NITEMS - 1, 100,
				     item_time(NITEMS - 1) + 50 - 100),
		   NITEMS - 1);
	CHECK(model_first(NITEMS - 1, 100, item_time(NITEMS - 1) - 50) ==
	      NITEMS - 6);
	unlink(name);
	snprintf(name, sizeof(name), "%s.1", path);
	CHECK(flight_free(f) == 0);
	unlink(name);

	/* nothing fired: FILE.1, made at the start, is gone */
	f = feed(&c, path, 10, &from);
	CHECK(access(name, F_OK) == 0);
	CHECK(flight_free(f) == 0);
	CHECK(access(name, F_OK) == -1);
	CHECK(rmdir(dir) == 0);
	CHECK_DONE();
}
