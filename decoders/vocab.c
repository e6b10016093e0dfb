// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: names of the table's vocabulary (kinds, returns,
 * classes), shared by the table generator and the tracer.
 */
#include <string.h>

#include "sysent.h"

/* kind_info.copies: 0 none, 1 memory, 2 a string (COPY(STR, ...)) */
#define NOCOPY			0
#define STRUCT(when)		1
#define COPY(op, when, len, elem, max) COPIES_##op
#define COPIES_STR		2
#define COPIES_BUF		1
#define COPIES_UPTO		1
#define COPIES_ARGV		1
#define COPIES_COUNT		1
#define COPIES_IOV		1
#define COPIES_MSGHDR		1
#define COPIES_MMSGHDR		1
#define COPIES_DIRENTS		1
#define COPIES_SOCKBUF		1
#define COPIES_CLONE3		1
#define COPIES_IOURING		1
#define COPIES_SIGSETP		1
#define COPIES_SOCKADDR		1
#define COPIES_SOCKOPT		1
#define COPIES_SECCOMP_FPROG	1
#define COPIES_PRCTL_FPROG	1
#define COPIES_KEYCTL		1
#define COPIES_PRCTL5		2
#define COPIES_MOUNTATTR	1
#define COPIES_BPFATTR		1
#define COPIES_IOCBS		1
#define COPIES_PTRACE		1
const struct kind_info kind_info[K__COUNT] = {
#define KIND(name, base, dir, fmt, size, copy, what) \
	{ #name, B_##base, D_##dir, size, copy },
#include "kinds.def"
#undef KIND
};
#undef NOCOPY
#undef STRUCT
#undef COPY

const char *const ret_names[R__COUNT] = {
#define RET(name, what) #name,
#include "rets.def"
#undef RET
};

const char *const class_names[CLS__COUNT] = {
#define CLASS(ident, name) name,
#include "classes.def"
#undef CLASS
};

int sc_class_by_name(const char *name)
{
	for (int i = 0; i < CLS__COUNT; i++) {
		const char *c = class_names[i];

		if (!strcmp(c, name))
			return i;
		/*
		 * strace still accepts the old bare names ("file") of the
		 * first seven classes; "stat" and the rest are syscalls.
		 */
		if (i <= CLS_BIT_ipc && !strcmp(c + 1, name))
			return i;
	}
	return -1;
}
