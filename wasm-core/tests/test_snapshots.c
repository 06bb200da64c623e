// SPDX-License-Identifier: GPL-2.0
/*
 * test_snapshots.c - every lab's snapshot stays small at any size: a
 * structure longer than its window is sent as totals and per-segment counts
 * plus a window of entries around where the work stands, and says so; a
 * small one is sent whole, its window covering it all. Here every lab of
 * the table, halfway through its small configuration (test_params); each
 * lab's own structures at the sizes of its mail are in its folder's tests.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

/* Every lab's snapshot, halfway and at the end, is one JSON object of bounded size. */
static void test_snapshots_are_bounded(void **state)
{
	int l, v;

	(void)state;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];

		for (v = 0; v < lab->nr_variants; v++) {
			const char *snap = snap_at(lab->id, lab->variants[v], lab->test_params, 0);

			if (!json_balanced(snap) || snap[0] != '{')
				fail_msg("%s %s: the snapshot is not a JSON object", lab->id, lab->variants[v]);
			if (strlen(snap) > 8 * SNAP_BYTES_MAX)
				fail_msg("%s %s: a snapshot of %zu bytes", lab->id, lab->variants[v], strlen(snap));
			run_or_fail(lab->id, lab->variants[v], lab->test_params, "trace_max=0");
			assert_true(json_balanced(jc_snapshot_json()));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_snapshots_are_bounded),
	};

	return cmocka_run_group_tests_name("snapshots", tests, NULL, NULL);
}
