// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of V4L2 (video devices), type 'V', as
 * strace 6.1 prints them: what a request passes at entry (a format, a
 * buffer's type and index, a control's id, the index to enumerate), the
 * rest the device filled at exit (", flags=..." inside the struct, or
 * " => {...}" after it for what a set request changed); the get requests
 * (VIDIOC_QUERYCAP, G_FBUF, G_STD, G_INPUT) at exit.  The type's other
 * requests print in hex.  Formats, tuners and controls are in
 * fmt_ioctl_v4l2_fmt.c.
 */
#include <linux/ioctl.h>
#include <linux/videodev2.h>

#include "fmt_ioctl_v4l2.h"

static enum ioarg v4l2_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case VIDIOC_QUERYCAP: case VIDIOC_G_FBUF: case VIDIOC_G_STD:
	case VIDIOC_G_INPUT:
		*at_exit = 1;
		return IOA_FAMILY;
	case VIDIOC_ENUM_FMT: case VIDIOC_G_FMT: case VIDIOC_S_FMT:
	case VIDIOC_TRY_FMT: case VIDIOC_REQBUFS: case VIDIOC_QUERYBUF:
	case VIDIOC_QBUF: case VIDIOC_DQBUF: case VIDIOC_S_FBUF:
	case VIDIOC_STREAMON: case VIDIOC_STREAMOFF: case VIDIOC_G_PARM:
	case VIDIOC_S_PARM: case VIDIOC_S_STD: case VIDIOC_ENUMSTD:
	case VIDIOC_ENUMINPUT: case VIDIOC_G_CTRL: case VIDIOC_S_CTRL:
	case VIDIOC_G_TUNER: case VIDIOC_S_TUNER: case VIDIOC_QUERYCTRL:
	case VIDIOC_QUERY_EXT_CTRL: case VIDIOC_S_INPUT: case VIDIOC_CROPCAP:
	case VIDIOC_G_CROP: case VIDIOC_S_CROP: case VIDIOC_S_EXT_CTRLS:
	case VIDIOC_TRY_EXT_CTRLS: case VIDIOC_G_EXT_CTRLS:
	case VIDIOC_ENUM_FRAMESIZES: case VIDIOC_ENUM_FRAMEINTERVALS:
	case VIDIOC_CREATE_BUFS:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* struct v4l2_capability, at exit */
static void v4l2_caps(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p)
{
	ioctl_cstr(b, c, "{driver", p, 16);
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "card", p + 16, 32);
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "bus_info", p + 48, 32);
	fb_puts(b, ", version=");
	fmt_words(b, ld32(p + 80), XF_HEX, fmt_kernel_version);
	v4l2_f(b, ", capabilities=", &xlat_v4l2_device_capabilities_flags,
	       ld32(p + 84), "V4L2_CAP_???");
	if (ld32(p + 88))
		v4l2_f(b, ", device_caps=",
		       &xlat_v4l2_device_capabilities_flags, ld32(p + 88),
		       "V4L2_CAP_???");
	fb_putc(b, '}');
}

static void v4l2_buf_type(struct fmt_buf *b, const char *sep, uint32_t v)
{
	v4l2_e(b, sep, &xlat_v4l2_buf_types, v, "V4L2_BUF_TYPE_???");
}

static void v4l2_memory(struct fmt_buf *b, const char *sep, uint32_t v)
{
	v4l2_e(b, sep, &xlat_v4l2_memories, v, "V4L2_MEMORY_???");
}

/* struct v4l2_framebuffer, at entry (S_FBUF) or exit (G_FBUF) */
static void v4l2_fbuf(struct fmt_buf *b, const uint8_t *p)
{
	v4l2_x(b, "{capability=", ld32(p));
	v4l2_x(b, ", flags=", ld32(p + 4));
	fb_puts(b, ", base=");
	fmt_ptr(b, ld64(p + 8));
	fb_putc(b, '}');
}

/* struct v4l2_ext_controls at entry: 2 when the call completes it */
static int v4l2_ext_ctrls_in(struct fmt_buf *b, const struct sc_call *c,
			     uint32_t req, const uint8_t *p)
{
	v4l2_e(b, "{ctrl_class=", &xlat_v4l2_control_classes, ld32(p),
	       "V4L2_CTRL_CLASS_???");
	v4l2_u(b, ", count=", ld32(p + 4));
	if (!ld32(p + 4)) {
		fb_putc(b, '}');
		return 1;
	}
	if (req == VIDIOC_G_EXT_CTRLS)
		return 2;
	fb_puts(b, ", ");
	if (v4l2_controls(b, c, p, c->inner[0], c->inner_str[0]))
		return 2;
	fb_putc(b, '}');
	return 1;
}

/* the first part of a struct the call completes: 2 (out prints the
   rest); a whole struct: 1 */
static int v4l2_arg_split(struct fmt_buf *b, const struct sc_call *c,
			  uint32_t req, const uint8_t *p)
{
	switch (req) {
	case VIDIOC_ENUM_FMT:
		v4l2_u(b, "{index=", ld32(p));
		v4l2_buf_type(b, ", type=", ld32(p + 4));
		return 2;
	case VIDIOC_G_FMT: case VIDIOC_G_PARM: case VIDIOC_CROPCAP:
	case VIDIOC_G_CROP:
		v4l2_buf_type(b, "{type=", ld32(p));
		/* stream parameters of a video capture or output only */
		if (req != VIDIOC_G_PARM ||
		    ld32(p) == V4L2_BUF_TYPE_VIDEO_CAPTURE ||
		    ld32(p) == V4L2_BUF_TYPE_VIDEO_OUTPUT)
			return 2;
		fb_putc(b, '}');
		return 1;
	case VIDIOC_S_FMT: case VIDIOC_TRY_FMT:
		v4l2_buf_type(b, "{type=", ld32(p));
		if (v4l2_format_fmt(b, c, p, ", ", c->inner[0]))
			return 2;
		fb_putc(b, '}');
		return 1;
	case VIDIOC_S_PARM:
		v4l2_buf_type(b, "{type=", ld32(p));
		if (ld32(p) != V4L2_BUF_TYPE_VIDEO_CAPTURE &&
		    ld32(p) != V4L2_BUF_TYPE_VIDEO_OUTPUT) {
			fb_putc(b, '}');
			return 1;
		}
		v4l2_parm(b, p, ", ");
		return 2;
	case VIDIOC_REQBUFS:
		v4l2_buf_type(b, "{type=", ld32(p + 4));
		v4l2_memory(b, ", memory=", ld32(p + 8));
		v4l2_u(b, ", count=", ld32(p));
		return 2;
	case VIDIOC_QUERYBUF: case VIDIOC_QBUF: case VIDIOC_DQBUF:
		v4l2_buf_type(b, "{type=", ld32(p + 4));
		if (req != VIDIOC_DQBUF)
			v4l2_u(b, ", index=", ld32(p));
		return 2;
	case VIDIOC_ENUMSTD: case VIDIOC_ENUMINPUT: case VIDIOC_G_TUNER:
		v4l2_u(b, "{index=", ld32(p));
		return 2;
	case VIDIOC_S_TUNER:
		v4l2_u(b, "{index=", ld32(p));
		fb_puts(b, ", ");
		v4l2_tuner(b, c, p);
		return 2;
	case VIDIOC_G_CTRL: case VIDIOC_S_CTRL:
	case VIDIOC_QUERYCTRL: case VIDIOC_QUERY_EXT_CTRL:
		fb_puts(b, "{id=");
		v4l2_cid(b, ld32(p), req == VIDIOC_QUERYCTRL ||
				     req == VIDIOC_QUERY_EXT_CTRL);
		if (req == VIDIOC_S_CTRL)
			v4l2_d(b, ", value=", (int32_t)ld32(p + 4));
		return 2;
	case VIDIOC_ENUM_FRAMESIZES: case VIDIOC_ENUM_FRAMEINTERVALS:
		v4l2_u(b, "{index=", ld32(p));
		v4l2_4cc(b, ", pixel_format=", ld32(p + 4),
			    &xlat_v4l2_pix_fmts);
		if (req == VIDIOC_ENUM_FRAMESIZES)
			return 2;
		v4l2_u(b, ", width=", ld32(p + 8));
		v4l2_u(b, ", height=", ld32(p + 12));
		return 2;
	case VIDIOC_CREATE_BUFS:
		v4l2_u(b, "{count=", ld32(p + 4));
		v4l2_memory(b, ", memory=", ld32(p + 8));
		v4l2_buf_type(b, ", format={type=", ld32(p + 16));
		v4l2_format_fmt(b, c, p + 16, ", ", c->inner[0]);
		fb_puts(b, "}}");
		return 2;
	default:
		return v4l2_ext_ctrls_in(b, c, req, p);
	}
}

static int v4l2_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	const uint8_t *p;

	if (!k || k->len < _IOC_SIZE(req))
		return 0;
	p = k->p;
	switch (req) {
	case VIDIOC_QUERYCAP:
		v4l2_caps(b, c, p);
		return 1;
	case VIDIOC_G_FBUF: case VIDIOC_S_FBUF:
		v4l2_fbuf(b, p);
		return 1;
	case VIDIOC_STREAMON: case VIDIOC_STREAMOFF:
		v4l2_buf_type(b, "[", ld32(p));
		fb_putc(b, ']');
		return 1;
	case VIDIOC_G_STD: case VIDIOC_S_STD:
		v4l2_x(b, "[", ld64(p));
		fb_putc(b, ']');
		return 1;
	case VIDIOC_G_INPUT: case VIDIOC_S_INPUT:
		v4l2_u(b, "[", ld32(p));
		fb_putc(b, ']');
		return 1;
	case VIDIOC_S_CROP:
		v4l2_buf_type(b, "{type=", ld32(p));
		v4l2_rect(b, ", c={left=", p + 4);
		fb_putc(b, '}');
		return 1;
	default:
		return v4l2_arg_split(b, c, req, p);
	}
}

/* struct v4l2_buffer's flags: the timestamp's type and source apart */
static void v4l2_buf_flags(struct fmt_buf *b, uint32_t v)
{
	uint32_t ts = V4L2_BUF_FLAG_TIMESTAMP_MASK;
	uint32_t src = V4L2_BUF_FLAG_TSTAMP_SRC_MASK;

	fb_puts(b, ", flags=");
	if (b->xstyle == XSTYLE_RAW) {
		fb_hex(b, v);
		return;
	}
	if (v & ~ts & ~src) {
		fmt_flags_dflt(b, &xlat_v4l2_buf_flags, v & ~ts & ~src,
			       "V4L2_BUF_FLAG_???");
		fb_putc(b, '|');
	}
	fmt_enum_dflt(b, &xlat_v4l2_buf_flags_ts_type, v & ts,
		      "V4L2_BUF_FLAG_TIMESTAMP_???");
	fb_putc(b, '|');
	fmt_enum_dflt(b, &xlat_v4l2_buf_flags_ts_src, v & src,
		      "V4L2_BUF_FLAG_TSTAMP_SRC_???");
}

/* struct v4l2_buffer at exit */
static void v4l2_buffer_out(struct fmt_buf *b, uint32_t req,
			    const uint8_t *p)
{
	uint32_t memory = ld32(p + 60);

	if (req == VIDIOC_DQBUF)
		v4l2_u(b, ", index=", ld32(p));
	v4l2_memory(b, ", memory=", memory);
	if (memory == V4L2_MEMORY_MMAP) {
		v4l2_x(b, ", m.offset=", ld32(p + 64));
	} else if (memory == V4L2_MEMORY_USERPTR) {
		fb_puts(b, ", m.userptr=");
		fmt_ptr(b, ld64(p + 64));
	}
	v4l2_u(b, ", length=", ld32(p + 72));
	v4l2_u(b, ", bytesused=", ld32(p + 8));
	v4l2_buf_flags(b, ld32(p + 12));
	if (req == VIDIOC_DQBUF) {
		fb_puts(b, ", timestamp=");
		fmt_timeval_at(b, p + 24);
	}
	fb_puts(b, ", ...");
}

/* the frame sizes and intervals an enumeration got, at exit */
static void v4l2_frm_out(struct fmt_buf *b, uint32_t req, const uint8_t *p)
{
	int size = req == VIDIOC_ENUM_FRAMESIZES;
	const uint8_t *u = p + (size ? 12 : 20);
	uint32_t type = ld32(p + (size ? 8 : 16));

	if (size)
		v4l2_e(b, ", type=", &xlat_v4l2_framesize_types, type,
		       "V4L2_FRMSIZE_TYPE_???");
	else
		v4l2_e(b, ", type=", &xlat_v4l2_frameinterval_types, type,
		       "V4L2_FRMIVAL_TYPE_???");
	if (size && type == V4L2_FRMSIZE_TYPE_DISCRETE) {
		v4l2_u(b, ", discrete={width=", ld32(u));
		v4l2_u(b, ", height=", ld32(u + 4));
		fb_putc(b, '}');
	} else if (size && type == V4L2_FRMSIZE_TYPE_STEPWISE) {
		static const char *const f[] = {
			"min_width=", "max_width=", "step_width=",
			"min_height=", "max_height=", "step_height=",
		};

		for (int j = 0; j < 6; j++) {
			fb_puts(b, j ? ", " : ", stepwise={");
			v4l2_u(b, f[j], ld32(u + 4 * j));
		}
		fb_putc(b, '}');
	} else if (!size && type == V4L2_FRMIVAL_TYPE_DISCRETE) {
		v4l2_fract(b, ", discrete=", u);
	} else if (!size && (type == V4L2_FRMIVAL_TYPE_STEPWISE ||
			     type == V4L2_FRMIVAL_TYPE_CONTINUOUS)) {
		v4l2_fract(b, ", stepwise={min=", u);
		v4l2_fract(b, ", max=", u + 8);
		v4l2_fract(b, ", step=", u + 16);
		fb_putc(b, '}');
	}
}

/*
 * struct v4l2_ext_controls at exit: strace reads it and the controls
 * whether or not the call failed (which control failed is error_idx)
 */
static void v4l2_ext_ctrls_out(struct fmt_buf *b, const struct sc_call *c,
			       uint32_t req)
{
	const struct cap *k = c->exited ? c->cap_out[2] : NULL;

	if (!k || (k->flags & CAP_FAULT) || k->len < _IOC_SIZE(req) ||
	    !k->p) {
		fb_putc(b, '}');
		return;
	}
	fb_puts(b, req == VIDIOC_G_EXT_CTRLS ? ", " : "} => {");
	v4l2_controls(b, c, k->p, c->inner[1], c->inner_str[1]);
	if (sc_failed(c))
		v4l2_u(b, ", error_idx=", ld32(k->p + 8));
	fb_putc(b, '}');
}

/* what the device filled in a struct arg began, and its end */
static void v4l2_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, _IOC_SIZE(req));
	const struct cap *in = arg_in(c, 2, 4);
	const uint8_t *p = k ? k->p : NULL;

	if (req == VIDIOC_S_EXT_CTRLS || req == VIDIOC_TRY_EXT_CTRLS ||
	    req == VIDIOC_G_EXT_CTRLS) {
		v4l2_ext_ctrls_out(b, c, req);
		return;
	}
	if (req == VIDIOC_CREATE_BUFS)
		return;		/* what it got follows the return value */
	if (!p) {
		fb_putc(b, '}');
		return;
	}
	switch (req) {
	case VIDIOC_ENUM_FMT:
		v4l2_f(b, ", flags=", &xlat_v4l2_format_description_flags,
		       ld32(p + 8), "V4L2_FMT_FLAG_???");
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "description", p + 12, 32);
		v4l2_4cc(b, ", pixelformat=", ld32(p + 44),
			    &xlat_v4l2_pix_fmts);
		break;
	case VIDIOC_G_FMT: case VIDIOC_S_FMT: case VIDIOC_TRY_FMT:
		v4l2_format_fmt(b, c, p, req == VIDIOC_G_FMT ? ", " : "} => {",
				c->inner[1]);
		break;
	case VIDIOC_G_PARM: case VIDIOC_S_PARM:
		v4l2_parm(b, p, req == VIDIOC_G_PARM ? ", " : "} => {");
		break;
	case VIDIOC_REQBUFS:
		v4l2_u(b, " => ", ld32(p));
		break;
	case VIDIOC_QUERYBUF: case VIDIOC_QBUF: case VIDIOC_DQBUF:
		v4l2_buffer_out(b, req, p);
		break;
	case VIDIOC_ENUMSTD:
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "name", p + 16, 24);
		v4l2_fract(b, ", frameperiod=", p + 40);
		v4l2_u(b, ", framelines=", ld32(p + 48));
		break;
	case VIDIOC_ENUMINPUT:
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "name", p + 4, 32);
		v4l2_e(b, ", type=", &xlat_v4l2_input_types, ld32(p + 36),
		       "V4L2_INPUT_TYPE_???");
		break;
	case VIDIOC_G_CTRL: case VIDIOC_S_CTRL:
		v4l2_d(b, req == VIDIOC_G_CTRL ? ", value=" : " => ",
		       (int32_t)ld32(p + 4));
		break;
	case VIDIOC_G_TUNER: case VIDIOC_S_TUNER:
		fb_puts(b, req == VIDIOC_G_TUNER ? ", " : "} => {");
		v4l2_tuner(b, c, p);
		break;
	case VIDIOC_QUERYCTRL: case VIDIOC_QUERY_EXT_CTRL:
		v4l2_queryctrl_out(b, c, p, in ? ld32(in->p) : ld32(p),
				   req == VIDIOC_QUERY_EXT_CTRL);
		return;
	case VIDIOC_CROPCAP:
		v4l2_rect(b, ", bounds={left=", p + 4);
		v4l2_rect(b, ", defrect={left=", p + 20);
		v4l2_fract(b, ", pixelaspect=", p + 36);
		break;
	case VIDIOC_G_CROP:
		v4l2_rect(b, ", c={left=", p + 4);
		break;
	default:	/* VIDIOC_ENUM_FRAMESIZES, ENUM_FRAMEINTERVALS */
		v4l2_frm_out(b, req, p);
		break;
	}
	fb_putc(b, '}');
}

/* VIDIOC_CREATE_BUFS: the buffers' index and count, after the value */
static void v4l2_ret(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, _IOC_SIZE(req));

	if (req != VIDIOC_CREATE_BUFS || !k)
		return;
	fb_printf(b, " ({index=%u, count=%u})", ld32(k->p), ld32(k->p + 4));
}

const struct ioctl_family ioctl_v4l2 = {
	.type = 'V',
	.when = v4l2_when,
	.arg = v4l2_arg,
	.out = v4l2_out,
	.ret = v4l2_ret,
};
