// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: V4L2's structs shared by several requests, as strace
 * 6.1 prints them: a format's union by buffer type (pixels, planes, an
 * overlay window and its clips, VBI, sliced VBI, SDR, metadata), stream
 * parameters, a tuner, a control's id (a name, a class and an offset, or
 * the query flags it carries), what a control query got, and the
 * controls of an extended request.  The requests are in fmt_ioctl_v4l2.c.
 */
#include <stdio.h>
#include <linux/videodev2.h>

#include "fmt_ioctl_v4l2.h"

void v4l2_4cc(struct fmt_buf *b, const char *sep, uint32_t v,
		 const struct xlat *x)
{
	const char *name = x ? xlat_name(x, v) : NULL;

	fb_puts(b, sep);
	if (b->xstyle == XSTYLE_RAW) {
		fb_hex(b, v);
		return;
	}
	fb_puts(b, "v4l2_fourcc(");
	for (int j = 0; j < 4; j++) {
		uint8_t ch = (uint8_t)(v >> (8 * j));

		fb_puts(b, j ? ", '" : "'");
		if (ch >= ' ' && ch < 0x7f) {
			if (ch == '\'' || ch == '\\')
				fb_putc(b, '\\');
			fb_putc(b, (char)ch);
		} else {
			fb_printf(b, "\\x%02x", ch);
		}
		fb_putc(b, '\'');
	}
	fb_putc(b, ')');
	/* the format's name is a comment in every -X style but raw */
	if (name) {
		fb_puts(b, " /* ");
		fb_puts(b, name);
		fb_puts(b, " */");
	}
}

void v4l2_rect(struct fmt_buf *b, const char *sep, const uint8_t *p)
{
	v4l2_d(b, sep, (int32_t)ld32(p));
	v4l2_d(b, ", top=", (int32_t)ld32(p + 4));
	v4l2_u(b, ", width=", ld32(p + 8));
	v4l2_u(b, ", height=", ld32(p + 12));
	fb_putc(b, '}');
}

void v4l2_fract(struct fmt_buf *b, const char *sep, const uint8_t *p)
{
	v4l2_u(b, sep, ld32(p));
	v4l2_u(b, "/", ld32(p + 4));
}

void v4l2_cid(struct fmt_buf *b, uint32_t cid, int next)
{
	const struct xlat *cl = &xlat_v4l2_control_classes;
	uint32_t mask = 0, base = 0;
	const char *name, *class = NULL;
	char text[64];

	if (b->xstyle == XSTYLE_RAW) {
		fb_hex(b, cid);
		return;
	}
	for (uint32_t j = 0; next && j < xlat_v4l2_control_query_flags.n; j++)
		mask |= (uint32_t)xlat_v4l2_control_query_flags.e[j].val;
	if (cid & mask) {
		fmt_flags_dflt(b, &xlat_v4l2_control_query_flags, cid & mask,
			       "V4L2_CTRL_FLAG_NEXT_???");
		fb_putc(b, '|');
		cid &= ~mask;
	}
	name = xlat_name(&xlat_v4l2_control_ids, cid);
	if (name) {
		fmt_const(b, name, cid, XF_HEX);
		return;
	}
	/* the class at or below the id: its name and the offset in it */
	for (uint32_t j = 0; j < cl->n; j++)
		if (cl->e[j].val <= cid && (!class || cl->e[j].val > base)) {
			base = (uint32_t)cl->e[j].val;
			class = cl->e[j].name;
		}
	if (!class || cid - base >= 0x10000) {
		fmt_unknown(b, cid, "V4L2_CID_???");
		return;
	}
	snprintf(text, sizeof(text), "%s+%#x", class, cid - base);
	fmt_const(b, text, cid, XF_HEX);
}

/* the fields a single and a multi-planar pixel format begin with */
static void v4l2_pix_head(struct fmt_buf *b, const uint8_t *f)
{
	v4l2_u(b, "{width=", ld32(f));
	v4l2_u(b, ", height=", ld32(f + 4));
	v4l2_4cc(b, ", pixelformat=", ld32(f + 8), &xlat_v4l2_pix_fmts);
	v4l2_e(b, ", field=", &xlat_v4l2_fields, ld32(f + 12),
	       "V4L2_FIELD_???");
}

/* struct v4l2_pix_format at f */
static void v4l2_pix(struct fmt_buf *b, const uint8_t *f)
{
	v4l2_pix_head(b, f);
	v4l2_u(b, ", bytesperline=", ld32(f + 16));
	v4l2_u(b, ", sizeimage=", ld32(f + 20));
	v4l2_e(b, ", colorspace=", &xlat_v4l2_colorspaces, ld32(f + 24),
	       "V4L2_COLORSPACE_???");
	fb_putc(b, '}');
}

/* struct v4l2_pix_format_mplane at f: num_planes of its 8 planes */
static void v4l2_pix_mp(struct fmt_buf *b, const uint8_t *f)
{
	uint8_t n = f[180];

	v4l2_pix_head(b, f);
	v4l2_e(b, ", colorspace=", &xlat_v4l2_colorspaces, ld32(f + 16),
	       "V4L2_COLORSPACE_???");
	fb_puts(b, ", plane_fmt=[");
	for (uint8_t j = 0; j < n && j < VIDEO_MAX_PLANES; j++) {
		const uint8_t *e = f + 20 + 20 * j;

		v4l2_u(b, j ? ", {sizeimage=" : "{sizeimage=", ld32(e));
		v4l2_u(b, ", bytesperline=", ld32(e + 4));
		fb_putc(b, '}');
	}
	v4l2_u(b, "], num_planes=", n);
	fb_putc(b, '}');
}

static void v4l2_clip(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx)
{
	v4l2_rect(b, "{c={left=", e);
	fb_putc(b, '}');
}

/*
 * n elements of es bytes at addr, k their copy, as strace's print_array;
 * 0 when that print is not whole (NULL, none, or the memory ends in
 * them: strace reads the element after -s's last too)
 */
static int v4l2_array(struct fmt_buf *b, const struct sc_call *c,
		      uint64_t addr, uint32_t n, uint32_t es,
		      const struct cap *k,
		      void (*elem)(struct fmt_buf *b, const uint8_t *e,
				   uint32_t j, const void *ctx),
		      const void *ctx)
{
	uint32_t read = n;

	if (!addr) {
		fb_puts(b, "NULL");
		return 0;
	}
	if (!n) {
		fb_puts(b, "[]");
		return 0;
	}
	if (!fmt_array_ctx(b, c, k ? k->p : NULL, addr, n, es,
			   k ? k->len : 0,
			   k && (k->flags & (CAP_TRUNC | CAP_FAULT)), 0, elem,
			   ctx)) {
		fmt_ptr(b, addr);
		return 0;
	}
	if (abbrev(c) && (uint64_t)str_max(c) < n)
		read = (uint32_t)str_max(c) + 1;
	return k && k->len / es >= read;
}

/* struct v4l2_window at f, its clips from k: 0 when they print not whole */
static int v4l2_win(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *f, const struct cap *k)
{
	int whole;

	v4l2_rect(b, "{w={left=", f);
	v4l2_e(b, ", field=", &xlat_v4l2_fields, ld32(f + 16),
	       "V4L2_FIELD_???");
	v4l2_x(b, ", chromakey=", ld32(f + 20));
	fb_puts(b, ", clips=");
	whole = v4l2_array(b, c, ld64(f + 24), ld32(f + 32), 24, k,
			   v4l2_clip, NULL);
	v4l2_u(b, ", clipcount=", ld32(f + 32));
	fb_puts(b, ", bitmap=");
	fmt_ptr(b, ld64(f + 40));
	if (f[48])
		v4l2_x(b, ", global_alpha=", f[48]);
	fb_putc(b, '}');
	return whole;
}

/* struct v4l2_vbi_format at f */
static void v4l2_vbi(struct fmt_buf *b, const uint8_t *f)
{
	v4l2_u(b, "{sampling_rate=", ld32(f));
	v4l2_u(b, ", offset=", ld32(f + 4));
	v4l2_u(b, ", samples_per_line=", ld32(f + 8));
	v4l2_4cc(b, ", sample_format=", ld32(f + 12), &xlat_v4l2_pix_fmts);
	v4l2_d(b, ", start=[", (int32_t)ld32(f + 16));
	v4l2_d(b, ", ", (int32_t)ld32(f + 20));
	v4l2_u(b, "], count=[", ld32(f + 24));
	v4l2_u(b, ", ", ld32(f + 28));
	v4l2_f(b, "], flags=", &xlat_v4l2_vbi_flags, ld32(f + 32),
	       "V4L2_VBI_???");
	fb_putc(b, '}');
}

/* struct v4l2_sliced_vbi_format at f: service_lines[2][24] */
static void v4l2_sliced(struct fmt_buf *b, const uint8_t *f)
{
	v4l2_f(b, "{service_set=", &xlat_v4l2_sliced_flags, ld16(f),
	       "V4L2_SLICED_???");
	fb_puts(b, ", service_lines=[");
	for (int i = 0; i < 2; i++) {
		fb_puts(b, i ? ", [" : "[");
		for (int j = 0; j < 24; j++)
			v4l2_x(b, j ? ", " : "", ld16(f + 2 + 2 * (24 * i + j)));
		fb_putc(b, ']');
	}
	v4l2_u(b, "], io_size=", ld32(f + 100));
	fb_putc(b, '}');
}

int v4l2_format_fmt(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *p, const char *sep, const struct cap *clips)
{
	const uint8_t *f = p + 8;
	uint32_t type = ld32(p);

	/* strace prints the separator only for a type it knows */
	if (!type || type > V4L2_BUF_TYPE_META_OUTPUT)
		return 0;
	fb_puts(b, sep);
	switch (type) {
	case V4L2_BUF_TYPE_VIDEO_CAPTURE: case V4L2_BUF_TYPE_VIDEO_OUTPUT:
		fb_puts(b, "fmt.pix=");
		v4l2_pix(b, f);
		return 1;
	case V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE:
		fb_puts(b, "fmt.pix_mp=");
		v4l2_pix_mp(b, f);
		return 1;
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY:
	case V4L2_BUF_TYPE_VIDEO_OVERLAY:
		fb_puts(b, "fmt.win=");
		return v4l2_win(b, c, f, clips);
	case V4L2_BUF_TYPE_VBI_CAPTURE: case V4L2_BUF_TYPE_VBI_OUTPUT:
		fb_puts(b, "fmt.vbi=");
		v4l2_vbi(b, f);
		return 1;
	case V4L2_BUF_TYPE_SLICED_VBI_CAPTURE:
	case V4L2_BUF_TYPE_SLICED_VBI_OUTPUT:
		fb_puts(b, "fmt.sliced=");
		v4l2_sliced(b, f);
		return 1;
	case V4L2_BUF_TYPE_SDR_CAPTURE: case V4L2_BUF_TYPE_SDR_OUTPUT:
		v4l2_4cc(b, "fmt.sdr={pixelformat=", ld32(f),
			    &xlat_v4l2_sdr_fmts);
		if (ld32(f + 4))
			v4l2_u(b, ", buffersize=", ld32(f + 4));
		fb_putc(b, '}');
		return 1;
	default:	/* V4L2_BUF_TYPE_META_CAPTURE, _OUTPUT */
		v4l2_4cc(b, "fmt.meta={dataformat=", ld32(f),
			    &xlat_v4l2_meta_fmts);
		v4l2_u(b, ", buffersize=", ld32(f + 4));
		fb_putc(b, '}');
		return 1;
	}
}

void v4l2_parm(struct fmt_buf *b, const uint8_t *p, const char *sep)
{
	int cap = ld32(p) == V4L2_BUF_TYPE_VIDEO_CAPTURE;
	const uint8_t *q = p + 4;

	fb_puts(b, sep);
	v4l2_f(b, cap ? "parm.capture={capability=" :
			"parm.output={capability=",
	       &xlat_v4l2_streaming_capabilities, ld32(q), "V4L2_CAP_???");
	v4l2_f(b, cap ? ", capturemode=" : ", outputmode=",
	       &xlat_v4l2_capture_modes, ld32(q + 4), "V4L2_MODE_???");
	v4l2_fract(b, ", timeperframe=", q + 8);
	v4l2_x(b, ", extendedmode=", ld32(q + 16));
	v4l2_u(b, cap ? ", readbuffers=" : ", writebuffers=", ld32(q + 20));
	fb_putc(b, '}');
}

void v4l2_tuner(struct fmt_buf *b, const struct sc_call *c,
		const uint8_t *p)
{
	ioctl_cstr(b, c, "name", p + 4, 32);
	v4l2_e(b, ", type=", &xlat_v4l2_tuner_types, ld32(p + 36),
	       "V4L2_TUNER_???");
	v4l2_f(b, ", capability=", &xlat_v4l2_tuner_capabilities,
	       ld32(p + 40), "V4L2_TUNER_CAP_???");
	v4l2_u(b, ", rangelow=", ld32(p + 44));
	v4l2_u(b, ", rangehigh=", ld32(p + 48));
	v4l2_f(b, ", rxsubchans=", &xlat_v4l2_tuner_rxsubchanses,
	       ld32(p + 52), "V4L2_TUNER_SUB_???");
	v4l2_e(b, ", audmode=", &xlat_v4l2_tuner_audmodes, ld32(p + 56),
	       "V4L2_TUNER_MODE_???");
	v4l2_d(b, ", signal=", (int32_t)ld32(p + 60));
	v4l2_d(b, ", afc=", (int32_t)ld32(p + 64));
}

/* sep and n u32 at p: in hex, or unsigned decimal */
static void v4l2_u32s(struct fmt_buf *b, const char *sep, const uint8_t *p,
		      uint32_t n, int hex)
{
	fb_puts(b, sep);
	fb_putc(b, '[');
	for (uint32_t j = 0; j < n; j++) {
		fb_puts(b, j ? ", " : "");
		if (hex)
			fb_hex(b, ld32(p + 4 * j));
		else
			fb_udec(b, ld32(p + 4 * j));
	}
	fb_putc(b, ']');
}

/* n u32 at p all zero */
static int v4l2_zero(const uint8_t *p, uint32_t n)
{
	for (uint32_t j = 0; j < n; j++)
		if (ld32(p + 4 * j))
			return 0;
	return 1;
}

void v4l2_queryctrl_out(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, uint32_t id0, int ext)
{
	/* (nr_of_dims only in the ext struct: the plain one is 68 bytes) */
	uint32_t dims = ext ? ld32(p + 84) : 0;
	const uint8_t *rsv = p + (ext ? 104 : 60);
	uint32_t nrsv = ext ? 32 : 2;

	if (ld32(p) != id0) {
		fb_puts(b, " => ");
		v4l2_cid(b, ld32(p), 0);
	}
	v4l2_e(b, ", type=", &xlat_v4l2_control_types, ld32(p + 4),
	       "V4L2_CTRL_TYPE_???");
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "name", p + 8, 32);
	if (abbrev(c)) {
		fb_puts(b, ", ...}");
		return;
	}
	if (ext) {
		v4l2_d(b, ", minimum=", (int64_t)ld64(p + 40));
		v4l2_d(b, ", maximum=", (int64_t)ld64(p + 48));
		fb_puts(b, ", step=");
		fb_udec(b, ld64(p + 56));
		v4l2_d(b, ", default_value=", (int64_t)ld64(p + 64));
	} else {
		v4l2_d(b, ", minimum=", (int32_t)ld32(p + 40));
		v4l2_d(b, ", maximum=", (int32_t)ld32(p + 44));
		v4l2_d(b, ", step=", (int32_t)ld32(p + 48));
		v4l2_d(b, ", default_value=", (int32_t)ld32(p + 52));
	}
	v4l2_f(b, ", flags=", &xlat_v4l2_control_flags,
	       ld32(p + (ext ? 72 : 56)), "V4L2_CTRL_FLAG_???");
	if (ext) {
		v4l2_u(b, ", elem_size=", ld32(p + 76));
		v4l2_u(b, ", elems=", ld32(p + 80));
		v4l2_u(b, ", nr_of_dims=", dims);
		v4l2_u32s(b, ", dims=", p + 88, dims < 4 ? dims : 4, 0);
	}
	if (!v4l2_zero(rsv, nrsv))
		v4l2_u32s(b, ", reserved=", rsv, nrsv, 1);
	fb_putc(b, '}');
}

/* the controls' call and the copy of their strings (a piece each) */
struct v4l2_strs {
	const struct sc_call *c;
	const struct cap *strs;
};

/* strace's printstrn of control j's string: the pointer when fewer
   bytes were copied than it reads (min(size, -s + 1)) */
static void v4l2_string(struct fmt_buf *b, const struct v4l2_strs *x,
			uint32_t j, uint64_t addr, uint32_t size)
{
	uint64_t max = (uint64_t)str_max(x->c);
	uint64_t want = size < max + 1 ? size : max + 1;
	const uint8_t *s;
	uint32_t len;

	if (!x->strs || !cap_piece(x->strs, (int)j, &s, &len) || len < want) {
		fmt_ptr(b, addr);
		return;
	}
	fmt_qstr(b, x->c, s, size > max ? max : size, -1, size > max, 0);
}

/* struct v4l2_ext_control at e (packed), the j-th */
static void v4l2_control(struct fmt_buf *b, const uint8_t *e, uint32_t j,
			 const void *ctx)
{
	uint32_t size = ld32(e + 4);

	v4l2_e(b, "{id=", &xlat_v4l2_control_ids, ld32(e), "V4L2_CID_???");
	v4l2_u(b, ", size=", size);
	if (size) {
		fb_puts(b, ", string=");
		v4l2_string(b, ctx, j, ld64(e + 12), size);
	} else {
		v4l2_d(b, ", value=", (int32_t)ld32(e + 12));
		v4l2_d(b, ", value64=", (int64_t)ld64(e + 12));
	}
	fb_putc(b, '}');
}

int v4l2_controls(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, const struct cap *k,
		  const struct cap *strs)
{
	struct v4l2_strs x = { c, strs };

	fb_puts(b, "controls=");
	return v4l2_array(b, c, ld64(p + 24), ld32(p + 4), 20, k,
			  v4l2_control, &x);
}
