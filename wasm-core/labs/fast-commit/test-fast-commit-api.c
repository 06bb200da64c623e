// SPDX-License-Identifier: GPL-2.0
/*
 * test-fast-commit-api.c - the C ABI (jc_api.h) as JavaScript and the CLI
 * see it, on the fast-commit lab: every bad input is refused with a message
 * that says what was wrong and what would be right, the budgets stop a run
 * with JC_EBUDGET, and the JSON outputs have the shapes jc_api.h documents.
 * Then the lab's own snapshot windows, marks and chunked runs.
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

#include "api_test.h"

#define LAB	"fast-commit"

/* the integer parameters; "kernel" is the one choice */
static const char *const param_names[] = { "ways", "dirs", "files", "loops", "fc_blocks", "cpus", "marks" };
#define NR_PARAMS	((int)(sizeof(param_names) / sizeof(param_names[0])))

/* jc_run() must refuse @params/@opts with JC_EINVAL and these words. */
#define assert_refused(variant, params, opts, ...)			\
	do {								\
		int ret_ = jc_run(LAB, variant, params, 1, opts);	\
		if (ret_ != JC_EINVAL)					\
			fail_msg("'%s' '%s' gave %d, not JC_EINVAL (%s)", \
				 params, opts, ret_, jc_last_error());	\
		assert_error_has(__VA_ARGS__);				\
	} while (0)

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
	assert_non_null(strstr(labs, "\"source\":\"fast-commit/fast-commit.c\""));
	/* the step kinds with their arguments' names, null where unused */
	assert_non_null(strstr(labs, "{\"kind\":\"lock\",\"a\":\"lock\",\"b\":\"shared\"}"));
	assert_non_null(strstr(labs, "{\"kind\":\"sleep\",\"a\":null,\"b\":null}"));
	assert_non_null(strstr(labs, "{\"kind\":\"visit\",\"a\":\"dentry_idx\",\"b\":\"inode_idx\"}"));
	assert_non_null(strstr(labs, "{\"kind\":\"fsync\",\"a\":\"ino\",\"b\":null}"));
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
	assert_int_equal(json_count(json, "\"name\":"), NR_PARAMS + 1);
	assert_int_equal(json_count(json, "\"type\":\"int\""), NR_PARAMS);
	assert_int_equal(json_count(json, "\"type\":\"choice\""), 1);
	assert_non_null(strstr(json, "\"name\":\"kernel\""));
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
 * jc_check_params()
 * ------------------------------------------------------------------- */

static void test_check_params(void **state)
{
	const char *e;

	(void)state;
	assert_int_equal(jc_check_params(LAB, ""), JC_OK);
	assert_int_equal(jc_check_params(LAB, "ways=8;files=1024;loops=2"), JC_OK);
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

	/* the lab's cross-parameter check: the parameters it reads */
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


/* ---------------------------------------------------------------------
 * The snapshot: the two queues
 * ------------------------------------------------------------------- */

static void test_fc_small_queues_are_whole(void **state)
{
	const char *snap = snap_at("fast-commit", "before", "ways=2;dirs=1;files=16", 0);
	struct win iw = win_of(snap, "inode_win"), dw = win_of(snap, "dentry_win");
	double ilen, dlen;

	(void)state;
	assert_true(json_balanced(snap));
	assert_true(json_num(snap, "inode_q_len", &ilen));
	assert_true(json_num(snap, "dentry_q_len", &dlen));
	assert_true(ilen > 0);
	assert_true(iw.from == 0 && iw.to == ilen && iw.of == ilen);
	assert_true(dw.from == 0 && dw.to == dlen && dw.of == dlen);
	assert_int_equal(array_count(snap, "inode_q", "\"ino\":"), (int)ilen);
	assert_int_equal(array_count(snap, "dentry_q", "\"ino\":"), (int)dlen);
}

/*
 * The step of the first @kind step of @variant's run whose argument @arg
 * ("a" or "b") is past 128: before, a visit deeper than 128 entries into
 * the inode queue (b); after, the match of a record past the 128th (a).
 */
static double fc_deep_step(const char *variant, const char *params,
			   const char *kind, const char *arg)
{
	const char *m, *p;
	double i, v;
	char opts[64];

	snprintf(opts, sizeof(opts), "trace_max=0;marks=%s;marks_max=65536", kind);
	if (jc_run("fast-commit", variant, params, 1, opts) != JC_OK)
		fail_msg("%s '%s': %s", variant, params, jc_last_error());
	m = jc_marks_json();
	assert_non_null(m);
	for (p = strstr(m, "{\"i\":"); p; p = strstr(p + 1, "{\"i\":")) {
		assert_true(json_num(p, "i", &i) && json_num(p, arg, &v));
		if (v > 128)
			return i;
	}
	fail_msg("%s '%s': no %s with %s past 128", variant, params, kind, arg);
	return 0;
}

/*
 * 64 ways with 256 files each: the walk stands deep in a queue of
 * thousands, and the snapshot holds 128 entries around it. After the patch,
 * a record past the 128th commits, and the inode window is around the
 * inode the record links to.
 */
static void test_fc_big_queues_are_windowed(void **state)
{
	const char *snap = snap_at("fast-commit", "before", "ways=64;dirs=64;files=256",
				   fc_deep_step("before", "ways=64;dirs=64;files=256", "visit", "b"));
	size_t bytes = strlen(snap);
	struct win iw = win_of(snap, "inode_win"), dw = win_of(snap, "dentry_win");
	double ilen, didx, iidx;

	(void)state;
	assert_true(json_balanced(snap));
	if (bytes > SNAP_BYTES_MAX)
		fail_msg("fast-commit snapshot of %zu bytes (at most %d)", bytes, SNAP_BYTES_MAX);
	assert_true(json_num(snap, "inode_q_len", &ilen));
	if (!(ilen > 1000))
		fail_msg("only %.0f inodes queued halfway: not a big queue", ilen);
	assert_true(iw.of == ilen && iw.to - iw.from == 128);
	assert_int_equal(array_count(snap, "inode_q", "\"ino\":"), 128);
	assert_int_equal(array_count(snap, "dentry_q", "\"ino\":"), (int)(dw.to - dw.from));
	/* the walk is under way, and each window is around where it stands */
	assert_true(json_num(snap, "dentry_idx", &didx));
	assert_true(json_num(snap, "inode_idx", &iidx));
	assert_true(iidx > 128);
	assert_true(dw.cursor == didx && dw.from <= didx && didx < dw.to);
	assert_true(iw.cursor == iidx && iw.from <= iidx && iidx < iw.to);

	snap = snap_at("fast-commit", "after", "ways=64;dirs=64;files=256",
		       fc_deep_step("after", "ways=64;dirs=64;files=256", "match", "a"));
	iw = win_of(snap, "inode_win");
	assert_true(json_num(snap, "target", &iidx));
	assert_true(iw.to - iw.from == 128 && iw.of > 1000);
	assert_true(iidx >= 0 && iw.cursor == iidx && iw.from <= iidx && iidx < iw.to);
	if (strlen(snap) > SNAP_BYTES_MAX)
		fail_msg("fast-commit snapshot after the patch of %zu bytes", strlen(snap));
}

/* ---------------------------------------------------------------------
 * Marks
 * ------------------------------------------------------------------- */

/* With room for all, the marks are the trace's steps of the kinds marked. */
static void test_marks_are_the_traced_steps(void **state)
{
	const struct lab *lab = lab_by_id("fast-commit");
	u64 mask = 1ULL << kind_num(lab, "commit_start") |
		   1ULL << kind_num(lab, "commit_end") |
		   1ULL << kind_num(lab, "fallback");
	struct sim s;

	(void)state;
	run_marked(&s, lab, 0, "", 100000, mask, 4096);
	assert_true(s.mark_len > 10);
	assert_int_equal(check_spread(&s, mask), 1);
	sim_destroy(&s);
}

/*
 * A full buffer thins the kind with the most marks: lock and unlock (700
 * steps each here) end up every 8th or 16th into 128 marks, commit_start
 * (17) keeps all of its own.
 */
static void test_marks_bounded_even_spread(void **state)
{
	const struct lab *lab = lab_by_id("fast-commit");
	int start = kind_num(lab, "commit_start");
	u64 mask = 1ULL << kind_num(lab, "lock") |
		   1ULL << kind_num(lab, "unlock") | 1ULL << start;
	struct sim s;
	u64 widest;

	(void)state;
	run_marked(&s, lab, 0, "", 100000, mask, SIM_MIN_MARKS);
	assert_true(s.mark_len <= SIM_MIN_MARKS);
	widest = check_spread(&s, mask);
	assert_true(widest >= 4);
	assert_int_equal(s.mark_every[start], 1);
	assert_true(s.mark_kept[start] > 10);
	/* thinned no more than it had to: twice the marks would not fit */
	assert_true(2 * s.mark_len > SIM_MIN_MARKS);
	sim_destroy(&s);
}

/* A run advanced in chunks marks what the straight run marks. */
static void test_marks_across_advances(void **state)
{
	static char straight[1 << 20];
	const char *opts = "marks=lock,commit_start,commit_end;marks_max=200";

	(void)state;
	assert_int_equal(jc_run("fast-commit", "before", "", 3, opts), JC_OK);
	snprintf(straight, sizeof(straight), "%s", jc_marks_json());
	assert_int_equal(jc_run("fast-commit", "before", "", 3,
				"stop_step=700;marks=lock,commit_start,commit_end;marks_max=200"),
			 JC_OK);
	assert_int_equal(jc_advance("stop_step=1500"), JC_OK);
	assert_int_equal(jc_advance(""), JC_OK);
	assert_string_equal(jc_marks_json(), straight);
	/* lock steps were thinned across the advances */
	assert_non_null(strstr(straight, "\"kind\":\"lock\",\"total\":911,\"kept\":114,\"every\":8"));
}

/* Bad kinds are refused, naming the lab's kinds. */
static void test_marks_refused(void **state)
{
	static const char *const bad[] = {
		"marks=bogus", "marks=commit_start,create_bogus", "marks=",
		"marks=lock,,unlock", "marks=commit_start;marks_max=5",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *err;

		if (jc_run("fast-commit", "after", "", 1, bad[i]) != JC_EINVAL)
			fail_msg("'%s' was not refused", bad[i]);
		err = jc_last_error();
		if (!strstr(err, i == 4 ? "marks_max" : "commit_start") ||
		    !strstr(err, i == 4 ? "128" : "fallback"))
			fail_msg("'%s' refused with \"%s\"", bad[i], err);
	}
}

/* ---------------------------------------------------------------------
 * Runs taken on in chunks
 * ------------------------------------------------------------------- */

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


int main(void)
{
	const struct CMUnitTest tests[] = {
		/* first: nothing has run yet */
		cmocka_unit_test(test_outputs_before_any_run),
		cmocka_unit_test(test_version_and_labs),
		cmocka_unit_test(test_params_json),
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
		cmocka_unit_test(test_check_params),
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
		cmocka_unit_test(test_fc_small_queues_are_whole),
		cmocka_unit_test(test_fc_big_queues_are_windowed),
		cmocka_unit_test(test_marks_are_the_traced_steps),
		cmocka_unit_test(test_marks_bounded_even_spread),
		cmocka_unit_test(test_marks_across_advances),
		cmocka_unit_test(test_marks_refused),
		cmocka_unit_test(test_chunks_with_checker),
	};

	return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
