// SPDX-License-Identifier: GPL-2.0
/*
 * test-ext4-writeback-api.c - the ext4-writeback lab through the C ABI: the
 * lanes' timeline in the snapshot stays bounded at any rate; fsync after
 * every write taken on in chunks is the straight run.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_test.h"

/* ---------------------------------------------------------------------
 * The snapshot: the lanes' timeline
 * ------------------------------------------------------------------- */

/*
 * 64 jobs at 100,000 IOPS end thousands of phases in the timeline's window:
 * at most 1,024 finished ones are sent. The default configuration's window
 * holds fewer and is sent whole, from its usual start.
 */
static void test_ewb_timeline_is_bounded(void **state)
{
	const char *snap = snap_at("ext4-writeback", "before", "jobs=64;iops=100000", 2000000);
	const char *tl = strstr(snap, "\"timeline\":{");
	int finished;

	(void)state;
	assert_true(json_balanced(snap));
	assert_non_null(tl);
	finished = array_count(tl, "spans", "\"to\":") - array_count(tl, "spans", "\"to\":null");
	if (finished > 1024 || finished < 1000)
		fail_msg("%d finished phases sent (1,000 to 1,024 expected at this rate)", finished);
	if (strlen(snap) > 8 * SNAP_BYTES_MAX)
		fail_msg("ext4-writeback snapshot of %zu bytes", strlen(snap));

	snap = snap_at("ext4-writeback", "before", "", 0);
	tl = strstr(snap, "\"timeline\":{");
	assert_non_null(tl);
	finished = array_count(tl, "spans", "\"to\":") - array_count(tl, "spans", "\"to\":null");
	assert_true(finished > 0 && finished < 1024);
}

/* after the patch, fsync after every write */
static void test_chunks_sync(void **state)
{
	(void)state;
	check_chunks("ext4-writeback", "after", "jobs=2;runtime_ms=500;filesize=65536;sync=1");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ewb_timeline_is_bounded),
		cmocka_unit_test(test_chunks_sync),
	};

	return cmocka_run_group_tests_name("ext4-writeback api", tests, NULL, NULL);
}
