// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fifomap FILE READY GO: maps FILE executable, deletes it and puts a
 * FIFO at its path (as a hostile program can), writes READY, waits for
 * a line on the FIFO GO, then one getppid and exit 0.  /proc/PID/maps
 * names the mapping by the path, which is now the FIFO: a tracer that
 * opens it to read the file blocks for ever.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[8];
	void *m;
	int fd;

	if (argc != 4)
		return 2;
	fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		return 1;
	m = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED || unlink(argv[1]) || mkfifo(argv[1], 0600))
		return 1;
	fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "ready\n", 6) != 6)
		return 1;
	close(fd);
	fd = open(argv[3], O_RDONLY);
	if (fd < 0 || read(fd, buf, sizeof(buf)) <= 0)
		return 1;
	syscall(SYS_getppid);
	return 0;
}
