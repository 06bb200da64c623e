// SPDX-License-Identifier: GPL-2.0
/*
 * test-extent-status.c - the extent-status lab (labs/extent-status/extent-status.c),
 * driven through its struct lab directly: its invariants hold at every
 * event for every case and variant, the shrinker never frees a delayed
 * extent, a lookup after reclaim misses and a re-insert restores it, each
 * variant reclaims a hand-built tree in its own order, the scan-time EWMA
 * is the kernel's, and a calibration table against the mail
 * (figures.md, section 2) with the bars the model meets and, where it
 * misses one, what it measures and why.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extent-status.h"
#include "lab.h"
#include "lab_test.h"

/* the variants of every build (extent-status.h): not yours */
enum { NR_V = V_UPSTREAM + 1 };
enum { CASE_A, CASE_B, CASE_C, NR_CASES };

static const struct lab *lab = &lab_extent_status;

static double metric_of(const double *out, const char *name)
{
	return lab_metric(lab, out, name);
}

/*
 * run_es - run @variant on @kase with the defaults but for @runtime_ms,
 * @mem_mb and @small_files (0: the default), the checker every
 * @check_every events; fails the test, naming the seed, if the run fails.
 */
static void run_es(int variant, int kase, long long runtime_ms, long long mem_mb,
		   long long small_files, unsigned int seed, unsigned long long check_every,
		   double *out)
{
	long long p[LAB_MAX_PARAMS];
	struct sim s;
	int i;

	for (i = 0; i < lab->nr_params; i++) {
		const char *n = lab->params[i].name;

		p[i] = lab->params[i].def;
		if (!strcmp(n, "case"))
			p[i] = kase;
		else if (!strcmp(n, "runtime_ms") && runtime_ms)
			p[i] = runtime_ms;
		else if (!strcmp(n, "mem_mb") && mem_mb)
			p[i] = mem_mb;
		else if (!strcmp(n, "small_files") && small_files)
			p[i] = small_files;
	}
	sim_init(&s, lab->nr_cpus(p), seed);
	s.max_events = 20000000;
	s.max_mem = (size_t)256 << 20;
	s.check = lab->invariants;
	s.check_every = check_every;
	if (lab->setup(&s, variant, p) || s.error)
		fail_msg("setup of %s case %c seed %u: %s", lab->variants[variant],
			 'a' + kase, seed, s.errmsg);
	sim_run(&s);
	if (s.error)
		fail_msg("%s case %c seed %u: %s", lab->variants[variant], 'a' + kase,
			 seed, s.errmsg);
	lab->collect(&s, out);
	sim_destroy(&s);
}

/* ---------------------------------------------------------------------
 * Invariants
 * ------------------------------------------------------------------- */

/*
 * Small shapes checked at every event: 32 MiB, 256 small files in case b,
 * 150 ms, two seeds. The checker (trees ordered and non-overlapping,
 * counts and reclaim lists consistent, dirty pages = delayed extents, no
 * delayed extent ever freed, the inode list whole when unlocked) runs
 * after every event. A full check walks every tree, so the longer runs
 * that reach the shrinker in every case and variant check every 5000
 * events and at the end.
 */
static void test_invariants_every_event(void **state)
{
	double out[32];
	unsigned int seed;
	int v, c;

	(void)state;
	for (seed = 1; seed <= 2; seed++)
		for (c = 0; c < NR_CASES; c++)
			for (v = 0; v < NR_V; v++)
				run_es(v, c, 150, 32, 256, seed, 1, out);
	for (c = 0; c < NR_CASES; c++)
		for (v = 0; v < NR_V; v++) {
			run_es(v, c, 1500, 32, 256, 5, 5000, out);
			assert_true(metric_of(out, "shrinker_calls") > 0);
		}
}

/* ---------------------------------------------------------------------
 * Hand-built trees
 * ------------------------------------------------------------------- */

static void reclaim_expect(int variant, const char *layout, long budget, bool second,
			   long freed, const char *after, u64 visits)
{
	char out[64], msg[256];
	u64 v;

	assert_int_equal(es_test_build(variant, layout), 0);
	assert_int_equal(es_test_reclaim(budget, second, out, sizeof(out), &v), freed);
	assert_string_equal(out, after);
	assert_int_equal(v, visits);
	if (es_test_invariants(msg, sizeof(msg)))
		fail_msg("%s: %s", lab->variants[variant], msg);
}

static void test_shrinker_never_frees_delayed(void **state)
{
	char out[64], msg[256];
	u64 visits;
	int v;

	(void)state;
	for (v = 0; v < NR_V; v++) {
		assert_int_equal(es_test_build(v, "DWDDDHDwDD"), 0);
		es_test_reclaim(128, true, out, sizeof(out), &visits);
		/* upstream's second chance keeps the referenced hole... */
		es_test_reclaim(128, true, out, sizeof(out), &visits);
		/* ...for one call only */
		assert_string_equal(out, "D.DDD.D.DD");
		if (es_test_invariants(msg, sizeof(msg)))
			fail_msg("%s: %s", lab->variants[v], msg);
	}
}

static void test_lookup_after_reclaim(void **state)
{
	char out[64];
	u64 visits, e, m, c, sum, hits, misses;
	int v;

	(void)state;
	for (v = 0; v < NR_V; v++) {
		es_test_build(v, "WWW");
		assert_int_equal(es_test_lookup(1), 1);
		es_test_reclaim(128, true, out, sizeof(out), &visits);
		if (v == V_UPSTREAM)	/* the hit set REFERENCED: a second call */
			es_test_reclaim(128, true, out, sizeof(out), &visits);
		assert_string_equal(out, "");
		assert_int_equal(es_test_lookup(1), 0);
		es_test_insert(1, 1);
		assert_int_equal(es_test_lookup(1), 1);
		es_test_stats(&e, &m, &c, &sum, &hits, &misses);
		assert_int_equal(hits, 2);
		assert_int_equal(misses, 1);
	}
}

/*
 * Each variant's order on one tree: written, referenced written, three
 * delayed, written, the EOF hole. "Free 128" variants stop at the freed
 * budget, upstream at the scanned one.
 */
static void test_reclaim_order(void **state)
{
	char out[64];
	u64 visits;

	(void)state;
	/* baseline: from rb_first, walking past the delayed run */
	reclaim_expect(V_BASELINE, "WwDDDWH", 2, false, 2, "..DDDWH", 2);
	reclaim_expect(V_BASELINE, "WwDDDWH", 3, false, 3, "..DDD.H", 6);
	reclaim_expect(V_BASELINE, "WwDDDWH", 128, false, 4, "..DDD", 7);
	reclaim_expect(V_ES_CACHE, "WwDDDWH", 3, false, 3, "..DDD.H", 6);
	reclaim_expect(V_ES_SLIST, "WwDDDWH", 3, false, 3, "..DDD.H", 6);
	/* es-ilist: only the reclaimable ones are visited */
	reclaim_expect(V_ES_ILIST, "WwDDDWH", 3, false, 3, "..DDD.H", 3);
	/* es-gc: the accessed one moves to the active list (its flag cleared) */
	reclaim_expect(V_ES_GC, "WwDDDWH", 3, false, 3, ".WDDD", 4);
	/* ... and goes only in a second round */
	reclaim_expect(V_ES_GC, "WwDDDWH", 128, true, 4, "..DDD", 5);
	/* upstream: 3 scanned; the referenced one loses its bit; resume at 3 */
	reclaim_expect(V_UPSTREAM, "WwDDDWH", 3, false, 1, ".WDDDWH", 3);
	assert_int_equal(es_test_reclaim(3, false, out, sizeof(out), &visits), 1);
	assert_string_equal(out, ".WDDD.H");
	assert_int_equal(es_test_reclaim(10, false, out, sizeof(out), &visits), 2);
	assert_string_equal(out, "..DDD");	/* wrapped around to block 0 */
}

/* es_stats_scan_time: (t + 3 old) / 4, the first call taken as is */
static void test_scan_time_ewma(void **state)
{
	static const u64 t[] = { 100000, 200000, 1000000, 40000, 7 };
	u64 e, m, c, sum, h, mi, want = 0, total = 0;
	size_t i;

	(void)state;
	es_test_build(V_BASELINE, "");
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		es_stats_update(t[i], 128);
		want = want ? (t[i] + 3 * want) / 4 : t[i];
		total += t[i];
	}
	es_test_stats(&e, &m, &c, &sum, &h, &mi);
	/* by hand: 100000, 125000, 343750, 267812, 200860 */
	assert_int_equal(want, 200860);
	assert_int_equal(e, 200860);
	assert_int_equal(m, 1000000);
	assert_int_equal(c, 5);
	assert_int_equal(sum, total);
}

static void test_same_seed_same_result(void **state)
{
	double a[32], b[32];

	(void)state;
	run_es(V_BASELINE, CASE_A, 2000, 0, 0, 3, 0, a);
	run_es(V_BASELINE, CASE_A, 2000, 0, 0, 3, 0, b);
	assert_memory_equal(a, b, sizeof(double) * (size_t)lab->nr_metrics);
}

/* ---------------------------------------------------------------------
 * Calibration
 * ------------------------------------------------------------------- */

/*
 * The test binary is a debug build: every rb_insert_color()/rb_erase()
 * verifies the whole tree, O(n). So the calibration runs at a quarter of
 * the default memory (trees of ~800 delayed extents instead of ~3200) and
 * 2048 small files; the defaults give the same signs and larger ratios
 * (the report's table, measured with the optimised build).
 */
#define CAL_MEM_MB	64
#define CAL_SMALL_FILES	2048

static double table[NR_CASES][NR_V][32];

static double T(int c, int v, const char *m)
{
	return metric_of(table[c][v], m);
}

/*
 * The whole table (the default 5 s of virtual time per run, seed 1, CAL_MEM_MB),
 * printed, then the bars. Met: case a avg scan baseline/es-ilist,
 * hits es-cache/baseline in a and c, user average latency, case b max
 * scan baseline > es-gc. Missed, asserted as measured (see below): case b
 * avg scan baseline/es-slist.
 */
static void test_calibration_against_the_mail(void **state)
{
	static const char *const m[] = {
		"avg_scan_us", "mean_scan_us", "max_scan_us", "shrinker_calls", "hits",
		"misses", "user_avg_latency_us", "user_max_latency_us", "nodes_visited",
		"delayed_skipped", "list_sorts", "max_scan_sort_us", "list_lock_spin_us",
	};
	double lo, hi;
	int c, v, i;

	(void)state;
	for (c = 0; c < NR_CASES; c++)
		for (v = 0; v < NR_V; v++)
			run_es(v, c, 0, CAL_MEM_MB, CAL_SMALL_FILES, 1, 0, table[c][v]);

	printf("case variant  ");
	for (i = 0; i < (int)(sizeof(m) / sizeof(m[0])); i++)
		printf(" %s", m[i]);
	printf("\n");
	for (c = 0; c < NR_CASES; c++)
		for (v = 0; v < NR_V; v++) {
			printf("%c    %-9s", 'a' + c, lab->variants[v]);
			for (i = 0; i < (int)(sizeof(m) / sizeof(m[0])); i++)
				printf(" %.6g", T(c, v, m[i]));
			printf("\n");
		}

	/* case a: baseline walks every writer's delayed run; es-ilist does not (mail 48x) */
	assert_true(T(CASE_A, V_BASELINE, "avg_scan_us") >=
		    10 * T(CASE_A, V_ES_ILIST, "avg_scan_us"));
	assert_true(T(CASE_A, V_BASELINE, "delayed_skipped") > 0);
	assert_true(T(CASE_A, V_ES_ILIST, "delayed_skipped") == 0);
	/* hits: the cached EOF hole is hit by every append (mail: 4.8k -> 8.2M, 15k -> 1.9M) */
	assert_true(T(CASE_A, V_ES_CACHE, "hits") >= 100 * T(CASE_A, V_BASELINE, "hits"));
	assert_true(T(CASE_C, V_ES_CACHE, "hits") >= 100 * T(CASE_C, V_BASELINE, "hits"));
	/* 6.12 looks up twice per appended block */
	assert_true(T(CASE_A, V_UPSTREAM, "hits") > 1.9 * T(CASE_A, V_ES_CACHE, "hits"));
	/*
	 * case c: with the reader's files laid out, baseline frees the
	 * reader's written extents before it reaches a delayed run, and
	 * es-slist scans shorter (mail 178 -> 50 us).
	 */
	assert_true(T(CASE_C, V_ES_SLIST, "avg_scan_us") < T(CASE_C, V_BASELINE, "avg_scan_us"));
	/*
	 * MISSED: case c's es-cache regression (mail 178 -> 5258 us, the EOF
	 * hole behind every writer's delayed run). The writers, touched on
	 * every append, are too new for the LRU walk between sorts, and after
	 * a sort the walk meets the reader's extents first: es-cache scans no
	 * longer than baseline. Asserted as measured: below twice baseline.
	 */
	assert_true(T(CASE_C, V_ES_CACHE, "avg_scan_us") < 2 * T(CASE_C, V_BASELINE, "avg_scan_us"));
	/* case b: the maximum falls from baseline to es-gc (mail 375689 -> 56311 us) */
	assert_true(T(CASE_B, V_BASELINE, "max_scan_us") > T(CASE_B, V_ES_GC, "max_scan_us"));
	/* the disk throttles the writers: the average latency moves < 10 % */
	for (c = 0; c < NR_CASES; c++) {
		lo = hi = T(c, 0, "user_avg_latency_us");
		for (v = 1; v < NR_V; v++) {
			double l = T(c, v, "user_avg_latency_us");

			lo = l < lo ? l : lo;
			hi = l > hi ? l : hi;
		}
		assert_true(hi < 1.1 * lo);
	}
	/*
	 * MISSED: case b avg scan baseline / es-slist >= 10x (mail 57x). The
	 * model measures 1.5x to 4.5x. A sort is as costly as the mail says for
	 * its length (the list holds nearly every small inode; list_sort()
	 * of them is the baseline's maximum), but it is rare: each sort makes
	 * every inode "old", and the written extents of the old inodes then
	 * feed about fifty calls before nothing old is left to free. The
	 * EWMA read at the end reads those cheap calls. Asserted as measured:
	 * the baseline sorts, es-slist never does, the ratio stays below 10.
	 */
	assert_true(T(CASE_B, V_BASELINE, "list_sorts") > 0);
	/* the baseline's costliest call in case b holds a list sort: 46 % of its time at seed 1 */
	assert_true(T(CASE_B, V_BASELINE, "max_scan_sort_us") >
		    0.25 * T(CASE_B, V_BASELINE, "max_scan_us"));
	assert_true(T(CASE_B, V_ES_SLIST, "max_scan_sort_us") == 0);
	assert_true(T(CASE_B, V_ES_SLIST, "list_sorts") == 0);
	assert_true(T(CASE_B, V_BASELINE, "avg_scan_us") <
		    10 * T(CASE_B, V_ES_SLIST, "avg_scan_us"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reclaim_order),
		cmocka_unit_test(test_shrinker_never_frees_delayed),
		cmocka_unit_test(test_lookup_after_reclaim),
		cmocka_unit_test(test_scan_time_ewma),
		cmocka_unit_test(test_same_seed_same_result),
		cmocka_unit_test(test_invariants_every_event),
		cmocka_unit_test(test_calibration_against_the_mail),
	};

	return cmocka_run_group_tests_name("extent-status", tests, NULL, NULL);
}
