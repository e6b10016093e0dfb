// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: counted stacks, folded and drawn.
 *
 * The flame graph is our own: one <g> per frame (a <title> for the hover
 * text, a <rect>, a <text>), placed by a few lines of script from the
 * frame's share of its parent, so that a click zooms into a frame and a
 * click on the background zooms back out.  No external file is needed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "stacks.h"

#define MAX_KEYS 200000
#define KEY_MAX 8192

struct entry {
	char *key;
	uint64_t count;
};

struct stack_agg {
	struct entry *e;
	unsigned int n, cap;		/* cap: power of two, open addressing */
	uint64_t other;			/* stacks past MAX_KEYS */
	int sites;			/* frames as call sites (-c -k) */
	char *buf;
};

struct stack_agg *stacks_new(int sites)
{
	struct stack_agg *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->sites = sites;
	a->cap = 1024;
	a->e = calloc(a->cap, sizeof(*a->e));
	a->buf = malloc(KEY_MAX);
	if (!a->e || !a->buf) {
		stacks_free(a);
		return NULL;
	}
	return a;
}

void stacks_free(struct stack_agg *a)
{
	if (!a)
		return;
	for (unsigned int i = 0; a->e && i < a->cap; i++)
		free(a->e[i].key);
	free(a->e);
	free(a->buf);
	free(a);
}

static unsigned int hash(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int grow(struct stack_agg *a)
{
	unsigned int cap = a->cap * 2;
	struct entry *e = calloc(cap, sizeof(*e));

	if (!e)
		return -ENOMEM;
	for (unsigned int i = 0; i < a->cap; i++) {
		unsigned int h;

		if (!a->e[i].key)
			continue;
		for (h = hash(a->e[i].key) & (cap - 1); e[h].key; h = (h + 1) & (cap - 1))
			;
		e[h] = a->e[i];
	}
	free(a->e);
	a->e = e;
	a->cap = cap;
	return 0;
}

/* the length of the character or escape at s (fmt_escaped's text) */
static size_t esc_len(const char *s)
{
	size_t n = 1;

	if (s[0] != '\\' || !s[1])
		return 1;
	if (s[1] < '0' || s[1] > '7')
		return 2;
	while (n < 4 && s[n] >= '0' && s[n] <= '7')
		n++;
	return n;
}

/*
 * A name made of bytes a traced program chose, escaped (fmt_escaped),
 * at buf[len]: cut, when it must be, between two characters, never in an
 * escape (which would read as another byte).  folded: the folded
 * format's separators become '_'.
 */
static void put_name(char *buf, size_t len, const char *s, const char *post,
		     int folded)
{
	char tmp[1024];
	struct fmt_buf b;
	size_t n = 0;

	fb_init(&b, tmp, sizeof(tmp) - 1);
	fmt_escaped(&b, (const uint8_t *)s, strlen(s));
	fb_puts(&b, post);
	*b.p = '\0';
	for (size_t k = 0; tmp[n] && n + (k = esc_len(tmp + n)) < len; n += k)
		;
	memcpy(buf, tmp, n);
	buf[n] = '\0';
	for (char *p = buf; folded && *p; p++)
		if (*p == ';' || *p == ' ')
			*p = '_';
}

/*
 * A script frame (scripts.h), without spaces: FILE:LINE(FUNC) (FILE(FUNC)
 * when its line is not known), its file and function escaped; levels
 * deeper than were read: "[more KIND frames]".
 */
static void script_name(const struct frame *f, char *buf, size_t len)
{
	char file[256], line[16], func[128];

	if (!f->file || !f->sym) {
		snprintf(buf, len, "[more %s frames]", f->script);
		return;
	}
	if (f->line)
		snprintf(line, sizeof(line), ":%d(", f->line);
	else
		snprintf(line, sizeof(line), "(");
	put_name(file, sizeof(file), f->file, line, 1);
	put_name(func, sizeof(func), f->sym, ")", 1);
	snprintf(buf, len, "%s%s", file, func);
}

void stacks_frame_name(const struct frame *f, char *buf, size_t len)
{
	const char *mod = f->module ? strrchr(f->module, '/') : NULL;
	char off[32];

	mod = mod ? mod + 1 : f->module ? f->module : "[unknown]";
	if (f->script) {
		script_name(f, buf, len);
		return;
	}
	if (f->cut) {
		put_name(buf, len, "[stack cut]", "", 1);
		return;
	}
	if (f->sym) {
		put_name(buf, len, f->sym, "", 1);
		return;
	}
	/* no symbol: the module and offset, never a neighbour's name */
	snprintf(off, sizeof(off), "+0x%llx", (unsigned long long)f->reloff);
	put_name(buf, len, mod, off, 1);
}

/*
 * A frame as the call site it is, as -k names it without the address:
 * MODULE(SYM+0xOFF), or MODULE(+0xOFF) where no symbol covers it.  Where
 * the code was loaded is not in it: the same site in another run, or
 * another process, has the same name.
 */
static void site_name(const struct frame *f, char *buf, size_t len)
{
	char mod[384], sym[320];

	if (f->cut || f->script || (!f->sym && !f->module)) {
		stacks_frame_name(f, buf, len);
		return;
	}
	/* both are the traced program's bytes: escaped, each whole */
	put_name(mod, sizeof(mod), f->module ? f->module : "[unknown]", "", 1);
	put_name(sym, sizeof(sym), f->sym ? f->sym : "", "", 1);
	if (f->sym && f->inlined)
		snprintf(buf, len, "%s(%s_inlined)", mod, sym);
	else if (f->sym)
		snprintf(buf, len, "%s(%s+0x%llx)", mod, sym,
			 (unsigned long long)f->symoff);
	else
		snprintf(buf, len, "%s(+0x%llx)", mod,
			 (unsigned long long)f->reloff);
}

void stacks_add(struct stack_agg *a, const char *comm, const struct frame *f,
		int n, const char *leaf, uint64_t count)
{
	size_t len, lleaf = leaf ? strlen(leaf) + 1 : 0;
	unsigned int h;
	char name[768];

	put_name(a->buf, KEY_MAX, comm && *comm ? comm : "?", "", 1);
	len = strlen(a->buf);
	/* outermost first, as the folded format reads; whole names only */
	for (int i = n - 1; i >= 0; i--) {
		size_t k;

		if (a->sites)
			site_name(&f[i], name, sizeof(name));
		else
			stacks_frame_name(&f[i], name, sizeof(name));
		k = strlen(name);
		if (len + 1 + k + lleaf >= KEY_MAX)
			break;
		a->buf[len++] = ';';
		memcpy(a->buf + len, name, k + 1);
		len += k;
	}
	if (leaf && len + lleaf < KEY_MAX) {
		a->buf[len++] = ';';
		memcpy(a->buf + len, leaf, lleaf);
	}
	for (h = hash(a->buf) & (a->cap - 1); a->e[h].key;
	     h = (h + 1) & (a->cap - 1)) {
		if (!strcmp(a->e[h].key, a->buf)) {
			a->e[h].count += count;
			return;
		}
	}
	if (a->n >= MAX_KEYS) {
		a->other += count;	/* said in the output, not dropped */
		return;
	}
	a->e[h].key = strdup(a->buf);
	if (!a->e[h].key) {
		a->other += count;
		return;
	}
	a->e[h].count = count;
	a->n++;
	if (a->n * 2 > a->cap)
		grow(a);
}

static int by_count(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;

	if (a->count != b->count)
		return a->count < b->count ? 1 : -1;
	return strcmp(a->key, b->key);
}

/* the entries, packed and sorted (the table is rebuilt after) */
static struct entry *sorted(struct stack_agg *a)
{
	struct entry *s = malloc(sizeof(*s) * (a->n + 1));
	unsigned int k = 0;

	if (!s)
		return NULL;
	for (unsigned int i = 0; i < a->cap; i++)
		if (a->e[i].key)
			s[k++] = a->e[i];
	qsort(s, k, sizeof(*s), by_count);
	return s;
}

int stacks_folded(struct stack_agg *a, FILE *out)
{
	struct entry *s = sorted(a);

	if (!s)
		return -ENOMEM;
	for (unsigned int i = 0; i < a->n; i++)
		fprintf(out, "%s %llu\n", s[i].key, (unsigned long long)s[i].count);
	if (a->other)
		fprintf(out, "[more stacks than etrace keeps] %llu\n",
			(unsigned long long)a->other);
	free(s);
	return ferror(out) ? -EIO : 0;
}

/*
 * -c with stacks: the biggest stacks, each with its count, comm and what
 * it counted, innermost frame first (as -k prints them).
 */
int stacks_top(struct stack_agg *a, FILE *out, unsigned int max)
{
	struct entry *s = sorted(a);
	uint64_t rest = a->other;
	unsigned int i;

	if (!s)
		return -ENOMEM;
	fprintf(out, "%10s  %s\n", "calls", "comm, call or event, stack");
	for (i = 0; i < a->n && i < max; i++) {
		char *f[512], *save = NULL;
		int n = 0;

		snprintf(a->buf, KEY_MAX, "%s", s[i].key);
		for (char *p = strtok_r(a->buf, ";", &save); p && n < 512;
		     p = strtok_r(NULL, ";", &save))
			f[n++] = p;
		/* comm;outermost;...;innermost;leaf */
		fprintf(out, "%10llu  %s  %s\n", (unsigned long long)s[i].count,
			n ? f[0] : "?", n > 1 ? f[n - 1] : "?");
		for (int j = n - 2; j >= 1; j--)
			fprintf(out, "%12s> %s\n", "", f[j]);
	}
	for (; i < a->n; i++)
		rest += s[i].count;
	if (i < a->n || a->other)
		fprintf(out, "%10llu  in %u more stacks (--stack=folded lists "
			"every stack)\n", (unsigned long long)rest,
			a->n > max ? a->n - max : 0);
	free(s);
	return ferror(out) ? -EIO : 0;
}

/* the tree the folded stacks make */
struct node {
	char *name;
	uint64_t count;
	struct node *child, *next;
};

static struct node *child_of(struct node *p, const char *name, size_t len)
{
	struct node *c;

	for (c = p->child; c; c = c->next)
		if (strlen(c->name) == len && !strncmp(c->name, name, len))
			return c;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->name = strndup(name, len);
	c->next = p->child;
	p->child = c;
	return c;
}

static void tree_free(struct node *n)
{
	while (n) {
		struct node *next = n->next;

		tree_free(n->child);
		free(n->name);
		free(n);
		n = next;
	}
}

/*
 * Text for the SVG: names are escaped ASCII already (stacks_add), so
 * only XML's own characters are left to write as entities.
 */
static void xml(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			/* (nothing else can come: valid XML whatever comes) */
			fputc(*s >= 0x20 && *s < 0x7f ? *s : '?', f);
		}
	}
}

/* warm colours, fixed per name so the same function keeps its colour */
static void colour(const char *name, int *r, int *g, int *b)
{
	unsigned int h = hash(name);

	*r = 205 + (int)(h % 50);
	*g = 80 + (int)((h >> 8) % 130);
	*b = (int)((h >> 16) % 55);
}

struct svg {
	FILE *f;
	uint64_t total;
	uint64_t min;			/* narrower frames are not drawn */
	int maxdepth;
	unsigned int frames;
};

/* x: the frame's start, in counts from the left; depth from the bottom */
static void draw(struct svg *s, struct node *n, uint64_t x, int depth)
{
	int r, g, b;
	uint64_t cx = x;

	if (n->count < s->min)
		return;
	if (depth > s->maxdepth)
		s->maxdepth = depth;
	colour(n->name, &r, &g, &b);
	fprintf(s->f, "<g class=\"f\" data-x=\"%llu\" data-w=\"%llu\" data-d=\"%d\">"
		"<title>", (unsigned long long)x, (unsigned long long)n->count, depth);
	xml(s->f, n->name);
	fprintf(s->f, " (%llu, %.2f%%)</title><rect fill=\"rgb(%d,%d,%d)\" rx=\"2\"/>"
		"<text>", (unsigned long long)n->count,
		100.0 * (double)n->count / (double)s->total, r, g, b);
	xml(s->f, n->name);
	fputs("</text></g>\n", s->f);
	s->frames++;
	for (struct node *c = n->child; c; c = c->next) {
		draw(s, c, cx, depth + 1);
		cx += c->count;
	}
}

static const char svg_script[] =
"<script type=\"text/ecmascript\"><![CDATA[\n"
"var W, H = 16, frames, total, zoomed = null;\n"
"function place(x0, w0, d0) {\n"
"  var i, g, x, w, d, r, t, inside;\n"
"  for (i = 0; i < frames.length; i++) {\n"
"    g = frames[i]; x = +g.getAttribute('data-x');\n"
"    w = +g.getAttribute('data-w'); d = +g.getAttribute('data-d');\n"
"    inside = x >= x0 && x + w <= x0 + w0;\n"
"    /* the zoomed frame's ancestors span the width; others hide */\n"
"    if (d < d0 && x <= x0 && x + w >= x0 + w0) { x = x0; w = w0; inside = true; }\n"
"    g.style.display = inside ? '' : 'none';\n"
"    if (!inside) continue;\n"
"    r = g.getElementsByTagName('rect')[0]; t = g.getElementsByTagName('text')[0];\n"
"    var px = 10 + (x - x0) * (W - 20) / w0, pw = w * (W - 20) / w0;\n"
"    var py = H * (maxd - d) + 40;\n"
"    r.setAttribute('x', px); r.setAttribute('y', py);\n"
"    r.setAttribute('width', Math.max(pw - 0.5, 0.1)); r.setAttribute('height', H - 1);\n"
"    t.setAttribute('x', px + 3); t.setAttribute('y', py + 12);\n"
"    var name = g.getElementsByTagName('title')[0].textContent.replace(/ \\(\\d+, [0-9.]+%\\)$/, '');\n"
"    var fit = Math.floor((pw - 6) / 7);\n"
"    t.textContent = fit >= name.length ? name : fit > 2 ? name.substr(0, fit - 2) + '..' : '';\n"
"  }\n"
"}\n"
"function zoom(g) {\n"
"  zoomed = g;\n"
"  place(+g.getAttribute('data-x'), +g.getAttribute('data-w'), +g.getAttribute('data-d'));\n"
"  document.getElementById('unzoom').style.display = '';\n"
"}\n"
"function unzoom() {\n"
"  zoomed = null; place(0, total, 0);\n"
"  document.getElementById('unzoom').style.display = 'none';\n"
"}\n"
"function init() {\n"
"  var svg = document.documentElement;\n"
"  W = +svg.getAttribute('width');\n"
"  frames = document.getElementsByClassName('f');\n"
"  total = +svg.getAttribute('data-total'); maxd = +svg.getAttribute('data-maxd');\n"
"  for (var i = 0; i < frames.length; i++)\n"
"    frames[i].addEventListener('click', function (e) { zoom(this); e.stopPropagation(); });\n"
"  document.getElementById('bg').addEventListener('click', unzoom);\n"
"  document.getElementById('unzoom').addEventListener('click', unzoom);\n"
"  unzoom();\n"
"  svg.setAttribute('data-ready', frames.length);\n"
"}\n"
"var maxd;\n"
"window.addEventListener('load', init);\n"
"]]></script>\n";

int stacks_svg(struct stack_agg *a, FILE *f, const char *title)
{
	struct node root = { (char *)"all", 0, NULL, NULL };
	struct entry *s = sorted(a);
	struct svg sv = { 0 };
	int r = 0;

	if (!s)
		return -ENOMEM;
	for (unsigned int i = 0; i < a->n; i++) {
		struct node *n = &root;
		const char *p = s[i].key;

		root.count += s[i].count;
		while (*p && n) {
			size_t len = strcspn(p, ";");

			n = child_of(n, p, len);
			if (n)
				n->count += s[i].count;
			p += len;
			if (*p == ';')
				p++;
		}
	}
	free(s);
	sv.f = f;
	sv.total = root.count ? root.count : 1;
	/* frames under a thousandth of the width are not drawn */
	sv.min = sv.total / 1000;
	/* draw first into the file body; the header needs the depth: two passes */
	{
		FILE *body = tmpfile();

		if (!body) {
			r = -errno;
			tree_free(root.child);
			return r;
		}
		sv.f = body;
		draw(&sv, &root, 0, 0);
		fprintf(f, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
			"<svg version=\"1.1\" width=\"1200\" height=\"%d\""
			" data-total=\"%llu\" data-maxd=\"%d\" onload=\"\""
			" xmlns=\"http://www.w3.org/2000/svg\">\n"
			"<style>text { font-family: monospace; font-size: 12px;"
			" pointer-events: none; } .f:hover rect { stroke: black;"
			" stroke-width: 0.5; } .f { cursor: pointer; }</style>\n",
			(sv.maxdepth + 1) * 16 + 60, (unsigned long long)sv.total,
			sv.maxdepth);
		fputs(svg_script, f);
		fprintf(f, "<rect id=\"bg\" x=\"0\" y=\"0\" width=\"100%%\""
			" height=\"100%%\" fill=\"rgb(250,250,240)\"/>\n"
			"<text x=\"600\" y=\"20\" text-anchor=\"middle\""
			" style=\"font-size:16px\">");
		{
			char t[1024];

			put_name(t, sizeof(t), title ? title : "etrace", "", 0);
			xml(f, t);
		}
		fprintf(f, " (%llu events)</text>\n<text id=\"unzoom\" x=\"10\""
			" y=\"20\" style=\"display:none;cursor:pointer\">"
			"Reset zoom</text>\n", (unsigned long long)root.count);
		rewind(body);
		{
			char chunk[8192];
			size_t k;

			while ((k = fread(chunk, 1, sizeof(chunk), body)) > 0)
				fwrite(chunk, 1, k, f);
		}
		fclose(body);
	}
	fputs("</svg>\n", f);
	if (ferror(f))
		r = -EIO;
	tree_free(root.child);
	return r;
}
