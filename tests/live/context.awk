# SPDX-License-Identifier: GPL-2.0-or-later
# What -Z --context n prints, cut from a whole trace whose lines start
# with the task ("T1 openat(...) = 3"): a call that failed ("= -1 "), after
# the last n calls of its task since the last one printed; other lines
# (exits, signals) as they are.
{
	t = $1
	if ($0 !~ /\) += /) {
		print
		next
	}
	if ($0 ~ /\) += -1 /) {
		for (i = k[t] - n + 1; i <= k[t]; i++)
			if (i >= 1)
				print kept[t, i]
		k[t] = 0
		print
		next
	}
	kept[t, ++k[t]] = $0
}
