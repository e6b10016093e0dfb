// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ends stage: tasks whose EXIT record was lost, and the maps of processes
 * no task of the table is, are let go once /proc says they are gone and
 * the records made until then are read (settled): not at the first
 * sight of their absence, when their last records may still be on the
 * way (seen under -p: an exit reported before the task's last calls).
 * An EXIT record of a process etrace has maps of but no task frees them.
 * Live tasks and their maps stay.
 */
#include "check_pair.h"
#include "ends.h"

#define GONE PT_TID0		/* no such task in /proc */
#define MAPS_ONLY (PT_TID0 + 10)
#define MAPS_EXIT (PT_TID0 + 20)

int main(void)
{
	struct ptest t;
	pid_t self = getpid();

	pt_start(&t, "-f", NULL);
	pt_task(&t, GONE, GONE, "gone");
	pt_task(&t, self, self, "alive");
	CHECK(maps_get(&t.pr.maps, GONE, 0));
	CHECK(maps_get(&t.pr.maps, self, 0));
	CHECK(maps_get(&t.pr.maps, MAPS_ONLY, 0));

	/* gone from /proc at 1000, records read only until 999: wait */
	ends_reap_vanished(&t.pr, 1000, 999);
	CHECK(task_find(&t.pr.tasks, GONE));
	CHECK(maps_lookup(&t.pr.maps, MAPS_ONLY));
	/* still gone at 2000, and what was made until 1000 is read */
	ends_reap_vanished(&t.pr, 2000, 1000);
	CHECK(!task_find(&t.pr.tasks, GONE));
	CHECK(!maps_lookup(&t.pr.maps, GONE));
	CHECK(!maps_lookup(&t.pr.maps, MAPS_ONLY));
	CHECK(task_find(&t.pr.tasks, self));
	CHECK(maps_lookup(&t.pr.maps, self));
	/* the EXIT record of a process of maps only */
	CHECK(maps_get(&t.pr.maps, MAPS_EXIT, 0));
	ends_task_exit(&t.pr, MAPS_EXIT, MAPS_EXIT, 3000);
	CHECK(!maps_lookup(&t.pr.maps, MAPS_EXIT));
	/* at the end, everything read: gone at the first sight */
	pt_task(&t, GONE + 1, GONE + 1, "gone2");
	ends_reap_vanished(&t.pr, 4000, UINT64_MAX);
	CHECK(!task_find(&t.pr.tasks, GONE + 1));
	CHECK_STR(pt_text(&t), "4200001 +++ exited (status unknown) +++\n"
			       "4200002 +++ exited (status unknown) +++\n");
	pt_end(&t);
	CHECK_DONE();
}
