// SPDX-License-Identifier: GPL-2.0
/*
 * test-ext4-writeback.c - the ext4-writeback lab (labs/ext4-writeback/ext4-writeback.c),
 * driven through its struct lab: the page cache's invariants and the fsync
 * audit (every fsync returns only once the pages dirtied before it are on
 * disk and its transaction is committed) at every event, the histogram and
 * jbd2's counters on traces whose outcome is known by hand, the calibration
 * against the mail as far as the mechanism carries it, smoothness in jobs
 * and bs, and seed stability.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext4-writeback.h"
#include "lab.h"
#include "lab_test.h"

/* the variants of every build (ext4-writeback.h): not yours */
enum { NR_V = V_AFTER + 1 };

#define NR_SEEDS	6

static const struct lab *lab = &lab_ext4_writeback;

static double metric_of(const double *out, const char *name)
{
	return lab_metric(lab, out, name);
}

/* metric @suffix of the sync mode the run used: fsync_<suffix> or fdatasync_<suffix> */
static double sync_metric(const double *out, bool datasync, const char *suffix)
{
	char name[96];

	snprintf(name, sizeof(name), "%s_%s", datasync ? "fdatasync" : "fsync", suffix);
	return metric_of(out, name);
}

static void params_of(const char *set, long long *p)
{
	lab_params(lab, set, p);
}

static void run_ewb(int variant, const char *set, unsigned int seed,
		    unsigned long long check_every, double *out)
{
	lab_run(lab, variant, set, seed, check_every, out);
}

/* ---------------------------------------------------------------------
 * Invariants and the fsync audit
 * ------------------------------------------------------------------- */

/*
 * Small shapes checked at every event: both variants, both kernels, fsync
 * and fdatasync, writes of one page and of many, two seeds. The audit of
 * every fsync runs in each of them.
 */
static void test_invariants_every_event(void **state)
{
	static const char *const shapes[] = {
		"jobs=4;runtime_ms=500",
		"jobs=6;runtime_ms=500;kernel=1",
		"jobs=5;runtime_ms=500;sync=1",
		"jobs=8;runtime_ms=500;bs_kib=4;filesize=65536",
		"jobs=3;runtime_ms=500;bs_kib=64;filesize=262144;kernel=1;sync=1",
	};
	double out[LAB_MAX_METRICS];
	unsigned int seed;
	int v, k;

	(void)state;
	for (seed = 1; seed <= 2; seed++)
		for (k = 0; k < (int)(sizeof(shapes) / sizeof(shapes[0])); k++)
			for (v = 0; v < NR_V; v++) {
				bool ds = strstr(shapes[k], "sync=1") != NULL;

				run_ewb(v, shapes[k], seed, 1, out);
				assert_true(sync_metric(out, ds, "iops_per_s") > 0);
				assert_true(sync_metric(out, ds, "writepages_calls_count") > 0);
			}
}

/* The mail's shape, checked every 50 events, with the audit of every fsync. */
static void test_invariants_mail_shape(void **state)
{
	double out[LAB_MAX_METRICS];
	int v;

	(void)state;
	for (v = 0; v < NR_V; v++) {
		run_ewb(v, "runtime_ms=2000", 7, 50, out);
		run_ewb(v, "runtime_ms=2000;sync=1", 7, 50, out);
	}
}

/* ---------------------------------------------------------------------
 * The histogram and jbd2's counters, by hand
 * ------------------------------------------------------------------- */

static void test_histogram_by_hand(void **state)
{
	/* one call in each bucket's edges, and two beyond the mail's last */
	static const u64 pages[] = { 0, 1, 2, 3, 4, 4, 4, 5, 16, 17, 29, 30, 64 };
	double b[EWB_NR_BUCKETS], mean;
	int i;

	(void)state;
	mean = ewb_test_histogram(pages, (int)(sizeof(pages) / sizeof(pages[0])), b);
	assert_true(fabs(mean - 179.0 / 13.0) < 1e-12);
	assert_true(b[0] == 2 && b[1] == 2 && b[2] == 4 && b[8] == 2 && b[14] == 1);
	assert_true(b[EWB_NR_BUCKETS - 1] == 2);
	for (i = 3; i < 8; i++)
		assert_true(b[i] == 0);
	assert_int_equal(ewb_bucket(28), 14);
	assert_int_equal(ewb_bucket(29), 14);
	assert_int_equal(ewb_bucket(30), EWB_NR_BUCKETS - 1);
	assert_int_equal(ewb_bucket(1000), EWB_NR_BUCKETS - 1);
}

/*
 * The scan's lookup: at most a batch of TOWRITE pages at once, in index
 * order from where the last one stopped; a full batch resumes after its
 * last page, a short one ends the range (pagevec_lookup_range_tag).
 */
static void test_lookup_batches(void **state)
{
	bool towrite[40] = { false };
	u64 found[EWB_MAX_BATCH], next;
	int i, n;

	(void)state;
	for (i = 0; i < 40; i += 2)
		towrite[i] = true;	/* 20 tagged pages: 0, 2, ..., 38 */
	n = ewb_test_lookup(towrite, 40, EWB_BATCH_510, 0, 39, found, &next);
	assert_int_equal(n, 15);
	assert_int_equal(found[0], 0);
	assert_int_equal(found[14], 28);
	assert_int_equal(next, 29);
	n = ewb_test_lookup(towrite, 40, EWB_BATCH_510, next, 39, found, &next);
	assert_int_equal(n, 5);
	assert_int_equal(found[0], 30);
	assert_int_equal(found[4], 38);
	assert_int_equal(next, 40);
	/* 6.12's folio_batch takes them all at once; a range's end bounds it */
	assert_int_equal(ewb_test_lookup(towrite, 40, EWB_BATCH_612, 0, 39, found, &next), 20);
	assert_int_equal(ewb_test_lookup(towrite, 40, EWB_BATCH_612, 3, 9, found, &next), 3);
	assert_int_equal(found[0], 4);
	assert_int_equal(next, 10);
	assert_int_equal(ewb_test_lookup(towrite, 40, 0, 0, 39, found, &next), -1);
}

/*
 * One job alone: every fsync's ext4_writepages writes exactly its own
 * write's pages, as one request. In 6.12 after, each transaction holds the
 * one mtime handle of the write that opened it and is committed by that
 * write's fsync: 1 handle, 1 metadata block, 3 logged blocks (descriptor,
 * inode table block, commit block), requested. 5.10 adds the write's four
 * write_begin handles to its transaction, before the extra pass's handle.
 */
static void test_one_job_by_hand(void **state)
{
	double out[LAB_MAX_METRICS];
	int v;

	(void)state;
	run_ewb(V_AFTER, "jobs=1;kernel=1", 3, 0, out);
	assert_true(metric_of(out, "fsync_writepages_pages_per_call") == 4);
	assert_true(metric_of(out, "fsync_writepages_calls_by_pages_4_5") ==
		    metric_of(out, "fsync_writepages_calls_count"));
	assert_true(metric_of(out, "fsync_jbd2_handles_per_txn") == 1);
	assert_true(metric_of(out, "fsync_jbd2_logged_blocks_per_txn") == 3);
	assert_true(metric_of(out, "fsync_jbd2_requested_count") ==
		    metric_of(out, "fsync_jbd2_transactions_count"));
	assert_true(metric_of(out, "device_merges") == 0);
	assert_true(metric_of(out, "extra_passes") == 0);

	/* 5.10 after: the mtime handle and the write's four write_begin handles */
	run_ewb(V_AFTER, "jobs=1;kernel=0", 3, 0, out);
	assert_true(metric_of(out, "fsync_jbd2_handles_per_txn") == 5);

	/* before: one extra pass per call, which finds nothing left to write */
	run_ewb(V_BEFORE, "jobs=1;kernel=1", 3, 0, out);
	assert_true(metric_of(out, "fsync_writepages_pages_per_call") == 4);
	assert_true(metric_of(out, "extra_pass_pages") == 0);
	assert_true(metric_of(out, "extra_passes") == metric_of(out, "writepages_handles"));

	/* every handle started ends in a committed transaction, in every shape */
	for (v = 0; v < NR_V; v++) {
		static const char *const shapes[] = {
			"jobs=1;kernel=0", "jobs=1;kernel=1", "jobs=16;runtime_ms=2000",
			"jobs=16;runtime_ms=2000;kernel=1", "jobs=16;runtime_ms=2000;sync=1",
		};
		int k;

		for (k = 0; k < (int)(sizeof(shapes) / sizeof(shapes[0])); k++) {
			run_ewb(v, shapes[k], 5, 0, out);
			assert_true(metric_of(out, "jbd2_handles_total") ==
				    metric_of(out, "mtime_updates") +
				    metric_of(out, "write_begin_handles") +
				    metric_of(out, "writepages_handles"));
			if (v == V_AFTER)
				assert_true(metric_of(out, "writepages_handles") == 0);
		}
	}
}

/* fdatasync needs no commit for an mtime: the journal only runs its timer */
static void test_fdatasync_needs_no_commit(void **state)
{
	double out[LAB_MAX_METRICS];

	(void)state;
	run_ewb(V_AFTER, "jobs=4;kernel=1;sync=1", 2, 0, out);
	assert_true(metric_of(out, "fdatasync_jbd2_requested_count") == 0);
	assert_true(metric_of(out, "device_flushes") > 0);
	/* blk-flush coalesces: fewer flushes sent than asked for */
	run_ewb(V_AFTER, "jobs=16;sync=1", 2, 0, out);
	assert_true(metric_of(out, "device_flushes") < metric_of(out, "flush_calls"));
}

/* ---------------------------------------------------------------------
 * The calibration: the mail's shape over seeds
 * ------------------------------------------------------------------- */

struct span {
	double min, max, sum;
};

static void span_add(struct span *sp, double x, bool first)
{
	if (first || x < sp->min)
		sp->min = x;
	if (first || x > sp->max)
		sp->max = x;
	sp->sum = (first ? 0 : sp->sum) + x;
}

struct calib {
	struct span iops, handles, txns, pages, clat_max, wp_avg;
	double small, large;	/* histogram: [0-1] calls, and calls of 6 pages or more */
};

static void calibrate(const char *set, bool datasync, struct calib *c)
{
	double out[LAB_MAX_METRICS];
	unsigned int seed;
	int v, b;

	for (v = 0; v < NR_V; v++) {
		memset(&c[v], 0, sizeof(c[v]));
		for (seed = 1; seed <= NR_SEEDS; seed++) {
			bool first = seed == 1;
			char name[64];

			run_ewb(v, set, seed, 0, out);
			span_add(&c[v].iops, sync_metric(out, datasync, "iops_per_s"), first);
			span_add(&c[v].handles, sync_metric(out, datasync, "jbd2_handles_per_txn"), first);
			span_add(&c[v].txns, sync_metric(out, datasync, "jbd2_transactions_count"), first);
			span_add(&c[v].pages, sync_metric(out, datasync, "writepages_pages_per_call"), first);
			span_add(&c[v].clat_max, sync_metric(out, datasync, "clat_max_us"), first);
			span_add(&c[v].wp_avg, sync_metric(out, datasync, "writepages_avg_ns"), first);
			c[v].small += sync_metric(out, datasync, "writepages_calls_by_pages_0_1");
			for (b = 6; b < 30; b += 2) {
				snprintf(name, sizeof(name), "writepages_calls_by_pages_%d_%d", b, b + 1);
				c[v].large += sync_metric(out, datasync, name);
			}
		}
		print_message("%s %s: iops %.1f-%.1f (mean %.1f), handles/txn %.1f-%.1f, txns %.0f-%.0f, pages/call %.4f-%.4f, clat max %.0f-%.0f us, writepages %.2f-%.2f ms, [0-1] %.0f, >=6 pages %.0f\n",
			      set, lab->variants[v], c[v].iops.min, c[v].iops.max,
			      c[v].iops.sum / NR_SEEDS, c[v].handles.min, c[v].handles.max,
			      c[v].txns.min, c[v].txns.max, c[v].pages.min, c[v].pages.max,
			      c[v].clat_max.min, c[v].clat_max.max, c[v].wp_avg.min / 1e6,
			      c[v].wp_avg.max / 1e6, c[v].small, c[v].large);
	}
}

/*
 * The mail: before (the revert) +2.4 % IOPS, 67 vs 51 handles per
 * transaction, 2092 vs 2143 transactions, the same 3.92 pages per call,
 * more calls of 0-1 pages and of many. The model reproduces every one of
 * these but the IOPS: its extra pass also picks up slots half written by a
 * writer (tagged by another fsync between two of its pages), so before
 * sends more, smaller requests to the 500-IOPS device and loses about 10 %.
 * The test holds the mechanism's figures to the mail and keeps the IOPS
 * difference bounded, without a direction.
 */
static void test_calibration(void **state)
{
	struct calib c[NR_V];
	double a, b;

	(void)state;
	calibrate("jobs=16;bs_kib=16;filesize=1000000;sync=0", false, c);
	assert_true(c[V_BEFORE].handles.sum >= 1.15 * c[V_AFTER].handles.sum);
	assert_true(c[V_BEFORE].handles.min > c[V_AFTER].handles.max);
	assert_true(c[V_BEFORE].txns.max < c[V_AFTER].txns.min);
	a = c[V_BEFORE].pages.sum / NR_SEEDS;
	b = c[V_AFTER].pages.sum / NR_SEEDS;
	assert_true(fabs(a - b) <= 0.02 * b);
	assert_true(c[V_BEFORE].small > c[V_AFTER].small);
	assert_true(c[V_BEFORE].large > c[V_AFTER].large);
	assert_true(c[V_BEFORE].wp_avg.min > c[V_AFTER].wp_avg.max);
	a = c[V_BEFORE].iops.sum / NR_SEEDS;
	b = c[V_AFTER].iops.sum / NR_SEEDS;
	assert_true(fabs(a - b) <= 0.15 * b);

	/* fdatasync: no commits to batch; the extra pass still batches pages */
	calibrate("jobs=16;bs_kib=16;filesize=1000000;sync=1", true, c);
	a = c[V_BEFORE].pages.sum / NR_SEEDS;
	b = c[V_AFTER].pages.sum / NR_SEEDS;
	assert_true(fabs(a - b) <= 0.02 * b);
	/* the large calls grow; the [0-1] calls stay within noise (measured: 1378 vs 1407) */
	assert_true(c[V_BEFORE].large > c[V_AFTER].large);
	assert_true(c[V_BEFORE].wp_avg.min > c[V_AFTER].wp_avg.max);
	a = c[V_BEFORE].iops.sum / NR_SEEDS;
	b = c[V_AFTER].iops.sum / NR_SEEDS;
	assert_true(fabs(a - b) <= 0.15 * b);
}

/* 6.12 has no write_begin handles: far fewer handles, the same direction (kernel lab: 10 vs 2). */
static void test_kernel_612_handles(void **state)
{
	double out[LAB_MAX_METRICS], before, after;

	(void)state;
	run_ewb(V_BEFORE, "kernel=1", 4, 0, out);
	before = metric_of(out, "fsync_jbd2_handles_per_txn");
	run_ewb(V_AFTER, "kernel=1", 4, 0, out);
	after = metric_of(out, "fsync_jbd2_handles_per_txn");
	print_message("6.12 handles per transaction: before %.2f, after %.2f\n", before, after);
	assert_true(after < 2);
	assert_true(before > 4 * after);
	run_ewb(V_AFTER, "kernel=0", 4, 0, out);
	assert_true(metric_of(out, "fsync_jbd2_handles_per_txn") > 10 * after);
}

/* ---------------------------------------------------------------------
 * Smoothness, stability, parameters
 * ------------------------------------------------------------------- */

static void test_smooth_and_stable(void **state)
{
	static const int jobs[] = { 1, 2, 4, 8, 16, 32 };
	static const int bs[] = { 4, 8, 16, 32, 64 };
	double out[LAB_MAX_METRICS], prev = 0, x, sum = 0, sq = 0, mean;
	char set[96];
	int v, i;
	unsigned int seed;

	(void)state;
	for (v = 0; v < NR_V; v++) {
		/* IOPS grows with jobs while the device has room, and never jumps */
		for (i = 0; i < (int)(sizeof(jobs) / sizeof(jobs[0])); i++) {
			snprintf(set, sizeof(set), "jobs=%d;runtime_ms=3000", jobs[i]);
			run_ewb(v, set, 1, 0, out);
			x = metric_of(out, "fsync_iops_per_s");
			assert_true(x > 0 && x <= 500);
			if (i)
				assert_true(x > 0.8 * prev && x < 2.0 * prev);
			prev = x;
		}
		/* bandwidth grows with bs, IOPS falls, neither jumps */
		for (i = 0; i < (int)(sizeof(bs) / sizeof(bs[0])); i++) {
			double bw;

			snprintf(set, sizeof(set), "bs_kib=%d;runtime_ms=3000", bs[i]);
			run_ewb(v, set, 1, 0, out);
			x = metric_of(out, "fsync_iops_per_s");
			bw = metric_of(out, "fsync_bw_kib_per_s");
			if (i) {
				assert_true(x <= 1.05 * prev && x > 0.5 * prev);
				assert_true(bw > sum);
			}
			prev = x;
			sum = bw;
		}
		sum = 0;
	}
	/* seeds: IOPS within a few percent of its mean */
	for (seed = 1; seed <= NR_SEEDS; seed++) {
		run_ewb(V_AFTER, "", seed, 0, out);
		x = metric_of(out, "fsync_iops_per_s");
		sum += x;
		sq += x * x;
	}
	mean = sum / NR_SEEDS;
	assert_true(sqrt(sq / NR_SEEDS - mean * mean) < 0.05 * mean);
}

static void test_bad_params(void **state)
{
	long long p[LAB_MAX_PARAMS];
	char msg[200];

	(void)state;
	params_of("bs_kib=6", p);
	assert_int_equal(lab->check(p, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "bs_kib"));
	params_of("bs_kib=256;filesize=65536", p);
	assert_int_equal(lab->check(p, msg, sizeof(msg)), -1);
	assert_non_null(strstr(msg, "filesize"));
	params_of("", p);
	assert_int_equal(lab->check(p, msg, sizeof(msg)), 0);
}

/* A run over its event budget stops with an error naming it, not a hang. */
static void test_event_budget(void **state)
{
	long long p[LAB_MAX_PARAMS];
	struct sim s;

	(void)state;
	params_of("", p);
	sim_init(&s, lab->nr_cpus(p), 1);
	s.max_events = 20000;
	s.max_mem = (size_t)256 << 20;
	assert_int_equal(lab->setup(&s, V_BEFORE, p), 0);
	sim_run(&s);
	assert_true(s.error != 0);
	assert_non_null(strstr(s.errmsg, "event"));
	sim_destroy(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_invariants_every_event),
		cmocka_unit_test(test_invariants_mail_shape),
		cmocka_unit_test(test_histogram_by_hand),
		cmocka_unit_test(test_lookup_batches),
		cmocka_unit_test(test_one_job_by_hand),
		cmocka_unit_test(test_fdatasync_needs_no_commit),
		cmocka_unit_test(test_calibration),
		cmocka_unit_test(test_kernel_612_handles),
		cmocka_unit_test(test_smooth_and_stable),
		cmocka_unit_test(test_bad_params),
		cmocka_unit_test(test_event_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
