// SPDX-License-Identifier: GPL-2.0
/*
 * test_labs.c - every lab of the table (wasm-core/labs/labs.gen.c) as the
 * C ABI lists it: in the table's order, with its source, variants, step
 * kinds, parameters and rows; its defaults and its small configuration
 * (test_params) accepted; each step its runs record declared.
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

/* The labs, in the table's order, each with its source, variants and kinds. */
static void test_labs_listed(void **state)
{
	const char *at, *next;
	char *labs;
	char pat[160];
	int l, i;

	(void)state;
	/* a copy: every call below writes the ABI's one output buffer */
	labs = strdup(jc_labs_json());
	assert_non_null(labs);
	assert_true(json_balanced(labs));
	assert_true(nr_labs > 0);
	assert_int_equal(json_count(labs, "{\"id\":"), nr_labs);
	at = labs;
	for (l = 0; l < nr_labs; l++) {
		const struct lab *lab = lab_table[l];

		snprintf(pat, sizeof(pat), "{\"id\":\"%s\"", lab->id);
		next = strstr(at, pat);
		if (!next)
			fail_msg("%s is not listed after the labs before it in the table", lab->id);
		at = next + 1;
		/* its mechanism, at wasm-core/labs/<id>/<id>.c */
		snprintf(pat, sizeof(pat), "%s/%s.c", lab->id, lab->id);
		assert_string_equal(lab->source, pat);
		snprintf(pat, sizeof(pat), "\"source\":\"%s/%s.c\"", lab->id, lab->id);
		assert_non_null(strstr(next, pat));
		assert_true(lab->nr_variants > 0);
		for (i = 0; i < lab->nr_kinds; i++) {
			snprintf(pat, sizeof(pat), "{\"kind\":\"%s\",", lab->kinds[i].name);
			if (!strstr(next, pat))
				fail_msg("%s: its step kind %s is not listed", lab->id, lab->kinds[i].name);
		}
		assert_int_equal(jc_check_params(lab->id, ""), JC_OK);
		if (jc_check_params(lab->id, lab->test_params) != JC_OK)
			fail_msg("%s: its test_params '%s': %s", lab->id, lab->test_params, jc_last_error());
		assert_true(json_balanced(jc_params_json(lab->id)));
		assert_int_equal(json_count(jc_params_json(lab->id), "{\"name\":"), lab->nr_params);
		assert_true(json_balanced(jc_rows_json(lab->id)));
		assert_int_equal(json_count(jc_rows_json(lab->id), "{\"row\":"), lab->nr_rows);
	}
	free(labs);
}

/*
 * next_kind - the next "kind":" in @p. Not strstr(): the sanitizers' strstr
 * measures the whole rest of the string on every call, and a trace of
 * 100000 steps is megabytes long.
 */
static const char *next_kind(const char *p)
{
	for (; *p; p++)
		if (*p == '"' && !strncmp(p, "\"kind\":\"", 8))
			return p;
	return NULL;
}

/*
 * Every step a run records has a kind that jc_labs_json() declares for its
 * lab, and no lab declares a kind twice or one without a name: every
 * variant of every lab, at its small configuration.
 */
static void test_step_kinds_declared(void **state)
{
	char *labs;
	char seen[64][40];
	int nr_seen;
	int r, v;

	(void)state;
	labs = strdup(jc_labs_json());
	assert_non_null(labs);
	assert_int_equal(json_count(labs, "\"kind\":\"\""), 0);
	assert_int_equal(json_count(labs, "\"kind\":null"), 0);
	for (r = 0; r < nr_labs; r++) for (v = 0; v < lab_table[r]->nr_variants; v++) {
		const struct lab *l = lab_table[r];
		const char *lab, *end, *steps, *p;
		char pat[96];

		snprintf(pat, sizeof(pat), "\"id\":\"%s\"", l->id);
		lab = strstr(labs, pat);
		assert_non_null(lab);
		end = strstr(lab + 1, "\"id\":");
		if (!end)
			end = lab + strlen(lab);
		if (jc_run(l->id, l->variants[v], l->test_params, 1, "trace_max=100000") != JC_OK)
			fail_msg("%s %s: %s", l->id, l->variants[v], jc_last_error());
		steps = jc_steps_json();
		if (json_count(steps, "\"kind\":") <= 100)
			fail_msg("%s %s: %d steps at its test_params", l->id, l->variants[v], json_count(steps, "\"kind\":"));
		nr_seen = 0;
		for (p = steps; (p = next_kind(p)); ) {
			const char *k;
			size_t len;
			int n = 0, i;

			p += 8;
			len = strcspn(p, "\"");
			/* each kind once: a run records up to 100000 steps */
			for (i = 0; i < nr_seen; i++)
				if (strlen(seen[i]) == len && !strncmp(seen[i], p, len))
					break;
			if (i < nr_seen) {
				p += len;
				continue;
			}
			assert_true(nr_seen < (int)(sizeof(seen) / sizeof(seen[0])) && len < sizeof(seen[0]));
			snprintf(seen[nr_seen++], sizeof(seen[0]), "%.*s", (int)len, p);
			snprintf(pat, sizeof(pat), "{\"kind\":\"%.*s\",", (int)len, p);
			for (k = lab; (k = strstr(k, pat)) && k < end; k++)
				n++;
			if (n != 1)
				fail_msg("%s: step kind %.*s is declared %d times", l->id,
					 (int)len, p, n);
			p += len;
		}
	}
	free(labs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_labs_listed),
		cmocka_unit_test(test_step_kinds_declared),
	};

	return cmocka_run_group_tests_name("labs", tests, NULL, NULL);
}
