// SPDX-License-Identifier: GPL-2.0
/*
 * test-inode-hash.c - the inode-hash lab through the public ABI (jc_api.h):
 * its invariants hold at every event and fail when the model is broken on
 * purpose, the lock is taken as often as each variant's code says, lookups
 * really meet inodes being freed, runs are reproducible, the snapshot has
 * the agreed shape, and the model reproduces the mail's table (figures.md,
 * section 4).
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

#include "jc_api.h"
#include "test_util.h"

#define LAB	"inode-hash"

static const char *const variants[] = { "before", "after" };

/* The deliberate bugs of labs/inode-hash/inode-hash.c (inode_hash_fault there). */
extern int inode_hash_fault;
enum {
	FAULT_NONE,
	FAULT_INSERT_WITHOUT_RECHECK,
	FAULT_FREE_WITHOUT_GRACE,
	FAULT_SLEEP_ON_UNHASHED,
	FAULT_KEEP_IN_ROOT,
};

static int reset_fault(void **state)
{
	(void)state;
	inode_hash_fault = FAULT_NONE;
	return 0;
}

/*
 * run_metric - run @variant with @params and @seed, and return metric @key,
 * failing the test (with the error, which names the seed) if the run fails.
 */
static double run_metric(const char *variant, const char *params, uint32_t seed,
			 const char *key)
{
	double v;
	int ret = jc_run(LAB, variant, params, seed, "");

	if (ret != JC_OK)
		fail_msg("%s '%s' seed %u: status %d: %s", variant, params, seed,
			 ret, jc_last_error());
	v = json_metric(jc_result_json(), key);
	if (v < 0)
		fail_msg("result of %s '%s' has no metric %s", variant, params, key);
	return v;
}

/* metric @key of the last run, which must have succeeded */
static double metric(const char *key)
{
	double v = json_metric(jc_result_json(), key);

	if (v < 0)
		fail_msg("the last result has no metric %s", key);
	return v;
}

/* ---------------------------------------------------------------------
 * Invariants
 * ------------------------------------------------------------------- */

/* the file systems: ext4, btrfs as 6.10 has it (the mail's) and as 6.12 has it */
static const char *const fs_params[] = {
	"fs=ext4", "fs=btrfs;btrfs_inodes=rbtree", "fs=btrfs;btrfs_inodes=xarray",
};
#define NR_FS	3

/*
 * Shapes that reach every path: tiny caches and tables (reclaim all the
 * time, long chains), several passes (lookups meet inodes being freed),
 * hard-linked trees (threads race to hash the same inode), one thread.
 */
static const char *const shapes[] = {
	"threads=1;dirs=1;files=8;icache=16;passes=4",
	"threads=4;dirs=2;files=16;icache=64;hash_bits=4;passes=3",
	"threads=8;dirs=2;files=8;icache=32;hash_bits=4;passes=2;shared=1",
	"threads=3;dirs=3;files=5;icache=16;hash_bits=4;passes=4;shared=1",
	"threads=20;dirs=2;files=16;icache=400;passes=2",
	"threads=6;dirs=2;files=24;icache=260;hash_bits=5;passes=3",
};

/*
 * The lab's invariant checker after every event: both variants, both file
 * systems, several seeds. Every failing run is listed before the test fails.
 */
static void test_invariants_hold_every_event(void **state)
{
	unsigned int i, v, fs, seed, failed = 0, runs = 0;
	char params[256];
	int ret;

	(void)state;
	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		for (fs = 0; fs < NR_FS; fs++)
			for (v = 0; v < 2; v++)
				for (seed = 1; seed <= 3; seed++) {
					snprintf(params, sizeof(params), "%s;%s", fs_params[fs], shapes[i]);
					ret = jc_run(LAB, variants[v], params, seed,
						     "check_every=1");
					runs++;
					if (ret == JC_OK)
						continue;
					failed++;
					printf("  %s '%s' seed %u: status %d: %s\n",
					       variants[v], params, seed, ret,
					       jc_last_error());
				}
	fflush(stdout);
	if (failed)
		fail_msg("%u of %u runs failed (listed above)", failed, runs);
}

/*
 * run_faulty - run with a deliberate bug in the model, checking every
 * event. The same run without the bug must pass. Returns whether the bug
 * made the run fail; if it did, the checker must have caught it, with an
 * error that mentions @what and the seed.
 */
static bool run_faulty(int fault, const char *variant, const char *params,
		       uint32_t seed, const char *what)
{
	int ret;

	inode_hash_fault = FAULT_NONE;
	ret = jc_run(LAB, variant, params, seed, "check_every=1");
	if (ret != JC_OK)
		fail_msg("without the bug, %s '%s' seed %u fails: %s", variant,
			 params, seed, jc_last_error());
	inode_hash_fault = fault;
	ret = jc_run(LAB, variant, params, seed, "check_every=1");
	inode_hash_fault = FAULT_NONE;
	if (ret == JC_OK)
		return false;
	if (ret != JC_EINTERNAL || !strstr(jc_last_error(), "invariant violated") ||
	    !strstr(jc_last_error(), what))
		fail_msg("with bug %d, %s '%s' seed %u: status %d, not the checker naming '%s': %s",
			 fault, variant, params, seed, ret, what, jc_last_error());
	if (!strstr(jc_last_error(), "seed"))
		fail_msg("the error does not give the seed: %s", jc_last_error());
	/* the structured error: the class, the step and the check, apart from the message */
	if (jc_last_status() != JC_EINTERNAL ||
	    !strstr(jc_last_error_json(), "{\"status\":3,\"message\":\"invariant violated at step ") ||
	    !strstr(jc_last_error_json(), "\"check\":\"invariants\"") ||
	    strstr(jc_last_error_json(), "\"step\":null") ||
	    strstr(jc_last_error_json(), "(lab inode-hash"))
		fail_msg("with bug %d, the structured error is not the checker's at a step: %s",
			 fault, jc_last_error_json());
	return true;
}

/* expect_caught - the bug must make this run fail, caught by the checker */
static void expect_caught(int fault, const char *variant, const char *params,
			  uint32_t seed, const char *what)
{
	if (!run_faulty(fault, variant, params, seed, what))
		fail_msg("with bug %d, %s '%s' seed %u passed: the checker missed it",
			 fault, variant, params, seed);
}

/*
 * An insert that does not look again under the lock hashes a second inode
 * when another thread hashed the same one meanwhile: hard-linked trees make
 * threads race for the same inodes. Both variants insert the same way.
 */
static void test_checker_catches_double_insert(void **state)
{
	const char *params = "threads=8;dirs=1;files=16;passes=1;shared=1";

	(void)state;
	expect_caught(FAULT_INSERT_WITHOUT_RECHECK, "before", params, 1, "hashed twice");
	expect_caught(FAULT_INSERT_WITHOUT_RECHECK, "after", params, 1, "hashed twice");
}

/*
 * Freeing an evicted inode at once, without waiting for a grace period,
 * pulls it from under the RCU walkers that stand on it.
 */
static void test_checker_catches_free_without_grace_period(void **state)
{
	(void)state;
	expect_caught(FAULT_FREE_WITHOUT_GRACE, "after",
		      "threads=16;dirs=2;files=16;icache=64;hash_bits=4;passes=2",
		      1, "freed");
}

/*
 * The race that b40c8e7a033f fixed: a lockless lookup meets an I_FREEING
 * inode that evict() has already unhashed, and sleeps for a wakeup that
 * has already been given. The shape makes lookups chase reclaim; the fixed
 * model meets such inodes (and retries at once) on some of the seeds, and
 * with the bug at least one of them must end in a lost wakeup.
 */
static void test_checker_catches_lost_wakeup(void **state)
{
	const char *shape = "threads=8;dirs=2;files=16;icache=240;hash_bits=5;passes=4";
	unsigned int fs, seed, raced = 0, caught = 0;
	char params[128];

	(void)state;
	for (fs = 0; fs < 2; fs++)
		for (seed = 1; seed <= 4; seed++) {
			snprintf(params, sizeof(params), "fs=%u;%s", fs, shape);
			if (run_metric("after", params, seed, "unhashed_retries") > 0)
				raced++;
			if (run_faulty(FAULT_SLEEP_ON_UNHASHED, "after", params, seed,
				       "lost wakeup"))
				caught++;
		}
	if (!raced)
		fail_msg("no run of '%s' met an inode already unhashed", shape);
	if (!caught)
		fail_msg("the bug never made a run of '%s' fail", shape);
}

/*
 * btrfs_destroy_inode() that leaves the inode in its root's index (6.12's
 * root->inodes, 6.10's root->inode_tree): once its grace period frees it,
 * the index points at freed memory. Reclaim must evict inodes for this to
 * show, so the cache is small.
 */
static void test_checker_catches_inode_left_in_root(void **state)
{
	(void)state;
	expect_caught(FAULT_KEEP_IN_ROOT, "after",
		      "fs=btrfs;btrfs_inodes=xarray;threads=4;dirs=2;files=16;icache=64;hash_bits=4;passes=2",
		      1, "root->inodes holds a freed inode");
	expect_caught(FAULT_KEEP_IN_ROOT, "after",
		      "fs=btrfs;btrfs_inodes=rbtree;threads=4;dirs=2;files=16;icache=64;hash_bits=4;passes=2",
		      1, "root->inode_tree holds a freed inode");
	/* ext4 has no such index: the bug changes nothing there */
	assert_false(run_faulty(FAULT_KEEP_IN_ROOT, "after",
				"fs=0;threads=4;dirs=2;files=16;icache=64;hash_bits=4;passes=2",
				1, "root->inodes"));
}

/* ---------------------------------------------------------------------
 * What each variant's code does
 * ------------------------------------------------------------------- */

/*
 * With a cold cache and one pass, every lookup misses: every stat hashes
 * its file's inode, and each directory's inode once.
 */
static void test_cold_walk_misses_every_lookup(void **state)
{
	const long long threads = 5, dirs = 3, files = 20;
	unsigned int v, fs;
	char params[256];

	(void)state;
	for (fs = 0; fs < 2; fs++)
		for (v = 0; v < 2; v++) {
			snprintf(params, sizeof(params),
				 "fs=%u;threads=%lld;dirs=%lld;files=%lld;passes=1",
				 fs, threads, dirs, files);
			run_metric(variants[v], params, 1, "stats");
			assert_true(metric("stats") == (double)(threads * dirs * files));
			assert_true(metric("lookups") == (double)(threads * dirs * (files + 1)));
			assert_true(metric("hits") == 0);
			assert_true(metric("inserts") == metric("lookups"));
			assert_true(metric("misses") == metric("lookups"));
			assert_true(metric("dcache_hits") == 0);
		}
}

/*
 * inode_hash_lock acquisitions, counted from the code: before the patch a
 * miss takes the lock for the lookup and again for the insert; after it,
 * only for the insert. Every eviction takes it once to unhash. One pass:
 * no lookup meets an inode being freed, so nothing else takes it.
 */
static void test_lock_acquisitions_per_miss(void **state)
{
	static const char *const cases[] = {
		"threads=1;dirs=2;files=30;passes=1",
		"threads=6;dirs=2;files=40;passes=1;icache=200;hash_bits=5",
		"threads=20;dirs=4;files=32;passes=1;icache=2048",
	};
	unsigned int i, v, fs;
	char params[256];

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (fs = 0; fs < 2; fs++)
			for (v = 0; v < 2; v++) {
				double want;

				snprintf(params, sizeof(params), "fs=%u;%s", fs, cases[i]);
				run_metric(variants[v], params, 3, "hash_lock_acquisitions");
				assert_true(metric("freeing_waits") == 0);
				want = metric("misses") + metric("evictions") +
				       (v == 0 ? metric("lookups") : 0);
				if (metric("hash_lock_acquisitions") != want)
					fail_msg("%s '%s': %.0f acquisitions, the code takes %.0f",
						 variants[v], params,
						 metric("hash_lock_acquisitions"), want);
				if (!fs)
					assert_true(metric("btrfs_lock_spin_s") == 0);
			}
	/* one thread, nothing evicted: exactly two per stat and one per stat */
	assert_true(run_metric("before", "threads=1;dirs=1;files=50;passes=1", 1,
			       "hash_lock_acq_per_stat") == 51.0 * 2 / 50);
	assert_true(run_metric("after", "threads=1;dirs=1;files=50;passes=1", 1,
			       "hash_lock_acq_per_stat") == 51.0 / 50);
}

/*
 * lock_stat - field @key of lock class @name in the last result's
 * "lock_stats"; -1 when the class is not there.
 */
static double lock_stat(const char *name, const char *key)
{
	const char *stats = strstr(jc_result_json(), "\"lock_stats\":[");
	const char *p, *end;
	char pat[96];
	double v;

	assert_non_null(stats);
	end = strchr(stats, ']');
	snprintf(pat, sizeof(pat), "{\"name\":\"%s\"", name);
	p = strstr(stats, pat);
	if (!p || p > end || !json_num(p, key, &v))
		return -1;
	return v;
}

/*
 * btrfs's own locks are in the lock statistics, each taken as often as
 * btrfs's code takes it, and the stand-in btrfs_root_lock is gone:
 * - btrfs-tree-03, the root node's rw_semaphore (lockdep's class for the fs
 *   tree at level 3), read-locked by every search of the tree: one per
 *   lookup for its dir item, one per new inode for its inode item; nobody
 *   write-locks it in a walk, so it is never contended;
 * - 6.12: root->inodes.xa_lock, twice per new inode (xa_reserve() and
 *   xa_store() in btrfs_add_inode_to_root()) and once per eviction
 *   (btrfs_del_inode_from_root()); root->delayed_nodes.xa_lock, once per
 *   new inode (btrfs_get_delayed_node());
 * - 6.10: root->inode_lock instead of both, twice per new inode
 *   (btrfs_get_delayed_node(), inode_tree_add()) and once per eviction
 *   (inode_tree_del());
 * and for both file systems s_inode_list_lock, once per new inode
 * (inode_sb_list_add()) and once per eviction (inode_sb_list_del()).
 * Reclaim, several passes and hard-linked trees each take their share.
 */
static void test_btrfs_locks_in_lock_stats(void **state)
{
	static const char *const cases[] = {
		"threads=6;dirs=2;files=40;passes=1;icache=200;hash_bits=5",
		"threads=8;dirs=2;files=16;icache=64;hash_bits=4;passes=2",
		"threads=8;dirs=2;files=8;passes=1;shared=1",
	};
	double inserts, evictions, lookups;
	bool evicted = false, raced = false;
	unsigned int i, v, fs;
	char params[256];

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (fs = 0; fs < NR_FS; fs++)
			for (v = 0; v < 2; v++) {
				snprintf(params, sizeof(params), "%s;%s", fs_params[fs], cases[i]);
				run_metric(variants[v], params, 2, "inserts");
				assert_null(strstr(jc_result_json(), "btrfs_root_lock"));
				inserts = metric("inserts");
				evictions = metric("evictions");
				lookups = metric("lookups");
				evicted |= evictions > 0;
				raced |= metric("hits") > 0;
				assert_true(inserts > 0);
				assert_true(lock_stat("s_inode_list_lock", "acquisitions") ==
					    inserts + evictions);
				if (!fs) {
					assert_true(lock_stat("btrfs-tree-03", "acquisitions") < 0);
					assert_true(lock_stat("root->inodes.xa_lock", "acquisitions") < 0);
					assert_true(lock_stat("root->delayed_nodes.xa_lock",
							      "acquisitions") < 0);
					assert_true(lock_stat("root->inode_lock", "acquisitions") < 0);
					continue;
				}
				assert_non_null(strstr(jc_result_json(),
					"{\"name\":\"btrfs-tree-03\",\"kind\":\"rw_semaphore\""));
				assert_true(lock_stat("btrfs-tree-03", "acquisitions") ==
					    lookups + inserts);
				assert_true(lock_stat("btrfs-tree-03", "contended") == 0);
				if (fs == 1) {
					assert_true(lock_stat("root->inode_lock", "acquisitions") ==
						    2 * inserts + evictions);
					assert_true(lock_stat("root->inodes.xa_lock", "acquisitions") < 0);
					assert_true(lock_stat("root->delayed_nodes.xa_lock",
							      "acquisitions") < 0);
					continue;
				}
				assert_true(lock_stat("root->inode_lock", "acquisitions") < 0);
				assert_true(lock_stat("root->inodes.xa_lock", "acquisitions") ==
					    2 * inserts + evictions);
				assert_true(lock_stat("root->delayed_nodes.xa_lock",
						      "acquisitions") == inserts);
			}
	/* every term of the counts occurred in some case */
	assert_true(evicted && raced);
}

/*
 * From the second pass on, lookups meet inodes that reclaim is tearing
 * down and wait for them, in both variants; hard links make threads find
 * each other's new inodes (I_NEW) and lose insert races.
 */
static void test_lookups_meet_freeing_and_new_inodes(void **state)
{
	unsigned int v, fs;
	char params[256];

	(void)state;
	for (fs = 0; fs < 2; fs++)
		for (v = 0; v < 2; v++) {
			snprintf(params, sizeof(params), "fs=%u", fs);
			run_metric(variants[v], params, 1, "freeing_waits");
			assert_true(metric("freeing_waits") > 0);
			assert_true(metric("rcu_retries") >= metric("freeing_waits"));
			assert_true(metric("evictions") > 0);
			assert_true(metric("grace_periods") > 0);
			snprintf(params, sizeof(params),
				 "fs=%u;threads=8;dirs=2;files=8;passes=1;shared=1", fs);
			run_metric(variants[v], params, 1, "new_waits");
			assert_true(metric("new_waits") > 0);
			assert_true(metric("insert_races") > 0);
			/* each thread's 2 dirs, and 2 x 8 files all share */
			assert_true(metric("inserts") == 8 * 2 + 2 * 8);
		}
}

/* A bigger table means shorter chains to walk. */
static void test_chains_shorten_with_the_table(void **state)
{
	double prev = 1e9, cur;
	char params[128];
	int bits;

	(void)state;
	for (bits = 4; bits <= 12; bits += 2) {
		snprintf(params, sizeof(params), "threads=4;dirs=4;files=32;passes=1;hash_bits=%d", bits);
		cur = run_metric("after", params, 1, "avg_chain_len");
		assert_true(run_metric("after", params, 1, "max_chain_len") >= cur);
		if (!(cur < prev))
			fail_msg("hash_bits=%d: average chain %.2f, not shorter than %.2f",
				 bits, cur, prev);
		prev = cur;
	}
}

/* ---------------------------------------------------------------------
 * Steps, snapshot, reproducibility
 * ------------------------------------------------------------------- */

/*
 * The agreed step kinds occur, with the first lookup locked before the
 * patch and under RCU after it; every stat is one "stat" step.
 */
static void test_step_kinds(void **state)
{
	static const char *const common[] = {
		"\"kind\":\"lookup_locked\"", "\"kind\":\"insert\"",
		"\"kind\":\"alloc_inode\"", "\"kind\":\"read_inode\"",
		"\"kind\":\"evict\"", "\"kind\":\"free_rcu\"",
		"\"kind\":\"path_walk\"", "\"kind\":\"stat\"",
	};
	const char *params = "threads=4;dirs=2;files=16;icache=32;hash_bits=4;passes=2";
	const char *res, *steps;
	unsigned int v, k;
	double total, stats;

	(void)state;
	for (v = 0; v < 2; v++) {
		assert_int_equal(jc_run(LAB, variants[v], params, 1, "trace_max=100000"), JC_OK);
		res = jc_result_json();
		assert_true(json_num(strstr(res, "\"sim\":{"), "steps", &total));
		assert_true(total < 100000);
		stats = json_metric(res, "stats");
		steps = jc_steps_json();	/* res is gone from here on */
		assert_non_null(steps);
		for (k = 0; k < sizeof(common) / sizeof(common[0]); k++)
			if (!strstr(steps, common[k]))
				fail_msg("%s: no %s step", variants[v], common[k]);
		assert_int_equal(json_count(steps, "\"kind\":\"stat\""), (int)stats);
		if (v == 0)
			assert_null(strstr(steps, "\"kind\":\"lookup_rcu\""));
		else
			assert_non_null(strstr(steps, "\"kind\":\"lookup_rcu\""));
	}
}

/* btrfs's own locks, as the lock statistics and the snapshot name them */
/* btrfs's own locks, and the file systems of fs_params[] that have each */
static const struct {
	const char *name;
	bool in_fs[NR_FS];
} btrfs_locks[] = {
	{ "\"name\":\"btrfs-tree-03\"", { false, true, true } },
	{ "\"name\":\"root->inode_lock\"", { false, true, false } },
	{ "\"name\":\"root->inodes.xa_lock\"", { false, false, true } },
	{ "\"name\":\"root->delayed_nodes.xa_lock\"", { false, false, true } },
};

/* jc_snapshot_json() of a run stopped mid-walk has the agreed members. */
static void test_snapshot_shape(void **state)
{
	static const char *const keys[] = {
		"now_ns", "step", "locks", "tasks", "ih", "fs", "nr_buckets",
		"chains", "bucket", "len", "inodes", "ino", "state",
		"chains_truncated", "readers", "locked_walkers", "grace_periods",
		"stats", "lookups", "hits", "misses", "inserts", "rcu_retries",
		"hash_lock_acquisitions", "chain_heat", "bucket_ns", "nr_time",
		"nr_rows", "rows", "row_buckets",
	};
	unsigned int fs, k;
	char params[128];
	const char *snap;
	double rows, buckets;

	(void)state;
	for (fs = 0; fs < NR_FS; fs++) {
		snprintf(params, sizeof(params), "%s", fs_params[fs]);
		assert_int_equal(jc_run(LAB, "after", params, 1, "stop_step=40000"), JC_OK);
		snap = jc_snapshot_json();
		assert_non_null(snap);
		assert_true(json_balanced(snap));
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (!json_has_key(snap, keys[k]))
				fail_msg("snapshot has no \"%s\"", keys[k]);
		assert_non_null(strstr(snap, fs ? "\"fs\":\"btrfs\"" : "\"fs\":\"ext4\""));
		assert_non_null(strstr(snap, "\"name\":\"inode_hash_lock\""));
		assert_non_null(strstr(snap, "\"name\":\"s_inode_list_lock\""));
		assert_null(strstr(snap, "btrfs_root_lock"));
		for (k = 0; k < sizeof(btrfs_locks) / sizeof(btrfs_locks[0]); k++)
			if (!strstr(snap, btrfs_locks[k].name) != !btrfs_locks[k].in_fs[fs])
				fail_msg("%s: the snapshot %s lock %s", fs_params[fs],
					 btrfs_locks[k].in_fs[fs] ? "lacks" : "shows",
					 btrfs_locks[k].name);
		assert_true(json_num(snap, "nr_buckets", &buckets) && buckets == 256);
		assert_true(json_num(strstr(snap, "\"chain_heat\""), "nr_rows", &rows) &&
			    rows == 64);
		assert_true(json_count(snap, "\"bucket\":") <= 256 + 8);
		assert_true(json_count(snap, "\"state\":\"live\"") > 0);
	}
	/* a table too big to list: 64 chains around the work, flagged truncated */
	assert_int_equal(jc_run(LAB, "before", "hash_bits=12;passes=1", 1, "stop_step=30000"), JC_OK);
	snap = jc_snapshot_json();
	assert_true(json_balanced(snap));
	assert_true(json_count(snap, "\"len\":") == 64);
	assert_non_null(strstr(snap, "\"chains_truncated\":true"));
}

/* The same inputs give the same outputs, byte for byte; another seed another run. */
static void test_same_seed_same_result(void **state)
{
	const char *params = "threads=6;dirs=2;files=16;icache=64;passes=2";
	char *a, *b, *c;
	unsigned int v;

	(void)state;
	for (v = 0; v < 2; v++) {
		assert_int_equal(jc_run(LAB, variants[v], params, 9, "trace_max=500"), JC_OK);
		a = strdup(jc_result_json());
		assert_int_equal(jc_run(LAB, variants[v], params, 9, "trace_max=500"), JC_OK);
		b = strdup(jc_result_json());
		assert_int_equal(jc_run(LAB, variants[v], params, 10, "trace_max=500"), JC_OK);
		c = strdup(jc_result_json());
		assert_string_equal(a, b);
		assert_string_not_equal(strstr(a, "\"hash\":"), strstr(c, "\"hash\":"));
		free(a);
		free(b);
		free(c);
	}
}

/* Bad input is refused with the parameter and its range named. */
static void test_refuses_bad_input(void **state)
{
	(void)state;
	assert_int_equal(jc_run(LAB, "before", "fs=2", 1, ""), JC_EINVAL);
	assert_non_null(strstr(jc_last_error(), "'fs'"));
	assert_non_null(strstr(jc_last_error(), "one of ext4, btrfs"));
	assert_int_equal(jc_run(LAB, "before", "fs=xfs", 1, ""), JC_EINVAL);
	assert_non_null(strstr(jc_last_error(), "one of ext4, btrfs (got 'xfs')"));
	assert_int_equal(jc_run(LAB, "after", "threads=65", 1, ""), JC_EINVAL);
	assert_non_null(strstr(jc_last_error(), "from 1 to 64"));
	assert_int_equal(jc_run(LAB, "after", "threads=64;dirs=4096;files=4096", 1, ""),
			 JC_EINVAL);
	assert_non_null(strstr(jc_last_error(), "threads x dirs x files"));
}

/* ---------------------------------------------------------------------
 * Smoothness and seed stability, at points no bar names
 * ------------------------------------------------------------------- */

/* the mail's rows' shape but for the threads and the table's size */
#define ROW_SHAPE "dirs=4;files=32;icache=2048;passes=1;shared=0"

/*
 * Thread counts between and beyond the calibrated ones (12 to 32 in steps
 * of two to four, none of them a row): one more thread never makes the
 * walk faster beyond noise (3%), and never slower than quadratically (with
 * a lock saturated, the total grows with the threads times each stat's time
 * under it, which grows with the chains, which grow with the threads since
 * the tree does and the table does not); up to 4 threads, where nothing
 * contends, the variants differ by less than 5%; and from where the patch
 * starts to cut, the cut never falls by more than 3 points from one count
 * to the next (the mail's own noise, 1-2 s of 38-46 s, is 2 to 5 points).
 * That is from 8 threads for ext4 and 6.12's btrfs; 6.10's btrfs from 12,
 * where its root->inode_lock is three quarters busy and after the patch is
 * 7% slower than before it: before, the hash lock's FIFO queue spaced the
 * walkers' arrivals at inode_lock; after, they come bunched and queue there
 * longer (measured, seed 1: 1.7 ms of spinning on it before, 4.5 ms after).
 * 6.10's btrfs, bound by inode_lock after the patch and by the hash lock
 * before it, keeps its cut within 5 points of the one at 20 threads from
 * 18 threads to 32: no knife edge around the mail's point.
 */
static void test_threads_move_smoothly(void **state)
{
	static const int threads[] = { 1, 2, 4, 8, 12, 14, 16, 18, 20, 22, 24, 28, 32 };
	static const int grows_from[NR_FS] = { 8, 12, 8 };
	enum { N = sizeof(threads) / sizeof(threads[0]), AT20 = 8 };
	double total[2][N], cut[N], ratio, bound;
	unsigned int fs, v, k;
	char params[256];

	(void)state;
	assert_int_equal(threads[AT20], 20);
	for (fs = 0; fs < NR_FS; fs++) {
		for (k = 0; k < N; k++) {
			snprintf(params, sizeof(params), "%s;threads=%d;hash_bits=8;" ROW_SHAPE,
				 fs_params[fs], threads[k]);
			for (v = 0; v < 2; v++)
				total[v][k] = run_metric(variants[v], params, 1, "total_s");
			cut[k] = 100 * (1 - total[1][k] / total[0][k]);
			printf("  %-28s threads=%2d  before %.3f ms  after %.3f ms  cut %5.1f%%\n",
			       fs_params[fs], threads[k], total[0][k] * 1e3, total[1][k] * 1e3,
			       cut[k]);
		}
		for (k = 1; k < N; k++) {
			bound = (double)threads[k] / threads[k - 1];
			for (v = 0; v < 2; v++) {
				ratio = total[v][k] / total[v][k - 1];
				if (ratio < 0.97 || ratio > bound * bound)
					fail_msg("%s %s: %d -> %d threads changes the total x%.3f (0.97 to %.2f)",
						 fs_params[fs], variants[v], threads[k - 1], threads[k],
						 ratio, bound * bound);
			}
			if (threads[k - 1] >= grows_from[fs] && cut[k] < cut[k - 1] - 3)
				fail_msg("%s: the cut falls from %.1f%% at %d threads to %.1f%% at %d",
					 fs_params[fs], cut[k - 1], threads[k - 1], cut[k], threads[k]);
			if (threads[k] <= 4 && fabs(cut[k]) >= 5)
				fail_msg("%s at %d threads: the variants differ by %.1f%%",
					 fs_params[fs], threads[k], cut[k]);
			if (fs == 1 && threads[k] >= 18 && fabs(cut[k] - cut[AT20]) > 5)
				fail_msg("%s: the cut is %.1f%% at %d threads, %.1f%% at 20",
					 fs_params[fs], cut[k], threads[k], cut[AT20]);
		}
	}
	fflush(stdout);
}

/*
 * The table's size at 20 threads, 2^6 to 2^11 chains: longer chains
 * lengthen every walk under the lock, so the total before the patch falls
 * with every bit, after it does not grow (1% of noise), and the patch's cut
 * shrinks as the chains do.
 */
static void test_hash_bits_move_smoothly(void **state)
{
	double before, after, prev_before = 0, prev_after = 0, cut, prev_cut = 100;
	char params[256];
	unsigned int fs;
	int bits;

	(void)state;
	for (fs = 0; fs < 2; fs++)
		for (bits = 6; bits <= 11; bits++) {
			snprintf(params, sizeof(params), "fs=%u;threads=20;hash_bits=%d;" ROW_SHAPE,
				 fs, bits);
			before = run_metric("before", params, 1, "total_s");
			after = run_metric("after", params, 1, "total_s");
			cut = 100 * (1 - after / before);
			printf("  fs=%u hash_bits=%2d  before %.3f ms  after %.3f ms  cut %5.1f%%\n",
			       fs, bits, before * 1e3, after * 1e3, cut);
			if (bits > 6 && !(before < prev_before && after <= prev_after * 1.01 &&
					  cut < prev_cut))
				fail_msg("fs=%u: from hash_bits=%d to %d the totals go %.3f -> %.3f and %.3f -> %.3f ms, the cut %.1f%% -> %.1f%%",
					 fs, bits - 1, bits, prev_before * 1e3, before * 1e3,
					 prev_after * 1e3, after * 1e3, prev_cut, cut);
			prev_before = before;
			prev_after = after;
			prev_cut = cut;
		}
	fflush(stdout);
}

/*
 * A seed moves the total by little: at 12, 20 and 24 threads, every file
 * system and variant, seeds 1 to 5 spread total_s by less than 4% of its
 * mean (the mail's own runs moved by 1-2 s; 2 s of its largest total, 46 s,
 * is 4.3%). Measured: at most 2% but in one place, 3.6% for 6.10's btrfs
 * after the patch at 24 threads, where root->inode_lock is saturated and
 * the order the walkers queue in moves with the seed.
 */
static void test_seed_moves_total_little(void **state)
{
	static const int threads[] = { 12, 20, 24 };
	double x, lo, hi, sum;
	unsigned int fs, v, k, seed;
	char params[256];

	(void)state;
	for (fs = 0; fs < NR_FS; fs++)
		for (k = 0; k < 3; k++)
			for (v = 0; v < 2; v++) {
				snprintf(params, sizeof(params), "%s;threads=%d;hash_bits=8;" ROW_SHAPE,
					 fs_params[fs], threads[k]);
				lo = 1e9;
				hi = sum = 0;
				for (seed = 1; seed <= 5; seed++) {
					x = run_metric(variants[v], params, seed, "total_s");
					lo = x < lo ? x : lo;
					hi = x > hi ? x : hi;
					sum += x;
				}
				if ((hi - lo) / (sum / 5) >= 0.04)
					fail_msg("%s '%s': seeds 1-5 spread total_s from %.3f to %.3f ms",
						 variants[v], params, lo * 1e3, hi * 1e3);
			}
}

/* ---------------------------------------------------------------------
 * Calibration against the mail
 * ------------------------------------------------------------------- */

#define MAX_ROWS	4

/* cut - how much shorter after's total is than before's, in percent */
static double cut_pct(const char *params, double *before, double *after)
{
	*before = run_metric("before", params, 1, "total_s");
	*after = run_metric("after", params, 1, "total_s");
	return 100 * (1 - *after / *before);
}

/*
 * The mail's rows, both variants, seed 1, and the thread sweep the lab
 * prints (1 to 32 threads, the rows' shape otherwise). The bars: at 20
 * threads the patch cuts ext4's total by 38% to 68% (the mail: 53%) and
 * btrfs's (6.10's, the mail's kernel) by less than ext4's and within a
 * factor of two of the mail's 16.7% (8.4% to 33.4%); after the patch btrfs
 * is at least 10% slower than ext4 (the mail: 76%); at one thread the
 * variants differ by less than 5%. The table is printed first, so that a
 * failure shows all the numbers.
 *
 * Measured at 20 threads (seed 1): ext4 24.7 s -> 13.7 s (-44.5%), btrfs
 * 30.0 s -> 22.6 s (-24.8%). Before the patch both wait on inode_hash_lock;
 * after it btrfs waits on root->inode_lock, taken twice per new inode
 * (btrfs_get_delayed_node(), inode_tree_add() walking ~24 levels of the
 * mail's rb-tree) and once per eviction (inode_tree_del()).
 *
 * The ablation: the same row on 6.12's btrfs (btrfs_inodes=xarray: no
 * inode_lock, root->inodes under its own xa_lock, held ~40 ns) is cut as
 * much as ext4 (within 8 points, at least 30%), and after the patch its
 * walkers wait for btrfs's own locks at most a tenth as long as 6.10's do:
 * the rb-tree under inode_lock is what keeps 6.10's cut small.
 */
static void test_calibration_against_the_mail(void **state)
{
	static const int threads[] = { 1, 2, 4, 8, 16, 20, 32 };
	static struct mail_row rows[MAX_ROWS];
	const char *json = jc_rows_json(LAB);
	double scale, b, a, cut[2][7], after20[2] = { 0, 0 }, xa_cut, spin_rb, spin_xa;
	char why[1024] = "", params[320];
	size_t wl = 0;
	unsigned int k;
	int n, i;

	(void)state;
	assert_non_null(json);
	assert_true(json_num(json, "scale", &scale) && scale > 0);
	n = json_mail_rows(json, rows, MAX_ROWS);
	assert_int_equal(n, 2);
	assert_string_equal(rows[0].label, "ext4");
	assert_string_equal(rows[1].label, "btrfs");

	printf("  fs     threads  before s   after s    cut     (mail at 20 threads: before after cut)\n");
	for (i = 0; i < n; i++) {
		struct mail_row *r = &rows[i];

		assert_non_null(strstr(r->params, "threads=20"));
		for (k = 0; k < sizeof(threads) / sizeof(threads[0]); k++) {
			char *t;

			snprintf(params, sizeof(params), "%s", r->params);
			t = strstr(params, "threads=20");
			snprintf(t, sizeof(params) - (size_t)(t - params), "threads=%d%s",
				 threads[k], strstr(r->params, "threads=20") + strlen("threads=20"));
			cut[i][k] = cut_pct(params, &b, &a);
			printf("  %-6s %7d  %8.2f  %8.2f  %5.1f%%", r->label, threads[k],
			       b / scale, a / scale, cut[i][k]);
			if (threads[k] == 20) {
				after20[i] = a;
				printf("   (%.2f %.2f %.1f%%)", r->paper_before, r->paper_after,
				       100 * (1 - r->paper_after / r->paper_before));
			}
			printf("\n");
		}
	}
	/* the ablation: the btrfs row, 6.10's (btrfs_inodes' default), on 6.12's xarray */
	assert_null(strstr(rows[1].params, "btrfs_inodes"));
	snprintf(params, sizeof(params), "%s;btrfs_inodes=xarray", rows[1].params);
	xa_cut = cut_pct(params, &b, &a);
	spin_xa = run_metric("after", params, 1, "btrfs_lock_spin_s");
	spin_rb = run_metric("after", rows[1].params, 1, "btrfs_lock_spin_s");
	printf("  btrfs, 6.12's xarray, 20 threads: %.2f -> %.2f s, cut %.1f%%; after the patch btrfs's locks waited %.3f ms (6.10's rb-tree: %.3f ms)\n",
	       b / scale, a / scale, xa_cut, spin_xa * 1e3, spin_rb * 1e3);
	fflush(stdout);

#define WHY(...)							\
	do {								\
		if (wl < sizeof(why))					\
			wl += (size_t)snprintf(why + wl, sizeof(why) - wl, __VA_ARGS__); \
	} while (0)

	/* threads[0] is 1, threads[5] is 20 */
	if (!(cut[0][5] >= 38 && cut[0][5] <= 68))
		WHY("ext4 at 20 threads: the patch cuts %.1f%% (38%% to 68%%)\n", cut[0][5]);
	if (!(cut[1][5] >= 16.7 / 2 && cut[1][5] <= 16.7 * 2))
		WHY("btrfs at 20 threads: the patch cuts %.1f%% (8.4%% to 33.4%%)\n", cut[1][5]);
	if (!(cut[1][5] < cut[0][5]))
		WHY("at 20 threads the patch cuts btrfs by %.1f%%, ext4 by %.1f%% (btrfs less)\n",
		    cut[1][5], cut[0][5]);
	if (!(xa_cut >= 30 && fabs(xa_cut - cut[0][5]) <= 8))
		WHY("6.12's btrfs at 20 threads: the patch cuts %.1f%%, ext4 %.1f%% (at least 30%%, within 8 points)\n",
		    xa_cut, cut[0][5]);
	if (!(spin_xa <= spin_rb / 10))
		WHY("after the patch btrfs's locks waited %.3f ms on 6.12, %.3f ms on 6.10 (at most a tenth)\n",
		    spin_xa * 1e3, spin_rb * 1e3);
	if (!(after20[1] >= 1.1 * after20[0]))
		WHY("after the patch at 20 threads btrfs takes %.2f s, ext4 %.2f s (btrfs at least 10%% slower)\n",
		    after20[1] / scale, after20[0] / scale);
	for (i = 0; i < 2; i++)
		if (!(fabs(cut[i][0]) < 5))
			WHY("%s at 1 thread: the variants differ by %.1f%% (less than 5%%)\n",
			    rows[i].label, fabs(cut[i][0]));
#undef WHY
	if (wl)
		fail_msg("the model does not match the mail:\n%s", why);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn)	cmocka_unit_test_teardown(fn, reset_fault)
		T(test_invariants_hold_every_event),
		T(test_checker_catches_double_insert),
		T(test_checker_catches_free_without_grace_period),
		T(test_checker_catches_lost_wakeup),
		T(test_checker_catches_inode_left_in_root),
		T(test_cold_walk_misses_every_lookup),
		T(test_lock_acquisitions_per_miss),
		T(test_btrfs_locks_in_lock_stats),
		T(test_lookups_meet_freeing_and_new_inodes),
		T(test_chains_shorten_with_the_table),
		T(test_step_kinds),
		T(test_snapshot_shape),
		T(test_same_seed_same_result),
		T(test_refuses_bad_input),
		T(test_threads_move_smoothly),
		T(test_hash_bits_move_smoothly),
		T(test_seed_moves_total_little),
		T(test_calibration_against_the_mail),
#undef T
	};

	return cmocka_run_group_tests_name("inode-hash", tests, NULL, NULL);
}
