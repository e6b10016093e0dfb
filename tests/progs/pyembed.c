// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A program that is not python but runs Python through Debian's shared
 * libpython3.11 (tests/live/python_frames.sh): its own executable has
 * no _PyRuntime, the library mapped into it has.  Arguments as python's.
 */
#include <Python.h>

int main(int argc, char **argv)
{
	return Py_BytesMain(argc, argv);
}
