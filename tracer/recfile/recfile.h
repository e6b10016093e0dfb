/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: the file `etrace record` writes and `etrace report`
 * reads (README's "Recordings" documents it for other tools).
 *
 * A 16-byte header in the clear (magic "ETRACErc", version, flags), then
 * one zstd stream of items.  An item is an 8-byte head (kind, ring,
 * length) and its payload, padded to 8 bytes, so every perf record in
 * the decompressed stream is 8-aligned as it was in its ring.  Since
 * version 2, records of at most RF_PACK_WORDS words come in RF_PACK
 * items, each as the words that changed since the last one of its ring
 * and size (below): a storm's record is a few bytes, not 100, before
 * zstd sees it, and zstd's time goes per byte and per match.  The
 * items before RF_START describe the run (what decoding needs later);
 * then come the records as the merge handed them on, in time order, and
 * what happened between them outside the rings (the command reaped, a
 * check of vanished tasks, losses said at the end), and RF_END.  All
 * numbers are little-endian (x86_64's own order).
 *
 * Writing costs a copy and zstd's work per record: nothing is decoded.
 * The reader is pure (no kernel): it is fuzzed.
 */
#ifndef ETRACE_RECFILE_H
#define ETRACE_RECFILE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RF_MAGIC	"ETRACErc"
#define RF_VERSION	2	/* writes; reads 1 (no RF_PACK) and 2 */
#define RF_HEAD_LEN	16
#define RF_FLAG_ZSTD	0x1
/* no item is larger: a perf record is at most 64 KiB, a table more */
#define RF_ITEM_MAX	(64u << 20)

enum rf_kind {
	/* the run, before RF_START */
	RF_STATE = 1,	/* struct rf_state */
	RF_WORDS,	/* the record's options, each NUL-terminated */
	RF_CMD,		/* the command's argv, each NUL-terminated */
	RF_EVSEL,	/* struct rf_evsel, then its tracefs format text */
	RF_ID,		/* struct rf_id: a perf id is this evsel's */
	RF_TASK,	/* struct rf_task: a task known before any record */
	RF_LAUNCH,	/* struct rf_launch, then path and argv strings */
	RF_START,	/* the records follow */
	/* the trace */
	RF_REC,		/* a perf record as read, ring = its ring's index */
	RF_REAPED,	/* struct rf_reaped: the command's wait status */
	RF_VANISH,	/* struct rf_vanish: a check of vanished tasks */
	RF_ALIVE,	/* struct rf_alive[]: /proc's answers to the item
			   before (a check, an exit without BPF) */
	RF_LOSS,	/* struct rf_loss: losses no ring said, at the end */
	RF_DETACH,	/* u64 time: calls still open end detached */
	RF_SUMMARY,	/* struct rf_sumhead, then rows: the -c table */
	RF_END,		/* struct rf_end: the recording is whole */
	RF_ARGNAMES,	/* the run: int32 nr, then its arguments' names
			   (its tracefs format's), each NUL-terminated */
	RF_PACK,	/* version 2: packed records (below); the reader
			   hands each out as an RF_REC */
	RF_KIND_MAX,
};

struct rf_item_head {
	uint8_t kind;
	uint8_t pad;
	uint16_t ring;
	uint32_t len;		/* payload bytes, before padding */
};

/*
 * RF_PACK's payload: records, each
 *
 *   varint ring, u8 n (its words: perf_event_header.size / 8), varint
 *   mask (bit i: word i changed), then for each bit set, lowest first,
 *   varint zigzag(word - the reference's word), modulo 2^64
 *
 * Its reference: the last record of the same ring and n before it in
 * the stream, packed or an RF_REC of that shape (rf_shape), all zero
 * words when none.  Varints are LEB128 (7 bits a byte, low first),
 * zigzag(d) = (d << 1) ^ (d >> 63 arithmetic).  The writer packs a
 * record of that shape when at most RF_PACK_DIFFS of its words changed
 * (a storm's: its time, its thread); the others stay RF_RECs, which zstd
 * matches whole against earlier ones (a fork loop's calls repeat).
 */
#define RF_PACK_RINGS	1024
#define RF_PACK_WORDS	32
#define RF_PACK_DIFFS	4

/* a record's words when it may be packed (and is a reference), else 0 */
static inline unsigned int rf_shape(unsigned int ring, const void *rec,
				    size_t len)
{
	uint16_t size;

	if (ring >= RF_PACK_RINGS || len < 8 || len % 8 ||
	    len > 8 * RF_PACK_WORDS)
		return 0;
	memcpy(&size, (const uint8_t *)rec + 6, 2);
	return size == len ? (unsigned int)len / 8 : 0;
}

#define RF_ST_CHILD		0x0001	/* a command was started */
#define RF_ST_SCOPED		0x0002	/* events on for all tasks */
#define RF_ST_MULTI		0x0004	/* several tasks from the start */
#define RF_ST_SIG_BPF		0x0008	/* signals come with siginfo */
#define RF_ST_BPF_EXITS		0x0010
#define RF_ST_FILE_STRINGS	0x0020
#define RF_ST_SURVIVE_EXEC	0x0040
#define RF_ST_SUM_CALLS		0x0080	/* -c counted from the records */
#define RF_ST_CAP_ACTIVE	0x0100	/* the BPF programs ran */
#define RF_ST_FOLLOW		0x0200	/* -f */
#define RF_ST_ALL		0x0400	/* -a */
/* a flight recorder's dump: the records begin mid-trace, the TASKs are
   those traced then (and those that began in the window), and with
   RF_ST_EXECD the command had exec'd */
#define RF_ST_WINDOW		0x0800
#define RF_ST_EXECD		0x1000

struct rf_state {
	uint64_t start;		/* CLOCK_MONOTONIC when tracing began, ns */
	int64_t mono_to_real;	/* CLOCK_REALTIME - CLOCK_MONOTONIC then */
	uint32_t flags;		/* RF_ST_* */
	int32_t child;		/* the command's pid, or 0 */
	int32_t self;		/* etrace's pid */
	char self_comm[16];	/* etrace's name (the command's before exec) */
	uint32_t nrings;	/* rings read (ring indexes below this) */
	uint32_t nev;		/* RF_EVSEL items */
	uint32_t ncpu;
	int32_t ring_cpu[];	/* nrings: the CPU of each ring */
};

struct rf_evsel {
	char sys[32];
	char name[80];
	int32_t role;		/* enum ev_role */
	int32_t tp_id;
	int64_t sc_nr;
	int32_t off_nr, sz_nr, off_args, nargs;
	int32_t off_sig, off_code, off_handler;
	int32_t tp_index;
	int32_t flags;		/* RF_EV_* */
	uint32_t fmt_len;	/* the format text after the struct */
	uint64_t sample_type;
};

#define RF_EV_COUNTED	0x1
#define RF_EV_BY_BPF	0x2
#define RF_EV_RING	0x4
#define RF_EV_STACK	0x8
#define RF_EV_IP	0x10

struct rf_id {
	uint64_t id;
	uint32_t ev;		/* index of its RF_EVSEL, in file order */
	uint32_t pad;
};

struct rf_task {
	int32_t tid, pid;
	char comm[16];
};

struct rf_launch {
	int32_t pid;
	int32_t argc;
	int32_t envc;
	int32_t pad;
	uint64_t envp;		/* the environment's address */
	uint64_t exec_ip;	/* -i: the execve's user IP */
	/* then path\0, argv[0]\0 ... argv[argc-1]\0 */
};

struct rf_reaped {
	int32_t status;
	int32_t pad;
	uint64_t time;
};

struct rf_vanish {
	uint64_t time, settled;
};

struct rf_alive {
	int32_t tid;
	int32_t alive;
};

struct rf_loss {
	uint64_t n, time;
};

struct rf_sumhead {
	uint64_t time;
	uint64_t lost;
	uint32_t nrows;
	uint32_t row_size;	/* sizeof(struct sum_row) the writer had */
	uint32_t exact;		/* the kernel's counts */
	uint64_t full;		/* calls the kernel had no room for */
};

struct rf_end {
	uint64_t time;		/* when the trace ended */
	uint64_t bad;		/* malformed records met while recording */
};

/* the writer: a zstd stream to fd */
struct recw;

/* fd is owned from now on; NULL with err set */
struct recw *recw_new(int fd, int level, char *err, size_t errlen);
/* the file begins (its header); 0 or -errno */
int recw_start(struct recw *w);
/*
 * one item of two parts (b may be NULL); 0 or -errno (kept, said later);
 * an RF_REC of rf_shape's is packed when it can be
 */
int recw_item(struct recw *w, int kind, unsigned int ring, const void *a,
	      size_t alen, const void *b, size_t blen);
/*
 * A batch's end: what is buffered, compressed and written, unless the
 * last time was less than 200 ms ago (the loop calls it again within
 * 100 ms); 0 or -errno
 */
int recw_flush(struct recw *w);
/*
 * The stream ended (end: else nothing more is written, as when the file
 * was never started), the file closed; 0 or -errno of any write
 */
int recw_close(struct recw *w, int end);
/* bytes written to the file so far */
uint64_t recw_bytes(const struct recw *w);

/* the reader: the file's bytes, from an fd or from memory */
struct recr;

struct rf_item {
	int kind;		/* a packed record's is RF_REC */
	unsigned int ring;
	const uint8_t *data;	/* 8-aligned, valid until the next call */
	uint32_t len;
	uint64_t off;		/* of its head (a packed record's first
				   byte) in the decompressed stream */
};

/* fd: read from it (not closed); or data/len when fd < 0 */
struct recr *recr_new(int fd, const uint8_t *data, size_t len, char *err,
		      size_t errlen);
void recr_free(struct recr *r);
/*
 * The next item: 1, 0 at the end of the stream (after RF_END, or the
 * end of the bytes: r's error says which), -1 on an error (recr_error
 * says it, naming the offset).
 */
int recr_next(struct recr *r, struct rf_item *it);
/* why the stream stopped: NULL when it ended with RF_END */
const char *recr_error(const struct recr *r);

#endif
