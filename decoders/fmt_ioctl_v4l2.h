/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: V4L2's ioctl(2) requests (type 'V'), shared by the
 * family (fmt_ioctl_v4l2.c: requests, when each prints) and the structs
 * of formats, controls and tuners (fmt_ioctl_v4l2_fmt.c).
 */
#ifndef ETRACE_FMT_IOCTL_V4L2_H
#define ETRACE_FMT_IOCTL_V4L2_H

#include "fmt_ioctl.h"

/* sep (", name=") and an unsigned, a signed, a hex field */
static inline void v4l2_u(struct fmt_buf *b, const char *sep, uint32_t v)
{
	fb_puts(b, sep);
	fb_udec(b, v);
}

static inline void v4l2_d(struct fmt_buf *b, const char *sep, int64_t v)
{
	fb_puts(b, sep);
	fb_dec(b, v);
}

static inline void v4l2_x(struct fmt_buf *b, const char *sep, uint64_t v)
{
	fb_puts(b, sep);
	fb_hex(b, v);
}

/* sep and one value of a set, or a set's flags; dflt for unknown */
static inline void v4l2_e(struct fmt_buf *b, const char *sep,
			  const struct xlat *x, uint32_t v, const char *dflt)
{
	fb_puts(b, sep);
	fmt_enum_dflt(b, x, v, dflt);
}

static inline void v4l2_f(struct fmt_buf *b, const char *sep,
			  const struct xlat *x, uint32_t v, const char *dflt)
{
	fb_puts(b, sep);
	fmt_flags_dflt(b, x, v, dflt);
}

/* sep and v4l2_fourcc('a', 'b', 'c', 'd') with x's name in a comment */
void v4l2_4cc(struct fmt_buf *b, const char *sep, uint32_t v,
		 const struct xlat *x);
/* struct v4l2_rect */
void v4l2_rect(struct fmt_buf *b, const char *sep, const uint8_t *p);
/* struct v4l2_fract: numerator/denominator */
void v4l2_fract(struct fmt_buf *b, const char *sep, const uint8_t *p);
/* a control's id; next: with the query flags (V4L2_CTRL_FLAG_NEXT_*) */
void v4l2_cid(struct fmt_buf *b, uint32_t cid, int next);

/*
 * struct v4l2_format's union at p (its type at p, the union at p + 8),
 * after sep: "fmt.pix={...}"; clips: the copy of a window's clips.  0:
 * the type has none, or the clips were not all read (strace then ends
 * the struct and prints nothing at exit)
 */
int v4l2_format_fmt(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *p, const char *sep, const struct cap *clips);
/* struct v4l2_streamparm's parm at p (its type before): after sep */
void v4l2_parm(struct fmt_buf *b, const uint8_t *p, const char *sep);
/* struct v4l2_tuner's fields after the index (at p + 4) */
void v4l2_tuner(struct fmt_buf *b, const struct sc_call *c,
		const uint8_t *p);
/* struct v4l2_queryctrl (ext: v4l2_query_ext_ctrl) at exit, after the
   id the call was given (id0) */
void v4l2_queryctrl_out(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, uint32_t id0, int ext);
/* struct v4l2_ext_controls' controls, k their copy, strs the copy of
   their strings (a piece each); 0: not all read */
int v4l2_controls(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, const struct cap *k,
		  const struct cap *strs);

#endif
