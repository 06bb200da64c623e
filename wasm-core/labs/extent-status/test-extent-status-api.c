// SPDX-License-Identifier: GPL-2.0
/*
 * test-extent-status-api.c - the extent-status lab through the C ABI: its
 * snapshot lists the focus inode's tree as runs, whole and counted; every
 * variant's run halts anywhere and goes on as the straight run; case c
 * taken on in chunks; marks name the lab's own kinds.
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
 * The snapshot: the focus inode's tree
 * ------------------------------------------------------------------- */

/*
 * The tree as runs of one status: every run listed while they are no more
 * than 200, which covers the mail's three cases at their largest (32 jobs);
 * the listing says where it starts and how many runs there are.
 */
static void test_es_runs_are_whole_and_counted(void **state)
{
	static const char *const sets[] = {
		"case=0", "case=1", "case=2", "case=0;jobs=32;small_files=65536",
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		const char *snap = snap_at("extent-status", "baseline", sets[i], 0);
		const char *focus = strstr(snap, "\"focus\":{");
		double from, of, extents;
		size_t bytes = (size_t)(strstr(snap, "\"reclaim_heat\":") - strstr(snap, "\"es\":"));

		assert_true(json_balanced(snap));
		assert_non_null(focus);
		if (bytes > SNAP_BYTES_MAX)
			fail_msg("%s: extent-status state of %zu bytes (at most %d)", sets[i], bytes, SNAP_BYTES_MAX);
		assert_true(json_num(focus, "runs_from", &from));
		assert_true(json_num(focus, "runs_of", &of));
		assert_true(json_num(focus, "nr_extents", &extents));
		assert_true(of <= extents && of <= 200 && from == 0);
		assert_int_equal(array_count(focus, "runs", "\"lblk\":"), (int)of);
		assert_non_null(strstr(focus, "\"runs_truncated\":false"));
	}
}

/*
 * test_halts_anywhere - extent-status's per-inode reclaim picks the
 * variant's walk and calls it as a coroutine: a run halted every 37 steps,
 * in every part of it, and advanced each time, ends as the run straight.
 */
static void test_halts_anywhere(void **state)
{
	static const char *const variants[] = {
		"baseline", "es-cache", "es-slist", "es-ilist", "es-gc", "upstream",
	};
	const char *params = "case=b;runtime_ms=100;mem_mb=32;small_files=16";
	struct outputs straight, chunked;
	unsigned long long stop, total;
	char opts[64], what[160];
	double steps;
	int v;

	(void)state;
	for (v = 0; v < (int)(sizeof(variants) / sizeof(variants[0])); v++) {
		run_or_fail("extent-status", variants[v], params, "trace_max=0");
		assert_true(json_num(jc_result_json(), "steps", &steps));
		total = (unsigned long long)steps;
		snprintf(opts, sizeof(opts), "stop_step=%llu;trace_max=0", total - 1);
		run_or_fail("extent-status", variants[v], params, opts);
		outputs_take(&straight);
		run_or_fail("extent-status", variants[v], params, "stop_step=1;trace_max=0");
		for (stop = 38; stop < total - 1; stop += 37) {
			snprintf(what, sizeof(what), "extent-status %s to %llu", variants[v], stop);
			snprintf(opts, sizeof(opts), "stop_step=%llu", stop);
			advance_or_fail(opts, what);
		}
		snprintf(what, sizeof(what), "extent-status %s halted every 37 steps", variants[v]);
		snprintf(opts, sizeof(opts), "stop_step=%llu", total - 1);
		advance_or_fail(opts, what);
		outputs_take(&chunked);
		assert_same(&straight, &chunked, what);
		outputs_free(&straight);
		outputs_free(&chunked);
	}
}

/* the upstream shrinker on case c */
static void test_chunks_case_c(void **state)
{
	(void)state;
	check_chunks("extent-status", "upstream", "case=c;runtime_ms=100;mem_mb=32");
}

/* a kind of another lab is refused, naming this lab and its own kinds */
static void test_marks_refused(void **state)
{
	(void)state;
	assert_int_equal(jc_run("extent-status", "baseline", "", 1, "marks=commit_start"), JC_EINVAL);
	assert_non_null(strstr(jc_last_error(), "shrink_begin"));
	assert_non_null(strstr(jc_last_error(), "extent-status"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_es_runs_are_whole_and_counted),
		cmocka_unit_test(test_halts_anywhere),
		cmocka_unit_test(test_chunks_case_c),
		cmocka_unit_test(test_marks_refused),
	};

	return cmocka_run_group_tests_name("extent-status api", tests, NULL, NULL);
}
