// SPDX-License-Identifier: GPL-2.0
/*
 * test-inode-hash-api.c - the inode-hash lab through the C ABI: its choice
 * parameter (fs) by name or index and its refusals, its cross-parameter
 * check, its rows' choices and sweep, its snapshot's hash table windowed at
 * any size, its marks thinned, runs taken on in chunks and a trace window
 * of an advance.
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


/* fs names its file system, btrfs_inodes btrfs's index by kernel: choices with their names */
static void test_params_json(void **state)
{
	const char *json;

	(void)state;
	json = jc_params_json(IH);
	assert_true(json_balanced(json));
	assert_non_null(strstr(json, "{\"name\":\"fs\",\"type\":\"choice\",\"unit\":\"\",\"min\":0,\"max\":1,\"default\":0,\"default_name\":\"ext4\",\"choices\":[\"ext4\",\"btrfs\"],"));
	assert_non_null(strstr(json, "{\"name\":\"btrfs_inodes\",\"type\":\"choice\",\"unit\":\"\",\"min\":0,\"max\":1,\"default\":0,\"default_name\":\"rbtree\",\"choices\":[\"rbtree\",\"xarray\"],"));
	assert_int_equal(json_count(json, "\"type\":\"choice\""), 2);
	assert_int_equal(json_count(json, "\"choices\":"), 2);
	assert_int_equal(json_count(json, "\"type\":\"int\""), 7);
}

/* a row's choice is the index jc_run takes */
static void test_rows_json(void **state)
{
	const char *json;

	(void)state;
	json = jc_rows_json(IH);
	assert_true(json_balanced(json));
	assert_non_null(strstr(json, "\"label\":\"ext4\",\"params\":{\"fs\":0,"));
	assert_non_null(strstr(json, "\"label\":\"btrfs\",\"params\":{\"fs\":1,"));
	/* its sweep runs each row at every thread count it names */
	assert_non_null(strstr(json, "\"sweep\":{\"param\":\"threads\",\"values\":[1,2,4,8,16,20,32]}}"));
}

/* jc_check_params() on a choice and on the lab's cross-parameter check */
static void test_check_params(void **state)
{
	const char *e;

	(void)state;
	assert_int_equal(jc_check_params(IH, "fs=btrfs;threads=64"), JC_OK);
	assert_int_equal(jc_check_params(IH, "fs=1"), JC_OK);
	e = jc_last_error_json();
	assert_true(json_balanced(e));
	assert_json_has(e, "\"param\":null,\"params\":[]");
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
	assert_int_equal(jc_check_params(IH, "threads=1000"), JC_EINVAL);
	assert_string_equal(jc_result_json(), before);
	free(before);
}

/* ---------------------------------------------------------------------
 * The snapshot: the hash table
 * ------------------------------------------------------------------- */

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

/* a lab's whole trace of one busy kind, thinned many times over */
static void test_marks_thinned(void **state)
{
	const struct lab *lab = lab_by_id(IH);
	struct sim s;
	u64 mask;

	(void)state;
	mask = 1ULL << kind_num(lab, "lock") | 1ULL << kind_num(lab, "grace_period");
	run_marked(&s, lab, 0, "", 200000, mask, SIM_MIN_MARKS);
	assert_true(s.mark_len <= SIM_MIN_MARKS);
	assert_true(check_spread(&s, mask) >= 64);
	sim_destroy(&s);
}

/* after the patch, on btrfs, every thread on the same files */
static void test_chunks_on_btrfs(void **state)
{
	(void)state;
	check_chunks("inode-hash", "after", "fs=btrfs;threads=4;files=8;dirs=2;shared=1");
}

/*
 * An advance with a window of its own records the steps of that window it
 * runs: a trail of 10 steps ending at its stop is the straight run's.
 */
static void test_advance_trace_window(void **state)
{
	char *a;

	(void)state;
	run_or_fail("inode-hash", "before", "threads=4;files=8;dirs=2",
		    "stop_step=600;trace_from=591;trace_max=10");
	a = dup_or_fail(jc_steps_json(), "jc_steps_json");
	assert_non_null(strstr(a, "\"from\":591,\"total\":600"));
	run_or_fail("inode-hash", "before", "threads=4;files=8;dirs=2", "stop_step=300");
	advance_or_fail("stop_step=600;trace_from=591;trace_max=10", "window");
	assert_string_equal(jc_steps_json(), a);
	/* a window beyond the run's buffer gets one, charged to the run */
	advance_or_fail("stop_step=900;trace_from=601;trace_max=300", "wider window");
	assert_non_null(strstr(jc_steps_json(), "\"i\":601,"));
	assert_non_null(strstr(jc_steps_json(), "\"i\":900,"));
	/* trace_max=0 records nothing */
	advance_or_fail("stop_step=950;trace_max=0", "no window");
	assert_null(strstr(jc_steps_json(), "\"i\":"));
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choice_by_name_or_index),
		cmocka_unit_test(test_choice_bad_name),
		cmocka_unit_test(test_params_json),
		cmocka_unit_test(test_rows_json),
		cmocka_unit_test(test_check_params),
		cmocka_unit_test(test_check_leaves_the_run),
		cmocka_unit_test(test_ih_small_table_is_whole),
		cmocka_unit_test(test_ih_big_table_is_windowed),
		cmocka_unit_test(test_marks_thinned),
		cmocka_unit_test(test_chunks_on_btrfs),
		cmocka_unit_test(test_advance_trace_window),
	};

	return cmocka_run_group_tests_name("inode-hash api", tests, NULL, NULL);
}
