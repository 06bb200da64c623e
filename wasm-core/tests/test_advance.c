// SPDX-License-Identifier: GPL-2.0
/*
 * test_advance.c - jc_advance(): a run halted at a stop step and taken on in
 * chunks is the run straight to its last stop step. Every lab of the table,
 * its first and last variants at its small configuration (test_params), is
 * stopped at several steps both ways, and every output (result with its
 * hash, snapshot, heatmap, steps) must be the same text; taken on to its end
 * it must be the unhalted run. And what jc_advance() refuses, and how, on
 * the table's first lab. A lab's own cases are in its folder's tests.
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

#include "api_test.h"

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

/* check_position - the live run, halted, then taken on to each of @stops (the last "": to its end) */
static void check_position(char stops[3][32])
{
	char field[96];
	int i;

	for (i = 0; i <= 3; i++) {
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
		if (i < 3)
			advance_or_fail(stops[i], "position");
	}
}

/*
 * test_position_is_the_result - jc_position_json() says what jc_result_json()
 * says of steps, halted and hash, halted mid-run and at the end.
 */
static void test_position_is_the_result(void **state)
{
	char stops[3][32];
	double steps;
	int l;

	(void)state;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];

		run_or_fail(lab->id, lab->variants[0], lab->test_params, "trace_max=0");
		assert_true(json_num(jc_result_json(), "steps", &steps));
		assert_true(steps > 100);
		snprintf(stops[0], sizeof(stops[0]), "stop_step=%.0f", steps / 10);
		snprintf(stops[1], sizeof(stops[1]), "stop_step=%.0f", steps / 2);
		stops[2][0] = '\0';
		run_or_fail(lab->id, lab->variants[0], lab->test_params, "stop_step=7");
		check_position(stops);
	}
}

/* ---------------------------------------------------------------------
 * Chunks against straight runs, every lab
 * ------------------------------------------------------------------- */

static void test_chunks_are_the_straight_run(void **state)
{
	int l;

	(void)state;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];

		check_chunks(lab->id, lab->variants[0], lab->test_params);
		if (lab->nr_variants > 1)
			check_chunks(lab->id, lab->variants[lab->nr_variants - 1], lab->test_params);
	}
}

/* ---------------------------------------------------------------------
 * Refusals and budgets
 * ------------------------------------------------------------------- */

static void test_advance_refusals(void **state)
{
	const struct lab *lab = lab_table[0];

	(void)state;
	run_or_fail(lab->id, lab->variants[0], lab->test_params, "");
	assert_int_equal(jc_advance("stop_step=10"), JC_EINVAL);
	assert_error_has("the run has ended (at step ");
	assert_error_has("start another with jc_run");

	run_or_fail(lab->id, lab->variants[0], lab->test_params, "stop_step=100");
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
	assert_int_equal(jc_run(lab->id, lab->variants[0], "no_such_param=0", 1, ""), JC_EINVAL);
	assert_int_equal(jc_advance(""), JC_EINVAL);
	assert_error_has("no run to advance");
}

/* The budgets are jc_run()'s and count the whole run, across its advances. */
static void test_advance_budgets(void **state)
{
	const struct lab *lab = lab_table[0];

	(void)state;
	run_or_fail(lab->id, lab->variants[0], lab->test_params, "max_events=300;stop_step=100");
	assert_int_equal(jc_advance(""), JC_EBUDGET);
	assert_error_has("event budget of 300 events exceeded");
	assert_int_equal(jc_advance(""), JC_EINVAL);
	assert_error_has("the run cannot go on: it failed (event budget");

	run_or_fail(lab->id, lab->variants[0], lab->test_params, "max_mem_mb=1;stop_step=100");
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
		cmocka_unit_test(test_advance_refusals),
		cmocka_unit_test(test_advance_budgets),
	};

	return cmocka_run_group_tests_name("advance", tests, NULL, NULL);
}
