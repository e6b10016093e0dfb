#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package, as CI checks it (.ci/run; not part of make check:
# the build takes minutes): `make deb` builds it with dpkg-buildpackage
# (the suite is not run inside: debian/rules), lintian finds no error or
# warning in it, apt could install it here (its Depends, computed from
# the shared libraries, resolve), and from a scratch root it was unpacked
# into (dpkg -x) the binary runs and traces as strace, its version is the
# package's, the man page renders without a warning, and the completion
# loads and registers itself.
#   sh tests/package.sh      (as root, after make deps)
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }

make deb
version=$(dpkg-parsechangelog -l debian/changelog -S Version)
deb=$top/build/deb/etrace_${version}_amd64.deb
[ -f "$deb" ] || fail "no $deb"
dpkg-deb -I "$deb"
dpkg-deb -c "$deb"

lintian --fail-on error,warning --display-info build/deb/etrace_"$version"_amd64.changes ||
	fail "lintian: see above (explain a tag that must stay in debian/etrace.lintian-overrides)"

# the Depends resolve (a simulation: nothing is installed)
apt-get install -s -q "$deb" > build/deb/apt.out ||
	{ cat build/deb/apt.out; fail "apt-get cannot install $deb"; }

root=$top/build/deb/root
rm -rf "$root"
dpkg -x "$deb" "$root"
for f in usr/bin/etrace usr/share/man/man1/etrace.1.gz \
	usr/share/bash-completion/completions/etrace usr/share/doc/etrace/copyright; do
	[ -f "$root/$f" ] || fail "the package has no /$f"
done

got=$("$root/usr/bin/etrace" --version | head -n 1)
[ "$got" = "etrace $version" ] ||
	fail "etrace --version says '$got', the package is $version"
# it traces as strace does (the oracle of the suite)
"$root/usr/bin/etrace" -qq -e trace=exit_group -o build/deb/e.out -- sh -c 'exit 3' &&
	rc=0 || rc=$?
[ $rc = 3 ] || fail "the packaged etrace traced sh -c 'exit 3' with status $rc"
strace -qq -e trace=exit_group -o build/deb/s.out -- sh -c 'exit 3' || :
cmp build/deb/s.out build/deb/e.out ||
	{ diff build/deb/s.out build/deb/e.out; fail "the packaged etrace's trace differs from strace's"; }

LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 \
	man --warnings -E UTF-8 -l -Tutf8 "$root/usr/share/man/man1/etrace.1.gz" \
	> build/deb/man.out 2> build/deb/man.err
[ ! -s build/deb/man.err ] || { cat build/deb/man.err; fail "man -l: warnings"; }
LC_ALL=C sed 's/.\x08//g' build/deb/man.out | tr -s ' ' |
	grep -q '^ etrace - trace system calls and kernel events' ||
	fail "man -l of the packaged page shows no NAME line"

reg=$(bash -c '. /usr/share/bash-completion/bash_completion &&
	. "$1" && complete -p etrace' sh \
	"$root/usr/share/bash-completion/completions/etrace")
[ "$reg" = "complete -F _etrace etrace" ] ||
	fail "the packaged completion registers '$reg'"
echo "package $deb: built, lintian-clean, installable; etrace $version runs from it"
