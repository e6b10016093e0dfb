// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing stage: the command's own execve (execcaps.h).
 */
#include <stdlib.h>
#include <string.h>

#include "execcaps.h"
#include "launch.h"

/* n strings of v in the decoders' layout of argv (decode.h), or NULL */
static char *exec_vec(char *const *v, int n, struct cap *k)
{
	size_t len = 0;
	char *bytes, *q;

	for (int i = 0; i < n; i++)
		len += 9 + strlen(v[i]) + 1;
	bytes = malloc(len ? len : 1);
	if (!bytes)
		return NULL;
	q = bytes;
	for (int i = 0; i < n; i++) {
		uint64_t ptr = (uint64_t)(unsigned long)v[i];
		size_t sl = strlen(v[i]) + 1;

		memcpy(q, &ptr, sizeof(ptr));
		q[8] = ARGV_OK;
		memcpy(q + 9, v[i], sl);
		q += 9 + sl;
	}
	k->p = (const uint8_t *)bytes;
	k->len = (uint32_t)len;
	k->count = k->total = (uint32_t)n;
	return bytes;
}

void exec_caps_fill(const struct launch *l, struct sc_call *c,
		    struct exec_caps *k)
{
	memset(k, 0, sizeof(*k));
	c->args[0] = (uint64_t)(unsigned long)l->path;
	c->args[1] = (uint64_t)(unsigned long)l->argv;
	c->args[2] = (uint64_t)l->envp;
	k->path.p = (const uint8_t *)l->path;
	k->path.len = (uint32_t)strlen(l->path);
	k->argv_bytes = exec_vec(l->argv, l->argc, &k->argv);
	if (k->argv_bytes)
		c->cap[1] = &k->argv;
	k->envp.total = (uint32_t)l->envc;
	if (c->o->verbose)
		k->envp_bytes = exec_vec(l->env, l->envc, &k->envp);
	c->cap[0] = &k->path;
	c->cap[2] = &k->envp;
}

void exec_caps_free(struct exec_caps *k)
{
	free(k->argv_bytes);
	free(k->envp_bytes);
}
