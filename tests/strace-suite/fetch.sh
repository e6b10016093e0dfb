#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Brings strace 6.1's source package from the Debian mirror this machine
# already uses, configures it and builds its test programs (not strace:
# the oracle is the installed /usr/bin/strace).
#
#   tests/strace-suite/fetch.sh DIR [all | PROGRAM...]
#
# DIR gets the source as DIR/strace-6.1, configured.  "all" builds every
# test program; PROGRAMs only those (and the library they link).
# Each step is skipped when its result is already there, so a second run
# costs nothing.  The deb-src entry is added once, in a file of its own,
# with the URIs and suites of the machine's Debian entry.
set -eu
dir=$1; shift
ver=6.1
src=$dir/strace-$ver
list=/etc/apt/sources.list.d/etrace-strace-src.sources
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

# the deb-src twin of the machine's first Debian entry
write_list() {
	from=/etc/apt/sources.list.d/debian.sources
	[ -f "$from" ] || {
		echo "strace-suite: no $from to take the mirror from" >&2
		exit 1
	}
	awk '
	/^Types:/ { deb = ($0 ~ /[[:space:]]deb([[:space:]]|$)/) }
	/^[[:space:]]*$/ { if (got) exit }
	deb && /^(URIs|Suites|Components|Signed-By):/ { print; got = 1 }
	' "$from" | { echo "Types: deb-src"; cat; } > "$dir/src.list"
	grep -q '^URIs:' "$dir/src.list" || {
		echo "strace-suite: no Debian mirror in $from" >&2
		exit 1
	}
	$SUDO cp "$dir/src.list" "$list"
}

mkdir -p "$dir"
if [ ! -f "$src/configure" ]; then
	if ! apt-get source --print-uris "strace=$ver-0.1" \
		> /dev/null 2>&1; then
		[ -f "$list" ] || write_list
		$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
	fi
	(cd "$dir" && apt-get source -q "strace=$ver-0.1") || {
		echo "strace-suite: apt-get source strace=$ver-0.1 failed" >&2
		exit 1
	}
fi

if [ ! -f "$src/tests/Makefile" ]; then
	echo "strace-suite: configuring strace $ver (a few minutes)" >&2
	(cd "$src" && ./configure -q --enable-mpers=no \
		--disable-gcc-Werror > configure.out 2>&1) || {
		tail -n 20 "$src/configure.out" >&2
		echo "strace-suite: strace's configure failed" >&2
		exit 1
	}
fi

jobs=$(nproc)
if [ $# = 0 ]; then
	exit 0
elif [ "$1" = all ]; then
	[ -f "$src/tests/.built" ] && exit 0
	echo "strace-suite: building strace's test programs" >&2
	# -k: a program that does not build against this machine's kernel
	# headers (nlattr_nhmsg) fails its test with strace too
	make -s -k -C "$src/tests" -j"$jobs" check TESTS= \
		> "$src/tests/build.out" 2>&1 ||
		grep -c ' Error ' "$src/tests/build.out" |
		sed 's/$/ test programs did not build (see build.out)/;
		     s/^/strace-suite: /' >&2
	touch "$src/tests/.built"
else
	make -s -k -C "$src/tests" -j"$jobs" libtests.a "$@" \
		> "$src/tests/build.out" 2>&1 ||
		echo "strace-suite: some test programs did not build" \
			"(see $src/tests/build.out)" >&2
fi
