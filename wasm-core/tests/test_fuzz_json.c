// SPDX-License-Identifier: GPL-2.0
/*
 * test_fuzz_json - the fuzz targets' JSON checker (fuzz/fuzz.h): what it
 * accepts and refuses decides what the fuzzers can find, so it is tested
 * here against valid and broken outputs, and its abort is seen to name the
 * call and the offset.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "../fuzz/fuzz.h"
#include "expect_abort.h"
#include "lab.h"

static int valid(const char *s)
{
	struct json_in in = { s, 0 };

	if (!json_value(&in))
		return 0;
	json_ws(&in);
	return !*in.p;
}

static void test_accepts_json(void **state)
{
	int l;

	(void)state;
	assert_true(valid("{}"));
	assert_true(valid("[]"));
	assert_true(valid("{\"a\":[1,-2.5e3,0,true,false,null,\"x\\n\\u00e9\"]}"));
	assert_true(valid(" { \"a\" : { \"b\" : [ ] } } "));
	/* the library's real outputs */
	assert_true(valid(jc_labs_json()));
	for (l = 0; l < nr_labs; l++) {
		if (!valid(jc_params_json(lab_table[l]->id)) || !valid(jc_rows_json(lab_table[l]->id)))
			fail_msg("%s: its parameters or rows are not JSON", lab_table[l]->id);
	}
}

static void test_refuses_broken_json(void **state)
{
	static const char *const bad[] = {
		"", "{", "}", "[1,]", "{\"a\"}", "{\"a\":}", "{a:1}", "01", "1.",
		"-", "1e", "\"abc", "\"a\tb\"", "\"\\x\"", "\"\\u12g4\"", "nul",
		"truee", "[1 2]", "{\"a\":1,}", "{} {}", "NaN", "inf",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (valid(bad[i]))
			fail_msg("accepted broken JSON '%s'", bad[i]);
}

/* @levels nested arrays */
static const char *nested(int levels)
{
	static char s[2 * FUZZ_JSON_DEPTH + 8];
	int i;

	for (i = 0; i < levels; i++) {
		s[i] = '[';
		s[levels + i] = ']';
	}
	s[2 * levels] = '\0';
	return s;
}

static void test_depth_is_bounded(void **state)
{
	(void)state;
	assert_true(valid(nested(FUZZ_JSON_DEPTH)));
	assert_false(valid(nested(FUZZ_JSON_DEPTH + 1)));
}

static void __bad_output(void)
{
	fuzz_json("jc_snapshot_json()", "{\"a\":1,}", 0);
}

static void __null_output(void)
{
	fuzz_json("jc_result_json()", NULL, 0);
}

static void test_aborts_naming_the_call(void **state)
{
	(void)state;
	expect_abort(__bad_output, "fuzz: ", "jc_snapshot_json() is not JSON near offset",
		     "");
	expect_abort(__null_output, "fuzz: ", "jc_result_json() returned NULL", "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accepts_json),
		cmocka_unit_test(test_refuses_broken_json),
		cmocka_unit_test(test_depth_is_bounded),
		cmocka_unit_test(test_aborts_naming_the_call),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
