// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: SIGBUS in a mapping of a module's file (elfguard.h).
 *
 * The handler runs on the thread that faulted, inside libdw or
 * callsite.c, while the list is not being changed (etrace unwinds on
 * its one thread), so it reads the list as it is.  It uses mmap only
 * (a system call: safe in a handler).  The zero page is mapped over
 * the page that faulted, MAP_FIXED: inside libdw's mapping, which its
 * munmap removes with the rest.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "elfguard.h"

struct range {
	uintptr_t start, end;
};

static struct range *ranges;
static size_t nranges, cap;
static uintptr_t page_mask;
static volatile sig_atomic_t pages;
static int installed;

static int listed(uintptr_t a)
{
	for (size_t i = 0; i < nranges; i++)
		if (a >= ranges[i].start && a < ranges[i].end)
			return 1;
	return 0;
}

static void on_sigbus(int sig, siginfo_t *si, void *uc)
{
	uintptr_t a = (uintptr_t)si->si_addr;
	void *p = (void *)(a & page_mask);

	/* BUS_ADRERR: a page past the end of the file a mapping has */
	if (si->si_code != BUS_ADRERR || !listed(a) ||
	    mmap(p, ~page_mask + 1, PROT_READ,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != p) {
		/* not ours: the default (the fault comes again, and kills) */
		signal(SIGBUS, SIG_DFL);
		return;
	}
	pages++;
}

int elfguard_install(void)
{
	struct sigaction sa;

	if (installed)
		return 0;
	page_mask = ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGBUS, &sa, NULL))
		return -errno;
	installed = 1;
	return 0;
}

int elfguard_add(const void *start, size_t len)
{
	if (nranges == cap) {
		size_t n = cap ? cap * 2 : 64;
		struct range *r = realloc(ranges, n * sizeof(*r));

		if (!r)
			return -ENOMEM;
		ranges = r;
		cap = n;
	}
	ranges[nranges].start = (uintptr_t)start;
	ranges[nranges].end = (uintptr_t)start + len;
	nranges++;
	return 0;
}

void elfguard_del(const void *start)
{
	for (size_t i = 0; i < nranges; i++) {
		if (ranges[i].start == (uintptr_t)start) {
			ranges[i] = ranges[--nranges];
			return;
		}
	}
}

uint64_t elfguard_pages(void)
{
	return (uint64_t)pages;
}
