// SPDX-License-Identifier: GPL-2.0
/*
 * test-btrfs-fsync.c - the btrfs-fsync lab (labs/btrfs-fsync/btrfs-fsync.c), driven
 * through its struct lab: the state machine's invariants at every event
 * (states only move forward, no handle joins a transaction past
 * UNBLOCKED, at most one commit in its critical section, every waiter
 * woken with the state it waits for, every wait ended), who waits for what
 * in each variant, the unpin blocking no new transaction, dbench's
 * max_latency on a hand-built trace, and the calibration from the
 * mechanism (the mail's figures are for seven patches: the model is not
 * held to them).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btrfs-fsync.h"
#include "lab.h"
#include "lab_test.h"

/* the variants of every build (btrfs-fsync.h): not yours */
enum { NR_V = V_612 + 1 };

static const struct lab *lab = &lab_btrfs_fsync;

static double metric_of(const double *out, const char *name)
{
	return lab_metric(lab, out, name);
}

static void run_bf(int variant, const char *set, unsigned int seed,
		   unsigned long long check_every, double *out)
{
	lab_run(lab, variant, set, seed, check_every, out);
}

/* ---------------------------------------------------------------------
 * The state machine
 * ------------------------------------------------------------------- */

/*
 * Small shapes checked at every event: 6 clients on 4 CPUs for 200 ms,
 * every variant, both log modes, with and without synchronous discards,
 * two seeds.
 */
static void test_invariants_every_event(void **state)
{
	static const char *const shapes[] = {
		"clients=6;cpus=4;runtime_ms=200;log=0",
		"clients=6;cpus=4;runtime_ms=200;log=1",
		"clients=6;cpus=4;runtime_ms=200;log=1;discard=1",
		"clients=12;cpus=2;runtime_ms=200;log=0;unpin_ns=0",
		"clients=6;cpus=4;runtime_ms=200;log=0;tree_locks=1;unpin_mutex=1",
	};
	double out[LAB_MAX_METRICS];
	unsigned int seed;
	int v, k;

	(void)state;
	for (seed = 1; seed <= 2; seed++)
		for (k = 0; k < (int)(sizeof(shapes) / sizeof(shapes[0])); k++)
			for (v = 0; v < NR_V; v++) {
				run_bf(v, shapes[k], seed, 1, out);
				assert_true(metric_of(out, "commits") > 0);
				assert_true(metric_of(out, "flush_count") > 0);
			}
}

/* Who waits for which state, per variant and log mode. */
static void test_who_waits_for_what(void **state)
{
	double out[LAB_MAX_METRICS];

	(void)state;
	/* notreelog: every Flush commits; all are full-sync, so 6.12 is after */
	run_bf(V_BEFORE, "clients=16;runtime_ms=600;log=1", 1, 0, out);
	assert_true(metric_of(out, "completed_waits") > 0);
	assert_true(metric_of(out, "super_waits") == 0);
	assert_true(metric_of(out, "prev_waits") > 0);
	assert_true(metric_of(out, "wait_after_super_ms") > 0);
	assert_true(metric_of(out, "fallbacks") == metric_of(out, "full_sync_fallbacks"));
	run_bf(V_AFTER, "clients=16;runtime_ms=600;log=1", 1, 0, out);
	assert_true(metric_of(out, "completed_waits") == 0);
	assert_true(metric_of(out, "super_waits") > 0);
	assert_true(metric_of(out, "wait_after_super_ms") == 0);
	run_bf(V_612, "clients=16;runtime_ms=600;log=1", 1, 0, out);
	assert_true(metric_of(out, "attach_waits") == 0);
	assert_true(metric_of(out, "wait_after_super_ms") == 0);

	/* tree-log: 6.12's fast fsyncs that fall back wait through the attach barrier */
	run_bf(V_612, "clients=16;runtime_ms=1000", 1, 0, out);
	assert_true(metric_of(out, "log_syncs") > 0);
	assert_true(metric_of(out, "fallbacks") > 0);
	assert_true(metric_of(out, "fallbacks") > metric_of(out, "full_sync_fallbacks"));
	assert_true(metric_of(out, "attach_waits") > 0);
	assert_true(metric_of(out, "wait_after_super_ms") > 0);
	assert_true(metric_of(out, "completed_waits") == 0);	/* no in_fsync handle waits for COMPLETED */
	run_bf(V_AFTER, "clients=16;runtime_ms=1000", 1, 0, out);
	assert_true(metric_of(out, "attach_waits") == 0);
}

/* The unpin blocks no new transaction: handles start while a commit unpins. */
static void test_unpin_blocks_no_start(void **state)
{
	double out[LAB_MAX_METRICS];
	int v;

	(void)state;
	for (v = 0; v < NR_V; v++) {
		run_bf(v, "clients=16;runtime_ms=600;log=1", 2, 1000, out);
		assert_true(metric_of(out, "starts_during_unpin") > 0);
	}
}

/* ---------------------------------------------------------------------
 * dbench's latency definition
 * ------------------------------------------------------------------- */

static void test_max_latency_definition(void **state)
{
	/* starts in ms; warmup ends at 10, the run at 40 */
	static const u64 ms = NSEC_PER_MSEC;
	u64 a[] = { 1 * ms, 9 * ms, 14 * ms, 15 * ms, 22 * ms, 25 * ms, 37 * ms };
	u64 b[] = { 2 * ms, 30 * ms };
	u64 c[] = { 5 * ms, 6 * ms, 39 * ms };

	(void)state;
	/* the longest gap between starts after the warmup: 25 -> 37 */
	assert_int_equal(bf_test_max_latency(a, 7, 10 * ms, 40 * ms), 12 * ms);
	/* a gap across the end of the warmup counts from the warmup on: 10 -> 30 */
	assert_int_equal(bf_test_max_latency(b, 2, 10 * ms, 40 * ms), 20 * ms);
	/* an operation in flight at the end counts to the end; gaps in the warmup do not */
	assert_int_equal(bf_test_max_latency(c, 3, 10 * ms, 40 * ms), 29 * ms);
	assert_int_equal(bf_test_max_latency(c, 3, 10 * ms, 70 * ms), 31 * ms);
}

/* ---------------------------------------------------------------------
 * Calibration, from the mechanism
 * ------------------------------------------------------------------- */

#define SEEDS 3

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* the median over seeds 1..SEEDS of metric @name */
static double median_of(int variant, const char *set, const char *name)
{
	double v[SEEDS], out[LAB_MAX_METRICS];
	int i;

	for (i = 0; i < SEEDS; i++) {
		run_bf(variant, set, (unsigned int)i + 1, 0, out);
		v[i] = metric_of(out, name);
	}
	qsort(v, SEEDS, sizeof(v[0]), cmp_double);
	return v[SEEDS / 2];
}

struct variant_figures {
	double tput, flush_max, flush_avg, commit, after_super;
};

static void figures(int variant, const char *set, struct variant_figures *f)
{
	f->tput = median_of(variant, set, "throughput_mb_s");
	f->flush_max = median_of(variant, set, "flush_max_ms");
	f->flush_avg = median_of(variant, set, "flush_avg_ms");
	f->commit = median_of(variant, set, "commit_avg_ms");
	f->after_super = median_of(variant, set, "wait_after_super_ms");
}

/*
 * At the mail's client counts (tree-log, 12 CPUs, 2.5 s): the commit a
 * committer runs is the same work (its transaction may be a little
 * larger, its waiters having come back sooner), before's waiters spend
 * time after SUPER_COMMITTED and after's none. The throughput and Flush
 * figures are printed, not held: whether their change is clear of the
 * seeds' noise is for ten seeds paired and their interval
 * (web/src/labs/btrfs-fsync/measure.ts and its tests), not for a median
 * of three.
 */
static void test_calibration(void **state)
{
	static const char *const rows[] = { "clients=32", "clients=64" };
	struct variant_figures b, a;
	int r;

	(void)state;
	for (r = 0; r < 2; r++) {
		figures(V_BEFORE, rows[r], &b);
		figures(V_AFTER, rows[r], &a);
		print_message("%s: throughput %.0f -> %.0f MB/s (%+.1f%%), Flush max %.2f -> %.2f ms (%+.1f%%, issue bar <= -10%%), Flush avg %.2f -> %.2f ms, commit %.2f -> %.2f ms, after SUPER_COMMITTED %.0f -> %.0f ms\n",
			      rows[r], b.tput, a.tput, 100 * (a.tput / b.tput - 1),
			      b.flush_max, a.flush_max, 100 * (a.flush_max / b.flush_max - 1),
			      b.flush_avg, a.flush_avg, b.commit, a.commit, b.after_super,
			      a.after_super);
		assert_true(a.commit >= 0.9 * b.commit && a.commit <= 1.1 * b.commit);
		assert_true(b.after_super > 0);
		assert_true(a.after_super == 0);
	}
}

/*
 * Without the unpin, SUPER_COMMITTED and COMPLETED all but coincide: before's
 * waiters spend next to nothing past the super block, so the variants wait
 * alike (whether their throughputs then differ beyond the seeds' noise is
 * the unpin study's on record, ten seeds paired: measure.ts).
 */
static void test_no_unpin_no_difference(void **state)
{
	double with[LAB_MAX_METRICS], without[LAB_MAX_METRICS];

	(void)state;
	run_bf(V_BEFORE, "clients=32;runtime_ms=1000", 1, 0, with);
	run_bf(V_BEFORE, "clients=32;runtime_ms=1000;unpin_ns=0", 1, 0, without);
	print_message("before, past SUPER_COMMITTED: %.1f ms, %.1f ms without the unpin\n",
		      metric_of(with, "wait_after_super_ms"), metric_of(without, "wait_after_super_ms"));
	assert_true(metric_of(with, "wait_after_super_ms") > 0);
	assert_true(metric_of(without, "wait_after_super_ms") < 0.1 * metric_of(with, "wait_after_super_ms"));
}

/*
 * The tree blocks' locks: with them, searches wait (most for the fs tree's
 * root, which a deletion write-locks while it waits for its level-1 node)
 * and a deletion-heavy Unlink slows; without them (tree_locks=off) the same
 * work waits for none.
 */
static void test_tree_locks(void **state)
{
	double on[LAB_MAX_METRICS], off[LAB_MAX_METRICS];

	(void)state;
	run_bf(V_BEFORE, "clients=32;runtime_ms=1000", 1, 0, on);
	run_bf(V_BEFORE, "clients=32;runtime_ms=1000;tree_locks=1", 1, 0, off);
	print_message("tree locks on/off: waits %.0f/%.0f ms (fs root %.0f), Unlink %.3f/%.3f ms, throughput %.0f/%.0f MB/s\n",
		      metric_of(on, "tree_lock_wait_ms"), metric_of(off, "tree_lock_wait_ms"),
		      metric_of(on, "fs_root_wait_ms"), metric_of(on, "op_unlink_avg_ms"),
		      metric_of(off, "op_unlink_avg_ms"), metric_of(on, "throughput_mb_s"),
		      metric_of(off, "throughput_mb_s"));
	assert_true(metric_of(on, "fs_root_wait_ms") > 0.5 * metric_of(on, "tree_lock_wait_ms"));
	assert_true(metric_of(off, "tree_lock_wait_ms") == 0);
	assert_true(metric_of(on, "op_unlink_avg_ms") > 2 * metric_of(off, "op_unlink_avg_ms"));
	assert_true(metric_of(on, "throughput_mb_s") < metric_of(off, "throughput_mb_s"));
}

/*
 * Unpins overlap only after the patch: before's next committer waits for
 * its predecessor's COMPLETED (site 2), so no two unpins meet on
 * unused_bg_unpin_mutex; after's do once an unpin outlasts a commit, and
 * taking the mutex away (unpin_mutex=off) shortens after's commits.
 */
static void test_unpins_overlap_after(void **state)
{
	static const char *const set = "clients=32;runtime_ms=1500;unpin_ns=34000";
	double b[LAB_MAX_METRICS], a[LAB_MAX_METRICS], off[LAB_MAX_METRICS];

	(void)state;
	run_bf(V_BEFORE, set, 1, 0, b);
	run_bf(V_AFTER, set, 1, 0, a);
	run_bf(V_AFTER, "clients=32;runtime_ms=1500;unpin_ns=34000;unpin_mutex=1", 1, 0, off);
	print_message("unpin 34 us: mutex waits %.0f -> %.0f ms, commit %.1f -> %.1f ms (%.1f without the mutex)\n",
		      metric_of(b, "unpin_mutex_wait_ms"), metric_of(a, "unpin_mutex_wait_ms"),
		      metric_of(b, "commit_avg_ms"), metric_of(a, "commit_avg_ms"),
		      metric_of(off, "commit_avg_ms"));
	assert_true(metric_of(b, "unpin_mutex_wait_ms") == 0);
	assert_true(metric_of(a, "unpin_mutex_wait_ms") > 0);
	assert_true(metric_of(off, "unpin_mutex_wait_ms") == 0);
	assert_true(metric_of(off, "commit_avg_ms") < metric_of(a, "commit_avg_ms"));
}

/* ---------------------------------------------------------------------
 * Away from the rows: smooth, stable, independent of what btrfs ignores
 * ------------------------------------------------------------------- */

static void test_smooth_and_stable(void **state)
{
	double out[LAB_MAX_METRICS], prev = 0, lo = 1e30, hi = 0, t;
	char set[96];
	int n;
	unsigned int seed;

	(void)state;
	/* clients 28..36: no cliff */
	for (n = 28; n <= 36; n += 2) {
		snprintf(set, sizeof(set), "clients=%d;runtime_ms=1500", n);
		run_bf(V_AFTER, set, 1, 0, out);
		t = metric_of(out, "throughput_mb_s");
		if (prev)
			assert_true(t > 0.9 * prev && t < 1.1 * prev);
		prev = t;
	}
	/* seeds 1-5 at an unnamed point within 5% */
	for (seed = 1; seed <= 5; seed++) {
		run_bf(V_BEFORE, "clients=24;cpus=8;runtime_ms=1500", seed, 0, out);
		t = metric_of(out, "throughput_mb_s");
		lo = t < lo ? t : lo;
		hi = t > hi ? t : hi;
	}
	assert_true(hi <= 1.05 * lo);
	/* the run's length moves throughput (a rate) little */
	run_bf(V_AFTER, "clients=16;runtime_ms=1000", 1, 0, out);
	t = metric_of(out, "throughput_mb_s");
	run_bf(V_AFTER, "clients=16;runtime_ms=3000", 1, 0, out);
	assert_true(metric_of(out, "throughput_mb_s") > 0.93 * t &&
		    metric_of(out, "throughput_mb_s") < 1.07 * t);
	/* more CPUs never slow the clients down */
	prev = 0;
	for (n = 2; n <= 16; n += 2) {
		snprintf(set, sizeof(set), "clients=32;cpus=%d;runtime_ms=1000", n);
		run_bf(V_AFTER, set, 1, 0, out);
		t = metric_of(out, "throughput_mb_s");
		assert_true(t >= 0.97 * prev);
		prev = t;
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_invariants_every_event),
		cmocka_unit_test(test_who_waits_for_what),
		cmocka_unit_test(test_unpin_blocks_no_start),
		cmocka_unit_test(test_max_latency_definition),
		cmocka_unit_test(test_calibration),
		cmocka_unit_test(test_no_unpin_no_difference),
		cmocka_unit_test(test_tree_locks),
		cmocka_unit_test(test_unpins_overlap_after),
		cmocka_unit_test(test_smooth_and_stable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
