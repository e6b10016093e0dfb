# SPDX-License-Identifier: GPL-2.0-or-later
# Checks the normalisation rules on tests/oracle/norm-cases:
#   awk -f norm.awk -f norm-test.awk norm-cases
# Prints each case that fails, and each rule without a case it masks or
# without one it must leave alone; exits 1 if any.

/^#/ || /^[ \t]*$/ { next }
$1 == "rule" {
	rule = $2
	split("", NORM_PID)
	NORM_HEAP_LO = NORM_HEAP_HI = 0
	NORM_RUNDIR = ""
	next
}
$1 == "rundir" { NORM_RUNDIR = $2; next }
$1 == "heap" { NORM_HEAP_LO = norm_hex($2); NORM_HEAP_HI = norm_hex($3); next }
$1 == "pids" {
	split("", NORM_PID)
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		NORM_PID[kv[1]] = kv[2]
	}
	next
}
$1 == "in" { input = substr($0, 5); next }
$1 == "out" {
	want = substr($0, 5)
	got = rule == "all" ? norm(input) : norm_rule(rule, input, norm_scname(input))
	ncase++
	if (got != want) {
		printf("rule %s:\n  in:   %s\n  want: %s\n  got:  %s\n", rule, input, want, got)
		bad++
	}
	if (want == input)
		kept[rule]++
	else
		masked[rule]++
	next
}
{ printf("norm-cases:%d: what is this? %s\n", NR, $0); bad++ }
END {
	for (i = 1; i <= NORM_NRULES; i++) {
		r = NORM_RULE[i]
		if (!(r in masked)) {
			printf("rule %s: no case it masks\n", r); bad++
		}
		if (!(r in kept)) {
			printf("rule %s: no case it must leave alone\n", r); bad++
		}
	}
	printf("%d cases, %d failures\n", ncase, bad)
	exit bad ? 1 : 0
}
