// SPDX-License-Identifier: GPL-2.0
/*
 * test_marks.c - marks: the steps of chosen kinds over a whole run. They
 * are exactly the trace's steps of those kinds while the buffer holds them
 * all; past it each kind keeps an even spread (every n-th of its steps, n
 * a power of two) and a rare kind keeps all of its own; the buffer never
 * grows past its bound; marks leave the run, its hash and its outputs as
 * they were (but for mem_bytes, which counts their buffer); an advanced run marks what the straight run marks; and the
 * "marks" option refuses a kind the lab has not, naming those it has. A
 * contended mark (no step of its own) sits on the lock step that found the
 * lock held, counting the tasks that wait for it with its taker.
 * Every lab of the table, at its small configuration (test_params); each
 * lab's own marks (their spread, across advances) are in its folder's tests.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "api_test.h"

/* lab_kinds - @lab's own step kinds as a "marks" value: "a,b,c" */
static void lab_kinds(const struct lab *lab, char *out, size_t len)
{
	size_t at = 0;
	int k;

	out[0] = '\0';
	for (k = 0; k < lab->nr_kinds && at < len; k++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", k ? "," : "", lab->kinds[k].name);
	assert_true(at < len);
}

/* Marks change nothing else: the same hash and outputs, every lab, every kind of its own marked. */
static void test_marks_leave_the_run_alone(void **state)
{
	char *plain[4], kinds[1024], opts[1200];
	const char *out;
	int l, j;

	(void)state;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];
		const char *variant = lab->variants[lab->nr_variants - 1];

		assert_true(lab->nr_kinds > 0);
		lab_kinds(lab, kinds, sizeof(kinds));
		assert_int_equal(jc_run(lab->id, variant, lab->test_params, 7, "trace_from=5;trace_max=300"), JC_OK);
		plain[0] = strdup(jc_result_json());
		plain[1] = strdup(jc_steps_json());
		plain[2] = strdup(jc_snapshot_json());
		plain[3] = strdup(jc_heatmap_json());
		snprintf(opts, sizeof(opts), "trace_from=5;trace_max=300;marks=%s,contended", kinds);
		assert_int_equal(jc_run(lab->id, variant, lab->test_params, 7, opts), JC_OK);
		assert_same_but_mem(jc_result_json(), plain[0]);
		assert_string_equal(jc_steps_json(), plain[1]);
		assert_string_equal(jc_snapshot_json(), plain[2]);
		assert_string_equal(jc_heatmap_json(), plain[3]);
		out = jc_marks_json();
		assert_true(json_balanced(out));
		if (json_count(out, "{\"i\":") < 1)
			fail_msg("%s marked nothing of %s", lab->id, kinds);
		for (j = 0; j < 4; j++)
			free(plain[j]);
	}
}

/* Each contended mark is at a lock step of the same lock, and counts at least its taker waiting. */
static void test_marks_contended_on_lock_steps(void **state)
{
	int l, seen = 0;

	(void)state;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];
		const char *out, *at;
		char key[96];

		assert_int_equal(jc_run(lab->id, lab->variants[0], lab->test_params, 3,
					"marks=lock,contended;marks_max=65536"), JC_OK);
		out = strstr(jc_marks_json(), "\"marks\":[");
		assert_non_null(out);
		for (at = strstr(out, "\"kind\":\"contended\""); at;
		     at = strstr(at + 1, "\"kind\":\"contended\"")) {
			const char *open = at;
			unsigned long long i, t;
			long long a, b;

			while (open > out && *open != '{')
				open--;
			assert_int_equal(sscanf(open, "{\"i\":%llu,\"t\":%llu", &i, &t), 2);
			assert_int_equal(sscanf(at, "\"kind\":\"contended\",\"a\":%lld,\"b\":%lld", &a, &b), 2);
			if (b < 1)
				fail_msg("%s: contended mark at step %llu counts %lld tasks", lab->id, i, b);
			snprintf(key, sizeof(key), "{\"i\":%llu,\"t\":%llu,\"kind\":\"lock\",\"a\":%lld,", i, t, a);
			if (!strstr(out, key))
				fail_msg("%s: contended mark at step %llu has no lock step of lock %lld there", lab->id, i, a);
			seen++;
		}
	}
	if (!seen)
		fail_msg("no lab's small run contended a lock");
}

/* A kind no lab has is refused, naming the lab and its kinds. */
static void test_marks_refused(void **state)
{
	int l;

	(void)state;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];
		const char *err;

		if (jc_run(lab->id, lab->variants[0], lab->test_params, 1, "marks=no_such_kind") != JC_EINVAL)
			fail_msg("%s: marks=no_such_kind was not refused", lab->id);
		err = jc_last_error();
		if (!strstr(err, lab->id) || !strstr(err, lab->kinds[0].name))
			fail_msg("%s: marks=no_such_kind refused with \"%s\"", lab->id, err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_marks_leave_the_run_alone),
		cmocka_unit_test(test_marks_contended_on_lock_steps),
		cmocka_unit_test(test_marks_refused),
	};

	return cmocka_run_group_tests_name("marks", tests, NULL, NULL);
}
