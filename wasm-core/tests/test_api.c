// SPDX-License-Identifier: GPL-2.0
/*
 * test_api.c - the C ABI (jc_api.h) as JavaScript and the CLI see it: every
 * bad input is refused with a message that says what was wrong and what
 * would be right, the budgets stop a run with JC_EBUDGET, and the JSON
 * outputs have the shapes jc_api.h documents.
 *
 * api.c keeps one run alive between calls, so the order of the tests
 * matters in one place: the first test runs before any jc_run().
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
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jc_api.h"
#include "test_util.h"

#define LAB	"fast-commit"

static const char *const param_names[] = { "ways", "dirs", "files", "loops", "fc_blocks", "cpus" };
#define NR_PARAMS	((int)(sizeof(param_names) / sizeof(param_names[0])))

/* The error of the last call must contain every one of @parts. */
#define assert_error_has(...)						\
	do {								\
		static const char *const parts_[] = { __VA_ARGS__ };	\
		__assert_error_has(parts_, sizeof(parts_) / sizeof(parts_[0])); \
	} while (0)

static void __assert_error_has(const char *const *parts, size_t n)
{
	const char *err = jc_last_error();
	size_t i;

	assert_non_null(err);
	for (i = 0; i < n; i++)
		if (!strstr(err, parts[i]))
			fail_msg("error \"%s\" should contain \"%s\"", err, parts[i]);
}

/* jc_run() must refuse @params/@opts with JC_EINVAL and these words. */
#define assert_refused(variant, params, opts, ...)			\
	do {								\
		int ret_ = jc_run(LAB, variant, params, 1, opts);	\
		if (ret_ != JC_EINVAL)					\
			fail_msg("'%s' '%s' gave %d, not JC_EINVAL (%s)", \
				 params, opts, ret_, jc_last_error());	\
		assert_error_has(__VA_ARGS__);				\
	} while (0)

/* After a refused run, no output is left to ask for. */
static void assert_no_outputs(void)
{
	assert_null(jc_result_json());
	assert_error_has("no run");
	assert_null(jc_steps_json());
	assert_error_has("no run");
	assert_null(jc_snapshot_json());
	assert_error_has("no run");
	assert_null(jc_heatmap_json());
	assert_error_has("no run");
}

/* ---------------------------------------------------------------------
 * Before any run
 * ------------------------------------------------------------------- */

static void test_outputs_before_any_run(void **state)
{
	(void)state;
	assert_no_outputs();
}

/* ---------------------------------------------------------------------
 * The tables
 * ------------------------------------------------------------------- */

static void test_version_and_labs(void **state)
{
	const char *labs;

	(void)state;
	assert_non_null(jc_version());
	assert_true(jc_version()[0] != '\0');
	labs = jc_labs_json();
	assert_true(json_balanced(labs));
	assert_non_null(strstr(labs, "\"id\":\"" LAB "\""));
	assert_true(json_has_key(labs, "title"));
	assert_non_null(strstr(labs, "\"variants\":[\"before\",\"after\"]"));
	assert_non_null(strstr(labs, "\"source\":\"fast-commit.c\""));
	/* the step kinds with their arguments' names, null where unused */
	assert_non_null(strstr(labs, "{\"kind\":\"lock\",\"a\":\"lock\",\"b\":\"shared\"}"));
	assert_non_null(strstr(labs, "{\"kind\":\"sleep\",\"a\":null,\"b\":null}"));
	assert_non_null(strstr(labs, "{\"kind\":\"visit\",\"a\":\"dentry_idx\",\"b\":\"inode_idx\"}"));
	assert_non_null(strstr(labs, "{\"kind\":\"fsync\",\"a\":\"ino\",\"b\":null}"));
	assert_non_null(strstr(labs, "{\"kind\":\"hit\",\"a\":\"bucket\",\"b\":\"ino\"}"));
	assert_non_null(strstr(labs, "{\"kind\":\"grace_period\",\"a\":\"gp\",\"b\":\"inodes\"}"));
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
 * lab, and no lab declares a kind twice or one without a name.
 */
static void test_step_kinds_declared(void **state)
{
	static const struct {
		const char *lab, *variant, *params;
	} runs[] = {
		{ "fast-commit", "before", "ways=4;files=16" },
		{ "inode-hash", "before", "fs=btrfs;threads=4;dirs=2;files=16;icache=64;hash_bits=4" },
		{ "extent-status", "baseline", "case=b;runtime_ms=400;mem_mb=32;small_files=64" },
		{ "extent-status", "upstream", "case=c;runtime_ms=400;mem_mb=32" },
	};
	char *labs;
	char seen[64][40];
	int nr_seen;
	size_t r;

	(void)state;
	labs = strdup(jc_labs_json());
	assert_non_null(labs);
	assert_int_equal(json_count(labs, "\"kind\":\"\""), 0);
	assert_int_equal(json_count(labs, "\"kind\":null"), 0);
	for (r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
		const char *lab, *end, *steps, *p;
		char pat[96];

		snprintf(pat, sizeof(pat), "\"id\":\"%s\"", runs[r].lab);
		lab = strstr(labs, pat);
		assert_non_null(lab);
		end = strstr(lab + 1, "\"id\":");
		if (!end)
			end = lab + strlen(lab);
		if (jc_run(runs[r].lab, runs[r].variant, runs[r].params, 1, "trace_max=100000") != JC_OK)
			fail_msg("%s: %s", runs[r].lab, jc_last_error());
		steps = jc_steps_json();
		assert_true(json_count(steps, "\"kind\":") > 100);
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
				fail_msg("%s: step kind %.*s is declared %d times", runs[r].lab,
					 (int)len, p, n);
			p += len;
		}
	}
	free(labs);
}

static void test_params_json(void **state)
{
	static const char *const keys[] = {
		"type", "unit", "min", "max", "default", "help",
	};
	const char *json;
	char pat[64];
	int i;
	size_t k;

	(void)state;
	json = jc_params_json(LAB);
	assert_true(json_balanced(json));
	assert_int_equal(json_count(json, "\"name\":"), NR_PARAMS);
	assert_int_equal(json_count(json, "\"type\":\"int\""), NR_PARAMS);
	for (i = 0; i < NR_PARAMS; i++) {
		const char *p;
		double min, max, def;

		snprintf(pat, sizeof(pat), "\"name\":\"%s\"", param_names[i]);
		p = strstr(json, pat);
		assert_non_null(p);
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			assert_true(json_has_key(p, keys[k]));
		assert_true(json_num(p, "min", &min));
		assert_true(json_num(p, "max", &max));
		assert_true(json_num(p, "default", &def));
		assert_true(min <= def && def <= max);
	}
	assert_null(jc_params_json("no-such-lab"));
	assert_error_has("unknown lab 'no-such-lab'", LAB);

	/* inode-hash's fs names its file system: a choice with its names */
	json = jc_params_json("inode-hash");
	assert_true(json_balanced(json));
	assert_non_null(strstr(json, "{\"name\":\"fs\",\"type\":\"choice\",\"unit\":\"\",\"min\":0,\"max\":1,\"default\":0,\"default_name\":\"ext4\",\"choices\":[\"ext4\",\"btrfs\"],"));
	assert_int_equal(json_count(json, "\"type\":\"choice\""), 1);
	assert_int_equal(json_count(json, "\"choices\":"), 1);
	assert_int_equal(json_count(json, "\"type\":\"int\""), 7);
}

static void test_rows_json(void **state)
{
	static const char *const keys[] = {
		"lab", "metric", "unit", "scale", "citation", "author", "list",
		"date", "subject", "url", "commit", "rows", "row", "label",
		"params", "paper", "before", "after", "note", "sweep",
	};
	const char *json;
	size_t k;

	(void)state;
	json = jc_rows_json(LAB);
	assert_true(json_balanced(json));
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (!json_has_key(json, keys[k]))
			fail_msg("rows JSON has no \"%s\"", keys[k]);
	assert_non_null(strstr(json, "\"metric\":\"creates_per_s\""));
	/* the mail's table has eight rows, each with its parameters */
	assert_int_equal(json_count(json, "{\"row\":"), 8);
	assert_int_equal(json_count(json, "\"params\":{\"ways\":"), 8);
	/* fast-commit's sweep is its rows alone */
	assert_non_null(strstr(json, "\"sweep\":null}"));
	assert_null(jc_rows_json("no-such-lab"));
	assert_error_has("unknown lab 'no-such-lab'", LAB);

	/* a row's choice is the index jc_run takes */
	json = jc_rows_json("inode-hash");
	assert_true(json_balanced(json));
	assert_non_null(strstr(json, "\"label\":\"ext4\",\"params\":{\"fs\":0,"));
	assert_non_null(strstr(json, "\"label\":\"btrfs\",\"params\":{\"fs\":1,"));
	/* its sweep runs each row at every thread count it names */
	assert_non_null(strstr(json, "\"sweep\":{\"param\":\"threads\",\"values\":[1,2,4,8,16,20,32]}}"));
}

/* ---------------------------------------------------------------------
 * Validation
 * ------------------------------------------------------------------- */

static void test_unknown_lab(void **state)
{
	(void)state;
	assert_int_equal(jc_run("ext5", "before", "", 1, ""), JC_EINVAL);
	assert_error_has("unknown lab 'ext5'", "labs: ", LAB);
	assert_no_outputs();
	assert_int_equal(jc_run(NULL, "before", "", 1, ""), JC_EINVAL);
	assert_error_has("unknown lab", LAB);
}

static void test_unknown_variant(void **state)
{
	(void)state;
	assert_refused("during", "", "", "unknown variant 'during'", "before", "after");
	assert_no_outputs();
	assert_refused(NULL, "", "", "unknown variant", "before", "after");
}

static void test_unknown_parameter(void **state)
{
	(void)state;
	assert_refused("before", "wayz=2", "", "unknown parameter 'wayz'",
		       "ways, dirs, files, loops, fc_blocks, cpus");
	/* names are whole words: neither a prefix nor a longer name */
	assert_refused("before", "way=2", "", "unknown parameter 'way'");
	assert_refused("before", "waysx=2", "", "unknown parameter 'waysx'");
}

static void test_non_numeric_value(void **state)
{
	(void)state;
	assert_refused("before", "ways=four", "", "'ways'", "integer", "four");
	assert_refused("before", "ways=4x", "", "'ways'", "integer", "4x");
	assert_refused("before", "ways=1.5", "", "'ways'", "integer", "1.5");
	assert_refused("before", "ways=", "", "'ways'", "integer");
	assert_refused("before", "ways=99999999999999999999999", "", "'ways'", "integer");
}

static void test_out_of_range_value(void **state)
{
	(void)state;
	assert_refused("before", "ways=0", "", "'ways'", "from 1 to 256", "got 0");
	assert_refused("before", "ways=257", "", "'ways'", "from 1 to 256", "got 257");
	assert_refused("after", "ways=-3", "", "'ways'", "from 1 to 256");
	assert_refused("after", "loops=101", "", "'loops'", "from 1 to 100");
}

static void test_value_given_twice(void **state)
{
	(void)state;
	assert_refused("before", "ways=2;ways=3", "", "'ways'", "twice");
	assert_refused("before", "ways=2;files=4;ways=2", "", "'ways'", "twice");
}

static void test_malformed_pair(void **state)
{
	(void)state;
	assert_refused("before", "ways", "", "malformed", "'ways'", "name=value");
	assert_refused("before", "ways=2;files", "", "malformed", "'files'");
	assert_refused("before", "=4", "", "malformed", "name=value");
}

/* No parameters, or empty pairs, leave every parameter at its default. */
static void test_empty_params_take_defaults(void **state)
{
	static const char *const specs[] = { "", ";", " ; ;" };
	char *params;
	size_t k;
	int i;

	(void)state;
	params = strdup(jc_params_json(LAB));
	assert_non_null(params);
	for (k = 0; k < sizeof(specs) / sizeof(specs[0]) + 1; k++) {
		const char *spec = k < sizeof(specs) / sizeof(specs[0]) ? specs[k] : NULL;
		const char *res;

		if (jc_run(LAB, "after", spec, 1, "") != JC_OK)
			fail_msg("params '%s': %s", spec ? spec : "(null)", jc_last_error());
		res = jc_result_json();
		assert_true(json_balanced(res));
		for (i = 0; i < NR_PARAMS; i++) {
			char pat[64];
			double def, got;

			snprintf(pat, sizeof(pat), "\"name\":\"%s\"", param_names[i]);
			assert_true(json_num(strstr(params, pat), "default", &def));
			assert_true(json_num(strstr(res, "\"params\":{"), param_names[i], &got));
			assert_true(got == def);
		}
	}
	free(params);
}

static void test_bad_options(void **state)
{
	(void)state;
	assert_refused("before", "", "bogus=1", "unknown option 'bogus'",
		       "stop_step", "trace_from", "trace_max", "heat_buckets",
		       "max_events", "max_mem_mb", "check_every");
	assert_refused("before", "", "stop_step=x", "'stop_step'", "integer", "'x'");
	assert_refused("before", "", "max_events=0", "'max_events'", "from 1 to");
	assert_refused("before", "", "trace_max=100001", "'trace_max'", "from 0 to 100000");
	assert_refused("before", "", "heat_buckets=1", "'heat_buckets'", "from 2 to 1024");
	assert_refused("before", "", "max_mem_mb", "malformed", "'max_mem_mb'");
	assert_refused("before", "", "heat_buckets=3", "'heat_buckets'", "even", "3");
	assert_refused("before", "", "heat_buckets=63", "'heat_buckets'", "even", "63");
	assert_int_equal(jc_run(LAB, "before", "", 1, "heat_buckets=64"), JC_OK);
}

/* The lab's own cross-parameter check: at most 2^21 files per run. */
static void test_total_files_limit(void **state)
{
	(void)state;
	assert_refused("before", "ways=256;files=65536;loops=100", "",
		       "1677721600", "2097152");
	assert_refused("after", "ways=64;files=32769;loops=1", "", "2097216", "2097152");
	/* exactly at the limit passes validation (and then needs memory) */
	assert_int_equal(jc_run(LAB, "after", "ways=32;files=65536;loops=1", 1,
				"max_mem_mb=1"), JC_EBUDGET);
}

/* ---------------------------------------------------------------------
 * Choice parameters and jc_check_params()
 * ------------------------------------------------------------------- */

#define IH	"inode-hash"
#define IH_SMALL "threads=2;dirs=1;files=8;passes=1"

/* jc_run(IH, ...) with @params: its hash, and "fs" of its result's params */
static void ih_run(const char *params, char *hash, char *fs)
{
	const char *res, *p;

	if (jc_run(IH, "after", params, 7, "") != JC_OK)
		fail_msg("'%s': %s", params, jc_last_error());
	res = jc_result_json();
	p = strstr(res, "\"hash\":\"");
	assert_non_null(p);
	memcpy(hash, p + 8, 16);
	hash[16] = '\0';
	p = strstr(res, "\"params\":{\"fs\":\"");
	assert_non_null(p);
	p += strlen("\"params\":{\"fs\":\"");
	snprintf(fs, 16, "%.*s", (int)strcspn(p, "\""), p);
}

/* fs=btrfs is fs=1, fs=ext4 is fs=0, and the result names it */
static void test_choice_by_name_or_index(void **state)
{
	char h_name[17], h_index[17], h_default[17], fs[16];

	(void)state;
	ih_run("fs=btrfs;" IH_SMALL, h_name, fs);
	assert_string_equal(fs, "btrfs");
	ih_run("fs=1;" IH_SMALL, h_index, fs);
	assert_string_equal(fs, "btrfs");
	assert_string_equal(h_name, h_index);

	ih_run("fs=ext4;" IH_SMALL, h_name, fs);
	assert_string_equal(fs, "ext4");
	ih_run("fs=0;" IH_SMALL, h_index, fs);
	assert_string_equal(h_name, h_index);
	ih_run(IH_SMALL, h_default, fs);
	assert_string_equal(fs, "ext4");
	assert_string_equal(h_name, h_default);
}

/* jc_run(IH, ...) must refuse @params with JC_EINVAL and these words. */
#define assert_ih_refused(params, ...)					\
	do {								\
		int ret_ = jc_run(IH, "before", params, 1, "");	\
		if (ret_ != JC_EINVAL)					\
			fail_msg("'%s' gave %d, not JC_EINVAL (%s)",	\
				 params, ret_, jc_last_error());	\
		assert_error_has(__VA_ARGS__);				\
	} while (0)

static void test_choice_bad_name(void **state)
{
	(void)state;
	assert_ih_refused("fs=xfs", "parameter 'fs' must be one of ext4, btrfs (got 'xfs')");
	/* names are whole and exact */
	assert_ih_refused("fs=btr", "'fs'", "ext4, btrfs", "'btr'");
	assert_ih_refused("fs=btrfs2", "'fs'", "ext4, btrfs", "'btrfs2'");
	assert_ih_refused("fs=Btrfs", "'fs'", "ext4, btrfs", "'Btrfs'");
	assert_ih_refused("fs=", "'fs'", "ext4, btrfs", "''");
	/* an index beyond the names */
	assert_ih_refused("fs=2", "'fs'", "ext4, btrfs", "'2'");
	assert_ih_refused("fs=-1", "'fs'", "ext4, btrfs", "'-1'");
	assert_ih_refused("fs=btrfs;fs=ext4", "'fs'", "twice");
	assert_no_outputs();
}

/* @json contains @text, or the test fails showing both */
#define assert_json_has(json, text)					\
	do {								\
		const char *j_ = (json);				\
		if (!j_ || !strstr(j_, text))				\
			fail_msg("%s should contain %s", j_ ? j_ : "(null)", text); \
	} while (0)

static void test_check_params(void **state)
{
	const char *e;

	(void)state;
	assert_int_equal(jc_check_params(LAB, ""), JC_OK);
	assert_int_equal(jc_check_params(LAB, "ways=8;files=1024;loops=2"), JC_OK);
	assert_int_equal(jc_check_params(IH, "fs=btrfs;threads=64"), JC_OK);
	assert_int_equal(jc_check_params(IH, "fs=1"), JC_OK);
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "\"param\":null,\"params\":[]");

	/* a value out of its range: the parameter, its range and the value */
	assert_int_equal(jc_check_params(LAB, "ways=0"), JC_EINVAL);
	assert_error_has("'ways'", "from 1 to 256", "got 0");
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "\"message\":\"parameter 'ways' must be an integer from 1 to 256 (got 0)\"");
	assert_json_has(e, "\"param\":\"ways\",\"params\":[\"ways\"],\"type\":\"int\",\"got\":\"0\",\"min\":1,\"max\":256}");
	assert_int_equal(jc_check_params(LAB, "loops=lots"), JC_EINVAL);
	assert_json_has(jc_last_error_json(), "\"param\":\"loops\",\"params\":[\"loops\"],\"type\":\"int\",\"got\":\"lots\",\"min\":1,\"max\":100}");

	/* a name that is not a choice: the names allowed */
	assert_int_equal(jc_check_params(IH, "threads=4;fs=xfs"), JC_EINVAL);
	assert_error_has("parameter 'fs' must be one of ext4, btrfs (got 'xfs')");
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "\"param\":\"fs\",\"params\":[\"fs\"],\"type\":\"choice\",\"got\":\"xfs\",\"allowed\":[\"ext4\",\"btrfs\"]}");

	/* the lab's cross-parameter check: the parameters it reads */
	assert_int_equal(jc_check_params(IH, "threads=64;dirs=4096;files=4096"), JC_EINVAL);
	assert_error_has("threads x dirs x files", "1048576");
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "\"param\":null,\"params\":[\"threads\",\"dirs\",\"files\"]}");
	assert_int_equal(jc_check_params(LAB, "ways=256;files=65536;loops=100"), JC_EINVAL);
	assert_json_has(jc_last_error_json(), "\"params\":[\"ways\",\"files\",\"loops\"]}");

	/* a parameter the lab does not have, twice, malformed, no such lab */
	assert_int_equal(jc_check_params(LAB, "wayz=2"), JC_EINVAL);
	assert_error_has("unknown parameter 'wayz'", "ways, dirs, files");
	assert_json_has(jc_last_error_json(), "\"param\":\"wayz\",\"params\":[]}");
	assert_int_equal(jc_check_params(LAB, "ways=2;ways=3"), JC_EINVAL);
	assert_json_has(jc_last_error_json(), "\"param\":\"ways\",\"params\":[\"ways\"]}");
	assert_int_equal(jc_check_params(LAB, "ways"), JC_EINVAL);
	assert_error_has("malformed", "name=value");
	assert_json_has(jc_last_error_json(), "\"param\":null,\"params\":[]}");
	assert_int_equal(jc_check_params("ext5", ""), JC_EINVAL);
	assert_error_has("unknown lab 'ext5'");
	assert_json_has(jc_last_error_json(), "\"param\":null,\"params\":[]}");
	assert_int_equal(jc_check_params(NULL, ""), JC_EINVAL);
}

/* A check builds no simulation: the last run's outputs stay as they were. */
static void test_check_leaves_the_run(void **state)
{
	char *before;

	(void)state;
	assert_int_equal(jc_run(IH, "before", "fs=btrfs;" IH_SMALL, 3, ""), JC_OK);
	before = strdup(jc_result_json());
	assert_non_null(before);
	assert_int_equal(jc_check_params(IH, "fs=ext4;threads=64"), JC_OK);
	assert_int_equal(jc_check_params(IH, "fs=zfs"), JC_EINVAL);
	assert_int_equal(jc_check_params(LAB, "ways=1000"), JC_EINVAL);
	assert_string_equal(jc_result_json(), before);
	free(before);
}

/* Errors that are not about a parameter name none. */
static void test_error_json_without_param(void **state)
{
	const char *e;

	(void)state;
	assert_refused("during", "", "", "unknown variant");
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "\"message\":\"unknown variant 'during'");
	assert_json_has(e, "\"param\":null,\"params\":[]}");
	assert_refused("before", "", "bogus=1", "unknown option 'bogus'");
	assert_json_has(jc_last_error_json(), "\"param\":null,\"params\":[]}");
	assert_int_equal(jc_run(LAB, "after", "ways=64;files=4096;loops=8", 1,
				"max_mem_mb=1"), JC_EBUDGET);
	e = jc_last_error_json();
	assert_json_has(e, "memory budget");
	assert_json_has(e, "\"param\":null,\"params\":[]}");
}

/*
 * Every error says its class (status), and a run's failure the step it
 * failed at and the check that refused it, apart from the message.
 */
static void test_error_json_status_step_check(void **state)
{
	const char *e;
	char want[128];
	double steps;

	(void)state;
	assert_int_equal(jc_check_params(LAB, "ways=0"), JC_EINVAL);
	assert_int_equal(jc_last_status(), JC_EINVAL);
	e = jc_last_error_json();
	assert_json_has(e, "{\"status\":1,\"message\":\"parameter 'ways'");
	assert_json_has(e, "\"step\":null,\"check\":null,\"param\":\"ways\"");
	assert_int_equal(jc_check_params(LAB, "ways=8"), JC_OK);
	assert_int_equal(jc_last_status(), JC_OK);
	assert_json_has(jc_last_error_json(), "{\"status\":0,\"message\":\"\",\"step\":null,\"check\":null,");

	/* a budget: the one that ran out, and the step where it did */
	assert_int_equal(jc_run(LAB, "before", "", 1, "max_events=10"), JC_EBUDGET);
	assert_int_equal(jc_last_status(), JC_EBUDGET);
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "{\"status\":2,\"message\":\"event budget of 10 events");
	assert_json_has(e, "\"check\":\"max_events\",\"param\":null,\"params\":[]}");
	assert_true(json_num(strstr(jc_result_json(), "\"sim\":{"), "steps", &steps));
	assert_true(steps > 0);
	snprintf(want, sizeof(want), "\"step\":%.0f,", steps);
	assert_json_has(jc_last_error_json(), want);

	/* a budget hit while the run is set up fails at no step */
	assert_int_equal(jc_run(LAB, "after", "ways=64;files=4096;loops=8", 1,
				"max_mem_mb=1"), JC_EBUDGET);
	assert_json_has(jc_last_error_json(), "\"check\":\"max_mem_mb\"");

	/* a JSON call's NULL is an input refused */
	assert_null(jc_params_json("ext5"));
	assert_int_equal(jc_last_status(), JC_EINVAL);
	assert_json_has(jc_last_error_json(), "{\"status\":1,\"message\":\"unknown lab 'ext5'");
}

/* ---------------------------------------------------------------------
 * Budgets
 * ------------------------------------------------------------------- */

static void test_memory_budget(void **state)
{
	(void)state;
	assert_int_equal(jc_run(LAB, "after", "ways=64;files=4096;loops=8", 1,
				"max_mem_mb=1"), JC_EBUDGET);
	assert_error_has("memory budget", "1 MiB", "max_mem_mb");
	/* a small run fits in the same budget */
	assert_int_equal(jc_run(LAB, "after", "ways=4;files=16", 1, "max_mem_mb=1"), JC_OK);
}

static void test_event_budget(void **state)
{
	(void)state;
	assert_int_equal(jc_run(LAB, "before", "", 1, "max_events=10"), JC_EBUDGET);
	assert_error_has("event budget of 10 events", "max_events");
	/* what ran before the budget stopped it can still be inspected */
	assert_true(json_balanced(jc_result_json()));
	assert_true(json_balanced(jc_snapshot_json()));
}

/*
 * In a child process (a crash must not take the other tests with it):
 * a run whose set-up exceeds the memory budget, then every output. Each
 * must be NULL or well-formed JSON. Exit 0 if so, 2 if an output is
 * malformed; anything else is a crash.
 */
static int __outputs_after_failed_setup(const char *params)
{
	const char *out;

	if (jc_run(LAB, "after", params, 1, "max_mem_mb=1") != JC_EBUDGET)
		return 3;
	out = jc_result_json();
	if (out && !json_balanced(out))
		return 2;
	out = jc_steps_json();
	if (out && !json_balanced(out))
		return 2;
	out = jc_snapshot_json();
	if (out && !json_balanced(out))
		return 2;
	out = jc_heatmap_json();
	if (out && !json_balanced(out))
		return 2;
	return 0;
}

static void test_outputs_after_failed_setup(void **state)
{
	/*
	 * The first fails allocating the model, before any task exists;
	 * the second fails allocating the heatmap of 256 CPUs.
	 */
	static const char *const params[] = {
		"ways=64;files=4096;loops=8",
		"ways=256;files=1;loops=1",
	};
	char why[512] = "";
	size_t i, wl = 0;
	int status;
	pid_t pid;

	(void)state;
	for (i = 0; i < sizeof(params) / sizeof(params[0]); i++) {
		const char *what = NULL;

		fflush(stdout);
		fflush(stderr);
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0)
			_exit(__outputs_after_failed_setup(params[i]));
		assert_int_equal(waitpid(pid, &status, 0), pid);
		if (WIFSIGNALED(status))
			what = "an output call died of a signal";
		else if (WEXITSTATUS(status) == 3)
			what = "the run did not exceed its budget";
		else if (WEXITSTATUS(status) == 2)
			what = "an output is malformed";
		else if (WEXITSTATUS(status))
			what = "an output call crashed (see the sanitizer report above)";
		if (what && wl < sizeof(why))
			wl += (size_t)snprintf(why + wl, sizeof(why) - wl,
					       "'%s' max_mem_mb=1: %s\n", params[i], what);
	}
	if (wl)
		fail_msg("%s", why);
}

/* ---------------------------------------------------------------------
 * Outputs
 * ------------------------------------------------------------------- */

static void test_result_json(void **state)
{
	static const char *const keys[] = {
		"lab", "variant", "seed", "params", "metrics", "metric_info",
		"sim", "events", "steps", "end_ns", "halted", "mem_bytes", "hash",
		"cpus",
	};
	const char *res, *info;
	double cpus, end_ns, elapsed;
	size_t k;

	(void)state;
	assert_int_equal(jc_run(LAB, "before", "ways=8;files=8", 4294967295U, ""),
			 JC_OK);
	res = jc_result_json();
	assert_true(json_balanced(res));
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (!json_has_key(res, keys[k]))
			fail_msg("result has no \"%s\"", keys[k]);
	assert_non_null(strstr(res, "\"lab\":\"" LAB "\""));
	assert_non_null(strstr(res, "\"variant\":\"before\""));
	assert_non_null(strstr(res, "\"seed\":4294967295"));
	assert_non_null(strstr(res, "\"halted\":false"));
	/* cpus=0 means one CPU per way and one for kjournald2 */
	assert_true(json_num(strstr(res, "\"sim\":{"), "cpus", &cpus) && cpus == 9);
	/* the hash is 16 hex digits */
	assert_int_equal(strspn(strstr(res, "\"hash\":\"") + 8, "0123456789abcdef"), 16);
	/* every metric that metric_info describes has a value */
	info = strstr(res, "\"metric_info\":[");
	assert_non_null(info);
	assert_true(json_count(info, "\"name\":") >= 10);
	for (;;) {
		const char *name = strstr(info, "\"name\":\"");
		char key[64];
		size_t len;

		if (!name)
			break;
		name += 8;
		len = strcspn(name, "\"");
		assert_true(len < sizeof(key));
		memcpy(key, name, len);
		key[len] = '\0';
		if (json_metric(res, key) < 0)
			fail_msg("metric %s has no value", key);
		info = name + len;
	}
	assert_true(json_num(strstr(res, "\"sim\":{"), "end_ns", &end_ns));
	elapsed = json_metric(res, "elapsed_ns");
	/* the last way's end; the run goes on to the unmount's commit */
	assert_true(elapsed > 0 && elapsed <= end_ns);

	assert_int_equal(jc_run(LAB, "before", "ways=8;files=8;cpus=3", 1, ""), JC_OK);
	res = jc_result_json();
	assert_true(json_num(strstr(res, "\"sim\":{"), "cpus", &cpus) && cpus == 3);
}

static void test_snapshot_json(void **state)
{
	static const char *const keys[] = {
		"now_ns", "step", "locks", "holder", "waiters", "tasks", "id",
		"cpu", "name", "state", "line", "fn", "fc", "inode_q",
		"inode_q_len", "dentry_q", "dentry_q_len", "walk",
		"commit_running", "commits", "journal", "updates_locked",
		"fc_blocks_used",
	};
	const char *snap;
	size_t k;

	(void)state;
	/* mid-run, so that the queues and the walk have something in them */
	assert_int_equal(jc_run(LAB, "before", "ways=4;files=32", 1, "stop_step=900"),
			 JC_OK);
	snap = jc_snapshot_json();
	assert_true(json_balanced(snap));
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (!json_has_key(snap, keys[k]))
			fail_msg("snapshot has no \"%s\"", keys[k]);
	assert_non_null(strstr(snap, "\"name\":\"s_fc_lock\""));
	assert_int_equal(json_count(snap, "\"fn\":"), 5);	/* one per way, kjournald2 */
}

static void test_heatmap_json(void **state)
{
	static const int buckets[] = { 2, 16, 120 };
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(buckets) / sizeof(buckets[0]); k++) {
		const char *heat, *p;
		char opts[64];
		double cpus, used, width;
		int n, cell, st;

		snprintf(opts, sizeof(opts), "heat_buckets=%d", buckets[k]);
		assert_int_equal(jc_run(LAB, "before", "ways=6;files=16;cpus=5", 1, opts),
				 JC_OK);
		heat = jc_heatmap_json();
		assert_true(json_balanced(heat));
		assert_non_null(strstr(heat, "\"states\":[\"idle\",\"run\",\"spin\",\"sleep\",\"io\"]"));
		assert_true(json_num(heat, "cpus", &cpus) && cpus == 5);
		assert_true(json_num(heat, "buckets", &used));
		assert_true(used >= 1 && used <= buckets[k]);
		assert_true(json_num(heat, "bucket_ns", &width) && width > 0);
		n = json_array_len(heat, "data");
		assert_int_equal(n, (int)(cpus * used) * 5);

		/* fractions in [0, 1], and a bucket's states at most fill it */
		p = strstr(heat, "\"data\":[") + 8;
		for (cell = 0; cell < n / 5; cell++) {
			double sum = 0;

			for (st = 0; st < 5; st++) {
				char *end;
				double f = strtod(p, &end);

				assert_true(end != p);
				assert_true(f >= 0 && f <= 1);
				sum += f;
				p = end + 1;
			}
			/* printed with 4 digits: allow their rounding */
			assert_true(sum <= 1.0005);
			/* a full bucket (not a CPU's last) is all accounted for */
			if ((cell % (int)used) < (int)used - 1)
				assert_true(sum >= 0.9995);
		}
	}
}

/* The trace holds exactly the steps asked for, in order. */
static void test_steps_window(void **state)
{
	const char *steps, *p;
	double from, total, i;
	int j;

	(void)state;
	assert_int_equal(jc_run(LAB, "before", "ways=4;files=16", 1,
				"trace_from=100;trace_max=50"), JC_OK);
	steps = jc_steps_json();
	assert_true(json_balanced(steps));
	assert_true(json_num(steps, "from", &from) && from == 100);
	assert_true(json_num(steps, "total", &total) && total > 150);
	assert_int_equal(json_count(steps, "\"i\":"), 50);
	p = steps;
	for (j = 0; j < 50; j++) {
		assert_true(json_num(p, "i", &i));
		assert_true(i == 100 + j);
		p = strstr(p, "\"i\":") + 4;
	}
	assert_int_equal(json_count(steps, "\"kind\":"), 50);
	assert_int_equal(json_count(steps, "\"kind\":\"?\""), 0);

	/* a window past the end holds what there is, none if nothing */
	assert_int_equal(jc_run(LAB, "before", "ways=4;files=16", 1,
				"trace_from=4000000000;trace_max=10"), JC_OK);
	assert_int_equal(json_count(jc_steps_json(), "\"i\":"), 0);
}

static void test_stop_step_halts(void **state)
{
	const char *res, *steps;
	double steps_n, snap_step, last_i = 0;
	const char *p;

	(void)state;
	assert_int_equal(jc_run(LAB, "before", "ways=4;files=16", 1,
				"stop_step=321;trace_from=300;trace_max=100"), JC_OK);
	res = jc_result_json();
	assert_true(json_balanced(res));
	assert_non_null(strstr(res, "\"halted\":true"));
	assert_true(json_num(strstr(res, "\"sim\":{"), "steps", &steps_n));
	assert_true(steps_n == 321);
	assert_true(json_num(jc_snapshot_json(), "step", &snap_step));
	assert_true(snap_step == 321);
	/* the trace ends with the stop step */
	steps = jc_steps_json();
	assert_int_equal(json_count(steps, "\"i\":"), 22);
	for (p = steps; (p = strstr(p, "\"i\":")); p += 4)
		assert_true(json_num(p, "i", &last_i));
	assert_true(last_i == 321);

	/* a stop step past the end: the run completes */
	assert_int_equal(jc_run(LAB, "before", "ways=4;files=16", 1,
				"stop_step=4000000000"), JC_OK);
	assert_non_null(strstr(jc_result_json(), "\"halted\":false"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* first: nothing has run yet */
		cmocka_unit_test(test_outputs_before_any_run),
		cmocka_unit_test(test_version_and_labs),
		cmocka_unit_test(test_params_json),
		cmocka_unit_test(test_step_kinds_declared),
		cmocka_unit_test(test_rows_json),
		cmocka_unit_test(test_unknown_lab),
		cmocka_unit_test(test_unknown_variant),
		cmocka_unit_test(test_unknown_parameter),
		cmocka_unit_test(test_non_numeric_value),
		cmocka_unit_test(test_out_of_range_value),
		cmocka_unit_test(test_value_given_twice),
		cmocka_unit_test(test_malformed_pair),
		cmocka_unit_test(test_empty_params_take_defaults),
		cmocka_unit_test(test_bad_options),
		cmocka_unit_test(test_total_files_limit),
		cmocka_unit_test(test_choice_by_name_or_index),
		cmocka_unit_test(test_choice_bad_name),
		cmocka_unit_test(test_check_params),
		cmocka_unit_test(test_check_leaves_the_run),
		cmocka_unit_test(test_error_json_without_param),
		cmocka_unit_test(test_error_json_status_step_check),
		cmocka_unit_test(test_memory_budget),
		cmocka_unit_test(test_event_budget),
		cmocka_unit_test(test_outputs_after_failed_setup),
		cmocka_unit_test(test_result_json),
		cmocka_unit_test(test_snapshot_json),
		cmocka_unit_test(test_heatmap_json),
		cmocka_unit_test(test_steps_window),
		cmocka_unit_test(test_stop_step_halts),
	};

	return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
