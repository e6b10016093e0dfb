// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: the flight recorder (flight.h).  The window is a ring
 * of bytes that items are copied into whole, each after a 16-byte slot
 * (its time and its recfile head); an item that wraps at the ring's end
 * is copied in two pieces.  The oldest items are dropped until the new
 * one fits and, with a time window, while they are older than it.  So
 * the memory is one allocation made (and touched) at the start, and a
 * record costs a copy: nothing is compressed until a dump.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flight.h"
#include "out.h"
#include "recfile.h"

/* zstd's level of a dump, as a recording's */
#define FLIGHT_LEVEL	1
#define SEC		1000000000ull
#define FLIGHT_HUGE	(2u << 20)

struct fl_slot {
	uint64_t time;
	struct rf_item_head h;
};

struct flight {
	const struct flight_conf *c;
	struct flight_hooks hk;
	char *path;
	char *first;			/* PATH.1, made at the start */
	int first_fd;			/* its fd, or -1 once used */
	/* the items up to RF_START, as they are in a file */
	uint8_t *pre;
	size_t npre, cpre;
	int started;
	/* the window */
	uint8_t *ring;
	size_t cap, head, tail, used;
	uint64_t newest;
	uint32_t maxlen;		/* the largest item's payload */
	uint64_t too_big;		/* items larger than the ring */
	/* triggers */
	int pending;
	char why[400];
	uint64_t fire_time;
	uint64_t next_ok;		/* a trigger before: counted only */
	uint64_t held;			/* ... so many */
	unsigned int dumps;
	int err;			/* -errno of a dump that failed */
	uint64_t bad;			/* malformed records so far */
	/* the dump being written: the window's records (the first's time),
	   then, with --after, those that come until then */
	struct recw *w;
	char *name;
	size_t name_cap;
	uint64_t nrec, first_rec, nafter, until;
};

static size_t pad8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

static void dump_end(struct flight *f, uint64_t end_time, int gone);

/* ---- the window ---- */

/* off + n in the ring, off < cap and n <= cap (a compare: a 64-bit
   division, five an item, showed in drop_oldest's profile) */
static size_t ring_add(const struct flight *f, size_t off, size_t n)
{
	off += n;
	return off >= f->cap ? off - f->cap : off;
}

static void ring_put(struct flight *f, const void *src, size_t n)
{
	size_t k = f->cap - f->head < n ? f->cap - f->head : n;

	if (!n)
		return;
	memcpy(f->ring + f->head, src, k);
	memcpy(f->ring, (const uint8_t *)src + k, n - k);
	f->head = ring_add(f, f->head, n);
}

static void ring_zero(struct flight *f, size_t n)
{
	static const uint8_t zero[8];

	ring_put(f, zero, n);
}

static void ring_get(const struct flight *f, size_t off, void *dst, size_t n)
{
	size_t k = f->cap - off < n ? f->cap - off : n;

	memcpy(dst, f->ring + off, k);
	memcpy((uint8_t *)dst + k, f->ring, n - k);
}

static size_t slot_bytes(const struct fl_slot *sl)
{
	return sizeof(*sl) + pad8(sl->h.len);
}

static void drop_oldest(struct flight *f)
{
	struct fl_slot sl;
	size_t n;

	ring_get(f, f->tail, &sl, sizeof(sl));
	n = slot_bytes(&sl);
	if (n > f->used) {
		/* cannot be: the window is emptied, not walked forever */
		f->head = f->tail = f->used = 0;
		return;
	}
	f->tail = ring_add(f, f->tail, n);
	f->used -= n;
	/* the next oldest slot is read at the next item: from memory (the
	   window is larger than the caches), a miss paid now beside work */
	__builtin_prefetch(f->ring + f->tail);
}

/* the oldest item's time, the ring not empty */
static uint64_t oldest_time(const struct flight *f)
{
	struct fl_slot sl;

	ring_get(f, f->tail, &sl, sizeof(sl));
	return sl.time;
}

static void pre_put(struct flight *f, const void *p, size_t n)
{
	if (!n)
		return;
	if (f->npre + n > f->cpre) {
		size_t c = f->cpre ? 2 * f->cpre : 4096;
		uint8_t *np;

		while (c < f->npre + n)
			c *= 2;
		np = realloc(f->pre, c);
		if (!np) {
			f->err = -ENOMEM;
			return;
		}
		f->pre = np;
		f->cpre = c;
	}
	memcpy(f->pre + f->npre, p, n);
	f->npre += n;
}

void flight_item(struct flight *f, uint64_t time, int kind,
		 unsigned int ring, const void *a, size_t alen,
		 const void *b, size_t blen)
{
	struct fl_slot sl = { 0, { (uint8_t)kind, 0, (uint16_t)ring,
				   (uint32_t)(alen + blen) } };
	size_t need = sizeof(sl) + pad8(alen + blen);
	static const uint8_t zero[8];

	if (!f->started) {
		pre_put(f, &sl.h, sizeof(sl.h));
		pre_put(f, a, alen);
		pre_put(f, b, blen);
		pre_put(f, zero, pad8(alen + blen) - alen - blen);
		f->started = kind == RF_START;
		return;
	}
	if (time > f->newest)
		f->newest = time;
	sl.time = f->newest;
	if (f->w && sl.time > f->until)
		dump_end(f, f->until, 0);
	if (f->w) {
		recw_item(f->w, kind, ring, a, alen, b, blen);
		f->nafter += kind == RF_REC;
	}
	if (need > f->cap) {
		f->too_big++;
		return;
	}
	while (f->used + need > f->cap)
		drop_oldest(f);
	while (f->c->window_ns && f->used &&
	       oldest_time(f) + f->c->window_ns < f->newest)
		drop_oldest(f);
	ring_put(f, &sl, sizeof(sl));
	ring_put(f, a, alen);
	ring_put(f, b, blen);
	ring_zero(f, pad8(alen + blen) - alen - blen);
	f->used += need;
	if (alen + blen > f->maxlen)
		f->maxlen = (uint32_t)(alen + blen);
}

/* ---- dumps ---- */

void flight_fire(struct flight *f, const char *why, uint64_t time,
		 int by_hand)
{
	if (f->pending)
		return;		/* one dump holds both */
	if (!by_hand && time < f->next_ok) {
		f->held++;
		return;
	}
	f->pending = 1;
	f->fire_time = time > f->newest ? time : f->newest;
	snprintf(f->why, sizeof(f->why), "%s", why);
}

/* the file of dump n: PATH.n, emptied */
static int dump_open(struct flight *f, unsigned int n, char *name,
		     size_t len, char *err, size_t errlen)
{
	int fd, r;

	snprintf(name, len, "%s.%u", f->path, n);
	if (n == 1 && f->first_fd >= 0) {
		fd = f->first_fd;
		f->first_fd = -1;
		return fd;
	}
	fd = out_create(name, 0, err, errlen);
	r = fd >= 0 ? out_truncate(fd) : 0;
	if (r) {
		snprintf(err, errlen, "%.400s: %s", name, strerror(-r));
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * The items of pre, as a file has them, into w; the state says that the
 * records begin at from, and the tasks traced then come before START
 */
static int dump_pre(struct flight *f, struct recw *w, uint64_t from)
{
	size_t off = 0;
	int r = 0;

	while (off + sizeof(struct rf_item_head) <= f->npre && !r) {
		struct rf_item_head h;
		uint8_t *p = f->pre + off + sizeof(h);

		memcpy(&h, f->pre + off, sizeof(h));
		if (h.kind == RF_STATE && h.len >= sizeof(struct rf_state)) {
			struct rf_state st;

			memcpy(&st, p, sizeof(st));
			st.flags |= RF_ST_WINDOW | f->hk.flags(f->hk.ctx, from);
			r = recw_item(w, h.kind, h.ring, &st, sizeof(st),
				      p + sizeof(st), h.len - sizeof(st));
		} else {
			if (h.kind == RF_START)
				r = f->hk.tasks(f->hk.ctx, w, from);
			r = r ?: recw_item(w, h.kind, h.ring, p, h.len, NULL, 0);
		}
		off += sizeof(h) + pad8(h.len);
	}
	return r;
}

/* the time of the window's first item at or after from */
static uint64_t window_first(const struct flight *f, uint64_t from)
{
	size_t off = f->tail, left = f->used;

	while (left) {
		struct fl_slot sl;

		ring_get(f, off, &sl, sizeof(sl));
		if (sl.time >= from)
			return sl.time;
		off = ring_add(f, off, slot_bytes(&sl));
		left -= slot_bytes(&sl);
	}
	return f->fire_time;
}

/* the window's items since from, into w; *nrec: how many records */
static int dump_window(struct flight *f, struct recw *w, uint64_t from,
		       uint64_t *nrec, uint64_t *first)
{
	uint8_t *buf = malloc(f->maxlen ? f->maxlen : 1);
	size_t off = f->tail, left = f->used;
	int r = buf ? 0 : -ENOMEM;

	*nrec = 0;
	*first = 0;
	while (left && !r) {
		struct fl_slot sl;
		size_t n;

		ring_get(f, off, &sl, sizeof(sl));
		n = slot_bytes(&sl);
		if (sl.time >= from) {
			ring_get(f, ring_add(f, off, sizeof(sl)), buf,
				 sl.h.len);
			r = recw_item(w, sl.h.kind, sl.h.ring, buf,
				      sl.h.len, NULL, 0);
			if (sl.h.kind == RF_REC && !(*nrec)++)
				*first = sl.time;
		}
		off = ring_add(f, off, n);
		left -= n;
	}
	free(buf);
	return r;
}

/* "1.250" of ns: seconds, to the millisecond */
static void say_secs(char *buf, size_t len, uint64_t ns)
{
	snprintf(buf, len, "%llu.%03llu", (unsigned long long)(ns / SEC),
		 (unsigned long long)(ns % SEC / 1000000));
}

/*
 * The open dump's end: its END (the time it covers up to), closed, said;
 * gone: the trace ended before --after's time was up
 */
static void dump_end(struct flight *f, uint64_t end_time, int gone)
{
	struct rf_end end = { end_time, f->bad };
	char before[32], after[96] = "", secs[32];
	uint64_t span = f->nrec ? f->fire_time - f->first_rec : 0;
	int r;

	r = recw_item(f->w, RF_END, 0, &end, sizeof(end), NULL, 0);
	r = recw_close(f->w, 1) ?: r;
	f->w = NULL;
	if (r) {
		fprintf(stderr, "etrace: flight recorder: writing %s failed:"
			" %s\n", f->name, strerror(-r));
		f->err = f->err ?: r;
		return;
	}
	f->dumps++;
	say_secs(before, sizeof(before), span);
	if (f->c->after_ns) {
		say_secs(secs, sizeof(secs), end_time - f->fire_time);
		snprintf(after, sizeof(after), " and %s s after%s", secs,
			 gone ? ", when the trace ended" : "");
	}
	fprintf(stderr, "etrace: flight recorder: %s: wrote %s (%llu records,"
		" the last %s s%s)\n", f->why, f->name,
		(unsigned long long)(f->nrec + f->nafter), before, after);
	/* the next trigger a window later, or a second with none */
	f->next_ok = f->fire_time + f->c->after_ns + (f->c->window_ns ?: SEC);
}

void flight_poll(struct flight *f, uint64_t bad)
{
	uint64_t from;
	char err[512];
	int fd, r;

	f->bad = bad;
	if (!f->pending)
		return;
	f->pending = 0;
	from = f->c->window_ns && f->fire_time > f->c->window_ns ?
	       f->fire_time - f->c->window_ns : 0;
	fd = dump_open(f, f->dumps + 1, f->name, f->name_cap, err,
		       sizeof(err));
	f->w = fd >= 0 ? recw_new(fd, FLIGHT_LEVEL, err, sizeof(err)) : NULL;
	if (!f->w) {
		fprintf(stderr, "etrace: flight recorder: %s: no dump written\n",
			err);
		f->err = f->err ?: -EIO;
		return;
	}
	r = recw_start(f->w) ?: dump_pre(f, f->w, window_first(f, from)) ?:
	    dump_window(f, f->w, from, &f->nrec, &f->first_rec);
	f->nafter = 0;
	f->until = f->fire_time + f->c->after_ns;
	/* --after: what comes until then goes in too (flight_item) */
	if (r || !f->c->after_ns)
		dump_end(f, f->fire_time, 0);
}

void flight_tick(struct flight *f, uint64_t settled)
{
	if (!f->w)
		return;
	if (settled >= f->until)
		dump_end(f, f->until, 0);
	else
		recw_flush(f->w);	/* on disk as it comes; errors: at
					   its end */
}

/* ---- its life ---- */

struct flight *flight_new(const struct flight_conf *c, const char *path,
			  const struct flight_hooks *hk, char *err,
			  size_t errlen)
{
	struct flight *f = calloc(1, sizeof(*f));
	size_t n = strlen(path) + 16;
	int r;

	if (!f)
		goto out_nomem;
	f->c = c;
	f->hk = *hk;
	f->first_fd = -1;
	f->cap = (size_t)c->bytes;
	/* in huge pages where the kernel has them: the window is written
	   and its oldest items read a page after another, a TLB miss each */
	if (posix_memalign((void **)&f->ring, FLIGHT_HUGE, f->cap))
		f->ring = NULL;
	else
		madvise(f->ring, f->cap, MADV_HUGEPAGE);
	f->path = strdup(path);
	f->first = malloc(n);
	f->name_cap = n;
	f->name = malloc(n);
	if (!f->ring || !f->path || !f->first || !f->name)
		goto out_nomem;
	/* its pages now, not as the first storm fills them (a fault each) */
	memset(f->ring, 0, f->cap);
	snprintf(f->first, n, "%s.1", path);
	f->first_fd = out_create(f->first, 0, err, errlen);
	r = f->first_fd >= 0 ? out_truncate(f->first_fd) : 0;
	if (r) {
		snprintf(err, errlen, "%s: %s", f->first, strerror(-r));
		close(f->first_fd);
		f->first_fd = -1;
	}
	if (f->first_fd < 0) {
		free(f->first);
		f->first = NULL;	/* not ours to remove */
		flight_free(f);
		return NULL;
	}
	return f;
out_nomem:
	snprintf(err, errlen, "out of memory");
	flight_free(f);
	return NULL;
}

void flight_say_start(const struct flight *f, int self)
{
	char when[32] = "";

	if (f->c->window_ns)
		snprintf(when, sizeof(when), "%llu.%03llu s of ",
			 (unsigned long long)(f->c->window_ns / SEC),
			 (unsigned long long)(f->c->window_ns % SEC / 1000000));
	fprintf(stderr, "etrace: flight recorder: keeping the last %srecords"
		" in at most %llu MiB; written to %s.N when a trigger fires"
		" or etrace (pid %d) gets SIGUSR1\n", when,
		(unsigned long long)(f->c->bytes >> 20), f->path, self);
}

int flight_free(struct flight *f)
{
	int r;

	if (!f)
		return 0;
	if (f->w)
		dump_end(f, f->newest > f->until ? f->until : f->newest, 1);
	if (f->held)
		fprintf(stderr, "etrace: flight recorder: %llu more trigger%s"
			" within a window of a dump: not written\n",
			(unsigned long long)f->held, f->held == 1 ? "" : "s");
	if (f->too_big)
		fprintf(stderr, "etrace: flight recorder: %llu record%s larger"
			" than the window: never kept\n",
			(unsigned long long)f->too_big, f->too_big == 1 ? "" : "s");
	if (f->started && !f->dumps && !f->err)
		fprintf(stderr, "etrace: flight recorder: no trigger fired:"
			" nothing written\n");
	/* PATH.1 made at the start and never written: removed */
	if (f->first_fd >= 0) {
		struct stat a, b;

		if (f->first && !fstat(f->first_fd, &a) &&
		    !lstat(f->first, &b) && a.st_ino == b.st_ino &&
		    a.st_dev == b.st_dev && !a.st_size)
			unlink(f->first);
		close(f->first_fd);
	}
	r = f->err;
	free(f->first);
	free(f->name);
	free(f->path);
	free(f->ring);
	free(f->pre);
	free(f);
	return r;
}
