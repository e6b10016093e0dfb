// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: what a video device fills in V4L2's ioctls (the exits;
 * tests/live/parity_v4l2.sh has strace's word on the entries): a
 * device's capabilities in each -X style, a format described, a format
 * got and changed (" => "), an overlay window's clips at exit, buffers
 * counted and dequeued, a control query's new id and its -v fields, a
 * standard, an input, crop bounds, frame sizes and intervals, the
 * buffers created (after the return value), extended controls that
 * failed (error_idx) and their strings (read, not, short), and each
 * exit's struct end when the call failed.
 */
#include <linux/ioctl.h>
#include <linux/videodev2.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define EBADF_TEXT " = -1 EBADF (Bad file descriptor)"

static void caps(void)
{
	struct v4l2_capability cap = { "uvcvideo", "Webcam", "usb-1", 0x060100,
				       V4L2_CAP_VIDEO_CAPTURE |
				       V4L2_CAP_STREAMING | 0x4,
				       0, { 0 } };
	struct cap k = CAP(&cap, sizeof(cap));
	struct sc_call c = CALL(SYS_ioctl, 0, 3, VIDIOC_QUERYCAP, 0x1000);

	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_QUERYCAP, {driver=\"uvcvideo\", "
		  "card=\"Webcam\", bus_info=\"usb-1\", "
		  "version=KERNEL_VERSION(6, 1, 0), "
		  "capabilities=V4L2_CAP_VIDEO_CAPTURE|V4L2_CAP_VIDEO_OVERLAY|"
		  "V4L2_CAP_STREAMING}) = 0");
	cap.device_caps = 0x80000000;
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0x80685600, "
		  "{driver=\"uvcvideo\", card=\"Webcam\", bus_info=\"usb-1\", "
		  "version=0x60100, capabilities=0x4000005, "
		  "device_caps=0x80000000}) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0x80685600 /* "
		  "VIDIOC_QUERYCAP */, {driver=\"uvcvideo\", card=\"Webcam\", "
		  "bus_info=\"usb-1\", version=0x60100 /* KERNEL_VERSION(6, 1, "
		  "0) */, capabilities=0x4000005 /* V4L2_CAP_VIDEO_CAPTURE|"
		  "V4L2_CAP_VIDEO_OVERLAY|V4L2_CAP_STREAMING */, "
		  "device_caps=0x80000000 /* V4L2_CAP_DEVICE_CAPS */}) = 0");
	c.ret = -9;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_QUERYCAP, 0x1000)" EBADF_TEXT);
}

static void formats(void)
{
	struct v4l2_fmtdesc fd = { 2, V4L2_BUF_TYPE_VIDEO_CAPTURE, 0, "", 0,
				   0, { 0 } };
	struct v4l2_fmtdesc fd_got = { 2, V4L2_BUF_TYPE_VIDEO_CAPTURE,
				       V4L2_FMT_FLAG_COMPRESSED, "Motion-JPEG",
				       V4L2_PIX_FMT_MJPEG, 0, { 0 } };
	struct v4l2_format f = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_format f_got = f;
	struct v4l2_clip clips[2] = { { { 1, 2, 3, 4 }, NULL },
				      { { -1, -2, 5, 6 }, NULL } };
	struct cap kd = CAP(&fd, sizeof(fd)), kdg = CAP(&fd_got, sizeof(fd_got));
	struct cap kf = CAP(&f, sizeof(f)), kfg = CAP(&f_got, sizeof(f_got));
	struct cap kc = CAP(clips, sizeof(clips));
	struct sc_call c = CALL(SYS_ioctl, 0, 3, VIDIOC_ENUM_FMT, 0x1000);

	c.cap[2] = &kd;
	c.cap_out[2] = &kdg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_ENUM_FMT, {index=2, "
		  "type=V4L2_BUF_TYPE_VIDEO_CAPTURE, "
		  "flags=V4L2_FMT_FLAG_COMPRESSED, description=\"Motion-JPEG\", "
		  "pixelformat=v4l2_fourcc('M', 'J', 'P', 'G') /* "
		  "V4L2_PIX_FMT_MJPEG */}) = 0");
	c.ret = -9;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_ENUM_FMT, {index=2, "
		  "type=V4L2_BUF_TYPE_VIDEO_CAPTURE})" EBADF_TEXT);

	f_got.fmt.pix.width = 640;
	f_got.fmt.pix.height = 480;
	f_got.fmt.pix.pixelformat = V4L2_PIX_FMT_YUYV;
	f_got.fmt.pix.field = V4L2_FIELD_NONE;
	f_got.fmt.pix.bytesperline = 1280;
	f_got.fmt.pix.sizeimage = 614400;
	f_got.fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_G_FMT, 0x1000);
	c.cap[2] = &kf;
	c.cap_out[2] = &kfg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_FMT, {type=V4L2_BUF_TYPE_VIDEO_"
		  "CAPTURE, fmt.pix={width=640, height=480, pixelformat="
		  "v4l2_fourcc('Y', 'U', 'Y', 'V') /* V4L2_PIX_FMT_YUYV */, "
		  "field=V4L2_FIELD_NONE, bytesperline=1280, sizeimage=614400, "
		  "colorspace=V4L2_COLORSPACE_SRGB}}) = 0");
	f = f_got;
	f.fmt.pix.width = 10;
	c.args[1] = VIDIOC_S_FMT;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_S_FMT, {type=V4L2_BUF_TYPE_VIDEO_"
		  "CAPTURE, fmt.pix={width=10, height=480, pixelformat="
		  "v4l2_fourcc('Y', 'U', 'Y', 'V') /* V4L2_PIX_FMT_YUYV */, "
		  "field=V4L2_FIELD_NONE, bytesperline=1280, sizeimage=614400, "
		  "colorspace=V4L2_COLORSPACE_SRGB}} => {fmt.pix={width=640, "
		  "height=480, pixelformat=v4l2_fourcc('Y', 'U', 'Y', 'V') /* "
		  "V4L2_PIX_FMT_YUYV */, field=V4L2_FIELD_NONE, "
		  "bytesperline=1280, sizeimage=614400, "
		  "colorspace=V4L2_COLORSPACE_SRGB}}) = 0");

	/* a window's clips at exit: from the exit's copy of them */
	memset(&f_got, 0, sizeof(f_got));
	f_got.type = f.type = V4L2_BUF_TYPE_VIDEO_OVERLAY;
	f_got.fmt.win.clips = (struct v4l2_clip *)0x2000;
	f_got.fmt.win.clipcount = 2;
	c.args[1] = VIDIOC_G_FMT;
	c.inner[1] = &kc;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_FMT, {type=V4L2_BUF_TYPE_VIDEO_"
		  "OVERLAY, fmt.win={w={left=0, top=0, width=0, height=0}, "
		  "field=V4L2_FIELD_ANY, chromakey=0, clips=[{c={left=1, top=2, "
		  "width=3, height=4}}, {c={left=-1, top=-2, width=5, "
		  "height=6}}], clipcount=2, bitmap=NULL}}) = 0");
	kc.len = sizeof(clips[0]);
	kc.flags = CAP_FAULT;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_FMT, {type=V4L2_BUF_TYPE_VIDEO_"
		  "OVERLAY, fmt.win={w={left=0, top=0, width=0, height=0}, "
		  "field=V4L2_FIELD_ANY, chromakey=0, clips=[{c={left=1, top=2, "
		  "width=3, height=4}}, ... /* 0x2018 */], clipcount=2, "
		  "bitmap=NULL}}) = 0");
	c.inner[1] = NULL;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_FMT, {type=V4L2_BUF_TYPE_VIDEO_"
		  "OVERLAY, fmt.win={w={left=0, top=0, width=0, height=0}, "
		  "field=V4L2_FIELD_ANY, chromakey=0, clips=0x2000, clipcount=2, "
		  "bitmap=NULL}}) = 0");
}

static void buffers(void)
{
	struct v4l2_requestbuffers rb = { 4, V4L2_BUF_TYPE_VIDEO_CAPTURE,
					  V4L2_MEMORY_MMAP, 0, 0, { 0 } };
	struct v4l2_requestbuffers rb_got = rb;
	struct v4l2_buffer b = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_buffer b_got = b;
	struct v4l2_create_buffers cb = { .count = 3,
					  .memory = V4L2_MEMORY_USERPTR };
	struct v4l2_create_buffers cb_got = cb;
	struct cap kr = CAP(&rb, sizeof(rb)), krg = CAP(&rb_got, sizeof(rb));
	struct cap kb = CAP(&b, sizeof(b)), kbg = CAP(&b_got, sizeof(b));
	struct cap kc = CAP(&cb, sizeof(cb)), kcg = CAP(&cb_got, sizeof(cb));
	struct sc_call c = CALL(SYS_ioctl, 0, 3, VIDIOC_REQBUFS, 0x1000);

	rb_got.count = 2;
	c.cap[2] = &kr;
	c.cap_out[2] = &krg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_REQBUFS, {type=V4L2_BUF_TYPE_"
		  "VIDEO_CAPTURE, memory=V4L2_MEMORY_MMAP, count=4 => 2}) = 0");

	b_got.index = 1;
	b_got.memory = V4L2_MEMORY_USERPTR;
	b_got.m.userptr = 0x7f0000001000UL;
	b_got.length = 4096;
	b_got.bytesused = 100;
	b_got.flags = V4L2_BUF_FLAG_DONE | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC |
		      V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
	b_got.timestamp.tv_sec = 12;
	b_got.timestamp.tv_usec = 345;
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_DQBUF, 0x1000);
	c.cap[2] = &kb;
	c.cap_out[2] = &kbg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_DQBUF, {type=V4L2_BUF_TYPE_VIDEO_"
		  "CAPTURE, index=1, memory=V4L2_MEMORY_USERPTR, "
		  "m.userptr=0x7f0000001000, length=4096, bytesused=100, "
		  "flags=V4L2_BUF_FLAG_DONE|V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC|"
		  "V4L2_BUF_FLAG_TSTAMP_SRC_SOE, timestamp={tv_sec=12, "
		  "tv_usec=345}, ...}) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0xc0585611, {type=0x1, "
		  "index=1, memory=0x2, m.userptr=0x7f0000001000, length=4096, "
		  "bytesused=100, flags=0x12004, timestamp={tv_sec=12, "
		  "tv_usec=345}, ...}) = 0");

	cb_got.index = 5;
	cb_got.count = 2;
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_CREATE_BUFS, 0x1000);
	c.cap[2] = &kc;
	c.cap_out[2] = &kcg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_CREATE_BUFS, {count=3, "
		  "memory=V4L2_MEMORY_USERPTR, format={type=0 /* "
		  "V4L2_BUF_TYPE_??? */}}) = 0 ({index=5, count=2})");
	c.ret = -9;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_CREATE_BUFS, {count=3, "
		  "memory=V4L2_MEMORY_USERPTR, format={type=0 /* "
		  "V4L2_BUF_TYPE_??? */}})" EBADF_TEXT);
}

static void ctrls(void)
{
	struct v4l2_queryctrl q = { .id = V4L2_CTRL_FLAG_NEXT_CTRL };
	struct v4l2_queryctrl q_got = { V4L2_CID_BRIGHTNESS,
					V4L2_CTRL_TYPE_INTEGER, "Brightness",
					-64, 64, 1, 0, V4L2_CTRL_FLAG_SLIDER,
					{ 0, 7 } };
	struct v4l2_ext_control ec[2] = { { V4L2_CID_CONTRAST, 0, { 0 },
					    { .value64 = -1 } },
					  { V4L2_CID_HUE, 0, { 0 },
					    { .value = 5 } } };
	struct v4l2_ext_controls ecs = { { V4L2_CTRL_CLASS_USER }, 2, 0, 0,
					 { 0 }, ec };
	struct v4l2_ext_controls ecs_got = ecs;
	struct cap kq = CAP(&q, sizeof(q)), kqg = CAP(&q_got, sizeof(q));
	struct cap ke = CAP(&ecs, sizeof(ecs)), keg = CAP(&ecs_got, sizeof(ecs));
	struct cap kc = CAP(ec, sizeof(ec));
	struct cap ks = { .p = (const uint8_t *)"hi", .len = 2, .npieces = 2,
			  .holes = 1, .piece = { 0, 2 } };
	struct sc_call c = CALL(SYS_ioctl, 0, 3, VIDIOC_QUERYCTRL, 0x1000);

	c.cap[2] = &kq;
	c.cap_out[2] = &kqg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_QUERYCTRL, {id=V4L2_CTRL_FLAG_"
		  "NEXT_CTRL|0 /* V4L2_CID_??? */ => V4L2_CID_BRIGHTNESS, "
		  "type=V4L2_CTRL_TYPE_INTEGER, name=\"Brightness\", ...}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_QUERYCTRL, {id=V4L2_CTRL_FLAG_"
		  "NEXT_CTRL|0 /* V4L2_CID_??? */ => V4L2_CID_BRIGHTNESS, "
		  "type=V4L2_CTRL_TYPE_INTEGER, name=\"Brightness\", "
		  "minimum=-64, maximum=64, step=1, default_value=0, "
		  "flags=V4L2_CTRL_FLAG_SLIDER, reserved=[0, 0x7]}) = 0");
	fo.verbose = 0;
	q.id = V4L2_CID_BRIGHTNESS;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_QUERYCTRL, {id=V4L2_CID_BRIGHTNESS, "
		  "type=V4L2_CTRL_TYPE_INTEGER, name=\"Brightness\", ...}) = 0");

	/* what failed: error_idx, read whatever the call returned */
	ecs_got.error_idx = 1;
	c = CALL(SYS_ioctl, -22, 3, VIDIOC_S_EXT_CTRLS, 0x1000);
	c.cap[2] = &ke;
	c.cap_out[2] = &keg;
	c.inner[0] = c.inner[1] = &kc;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_S_EXT_CTRLS, {ctrl_class="
		  "V4L2_CTRL_CLASS_USER, count=2, controls=[{id=V4L2_CID_"
		  "CONTRAST, size=0, value=-1, value64=-1}, {id=V4L2_CID_HUE, "
		  "size=0, value=5, value64=5}]} => {controls=[{id=V4L2_CID_"
		  "CONTRAST, size=0, value=-1, value64=-1}, {id=V4L2_CID_HUE, "
		  "size=0, value=5, value64=5}], error_idx=1}) = -1 EINVAL "
		  "(Invalid argument)");
	/* strings, a piece each: the second's read, the first's not */
	ec[0].size = 4;
	ec[0].string = (char *)0x3000;
	ec[1].size = 2;
	ec[1].string = (char *)0x4000;
	c.inner_str[0] = c.inner_str[1] = &ks;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_S_EXT_CTRLS, {ctrl_class="
		  "V4L2_CTRL_CLASS_USER, count=2, controls=[{id=V4L2_CID_"
		  "CONTRAST, size=4, string=0x3000}, {id=V4L2_CID_HUE, size=2, "
		  "string=\"hi\"}]} => {controls=[{id=V4L2_CID_CONTRAST, "
		  "size=4, string=0x3000}, {id=V4L2_CID_HUE, size=2, "
		  "string=\"hi\"}], error_idx=1}) = -1 EINVAL "
		  "(Invalid argument)");
	/* fewer bytes than strace reads: the pointer */
	ec[1].size = 3;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_S_EXT_CTRLS, {ctrl_class="
		  "V4L2_CTRL_CLASS_USER, count=2, controls=[{id=V4L2_CID_"
		  "CONTRAST, size=4, string=0x3000}, {id=V4L2_CID_HUE, size=3, "
		  "string=0x4000}]} => {controls=[{id=V4L2_CID_CONTRAST, "
		  "size=4, string=0x3000}, {id=V4L2_CID_HUE, size=3, "
		  "string=0x4000}], error_idx=1}) = -1 EINVAL "
		  "(Invalid argument)");
	ec[0].size = ec[1].size = 0;
	ec[0].value64 = -1;
	ec[1].value64 = 5;
	c.inner_str[0] = c.inner_str[1] = NULL;
	c.args[1] = VIDIOC_G_EXT_CTRLS;
	c.ret = 0;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_EXT_CTRLS, {ctrl_class="
		  "V4L2_CTRL_CLASS_USER, count=2, controls=[{id=V4L2_CID_"
		  "CONTRAST, size=0, value=-1, value64=-1}, {id=V4L2_CID_HUE, "
		  "size=0, value=5, value64=5}]}) = 0");
}

static void enums(void)
{
	struct v4l2_frmsizeenum fs = { 0, V4L2_PIX_FMT_YUYV, 0, { { 0, 0 } },
				       { 0 } };
	struct v4l2_frmsizeenum fs_got = fs;
	struct v4l2_frmivalenum fi = { 0, V4L2_PIX_FMT_YUYV, 640, 480, 0,
				       { { 0, 0 } }, { 0 } };
	struct v4l2_frmivalenum fi_got = fi;
	struct v4l2_cropcap cc = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_cropcap cc_got = { V4L2_BUF_TYPE_VIDEO_CAPTURE,
				       { 0, 0, 640, 480 }, { 8, 8, 624, 464 },
				       { 1, 1 } };
	long long std = V4L2_STD_PAL;
	int input = 2;
	struct cap kfs = CAP(&fs, sizeof(fs)), kfsg = CAP(&fs_got, sizeof(fs));
	struct cap kfi = CAP(&fi, sizeof(fi)), kfig = CAP(&fi_got, sizeof(fi));
	struct cap kcc = CAP(&cc, sizeof(cc)), kccg = CAP(&cc_got, sizeof(cc));
	struct cap ks = CAP(&std, 8), ki = CAP(&input, 4);
	struct sc_call c = CALL(SYS_ioctl, 0, 3, VIDIOC_ENUM_FRAMESIZES, 0x1000);

	fs_got.type = V4L2_FRMSIZE_TYPE_STEPWISE;
	fs_got.stepwise = (struct v4l2_frmsize_stepwise){ 1, 2, 3, 4, 5, 6 };
	c.cap[2] = &kfs;
	c.cap_out[2] = &kfsg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_ENUM_FRAMESIZES, {index=0, "
		  "pixel_format=v4l2_fourcc('Y', 'U', 'Y', 'V') /* V4L2_PIX_"
		  "FMT_YUYV */, type=V4L2_FRMSIZE_TYPE_STEPWISE, stepwise="
		  "{min_width=1, max_width=2, step_width=3, min_height=4, "
		  "max_height=5, step_height=6}}) = 0");
	fi_got.type = V4L2_FRMIVAL_TYPE_DISCRETE;
	fi_got.discrete = (struct v4l2_fract){ 1, 30 };
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_ENUM_FRAMEINTERVALS, 0x1000);
	c.cap[2] = &kfi;
	c.cap_out[2] = &kfig;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_ENUM_FRAMEINTERVALS, {index=0, "
		  "pixel_format=v4l2_fourcc('Y', 'U', 'Y', 'V') /* V4L2_PIX_"
		  "FMT_YUYV */, width=640, height=480, "
		  "type=V4L2_FRMIVAL_TYPE_DISCRETE, discrete=1/30}) = 0");
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_CROPCAP, 0x1000);
	c.cap[2] = &kcc;
	c.cap_out[2] = &kccg;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_CROPCAP, {type=V4L2_BUF_TYPE_"
		  "VIDEO_CAPTURE, bounds={left=0, top=0, width=640, height=480}, "
		  "defrect={left=8, top=8, width=624, height=464}, "
		  "pixelaspect=1/1}) = 0");
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_G_STD, 0x1000);
	c.cap_out[2] = &ks;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_STD, [0xff]) = 0");
	c = CALL(SYS_ioctl, 0, 3, VIDIOC_G_INPUT, 0x1000);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "ioctl(3, VIDIOC_G_INPUT, [2]) = 0");
}

int main(void)
{
	caps();
	formats();
	buffers();
	ctrls();
	enums();
	CHECK_DONE();
}
