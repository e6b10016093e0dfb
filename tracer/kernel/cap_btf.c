// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, before the load: the kernel's types that the programs'
 * CO-RE relocations are resolved against, cut down to those they name.
 *
 * libbpf (1.1) finds a relocated type's candidates by walking every type
 * of the kernel's BTF, once per type of the object: some 50 walks of the
 * ~150k types of this kernel, 60 ms of each start-up (most of it once the
 * verifier skips what a run does not ask).  Given instead a BTF holding
 * the kernel's types of the names the object uses, and whole the types
 * these embed (their members, arrays, typedefs), each pointer made a
 * void * (a field relocation asks a pointer member only that it is one),
 * every relocation resolves as against the whole BTF, in ~1 ms: same
 * names, same members, offsets and sizes, copied.  tests/live/core_btf.sh
 * compares the two resolutions, relocation by relocation.
 *
 * Not when the programs read -y's kernel objects: those loads cast to
 * the kernel's own type ids (bpf_core_type_id_kernel), which only the
 * whole BTF numbers right.  ETRACE_CORE_BTF=full: never (the test's).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "cap_priv.h"

/* a name up to its flavor suffix ("task_struct___fd": task_struct) */
struct ename {
	const char *s;
	size_t n;
};

static size_t essential(const char *s)
{
	const char *f = strstr(s, "___");

	return f ? (size_t)(f - s) : strlen(s);
}

static int ename_cmp(const void *a, const void *b)
{
	const struct ename *x = a, *y = b;
	int r = strncmp(x->s, y->s, x->n < y->n ? x->n : y->n);

	return r ? r : (x->n > y->n) - (x->n < y->n);
}

/* the kinds a relocation's root or candidate can be */
static int named_kind(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: case BTF_KIND_TYPEDEF: case BTF_KIND_FWD:
		return t->name_off != 0;
	}
	return 0;
}

/* the object's own BTF, from its ELF image's .BTF section */
static struct btf *object_btf(const void *image, size_t size)
{
	struct btf *b = NULL;
	Elf_Scn *scn = NULL;
	size_t shstr;
	Elf *e;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return NULL;
	e = elf_memory((char *)image, size);
	if (!e || elf_getshdrstrndx(e, &shstr))
		goto out;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			break;
		name = elf_strptr(e, shstr, sh.sh_name);
		if (!name || strcmp(name, ".BTF"))
			continue;
		d = elf_getdata(scn, NULL);
		if (d && d->d_buf)
			b = btf__new(d->d_buf, d->d_size);
		break;
	}
out:
	if (e)
		elf_end(e);
	return b && !libbpf_get_error(b) ? b : NULL;
}

/* the object's type names, sorted (NULL, or *n of them) */
static struct ename *object_names(const struct btf *ob, size_t *n)
{
	uint32_t cnt = btf__type_cnt(ob);
	struct ename *v = calloc(cnt, sizeof(*v));

	*n = 0;
	for (uint32_t i = 1; v && i < cnt; i++) {
		const struct btf_type *t = btf__type_by_id(ob, i);
		const char *s;

		if (!named_kind(t))
			continue;
		s = btf__name_by_offset(ob, t->name_off);
		if (s && *s)
			v[(*n)++] = (struct ename){ s, essential(s) };
	}
	if (v)
		qsort(v, *n, sizeof(*v), ename_cmp);
	return v;
}

/*
 * The cut: order[] lists the kernel's type ids kept, new[id] each one's
 * id in the cut BTF (1: the one void *, which every pointer becomes).
 */
struct cut {
	const struct btf *vm;
	uint32_t *new, *order, *stack;
	uint32_t n, cnt;
};

static void keep(struct cut *k, uint32_t id, uint32_t *sp)
{
	if (!id || id >= k->cnt || k->new[id])
		return;
	if (btf_is_ptr(btf__type_by_id(k->vm, id))) {
		k->new[id] = 1;
		return;
	}
	k->order[k->n] = id;
	k->new[id] = ++k->n + 1;
	k->stack[(*sp)++] = id;
}

/* id and what it embeds (each type pushed once: the stack is cnt big) */
static void keep_closure(struct cut *k, uint32_t root)
{
	uint32_t sp = 0;

	keep(k, root, &sp);
	while (sp) {
		const struct btf_type *t = btf__type_by_id(k->vm, k->stack[--sp]);
		uint16_t vlen = btf_vlen(t);

		switch (btf_kind(t)) {
		case BTF_KIND_STRUCT: case BTF_KIND_UNION:
			for (uint16_t i = 0; i < vlen; i++)
				keep(k, btf_members(t)[i].type, &sp);
			break;
		case BTF_KIND_ARRAY:
			keep(k, btf_array(t)->type, &sp);
			keep(k, btf_array(t)->index_type, &sp);
			break;
		case BTF_KIND_FUNC_PROTO:
			keep(k, t->type, &sp);
			for (uint16_t i = 0; i < vlen; i++)
				keep(k, btf_params(t)[i].type, &sp);
			break;
		case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			keep(k, t->type, &sp);
			break;
		}
	}
}

/* a copied type's references, renumbered into the cut */
static void renumber(const struct cut *k, struct btf_type *t)
{
	uint16_t vlen = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (uint16_t i = 0; i < vlen; i++)
			btf_members(t)[i].type = k->new[btf_members(t)[i].type];
		break;
	case BTF_KIND_ARRAY:
		btf_array(t)->type = k->new[btf_array(t)->type];
		btf_array(t)->index_type = k->new[btf_array(t)->index_type];
		break;
	case BTF_KIND_FUNC_PROTO:
		t->type = k->new[t->type];
		for (uint16_t i = 0; i < vlen; i++)
			btf_params(t)[i].type = k->new[btf_params(t)[i].type];
		break;
	case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		t->type = k->new[t->type];
		break;
	}
}

/* the cut BTF of the kernel's types named in names[n]; NULL if none */
static struct btf *cut_btf(const struct btf *vm, const struct ename *names,
			   size_t n)
{
	struct cut k = { .vm = vm, .cnt = btf__type_cnt(vm) };
	struct btf *out = NULL;

	k.new = calloc(k.cnt, sizeof(*k.new));
	k.order = calloc(k.cnt, sizeof(*k.order));
	k.stack = calloc(k.cnt, sizeof(*k.stack));
	if (!k.new || !k.order || !k.stack)
		goto out;
	for (uint32_t i = 1; i < k.cnt; i++) {
		const struct btf_type *t = btf__type_by_id(vm, i);
		struct ename e;

		if (!named_kind(t))
			continue;
		e.s = btf__name_by_offset(vm, t->name_off);
		e.n = essential(e.s);
		if (bsearch(&e, names, n, sizeof(*names), ename_cmp))
			keep_closure(&k, i);
	}
	out = btf__new_empty();
	if (libbpf_get_error(out) || btf__add_ptr(out, 0) != 1) {
		btf__free(libbpf_get_error(out) ? NULL : out);
		out = NULL;
		goto out;
	}
	for (uint32_t j = 0; j < k.n; j++) {
		int id = btf__add_type(out, vm, btf__type_by_id(vm, k.order[j]));

		if (id != (int)j + 2) {
			btf__free(out);
			out = NULL;
			goto out;
		}
		renumber(&k, (struct btf_type *)btf__type_by_id(out, (uint32_t)id));
	}
out:
	free(k.new);
	free(k.order);
	free(k.stack);
	return out;
}

/*
 * The kernel's BTF, read once.  libbpf's btf__load_vmlinux_btf reads the
 * 5 MB file through stdio and then copies it: two buffers of fresh
 * pages, and a page fault costs ~10 us on a VM (README: Start-up).
 * Here the file is mapped whole (MAP_POPULATE: one call, not a fault a
 * page; Linux 6.16 maps it, older kernels read it into such a mapping)
 * and btf__new makes the one copy.
 */
static struct btf *vmlinux_btf(void)
{
	struct btf *b = NULL;
	struct stat st;
	void *m = MAP_FAILED;
	size_t len = 0;
	int fd;

	fd = open("/sys/kernel/btf/vmlinux", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) || st.st_size <= 0)
		goto out;
	len = (size_t)st.st_size;
	m = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	if (m == MAP_FAILED) {
		size_t got = 0;
		ssize_t r = 1;

		m = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		while (m != MAP_FAILED && got < len && r > 0) {
			r = read(fd, (char *)m + got, len - got);
			got += r > 0 ? (size_t)r : 0;
		}
		if (m != MAP_FAILED && got != len)
			goto out;
	}
	if (m != MAP_FAILED)
		b = btf__new(m, (uint32_t)len);
	if (libbpf_get_error(b))
		b = NULL;
out:
	if (m != MAP_FAILED)
		munmap(m, len);
	if (fd >= 0)
		close(fd);
	return b ? b : btf__load_vmlinux_btf();
}

/* the cut BTF written to a memory file: its fd, or -1 (use the whole) */
int cap_core_btf(const void *image, size_t size)
{
	const char *how = getenv("ETRACE_CORE_BTF");
	struct btf *ob = NULL, *vm = NULL, *cut = NULL;
	struct ename *names = NULL;
	const void *raw;
	uint32_t len;
	size_t n = 0;
	int fd = -1;

	if (how && !strcmp(how, "full"))
		return -1;
	ob = object_btf(image, size);
	names = ob ? object_names(ob, &n) : NULL;
	vm = names ? vmlinux_btf() : NULL;
	if (libbpf_get_error(vm))
		vm = NULL;
	cut = vm ? cut_btf(vm, names, n) : NULL;
	raw = cut ? btf__raw_data(cut, &len) : NULL;
	if (raw && getenv("ETRACE_DEBUG"))
		fprintf(stderr, "etrace: CO-RE against %u of the kernel's %u"
			" types\n", btf__type_cnt(cut) - 1,
			btf__type_cnt(vm) - 1);
	if (raw) {
		fd = memfd_create("etrace-core-btf", MFD_CLOEXEC);
		if (fd >= 0 && write(fd, raw, len) != (ssize_t)len) {
			close(fd);
			fd = -1;
		}
	}
	btf__free(cut);
	btf__free(vm);
	free(names);
	btf__free(ob);
	return fd;
}
