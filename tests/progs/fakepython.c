// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Not Python, but it says it is (tests/live/python_frames.sh): it
 * exports _PyRuntime, PyCode_Type, PyUnicode_Type, PyBytes_Type and a
 * Py_Version of 3.11, and lays out in them a thread state of this very
 * thread (thread_id: its pthread_self) whose frame names a "code
 * object".  ARGV[1]: "type": that object's type is not PyCode_Type;
 * "names": it is, but its names are not strings.  Then it stats
 * ARGV[2].  etrace must name no Python frame, and not crash.
 * fakepython312 is the same saying it is 3.12, which etrace has no row
 * for.
 * (3.11's offsets, as cap_python.c's row says them.)
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#ifndef FAKE_VERSION
#define FAKE_VERSION 0x030b02f0		/* 3.11.2 */
#endif
const unsigned long Py_Version = FAKE_VERSION;
uint64_t _PyRuntime[64];
uint64_t PyCode_Type[51], PyUnicode_Type[51], PyBytes_Type[51];

static uint64_t interp[8], tstate[32], cframe[4], frame[16], code[32];
static uint64_t notstr[8];

int main(int argc, char **argv)
{
	struct stat st;

	if (argc < 3)
		return 2;
	_PyRuntime[40 / 8] = (uint64_t)interp;
	interp[16 / 8] = (uint64_t)tstate;
	tstate[152 / 8] = (uint64_t)pthread_self();
	tstate[56 / 8] = (uint64_t)cframe;
	cframe[8 / 8] = (uint64_t)frame;
	frame[32 / 8] = (uint64_t)code;
	frame[56 / 8] = (uint64_t)code + 184 + 4;
	code[8 / 8] = strcmp(argv[1], "type") ? (uint64_t)PyCode_Type :
						(uint64_t)PyUnicode_Type;
	code[16 / 8] = 100;
	notstr[1] = (uint64_t)PyBytes_Type;
	for (int i = 112 / 8; i < 144 / 8; i++)
		code[i] = (uint64_t)notstr;
	return stat(argv[2], &st) ? 1 : 0;
}
