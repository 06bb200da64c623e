// SPDX-License-Identifier: GPL-2.0
/*
 * test_advance.c - jc_advance(): a run halted at a stop step and taken on in
 * chunks is the run straight to its last stop step. Every lab, at a small
 * configuration, is stopped at several steps both ways, and every output
 * (result with its hash, snapshot, heatmap, steps) must be the same text;
 * taken on to its end it must be the unhalted run. And what jc_advance()
 * refuses, and how.
 *
 * api.c keeps one run alive between calls: the first test runs before any
 * jc_run().
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

#include "jc_api.h"
#include "test_util.h"

/* The error of the last call must contain @part. */
static void assert_error_has(const char *part)
{
	const char *err = jc_last_error();

	if (!strstr(err, part))
		fail_msg("error \"%s\" should contain \"%s\"", err, part);
}

/* struct outputs - every output of the live run, copied out */
struct outputs {
	char *result, *snapshot, *heatmap, *steps;
};

static char *dup_or_fail(const char *json, const char *what)
{
	char *copy;

	if (!json)
		fail_msg("%s: %s", what, jc_last_error());
	copy = strdup(json);
	assert_non_null(copy);
	return copy;
}

static void outputs_take(struct outputs *o)
{
	o->result = dup_or_fail(jc_result_json(), "jc_result_json");
	o->snapshot = dup_or_fail(jc_snapshot_json(), "jc_snapshot_json");
	o->heatmap = dup_or_fail(jc_heatmap_json(), "jc_heatmap_json");
	o->steps = dup_or_fail(jc_steps_json(), "jc_steps_json");
}

static void outputs_free(struct outputs *o)
{
	free(o->result);
	free(o->snapshot);
	free(o->heatmap);
	free(o->steps);
}

/* assert_same - @what's outputs @a and @b are the same text, each of them */
static void assert_same(const struct outputs *a, const struct outputs *b,
			const char *what)
{
	if (strcmp(a->result, b->result))
		fail_msg("%s: results differ:\n%s\n%s", what, a->result, b->result);
	if (strcmp(a->snapshot, b->snapshot))
		fail_msg("%s: snapshots differ", what);
	if (strcmp(a->heatmap, b->heatmap))
		fail_msg("%s: heatmaps differ", what);
	if (strcmp(a->steps, b->steps))
		fail_msg("%s: steps differ", what);
}

static void run_or_fail(const char *lab, const char *variant, const char *params,
			const char *opts)
{
	if (jc_run(lab, variant, params, 7, opts) != JC_OK)
		fail_msg("%s %s '%s' '%s': %s", lab, variant, params, opts, jc_last_error());
}

static void advance_or_fail(const char *opts, const char *what)
{
	if (jc_advance(opts) != JC_OK)
		fail_msg("%s: jc_advance('%s'): %s", what, opts, jc_last_error());
}

/* ---------------------------------------------------------------------
 * Before any run
 * ------------------------------------------------------------------- */

static void test_advance_before_any_run(void **state)
{
	(void)state;
	assert_int_equal(jc_advance("stop_step=10"), JC_EINVAL);
	assert_error_has("no run to advance: call jc_run first");
}

static void test_position_before_any_run(void **state)
{
	(void)state;
	assert_null(jc_position_json());
	assert_error_has("no run: call jc_run first");
}

/* expect_in - @json must contain @part (the position's fields in the result's) */
static void expect_in(const char *json, const char *part, const char *what)
{
	if (!strstr(json, part))
		fail_msg("%s: \"%s\" not in %s", what, part, json);
}

/*
 * test_position_is_the_result - jc_position_json() says what jc_result_json()
 * says of steps, halted and hash, halted mid-run and at the end.
 */
static void test_position_is_the_result(void **state)
{
	static const char *const stops[] = { "stop_step=40", "stop_step=400", "" };
	char field[96];
	int i;

	(void)state;
	run_or_fail("fast-commit", "before", "ways=4;files=8", "stop_step=7");
	for (i = 0; i <= (int)(sizeof(stops) / sizeof(stops[0])); i++) {
		char *pos = dup_or_fail(jc_position_json(), "jc_position_json");
		char *res = dup_or_fail(jc_result_json(), "jc_result_json");
		const char *hash = strstr(pos, "\"hash\":");
		const char *steps = strstr(pos, "\"steps\":");

		assert_non_null(hash);
		assert_non_null(steps);
		expect_in(res, hash, "hash");
		snprintf(field, sizeof(field), "%.*s", (int)strcspn(steps, ","), steps);
		expect_in(res, field, "steps");
		expect_in(pos, i < 3 ? "\"halted\":true" : "\"halted\":false", "halted");
		expect_in(res, i < 3 ? "\"halted\":true" : "\"halted\":false", "halted");
		free(pos);
		free(res);
		if (i < (int)(sizeof(stops) / sizeof(stops[0])))
			advance_or_fail(stops[i], "position");
	}
}

/* ---------------------------------------------------------------------
 * Chunks against straight runs, every lab
 * ------------------------------------------------------------------- */

static const struct {
	const char *lab, *variant, *params;
} cases[] = {
	{ "fast-commit", "before", "ways=4;files=8" },
	{ "fast-commit", "after", "ways=4;files=8" },
	{ "inode-hash", "before", "threads=4;files=8;dirs=2" },
	{ "inode-hash", "after", "fs=btrfs;threads=4;files=8;dirs=2;shared=1" },
	{ "extent-status", "baseline", "case=b;runtime_ms=100;mem_mb=32;small_files=16" },
	{ "extent-status", "upstream", "case=c;runtime_ms=100;mem_mb=32" },
	{ "btrfs-fsync", "before", "clients=2;cpus=2;runtime_ms=200" },
	{ "btrfs-fsync", "6.12", "clients=2;cpus=2;runtime_ms=200;log=1" },
	{ "ext4-writeback", "before", "jobs=2;runtime_ms=500;filesize=65536" },
	{ "ext4-writeback", "after", "jobs=2;runtime_ms=500;filesize=65536;sync=1" },
};
#define NR_CASES	((int)(sizeof(cases) / sizeof(cases[0])))
#define NR_STOPS	6

/*
 * check_case - case @c stopped at NR_STOPS steps: each straight, and in one
 * run advanced from stop to stop; then advanced to its end, against the
 * unhalted run. A steps window across the first two stops shows that the
 * chunks record what the straight run records.
 */
static void check_case(int c)
{
	const char *lab = cases[c].lab, *variant = cases[c].variant;
	const char *params = cases[c].params;
	struct outputs full, straight[NR_STOPS], chunked;
	unsigned long long stop[NR_STOPS], total;
	char opts[128], what[192];
	double steps;
	int i;

	run_or_fail(lab, variant, params, "");
	assert_true(json_num(jc_result_json(), "steps", &steps));
	total = (unsigned long long)steps;
	assert_true(total > 100);
	stop[0] = 1;
	stop[1] = total / 7;
	stop[2] = total / 7 + 1;
	stop[3] = total / 3;
	stop[4] = total * 2 / 3;
	stop[5] = total;	/* halts at its very last step */

	snprintf(opts, sizeof(opts), "trace_from=%llu;trace_max=64", stop[1] - 20);
	run_or_fail(lab, variant, params, opts);
	outputs_take(&full);
	for (i = 0; i < NR_STOPS; i++) {
		snprintf(opts, sizeof(opts), "stop_step=%llu;trace_from=%llu;trace_max=64",
			 stop[i], stop[1] - 20);
		run_or_fail(lab, variant, params, opts);
		outputs_take(&straight[i]);
		assert_non_null(strstr(straight[i].result, "\"halted\":true"));
	}

	snprintf(opts, sizeof(opts), "stop_step=%llu;trace_from=%llu;trace_max=64",
		 stop[0], stop[1] - 20);
	run_or_fail(lab, variant, params, opts);
	for (i = 0; i < NR_STOPS; i++) {
		snprintf(what, sizeof(what), "%s %s '%s' at step %llu", lab, variant,
			 params, stop[i]);
		if (i) {
			snprintf(opts, sizeof(opts), "stop_step=%llu", stop[i]);
			advance_or_fail(opts, what);
		}
		outputs_take(&chunked);
		assert_same(&straight[i], &chunked, what);
		outputs_free(&chunked);
	}
	snprintf(what, sizeof(what), "%s %s '%s' to its end", lab, variant, params);
	advance_or_fail("", what);
	outputs_take(&chunked);
	assert_same(&full, &chunked, what);
	assert_non_null(strstr(chunked.result, "\"halted\":false"));
	outputs_free(&chunked);

	outputs_free(&full);
	for (i = 0; i < NR_STOPS; i++)
		outputs_free(&straight[i]);
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

static void test_chunks_are_the_straight_run(void **state)
{
	int c;

	(void)state;
	for (c = 0; c < NR_CASES; c++)
		check_case(c);
}

/* The same with the invariant checker on every 7 events: it runs at the same events. */
static void test_chunks_with_checker(void **state)
{
	struct outputs a, b;

	(void)state;
	run_or_fail("fast-commit", "before", "ways=4;files=8", "check_every=7;stop_step=900");
	outputs_take(&a);
	run_or_fail("fast-commit", "before", "ways=4;files=8", "check_every=7;stop_step=13");
	advance_or_fail("stop_step=450", "checker");
	advance_or_fail("stop_step=900", "checker");
	outputs_take(&b);
	assert_same(&a, &b, "fast-commit with check_every=7");
	outputs_free(&a);
	outputs_free(&b);
}

/*
 * An advance with a window of its own records the steps of that window it
 * runs: a trail of 10 steps ending at its stop is the straight run's.
 */
static void test_advance_trace_window(void **state)
{
	char *a;

	(void)state;
	run_or_fail("inode-hash", "before", "threads=4;files=8;dirs=2",
		    "stop_step=600;trace_from=591;trace_max=10");
	a = dup_or_fail(jc_steps_json(), "jc_steps_json");
	assert_non_null(strstr(a, "\"from\":591,\"total\":600"));
	run_or_fail("inode-hash", "before", "threads=4;files=8;dirs=2", "stop_step=300");
	advance_or_fail("stop_step=600;trace_from=591;trace_max=10", "window");
	assert_string_equal(jc_steps_json(), a);
	/* a window beyond the run's buffer gets one, charged to the run */
	advance_or_fail("stop_step=900;trace_from=601;trace_max=300", "wider window");
	assert_non_null(strstr(jc_steps_json(), "\"i\":601,"));
	assert_non_null(strstr(jc_steps_json(), "\"i\":900,"));
	/* trace_max=0 records nothing */
	advance_or_fail("stop_step=950;trace_max=0", "no window");
	assert_null(strstr(jc_steps_json(), "\"i\":"));
	free(a);
}

/* ---------------------------------------------------------------------
 * Refusals and budgets
 * ------------------------------------------------------------------- */

static void test_advance_refusals(void **state)
{
	(void)state;
	run_or_fail("fast-commit", "before", "ways=4;files=8", "");
	assert_int_equal(jc_advance("stop_step=10"), JC_EINVAL);
	assert_error_has("the run has ended (at step ");
	assert_error_has("start another with jc_run");

	run_or_fail("fast-commit", "before", "ways=4;files=8", "stop_step=100");
	assert_int_equal(jc_advance("stop_step=100"), JC_EINVAL);
	assert_error_has("option 'stop_step' must be after the step the run stands at, 100, or 0 for the end (got 100)");
	assert_int_equal(jc_advance("stop_step=50"), JC_EINVAL);
	assert_error_has("(got 50)");
	assert_int_equal(jc_advance("stop_step=x"), JC_EINVAL);
	assert_error_has("option 'stop_step' must be an integer from 0 to");
	assert_int_equal(jc_advance("max_events=5"), JC_EINVAL);
	assert_error_has("unknown option 'max_events' for jc_advance (options: stop_step, trace_from, trace_max");
	assert_int_equal(jc_advance("stop_step"), JC_EINVAL);
	assert_error_has("malformed option 'stop_step' (expected name=value)");
	/* refusals leave the run where it stood */
	assert_non_null(strstr(jc_result_json(), "\"steps\":100,"));
	advance_or_fail("stop_step=101", "after refusals");
	assert_non_null(strstr(jc_result_json(), "\"steps\":101,"));

	/* a refused jc_run leaves no run */
	assert_int_equal(jc_run("fast-commit", "before", "ways=0", 1, ""), JC_EINVAL);
	assert_int_equal(jc_advance(""), JC_EINVAL);
	assert_error_has("no run to advance");
}

/* The budgets are jc_run()'s and count the whole run, across its advances. */
static void test_advance_budgets(void **state)
{
	(void)state;
	run_or_fail("fast-commit", "before", "ways=4;files=8", "max_events=300;stop_step=100");
	assert_int_equal(jc_advance(""), JC_EBUDGET);
	assert_error_has("event budget of 300 events exceeded");
	assert_int_equal(jc_advance(""), JC_EINVAL);
	assert_error_has("the run cannot go on: it failed (event budget");

	run_or_fail("fast-commit", "before", "ways=4;files=8", "max_mem_mb=1;stop_step=100");
	assert_int_equal(jc_advance("stop_step=200;trace_max=100000"), JC_EBUDGET);
	assert_error_has("memory budget of 1 MiB exceeded");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_advance_before_any_run),
		cmocka_unit_test(test_position_before_any_run),
		cmocka_unit_test(test_position_is_the_result),
		cmocka_unit_test(test_chunks_are_the_straight_run),
		cmocka_unit_test(test_halts_anywhere),
		cmocka_unit_test(test_chunks_with_checker),
		cmocka_unit_test(test_advance_trace_window),
		cmocka_unit_test(test_advance_refusals),
		cmocka_unit_test(test_advance_budgets),
	};

	return cmocka_run_group_tests_name("advance", tests, NULL, NULL);
}
