// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_v4l2.sh (and the -X runs): the V4L2
 * requests (type 'V') on a file that is no video device (ENOTTY) and a
 * bad fd (EBADF): every request strace decodes and a few it prints in
 * hex, with NULL, an unmapped address (BAD), its struct one byte short
 * of the memory's end; the structs filled in: formats of every buffer
 * type (an overlay window's clips whole, cut by the memory's end, none,
 * NULL), buffers, stream parameters, controls by name, by class and
 * offset, unknown, with the query flags, extended controls (their
 * values and strings; whole, cut, NULL), a tuner, crops, frame sizes and intervals,
 * buffers to create.  What only a device fills (the exits) is in
 * tests/unit/decode_ioctl_v4l2.c.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fam.h"

static const unsigned int req[] = {
	VIDIOC_QUERYCAP, VIDIOC_ENUM_FMT, VIDIOC_G_FMT, VIDIOC_S_FMT,
	VIDIOC_TRY_FMT, VIDIOC_REQBUFS, VIDIOC_QUERYBUF, VIDIOC_QBUF,
	VIDIOC_DQBUF, VIDIOC_G_FBUF, VIDIOC_S_FBUF, VIDIOC_STREAMON,
	VIDIOC_STREAMOFF, VIDIOC_G_PARM, VIDIOC_S_PARM, VIDIOC_G_STD,
	VIDIOC_S_STD, VIDIOC_ENUMSTD, VIDIOC_ENUMINPUT, VIDIOC_G_CTRL,
	VIDIOC_S_CTRL, VIDIOC_G_TUNER, VIDIOC_S_TUNER, VIDIOC_QUERYCTRL,
	VIDIOC_QUERY_EXT_CTRL, VIDIOC_G_INPUT, VIDIOC_S_INPUT,
	VIDIOC_CROPCAP, VIDIOC_G_CROP, VIDIOC_S_CROP, VIDIOC_S_EXT_CTRLS,
	VIDIOC_TRY_EXT_CTRLS, VIDIOC_G_EXT_CTRLS, VIDIOC_ENUM_FRAMESIZES,
	VIDIOC_ENUM_FRAMEINTERVALS, VIDIOC_CREATE_BUFS,
	/* named, printed in hex */
	VIDIOC_OVERLAY, VIDIOC_EXPBUF, VIDIOC_LOG_STATUS, VIDIOC_G_SELECTION,
	/* unknown numbers of the type */
	_IO('V', 0xff), _IOR('V', 0x01, int), _IOWR('V', 0x7e, long),
};

/* a format of each buffer type, and of none; clips at the page's end */
static void formats(int fd, char *pg)
{
	struct v4l2_format *f = calloc(1, sizeof(*f));
	struct v4l2_clip *clips = (struct v4l2_clip *)(pg + 4096) - 2;
	unsigned char *u;

	if (!f)
		exit(1);
	u = (unsigned char *)&f->fmt;
	for (int j = 0; j < 2; j++) {
		clips[j].c.left = -j - 1;
		clips[j].c.top = j * 100;
		clips[j].c.width = 640;
		clips[j].c.height = 480 + j;
	}
	for (unsigned int type = 0; type <= V4L2_BUF_TYPE_META_OUTPUT + 1;
	     type++) {
		/* bytes of their own, no address left by the last type */
		for (size_t j = 0; j < sizeof(f->fmt); j++)
			u[j] = (unsigned char)(0x30 + j * 7);
		f->type = type;
		if (type == V4L2_BUF_TYPE_VIDEO_OVERLAY ||
		    type == V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY) {
			f->fmt.win.clips = clips;
			f->fmt.win.clipcount = type == 3 ? 2 : 3;
			f->fmt.win.bitmap = NULL;
			f->fmt.win.global_alpha = type == 3 ? 0 : 0x7f;
		}
		if (type == V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE)
			f->fmt.pix_mp.num_planes = 2;
		if (type == V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE)
			f->fmt.pix_mp.num_planes = 9;
		if (type == V4L2_BUF_TYPE_VIDEO_CAPTURE)
			f->fmt.pix.pixelformat = V4L2_PIX_FMT_YUYV;
		if (type == V4L2_BUF_TYPE_SDR_CAPTURE)
			f->fmt.sdr.pixelformat = V4L2_SDR_FMT_CU8;
		ioctl(fd, VIDIOC_S_FMT, f);
		ioctl(fd, VIDIOC_TRY_FMT, f);
		ioctl(fd, VIDIOC_G_FMT, f);
	}
	f->type = V4L2_BUF_TYPE_VIDEO_OVERLAY;
	f->fmt.win.clipcount = 0;
	ioctl(fd, VIDIOC_S_FMT, f);
	f->fmt.win.clipcount = 1;
	f->fmt.win.clips = NULL;
	ioctl(fd, VIDIOC_S_FMT, f);
	f->fmt.win.clips = BAD;
	ioctl(fd, VIDIOC_S_FMT, f);
	free(f);
}

static void controls(int fd, char *pg, char *str_edge)
{
	static const unsigned int ids[] = {
		V4L2_CID_BRIGHTNESS, V4L2_CID_USER_CLASS, 0,
		V4L2_CTRL_CLASS_CAMERA | 0x777, 0x97abcd, 0xa60000,
		V4L2_CID_MPEG_VIDEO_H264_CPB_SIZE,
	};
	struct v4l2_ext_control *ec = (struct v4l2_ext_control *)(pg + 4096) - 2;
	struct v4l2_ext_controls ecs = { .ctrl_class = V4L2_CTRL_CLASS_USER };
	struct v4l2_queryctrl qc = { 0 };
	struct v4l2_query_ext_ctrl qe = { 0 };
	struct v4l2_control ctl = { 0, -7 };

	for (size_t j = 0; j < sizeof(ids) / sizeof(ids[0]); j++) {
		ctl.id = ids[j];
		ioctl(fd, VIDIOC_G_CTRL, &ctl);
		ioctl(fd, VIDIOC_S_CTRL, &ctl);
		qc.id = ids[j] | (j & 1 ? V4L2_CTRL_FLAG_NEXT_CTRL : 0);
		ioctl(fd, VIDIOC_QUERYCTRL, &qc);
		qe.id = ids[j] | (j & 2 ? V4L2_CTRL_FLAG_NEXT_COMPOUND : 0);
		ioctl(fd, VIDIOC_QUERY_EXT_CTRL, &qe);
	}
	memset(ec, 0, 2 * sizeof(*ec));
	ec[0].id = V4L2_CID_CONTRAST;
	ec[0].value64 = -2;
	ec[1].id = 0x12345;
	ec[1].value = 99;
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
	ecs.controls = ec;
	ecs.count = 2;
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
	ioctl(-1, VIDIOC_TRY_EXT_CTRLS, &ecs);
	ioctl(fd, VIDIOC_G_EXT_CTRLS, &ecs);
	/* strings: read, longer than -s, none, ending where the memory
	   does (before -s + 1 bytes: the pointer), no call can read */
	ec[1].size = 2;
	ec[1].string = (char *)"\377\377";
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
	ec[0].size = 40;
	ec[0].string = (char *)"0123456789abcdefghijklmnopqrstuvwxyz!\n\t";
	ioctl(fd, VIDIOC_G_EXT_CTRLS, &ecs);
	ec[1].string = NULL;
	ioctl(fd, VIDIOC_TRY_EXT_CTRLS, &ecs);
	ec[1].size = 8;
	ec[1].string = str_edge + 4096 - 3;
	memcpy(ec[1].string, "ab", 3);
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
	ec[1].string = BAD;
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
	ecs.count = 3;
	ecs.ctrl_class = 0x170000;
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
	ecs.controls = NULL;
	ioctl(fd, VIDIOC_S_EXT_CTRLS, &ecs);
}

static void buffers(int fd)
{
	struct v4l2_requestbuffers rb = { 4, V4L2_BUF_TYPE_VIDEO_CAPTURE,
					  V4L2_MEMORY_MMAP, 0, 0, { 0 } };
	struct v4l2_buffer buf = { .index = 3, .type = 77 };
	struct v4l2_framebuffer fb = { 0x1, 0x2, (void *)0x1234, { 0 } };
	struct v4l2_create_buffers cb = { .count = 2, .memory = 9 };
	int type = V4L2_BUF_TYPE_VBI_OUTPUT;

	ioctl(fd, VIDIOC_REQBUFS, &rb);
	rb.memory = 0;
	ioctl(fd, VIDIOC_REQBUFS, &rb);
	ioctl(fd, VIDIOC_QUERYBUF, &buf);
	ioctl(fd, VIDIOC_QBUF, &buf);
	ioctl(fd, VIDIOC_DQBUF, &buf);
	ioctl(fd, VIDIOC_S_FBUF, &fb);
	ioctl(fd, VIDIOC_STREAMON, &type);
	type = 0x100;
	ioctl(fd, VIDIOC_STREAMOFF, &type);
	ioctl(fd, VIDIOC_CREATE_BUFS, &cb);
	cb.format.type = V4L2_BUF_TYPE_META_CAPTURE;
	cb.format.fmt.meta.dataformat = V4L2_META_FMT_VSP1_HGO;
	ioctl(fd, VIDIOC_CREATE_BUFS, &cb);
}

static void misc(int fd)
{
	struct v4l2_streamparm sp = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_tuner tu = { .index = 5, .name = "radio one",
				 .type = V4L2_TUNER_RADIO, .capability = 0x1ff,
				 .rxsubchans = 3, .audmode = 9, .signal = -1 };
	struct v4l2_crop cr = { 1, { -1, -2, 3, 4 } };
	struct v4l2_frmsizeenum fs = { 1, v4l2_fourcc('a', '\'', '\\', 0x81),
				       0, { { 0, 0 } }, { 0 } };
	struct v4l2_frmivalenum fi = { 2, V4L2_PIX_FMT_MJPEG, 640, 480, 0,
				       { { 0, 0 } }, { 0 } };
	v4l2_std_id std = 0xff00ff;
	int input = 7;

	sp.parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
	sp.parm.capture.capturemode = 3;
	sp.parm.capture.timeperframe.numerator = 1;
	sp.parm.capture.timeperframe.denominator = 30;
	ioctl(fd, VIDIOC_S_PARM, &sp);
	ioctl(fd, VIDIOC_G_PARM, &sp);
	sp.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
	ioctl(fd, VIDIOC_S_PARM, &sp);
	sp.type = 3;
	ioctl(fd, VIDIOC_S_PARM, &sp);
	ioctl(fd, VIDIOC_G_PARM, &sp);
	ioctl(fd, VIDIOC_S_STD, &std);
	ioctl(fd, VIDIOC_ENUMSTD, &input);
	ioctl(fd, VIDIOC_S_INPUT, &input);
	ioctl(fd, VIDIOC_S_TUNER, &tu);
	ioctl(fd, VIDIOC_G_TUNER, &tu);
	ioctl(fd, VIDIOC_S_CROP, &cr);
	ioctl(fd, VIDIOC_G_CROP, &cr);
	ioctl(fd, VIDIOC_CROPCAP, &cr);
	ioctl(fd, VIDIOC_ENUM_FRAMESIZES, &fs);
	ioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, &fi);
}

int main(void)
{
	struct v4l2_fmtdesc fd_ = { 1, V4L2_BUF_TYPE_SDR_OUTPUT, 0, "", 0,
				    0, { 0 } };
	struct v4l2_input in = { .index = 2 };
	char *pg, *str_edge;
	int fd;

	pg = fam_edge_page();
	str_edge = fam_edge_page();
	if (!pg || !str_edge)
		return 1;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), pg);
	formats(fd, pg);
	controls(fd, pg, str_edge);
	buffers(fd);
	misc(fd);
	ioctl(fd, VIDIOC_ENUM_FMT, &fd_);
	ioctl(fd, VIDIOC_ENUMINPUT, &in);
	ioctl(fd, VIDIOC_OVERLAY, 1UL);
	close(fd);
	return 0;
}
