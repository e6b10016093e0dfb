// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: strace's flags where strace has one, perf's -a and -m.
 * Only flags that work are offered; anything else is an error naming it.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"

#define DEFAULT_RING_BYTES (4u << 20)
#define MAX_RING_BYTES (1ull << 30)

void opt_usage(FILE *f)
{
	fputs(
"usage: etrace [-f|-ff] [-q] [-o FILE] [-e trace=LIST] [-m SIZE] -- CMD [ARGS]\n"
"       etrace [-f|-ff] ... -p PID[,PID...] [-p PID]\n"
"       etrace -a ... [-- CMD [ARGS]]\n"
"Trace syscalls without stopping the traced program (perf_event_open).\n"
"\n"
"Targets:\n"
"  -- CMD ARGS     start CMD and trace it; exit with its status\n"
"  -p PID[,PID]    attach to running processes (all their threads)\n"
"  -a              system-wide: every process on every CPU\n"
"  -f              follow threads and children\n"
"  -ff             with -o FILE: one file per process, FILE.PID\n"
"Selection:\n"
"  -e trace=LIST   syscalls to trace: names, %file %desc %process %memory\n"
"                  %signal %network %ipc %creds %clock ..., /regex, ?name,\n"
"                  all, none; a leading ! negates the list\n"
"Output:\n"
"  -o FILE         write the trace to FILE\n"
"  -s SIZE         show SIZE bytes of strings and buffers (default 32)\n"
"  --no-bpf        no kernel-side copies of argument memory: pointers\n"
"  -q, -qq, -qqq   quieter: no attach notes; no exit lines; nothing extra\n"
"Rings:\n"
"  -m SIZE         per-CPU ring size (default 4M; K, M suffixes)\n"
"\n"
"  -h              this help    -V  version\n", f);
}

static int parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		return -1;
	switch (toupper((unsigned char)*end)) {
	case 'K':
		v <<= 10;
		end++;
		break;
	case 'M':
		v <<= 20;
		end++;
		break;
	case 'G':
		v <<= 30;
		end++;
		break;
	}
	if (toupper((unsigned char)*end) == 'B' || toupper((unsigned char)*end) == 'I')
		end++;
	if (*end || v == 0 || v > MAX_RING_BYTES)
		return -1;
	*out = (size_t)v;
	return 0;
}

static int add_pids(struct options *o, const char *arg, char *err,
		    size_t errlen)
{
	const char *p = arg;

	while (*p) {
		char *end;
		long v;
		pid_t *np;

		while (*p == ',' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		errno = 0;
		v = strtol(p, &end, 10);
		if (errno || end == p || v <= 0 || v > 0x3fffffff ||
		    (*end && *end != ',' && !isspace((unsigned char)*end))) {
			snprintf(err, errlen, "invalid process id: '%s'", arg);
			return -1;
		}
		np = realloc(o->pids, sizeof(*np) * (o->npids + 1));
		if (!np) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		o->pids = np;
		o->pids[o->npids++] = (pid_t)v;
		p = end;
	}
	return 0;
}

static int parse_e(struct options *o, const char *arg, char *err,
		   size_t errlen)
{
	const char *eq = strchr(arg, '=');
	const char *list = arg;

	if (eq) {
		size_t n = (size_t)(eq - arg);

		if (!(n == 5 && !strncmp(arg, "trace", 5)) &&
		    !(n == 1 && arg[0] == 't')) {
			snprintf(err, errlen, "-e %.*s=: qualifier not supported"
				 " (only trace=)", (int)n, arg);
			return -1;
		}
		list = eq + 1;
	}
	return sel_parse(&o->sel, list, err, errlen);
}

int opt_parse(int argc, char **argv, struct options *o, char *err,
	      size_t errlen)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "output", required_argument, NULL, 'o' },
		{ "follow-forks", no_argument, NULL, 'f' },
		{ "attach", required_argument, NULL, 'p' },
		{ "system-wide", no_argument, NULL, 'a' },
		{ "mmap-pages", required_argument, NULL, 'm' },
		{ "string-limit", required_argument, NULL, 's' },
		{ "no-bpf", no_argument, NULL, 'B' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->ring_bytes = DEFAULT_RING_BYTES;
	o->strsize = 32;
	sel_all(&o->sel);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+:hVfo:p:aqm:e:s:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'h':
			opt_usage(stdout);
			return 1;
		case 'V':
			printf("etrace 0.1\n");
			return 1;
		case 'f':
			o->follow++;
			break;
		case 'o':
			o->outfile = optarg;
			break;
		case 'p':
			if (add_pids(o, optarg, err, errlen))
				return -1;
			break;
		case 'a':
			o->system_wide = 1;
			break;
		case 'q':
			o->quiet++;
			break;
		case 'm':
			if (parse_size(optarg, &o->ring_bytes)) {
				snprintf(err, errlen, "invalid ring size '%s'"
					 " (want e.g. 64K, 1M, up to 1G)", optarg);
				return -1;
			}
			break;
		case 'e':
			if (parse_e(o, optarg, err, errlen))
				return -1;
			break;
		case 's': {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 0 || v > 4096) {
				snprintf(err, errlen, "invalid -s size '%s'"
					 " (want 0 to 4096)", optarg);
				return -1;
			}
			o->strsize = (int)v;
			break;
		}
		case 'B':
			o->no_bpf = 1;
			break;
		case ':':
			snprintf(err, errlen, "option '%s' needs an argument",
				 argv[optind - 1]);
			return -1;
		default:
			if (optopt)
				snprintf(err, errlen, "invalid option '-%c'",
					 optopt);
			else
				snprintf(err, errlen, "invalid option '%s'",
					 argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc)
		o->cmd = argv + optind;
	if (o->follow > 2) {
		snprintf(err, errlen, "-f given more than twice");
		return -1;
	}
	if (!o->cmd && !o->npids && !o->system_wide) {
		snprintf(err, errlen, "must have a command, -p PID or -a"
			 " (see etrace -h)");
		return -1;
	}
	if (o->system_wide && o->npids) {
		snprintf(err, errlen, "-a and -p exclude each other");
		return -1;
	}
	return 0;
}

void opt_free(struct options *o)
{
	free(o->pids);
	o->pids = NULL;
}
