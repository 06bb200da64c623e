// SPDX-License-Identifier: GPL-2.0
/*
 * test_snapshots.c - every lab's snapshot stays small at any size: a
 * structure longer than its window is sent as totals and per-segment counts
 * plus a window of entries around where the work stands, and says so; a
 * small one is sent whole, its window covering it all.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jc_api.h"
#include "test_util.h"

/* a big configuration's snapshot stays under this many bytes */
#define SNAP_BYTES_MAX	(32 << 10)

/* run @lab's @variant with @params to @stop_step (0: half of the whole run); returns its snapshot */
static const char *snap_at(const char *lab, const char *variant, const char *params, double stop_step)
{
	char opts[64];
	double steps;

	if (!stop_step) {
		if (jc_run(lab, variant, params, 1, "trace_max=0") != JC_OK)
			fail_msg("%s %s '%s': %s", lab, variant, params, jc_last_error());
		assert_true(json_num(jc_result_json(), "steps", &steps));
		stop_step = (double)(long long)(steps / 2);
	}
	snprintf(opts, sizeof(opts), "stop_step=%.0f;trace_max=0", stop_step);
	if (jc_run(lab, variant, params, 1, opts) != JC_OK)
		fail_msg("%s %s '%s' to step %.0f: %s", lab, variant, params, stop_step, jc_last_error());
	return jc_snapshot_json();
}

/* occurrences of @needle in the array that follows "@key":[ (objects of one level of nesting) */
static int array_count(const char *json, const char *key, const char *needle)
{
	char pat[64];
	const char *p, *end;
	int depth = 0, n = 0;
	size_t nl = strlen(needle);

	snprintf(pat, sizeof(pat), "\"%s\":[", key);
	p = strstr(json, pat);
	if (!p)
		fail_msg("no array %s in the snapshot", key);
	for (p += strlen(pat), end = p; *end; end++) {
		if (*end == '[' || *end == '{')
			depth++;
		else if (*end == ']' || *end == '}') {
			if (!depth--)
				break;
		} else if (!strncmp(end, needle, nl)) {
			n++;
		}
	}
	return n;
}

struct win {
	double from, to, of, cursor;
};

/* the window object "@key":{"from","to","of","cursor"} */
static struct win win_of(const char *json, const char *key)
{
	char pat[64];
	const char *p;
	struct win w;

	snprintf(pat, sizeof(pat), "\"%s\":{", key);
	p = strstr(json, pat);
	if (!p)
		fail_msg("no window %s in the snapshot", key);
	assert_true(json_num(p, "from", &w.from));
	assert_true(json_num(p, "to", &w.to));
	assert_true(json_num(p, "of", &w.of));
	assert_true(json_num(p, "cursor", &w.cursor));
	assert_true(w.from >= 0 && w.from <= w.to && w.to <= w.of);
	return w;
}

/* ---------------------------------------------------------------------
 * fast-commit: the two queues
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
 * The mail's 64 ways with 16,384 files, halfway: the walk stands deep in a
 * queue of thousands, and the snapshot holds 128 entries around it. After
 * the patch the inode window is around the inode the record links to.
 */
static void test_fc_big_queues_are_windowed(void **state)
{
	const char *snap = snap_at("fast-commit", "before", "ways=64;dirs=64;files=256", 0);
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

	snap = snap_at("fast-commit", "after", "ways=64;dirs=64;files=256", 0);
	iw = win_of(snap, "inode_win");
	assert_true(json_num(snap, "target", &iidx));
	assert_true(iw.to - iw.from == 128 && iw.of > 1000);
	assert_true(iidx >= 0 && iw.cursor == iidx && iw.from <= iidx && iidx < iw.to);
	if (strlen(snap) > SNAP_BYTES_MAX)
		fail_msg("fast-commit snapshot after the patch of %zu bytes", strlen(snap));
}

/* ---------------------------------------------------------------------
 * inode-hash: the hash table
 * ------------------------------------------------------------------- */

/* the sum of the flat array of numbers after "@key":[ in @json (NULL: fails) */
static double array_sum(const char *json, const char *key)
{
	char pat[64];
	const char *p;
	double sum = 0;

	snprintf(pat, sizeof(pat), "\"%s\":[", key);
	p = json ? strstr(json, pat) : NULL;
	if (!p)
		fail_msg("no array %s in the snapshot", key);
	for (p += strlen(pat); *p && *p != ']'; p++) {
		char *end;

		sum += strtod(p, &end);
		p = end;
		if (*p == ']')
			break;
	}
	return sum;
}

static void test_ih_small_table_is_whole(void **state)
{
	const char *snap = snap_at("inode-hash", "before", "hash_bits=6", 0);
	struct win w = win_of(snap, "window");
	double nonempty, hashed;

	(void)state;
	assert_true(json_balanced(snap));
	assert_true(json_num(snap, "nonempty", &nonempty));
	assert_true(json_num(snap, "hashed", &hashed));
	assert_true(nonempty > 0 && nonempty <= 64);
	assert_true(w.from == 0 && w.to == 64 && w.of == 64 && w.cursor == -1);
	/* every chain listed, every bucket its own segment, and they agree */
	assert_int_equal(array_count(snap, "chains", "\"bucket\":"), (int)nonempty);
	assert_int_equal(json_array_len(snap, "longest"), 64);
	assert_true(array_sum(strstr(snap, "\"segments\":"), "inodes") == hashed);
}

/*
 * 16,384 buckets holding tens of thousands of inodes: 64 chains listed,
 * every walker's among them, and 512 segments that count every inode.
 */
static void test_ih_big_table_is_windowed(void **state)
{
	const char *snap = snap_at("inode-hash", "before",
				   "hash_bits=14;icache=1048576;threads=20;dirs=16;files=256;passes=1", 0);
	/* the table alone: the chain heatmap's size is its time buckets' */
	size_t bytes = (size_t)(strstr(snap, "\"chain_heat\":") - strstr(snap, "\"ih\":"));
	struct win w = win_of(snap, "window");
	double nonempty, hashed, bucket;
	const char *p;

	(void)state;
	assert_true(json_balanced(snap));
	if (bytes > SNAP_BYTES_MAX)
		fail_msg("inode-hash table of %zu bytes in the snapshot (at most %d)", bytes, SNAP_BYTES_MAX);
	assert_true(json_num(snap, "nonempty", &nonempty));
	assert_true(json_num(snap, "hashed", &hashed));
	if (!(nonempty > 1000 && hashed > 10000))
		fail_msg("%.0f chains, %.0f inodes: not a big table", nonempty, hashed);
	assert_true(w.of == 16384 && w.from <= w.cursor && w.cursor < w.to);
	assert_int_equal(array_count(snap, "chains", "\"bucket\":"), 64);
	assert_int_equal(json_array_len(snap, "longest"), 512);
	assert_true(array_sum(strstr(snap, "\"segments\":"), "inodes") == hashed);
	/* each reader's bucket is listed */
	p = strstr(snap, "\"readers\":[");
	assert_non_null(p);
	for (p = strstr(p, "\"bucket\":"); p && p < strstr(snap, "\"locked_walkers\""); p = strstr(p + 1, "\"bucket\":")) {
		char pat[48];

		assert_true(json_num(p, "bucket", &bucket));
		snprintf(pat, sizeof(pat), "{\"bucket\":%.0f,", bucket);
		if (!strstr(snap, pat))
			fail_msg("the chain of bucket %.0f, walked now, is not listed", bucket);
	}
}

/* ---------------------------------------------------------------------
 * extent-status: the focus inode's tree
 * ------------------------------------------------------------------- */

/*
 * The tree as runs of one status: every run listed while they are no more
 * than 200, which covers the mail's three cases at their largest (32 jobs);
 * the listing says where it starts and how many runs there are.
 */
static void test_es_runs_are_whole_and_counted(void **state)
{
	static const char *const sets[] = {
		"case=0", "case=1", "case=2", "case=0;jobs=32;small_files=65536",
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
		const char *snap = snap_at("extent-status", "baseline", sets[i], 0);
		const char *focus = strstr(snap, "\"focus\":{");
		double from, of, extents;
		size_t bytes = (size_t)(strstr(snap, "\"reclaim_heat\":") - strstr(snap, "\"es\":"));

		assert_true(json_balanced(snap));
		assert_non_null(focus);
		if (bytes > SNAP_BYTES_MAX)
			fail_msg("%s: extent-status state of %zu bytes (at most %d)", sets[i], bytes, SNAP_BYTES_MAX);
		assert_true(json_num(focus, "runs_from", &from));
		assert_true(json_num(focus, "runs_of", &of));
		assert_true(json_num(focus, "nr_extents", &extents));
		assert_true(of <= extents && of <= 200 && from == 0);
		assert_int_equal(array_count(focus, "runs", "\"lblk\":"), (int)of);
		assert_non_null(strstr(focus, "\"runs_truncated\":false"));
	}
}

/* ---------------------------------------------------------------------
 * ext4-writeback: the lanes' timeline
 * ------------------------------------------------------------------- */

/*
 * 64 jobs at 100,000 IOPS end thousands of phases in the timeline's window:
 * at most 1,024 finished ones are sent. The default configuration's window
 * holds fewer and is sent whole, from its usual start.
 */
static void test_ewb_timeline_is_bounded(void **state)
{
	const char *snap = snap_at("ext4-writeback", "before", "jobs=64;iops=100000", 2000000);
	const char *tl = strstr(snap, "\"timeline\":{");
	int finished;

	(void)state;
	assert_true(json_balanced(snap));
	assert_non_null(tl);
	finished = array_count(tl, "spans", "\"to\":") - array_count(tl, "spans", "\"to\":null");
	if (finished > 1024 || finished < 1000)
		fail_msg("%d finished phases sent (1,000 to 1,024 expected at this rate)", finished);
	if (strlen(snap) > 8 * SNAP_BYTES_MAX)
		fail_msg("ext4-writeback snapshot of %zu bytes", strlen(snap));

	snap = snap_at("ext4-writeback", "before", "", 0);
	tl = strstr(snap, "\"timeline\":{");
	assert_non_null(tl);
	finished = array_count(tl, "spans", "\"to\":") - array_count(tl, "spans", "\"to\":null");
	assert_true(finished > 0 && finished < 1024);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fc_small_queues_are_whole),
		cmocka_unit_test(test_fc_big_queues_are_windowed),
		cmocka_unit_test(test_ih_small_table_is_whole),
		cmocka_unit_test(test_ih_big_table_is_windowed),
		cmocka_unit_test(test_es_runs_are_whole_and_counted),
		cmocka_unit_test(test_ewb_timeline_is_bounded),
	};

	return cmocka_run_group_tests_name("snapshots", tests, NULL, NULL);
}
