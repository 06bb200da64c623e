// SPDX-License-Identifier: GPL-2.0
/*
 * test_marks.c - marks: the steps of chosen kinds over a whole run. They
 * are exactly the trace's steps of those kinds while the buffer holds them
 * all; past it each kind keeps an even spread (every n-th of its steps, n
 * a power of two) and a rare kind keeps all of its own; the buffer never
 * grows past its bound; marks leave the run, its hash and its outputs as
 * they were (but for mem_bytes, which counts their buffer); an advanced run marks what the straight run marks; and the
 * "marks" option refuses a kind the lab has not, naming those it has.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "jc_api.h"
#include "lab_test.h"
#include "test_util.h"

/* the number of @lab's step kind @name; fails the test if it has none */
static int kind_num(const struct lab *lab, const char *name)
{
	int k;

	for (k = 0; k < SK_LAB; k++)
		if (sim_kind_names[k] && !strcmp(sim_kind_names[k], name))
			return k;
	for (k = 0; k < lab->nr_kinds; k++)
		if (!strcmp(lab->kinds[k].name, name))
			return SK_LAB + k;
	fail_msg("%s has no step kind %s", lab->id, name);
	return -1;
}

/*
 * run_marked - run @variant of @lab with the parameters @set gives, every
 * step traced (the run must have fewer than @trace_max) and the kinds of
 * @mask marked, at most @mark_max of them. The caller destroys @s.
 */
static void run_marked(struct sim *s, const struct lab *lab, int variant,
		       const char *set, u64 trace_max, u64 mask, u32 mark_max)
{
	long long p[LAB_MAX_PARAMS];

	lab_params(lab, set, p);
	sim_init(s, lab->nr_cpus(p), 1);
	s->max_mem = (size_t)256 << 20;
	s->trace_from = 1;
	s->trace_max = trace_max;
	s->mark_kinds = mask;
	s->mark_max = mark_max;
	if (lab->setup(s, variant, p) || s->error)
		fail_msg("setup of %s (%s): %s", lab->id, set, s->errmsg);
	sim_run(s);
	if (s->error)
		fail_msg("%s (%s): %s", lab->id, set, s->errmsg);
	if (s->trace_len >= trace_max)
		fail_msg("%s (%s) has %llu steps or more: the trace does not hold them all",
			 lab->id, set, (unsigned long long)trace_max);
}

/*
 * check_spread - @s's marks against its full trace: per kind of @mask, the
 * total is its steps, "every" is a power of two and the marks are exactly
 * its 1st, (1 + every)-th, (1 + 2 every)-th ... step, in order, with their
 * times. Returns the largest "every".
 */
static u64 check_spread(const struct sim *s, u64 mask)
{
	u64 nth[SIM_MAX_MARK_KINDS] = { 0 }, widest = 1;
	u32 m = 0;
	u64 i;
	int k;

	for (i = 0; i < s->trace_len; i++) {
		const struct sim_step_rec *r = &s->trace[i];

		if (!(mask & (1ULL << r->kind)))
			continue;
		if (nth[r->kind]++ % s->mark_every[r->kind])
			continue;
		if (m >= s->mark_len)
			fail_msg("step %llu (kind %d) is due but the marks end",
				 (unsigned long long)r->i, r->kind);
		assert_int_equal(s->marks[m].i, r->i);
		assert_int_equal(s->marks[m].t, r->t);
		assert_int_equal(s->marks[m].kind, r->kind);
		m++;
	}
	assert_int_equal(m, s->mark_len);
	for (k = 0; k < SIM_MAX_MARK_KINDS; k++) {
		u64 every = s->mark_every[k];

		if (!(mask & (1ULL << k)))
			continue;
		assert_int_equal(s->mark_total[k], nth[k]);
		assert_true(every && !(every & (every - 1)));
		assert_int_equal(s->mark_kept[k], (nth[k] + every - 1) / every);
		if (every > widest)
			widest = every;
	}
	return widest;
}

/* With room for all, the marks are the trace's steps of the kinds marked. */
static void test_marks_are_the_traced_steps(void **state)
{
	const struct lab *lab = &lab_fast_commit;
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
	const struct lab *lab = &lab_fast_commit;
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

	/* a lab's whole trace of one busy kind, thinned many times over */
	lab = &lab_inode_hash;
	mask = 1ULL << kind_num(lab, "lock") | 1ULL << kind_num(lab, "grace_period");
	run_marked(&s, lab, 0, "", 200000, mask, SIM_MIN_MARKS);
	assert_true(s.mark_len <= SIM_MIN_MARKS);
	assert_true(check_spread(&s, mask) >= 64);
	sim_destroy(&s);
}

/*
 * assert_same_but_mem - results @a and @b are the same but for mem_bytes,
 * which counts the marks buffer
 */
static void assert_same_but_mem(const char *a, const char *b)
{
	const char *ma = strstr(a, "\"mem_bytes\":"), *mb = strstr(b, "\"mem_bytes\":");

	assert_non_null(ma);
	assert_non_null(mb);
	assert_int_equal(ma - a, mb - b);
	assert_memory_equal(a, b, (size_t)(ma - a));
	ma += strspn(ma + 12, "0123456789") + 12;
	mb += strspn(mb + 12, "0123456789") + 12;
	assert_string_equal(ma, mb);
}

/* Marks change nothing else: the same hash and outputs, every lab. */
static void test_marks_leave_the_run_alone(void **state)
{
	static const char *const labs[][3] = {
		{ "fast-commit", "before", "lock,unlock,commit_start,commit_end,fallback" },
		{ "inode-hash", "before", "grace_period,insert_race,wait_freeing,lock" },
		{ "extent-status", "baseline", "shrink_begin,shrink_end,sort" },
		{ "btrfs-fsync", "after", "state,commit_end,fallback,sleep,wake" },
		{ "ext4-writeback", "before", "fsync,lock,unlock" },
	};
	const char *params[] = { "", "", "", "runtime_ms=300", "runtime_ms=1000" };
	char *plain[4], opts[256];
	const char *out;
	size_t l;
	int j;

	(void)state;
	for (l = 0; l < sizeof(labs) / sizeof(labs[0]); l++) {
		assert_int_equal(jc_run(labs[l][0], labs[l][1], params[l], 7, "trace_from=5;trace_max=300"), JC_OK);
		plain[0] = strdup(jc_result_json());
		plain[1] = strdup(jc_steps_json());
		plain[2] = strdup(jc_snapshot_json());
		plain[3] = strdup(jc_heatmap_json());
		snprintf(opts, sizeof(opts), "trace_from=5;trace_max=300;marks=%s", labs[l][2]);
		assert_int_equal(jc_run(labs[l][0], labs[l][1], params[l], 7, opts), JC_OK);
		assert_same_but_mem(jc_result_json(), plain[0]);
		assert_string_equal(jc_steps_json(), plain[1]);
		assert_string_equal(jc_snapshot_json(), plain[2]);
		assert_string_equal(jc_heatmap_json(), plain[3]);
		out = jc_marks_json();
		assert_true(json_balanced(out));
		if (json_count(out, "{\"i\":") < 1)
			fail_msg("%s marked nothing of %s", labs[l][0], labs[l][2]);
		for (j = 0; j < 4; j++)
			free(plain[j]);
	}
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
	assert_non_null(strstr(straight, "\"kind\":\"lock\",\"total\":693,\"kept\":87,\"every\":8"));
}

/* Bad kinds are refused, naming the lab's kinds. */
static void test_marks_refused(void **state)
{
	static const char *const bad[] = {
		"marks=bogus", "marks=commit_start,shrink_begin", "marks=",
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
	assert_int_equal(jc_run("extent-status", "baseline", "", 1, "marks=commit_start"), JC_EINVAL);
	assert_non_null(strstr(jc_last_error(), "shrink_begin"));
	assert_non_null(strstr(jc_last_error(), "extent-status"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_marks_are_the_traced_steps),
		cmocka_unit_test(test_marks_bounded_even_spread),
		cmocka_unit_test(test_marks_leave_the_run_alone),
		cmocka_unit_test(test_marks_across_advances),
		cmocka_unit_test(test_marks_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
