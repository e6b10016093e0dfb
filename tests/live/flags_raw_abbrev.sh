# SPDX-License-Identifier: GPL-2.0-or-later
# -e raw=SET (strace's undecoded arguments and return: every argument in
# hex at entry, "= 0x3" for a success, errors as usual) and -e abbrev=SET
# (big structs cut for the calls in SET only, the others printed as -v
# prints them): whole traces compared with strace's of the same program
# (tests/parity.sh), on fam_files (opens, reads, stats, fcntl, dup,
# getdents...), with sets of some calls and of all.  The command's own
# execve is printed with its environment under abbrev=none, as strace's.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

run() {	# name, options
	echo "== $2"
	sh "$TOP/tests/parity.sh" -c -O "$2" -w "$WORK/$1" -n "fam_files-$1" \
		-- "$PROGS/fam_files" || soft_fail "$2 on fam_files: not strace's trace"
}
run raw-some '-e raw=openat,close,newfstatat,lseek'
# set_tid_address's return is the tid, in hex here: no rule masks it
run raw-all '-e raw=all -e trace=!set_tid_address'
run abbrev-none '-e abbrev=none'
run abbrev-some '-e abbrev=newfstatat,fstat'
run raw-abbrev '-e x=read,write -e a=none'
# the options reached the trace: hex arguments, a verbose struct
grep -qE '^[0-9]+ +close\(0x[0-9a-f]+\) += 0$' "$WORK/raw-some/e.out" ||
	soft_fail "-e raw=close: no 'close(0x..) = 0' line"
grep -q 'st_ctime_nsec=' "$WORK/abbrev-none/e.out" ||
	soft_fail "-e abbrev=none: no struct stat printed whole"
finish
