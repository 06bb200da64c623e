// SPDX-License-Identifier: GPL-2.0
/*
 * btrfs-fsync.c - the btrfs transaction commit and who waits for what, as
 * Filipe Manana's d0c2f4fa555e "btrfs: make concurrent fsyncs wait less
 * when waiting for a transaction commit" (v5.12, the last of a series of
 * seven; linux-btrfs, 27 Jan 2021) changed it.
 *
 * A transaction (fs/btrfs/transaction.c, 6.12) moves through RUNNING,
 * COMMIT_PREP, COMMIT_START, COMMIT_DOING, UNBLOCKED, SUPER_COMMITTED and
 * COMPLETED. From COMMIT_START to UNBLOCKED new writers wait; at UNBLOCKED
 * the next transaction may start; the super block is written (a preflush and
 * a FUA write) before SUPER_COMMITTED; then the committer unpins every
 * extent the transaction freed (btrfs_finish_extent_commit), which blocks
 * nobody but explicit waiters, and the transaction is COMPLETED.
 *
 * Two places in btrfs_commit_transaction() wait for another commit: a task
 * that finds its transaction already committing (site 1: it ends its handle
 * and waits), and a committer whose predecessor is still committing
 * (site 2). The variants differ only in the state those waits want:
 *
 *   before  up to 5.11: COMPLETED at both sites, so fsyncs sleep through
 *           the committer's unpinning, and the next committer cannot enter
 *           its critical section until the previous unpin is done.
 *   after   5.12: a handle from fsync (in_fsync) wants SUPER_COMMITTED at
 *           both sites; only the committer still unpins before returning.
 *   6.12    as after, except that an fsync that falls back to a commit and
 *           is not a full sync (its inode was logged before) ends its handle
 *           and commits through btrfs_attach_transaction_barrier(), a fresh
 *           handle without in_fsync, so it waits for COMPLETED again
 *           (2496bb92a818, a deadlock fix).
 *
 * The code is 6.12's for all three; before and after are 6.12 with the
 * kernel lab's switch (lab_fsync_wait_completed) on and off, and the 5.12
 * fallback for the first two. 5.11 had no COMMIT_PREP (its site 1 tested
 * COMMIT_START) and no SUPER_COMMITTED: neither changes who waits how long.
 *
 * fsync is btrfs_sync_file(): write the file's dirty data and complete its
 * ordered extents, start a handle, log the inode into the log tree and sync
 * the log (btrfs_sync_log: concurrent fsyncs share a log commit, a preflush
 * and FUA super block write under tree_log_mutex), and fall back to a full
 * transaction commit when the transaction is marked as needing one. With
 * -o notreelog (log=notreelog, what the kernel lab mounts) every fsync
 * commits.
 *
 * The workload is dbench with Debian's client.txt: each client runs the
 * loadfile's operations in its proportions per Flush (counted in
 * /usr/share/dbench/client.txt, 458,344 lines): the ones that join a
 * transaction one by one (NTCreateX that creates, Unlink, Rename,
 * Sfileinfo, WriteX's mtime update, the ordered-extent completion of a
 * Flush), the read-only ones as CPU time.
 *
 * Simplifications, each kept because it does not move who waits for which
 * state:
 * - Transaction size. Every modifying operation copies-on-write the tree
 *   blocks it touches the first time in a transaction (a leaf of the client's
 *   directory in the fs tree, a leaf of the extent tree, of the csum tree,
 *   and their parents); the old block is pinned, and so is every freed data
 *   extent. Leaf counts come from item sizes (BTRFS_LEAF_ITEMS per 16 KiB
 *   leaf); items are not stored. What a commit costs and how many extents it
 *   unpins grow with the transaction's lifetime, as in btrfs.
 * - The transaction kthread's 30 s commit, chunk allocation and ENOSPC
 *   never happen in a run of seconds whose working set fits its chunks; the
 *   log is marked for a full commit by an unlink or rename of an inode
 *   logged in the running transaction (btrfs_record_unlink_dir and the
 *   rename path's checks in the mail's era).
 * - Tree block locks (extent_buffer->lock, an rw_semaphore) are taken as
 *   btrfs_search_slot() takes them, coupled down the path, on the fs tree's
 *   root, level-1 nodes and leaves, the csum tree's and the log tree's root:
 *   every search of an operation that changes a tree or reads a directory
 *   (see btrfs_search_slot() below). Each client's directory has its own
 *   leaves; new inodes and orphan items share the fs tree's last leaf (their
 *   keys are the highest). Inode item updates go through the delayed inode,
 *   so Sfileinfo and WriteX's mtime search nothing. tree_locks=off keeps the
 *   searches' work and drops their locks, to measure what waiting on them
 *   costs.
 * - Ordered-extent completion runs in the fsync's own task (the kernel runs
 *   it in an endio worker that the fsync waits for).
 * - Deltree and Mkdir (2 and 1 of the loadfile's 458,344 lines) are left out.
 * - The dirty tree blocks of a commit go to the device as one request of
 *   their total size: btrfs submits them all before waiting, and an NVMe
 *   device serves them over its queues at its aggregate bandwidth.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "co.h"
#include "lab.h"
#include "list.h"
#include "sim.h"
#include "btrfs-fsync.h"
#include "btrfs-fsync-yours.h"
#include "btrfs-fsync.h"

/* ---------------------------------------------------------------------
 * Variants, parameters, costs
 * ------------------------------------------------------------------- */

/*
 * V_YOURS exists in the exercise's build (-DJC_YOURS_BTRFS_FSYNC) only: the
 * state a commit's waiter needs is then the student's (btrfs-fsync-yours.h).
 */
static const char *const bf_variants[] = {
	"before", "after", "6.12",
#ifdef JC_YOURS_BTRFS_FSYNC
	"yours",
#endif
};
static const char *const bf_logs[] = { "tree-log", "notreelog" };
static const char *const bf_discards[] = { "off", "sync" };
static const char *const bf_on_off[] = { "on", "off" };

static const struct param_spec bf_params[] = {
	INT_PARAM("clients", "", 1, 128, 32,
		  "dbench clients (processes), each in its own directory; the mail ran 32 and 64"),
	INT_PARAM("cpus", "", 1, 64, 12,
		  "simulated CPUs; the mail's machine had 12 cores"),
	CHOICE_PARAM("log", bf_logs, 0,
		     "tree-log: fsync logs the inode and falls back to a commit when the transaction needs one (the mail); notreelog: every fsync commits (the kernel lab's mount)"),
	INT_PARAM("runtime_ms", "ms", 200, 20000, 2500,
		  "virtual run time; the first fifth is dbench's warmup, not counted (the mail: -t 300)"),
	INT_PARAM("unpin_ns", "ns", 0, 100000, 1700,
		  "CPU time to unpin one extent (the mail: 4-5 ms for 2-3 thousand); 0 takes the unpin away, and with it the difference between the variants"),
	CHOICE_PARAM("discard", bf_discards, 0,
		     "off: as the mail's machine; sync: -o discard=sync, one synchronous discard per unpinned extent (the kernel lab's disk with discard on)"),
	CHOICE_PARAM("tree_locks", bf_on_off, 0,
		     "on: tree searches take the tree blocks' rw_semaphores as btrfs_search_slot does; off: the same work without them (an ablation: what waiting on the btree locks costs)"),
	CHOICE_PARAM("unpin_mutex", bf_on_off, 0,
		     "on: the unpin takes unused_bg_unpin_mutex for each extent, as btrfs_finish_extent_commit does; off: without it (an ablation: what overlapping unpins lose to each other on it)"),
};

/*
 * The cost table: the mail's machine, a 12-core Core i7 with an NVMe disk
 * (memo 2.4). CPU costs of the read-only operations come from the mail's
 * own "after" table at 32 clients, where they neither join a transaction
 * nor wait for the disk; the others are estimates of the in-kernel work.
 */
static const struct {
	u64 close_ns;		/* Close: fput, the mail's AvgLat 0.001 ms */
	u64 qfileinfo_ns;	/* fstat: 0.001 ms */
	u64 qfsinfo_ns;		/* statfs: 0.002 ms */
	u64 lock_ns;		/* fcntl lock or unlock: 0.002 / 0.001 ms */
	u64 readx_ns;		/* pread of ~12 KB from the page cache: 0.002 ms */
	u64 qpathinfo_ns;	/* stat of a 5-component path, half of them absent (a btree search of the dir index): 0.049 ms in the mail, tree-lock waits included; 20 us of search */
	u64 find_ns;		/* readdir of a dbench directory, ~200 entries at ~0.5 us (btrfs_real_readdir): 0.31 ms in the mail */
	u64 open_ns;		/* NTCreateX without create: path walk and open */
	u64 create_ns;		/* btrfs_create: inode item, inode ref, dir item, dir index inserted, each a btree search and insert */
	u64 unlink_ns;		/* btrfs_unlink: the same four items deleted, orphan item */
	u64 rename_ns;		/* btrfs_rename: two dir entries moved, inode ref updated */
	u64 setattr_ns;		/* btrfs_setattr: inode item updated in place */
	u64 write_ns;		/* pwrite of ~26 KB into the page cache: copy at ~8 GB/s plus delalloc bookkeeping */
	u64 dirty_inode_ns;	/* btrfs_dirty_inode on an mtime change: the inode item updated */
	u64 cow_ns;		/* btrfs_cow_block: allocate a tree block, copy 16 KiB, fix the parent's pointer */
	u64 ordered_ns;		/* btrfs_finish_ordered_io per extent: file extent item and csums inserted */
	u64 log_inode_ns;	/* btrfs_log_inode: the inode item and changed extents copied into the log tree */
	u64 delayed_ref_ns;	/* btrfs_run_delayed_refs: one extent tree item update in a cached leaf */
	u64 commit_block_ns;	/* commit_cowonly_roots and friends, per dirty tree block */
	u64 csum_block_ns;	/* crc32c of a 16 KiB tree block before it is written (~8 GB/s) */
	u64 space_lock_ns;	/* work under space_info->lock: a reservation's or an unpin's counters */
	u64 dev_latency_ns;	/* NVMe 4k write */
	u64 dev_bw;		/* bytes per second over all queues */
	u64 dev_flush_ns;	/* preflush + FUA of the super block on a consumer NVMe (memo: 50-300 us) */
	u64 discard_ns;		/* one synchronous discard of a small range (memo: 50-100 us) */
	u64 bt_level_ns;	/* one level of btrfs_search_slot: btrfs_bin_search over up to 121 keys (7 compares of a 17-byte key read from the buffer's folio) and the child's extent buffer found in the buffer cache */
	u64 bt_item_ns;		/* an item inserted or deleted in a leaf: setup_items_for_insert / btrfs_del_items move half a 16 KiB leaf's data on average, 8 KiB at ~8 GB/s */
	u64 bt_dirent_ns;	/* readdir: one dir index item copied into filldir_buf under the leaf's read lock (a ~40-byte entry and its name) */
	unsigned int jitter_pct;	/* spread of CPU costs, per operation */
} bf_cost = {
	.close_ns = 1000,
	.qfileinfo_ns = 1000,
	.qfsinfo_ns = 2000,
	.lock_ns = 1500,
	.readx_ns = 2000,
	.qpathinfo_ns = 20000,
	.find_ns = 100000,
	.open_ns = 20000,
	.create_ns = 30000,
	.unlink_ns = 25000,
	.rename_ns = 40000,
	.setattr_ns = 8000,
	.write_ns = 5000,
	.dirty_inode_ns = 3000,
	.cow_ns = 3000,
	.ordered_ns = 10000,
	.log_inode_ns = 15000,
	.delayed_ref_ns = 2000,
	.commit_block_ns = 1000,
	.csum_block_ns = 2000,
	.space_lock_ns = 150,
	.dev_latency_ns = 25000,
	.dev_bw = 2000000000ULL,
	.dev_flush_ns = 100000,
	.discard_ns = 60000,
	.bt_level_ns = 300,
	.bt_item_ns = 1000,
	.bt_dirent_ns = 100,
	.jitter_pct = 20,
};

/* ---------------------------------------------------------------------
 * dbench's operations and their mix
 * ------------------------------------------------------------------- */

const char *const op_names[NR_OPS] = {
	"NTCreateX", "Close", "Rename", "Unlink", "Qpathinfo", "Qfileinfo",
	"Qfsinfo", "Sfileinfo", "Find", "WriteX", "ReadX", "LockX", "UnlockX",
	"Flush",
};

/*
 * Operations per Flush in Debian's client.txt (5,553 Flushes): ReadX
 * 124,199, NTCreateX 79,230 of which 16,067 create, Qpathinfo 71,814, Close
 * 58,200, WriteX 39,502, Find 27,765, Unlink 16,000, Qfsinfo 13,168,
 * Qfileinfo 12,585, Sfileinfo 6,454, Rename 3,355, LockX and UnlockX 258.
 * Bytes: 182,960 written and 265,098 read per Flush. Every Flush follows a
 * WriteX on the same file; one in five is on a file its NTCreateX created.
 */
static const double op_per_flush[NR_OPS] = {
	[OP_NTCREATEX] = 14.268, [OP_CLOSE] = 10.481, [OP_RENAME] = 0.6042,
	[OP_UNLINK] = 2.8813, [OP_QPATHINFO] = 12.932, [OP_QFILEINFO] = 2.2663,
	[OP_QFSINFO] = 2.3713, [OP_SFILEINFO] = 1.1622, [OP_FIND] = 5.0,
	[OP_WRITEX] = 7.1136, [OP_READX] = 22.366, [OP_LOCKX] = 0.04646,
	[OP_UNLOCKX] = 0.04646, [OP_FLUSH] = 1,
};
#define CREATE_SHARE	0.2028	/* 16,067 of 79,230 NTCreateX create */
#define FLUSH_NEW_SHARE	0.21	/* Flushes on a file created by the same open */
#define WRITE_BYTES	25720	/* 182,960 / 7.11 per WriteX */
#define READ_BYTES	11853	/* 265,098 / 22.37 per ReadX */
#define DIR_ENTRIES	200	/* a Find's readdir: the entries of a dbench directory */

/* ---------------------------------------------------------------------
 * The file system
 * ------------------------------------------------------------------- */

/*
 * The transaction's states and the handle types are in btrfs-fsync-yours.h,
 * which the exercise's student code includes too.
 */

const char *const state_names[TRANS_STATE_MAX] = {
	"RUNNING", "COMMIT_PREP", "COMMIT_START", "COMMIT_DOING", "UNBLOCKED",
	"SUPER_COMMITTED", "COMPLETED",
};

#define TRANS_EXTWRITERS	(__TRANS_START | __TRANS_ATTACH)

/* the handle types a transaction in each state turns away (btrfs_blocked_trans_types) */
static const unsigned int blocked_types[TRANS_STATE_MAX] = {
	[TRANS_STATE_RUNNING] = 0,
	[TRANS_STATE_COMMIT_PREP] = 0,
	[TRANS_STATE_COMMIT_START] = __TRANS_START | __TRANS_ATTACH,
	[TRANS_STATE_COMMIT_DOING] = __TRANS_START | __TRANS_ATTACH | __TRANS_JOIN,
	[TRANS_STATE_UNBLOCKED] = ~0u,
	[TRANS_STATE_SUPER_COMMITTED] = ~0u,
	[TRANS_STATE_COMPLETED] = ~0u,
};

#define ENOENT	2
#define EBUSY	16
#define BTRFS_LOG_FORCE_COMMIT	1

/* The whole model of one run: struct bf_model (btrfs-fsync.h). */
struct bf_model bf;

const char *const site_names[NR_SITES] = { "join", "prev", "attach", "blocked", "log" };

/* ---------------------------------------------------------------------
 * State changes and the timeline
 * ------------------------------------------------------------------- */

static struct bf_txn_rec *txn_rec(struct btrfs_transaction *tr)
{
	return tr->rec >= 0 ? &bf.txns[tr->rec] : NULL;
}

/* Move @tr to @state: states only move forward. */
static void set_state(struct sim *s, struct task *t, struct btrfs_transaction *tr, int state)
{
	struct bf_txn_rec *r = txn_rec(tr);
	u64 now = sim_clock(s, t);

	if (state <= tr->state && !bf.state_errors++)
		snprintf(bf.state_err, sizeof(bf.state_err),
			 "transaction %llu moved from %s back to %s",
			 (unsigned long long)tr->transid, state_names[tr->state],
			 state_names[state]);
	tr->state = state;
	tr->at[state] = now;
	if (r)
		r->at[state] = now;
}

static int wait_rec_open(struct sim *s, struct bf_client *c,
			 struct btrfs_transaction *tr, int site, int want)
{
	struct bf_wait_rec *w;

	if (bf.nr_waits == BF_MAX_WAIT_RECS) {
		bf.timeline_full = true;
		return -1;
	}
	w = &bf.waits[bf.nr_waits];
	w->task = c->t->id;
	w->transid = tr ? tr->transid : 0;
	w->site = site;
	w->want = want;
	w->from = sim_clock(s, c->t);
	w->to = 0;
	w->super_at = 0;
	return bf.nr_waits++;
}

/* ---------------------------------------------------------------------
 * Tree blocks: copy-on-write once per transaction
 * ------------------------------------------------------------------- */

/* COW one block if @tr has not yet: a new dirty block, the old one pinned */
static void cow_one(struct task *t, struct btrfs_transaction *tr, u64 *last)
{
	if (*last == tr->transid)
		return;
	*last = tr->transid;
	tr->dirty_blocks++;
	tr->pinned++;
	tr->delayed_refs += 2;	/* the new block's reference added, the old one's dropped */
	sim_charge(t, bf_cost.cow_ns);
}

/* btrfs_search_slot(cow=1) down to leaf @i of a tree: the leaf, its parent, the root */
static void cow_path(struct task *t, struct btrfs_transaction *tr, u64 *leaves,
		     u64 *nodes, u64 *root, int i)
{
	cow_one(t, tr, root);
	cow_one(t, tr, &nodes[i / BTRFS_NODE_PTRS]);
	cow_one(t, tr, &leaves[i]);
}

static void cow_fs(struct task *t, struct btrfs_transaction *tr, int leaf)
{
	cow_path(t, tr, bf.fs_leaf, bf.fs_node, &bf.fs_root, leaf);
}

static void cow_extent(struct sim *s, struct task *t, struct btrfs_transaction *tr)
{
	cow_path(t, tr, bf.ext_leaf, bf.ext_node, &bf.ext_root,
		 (int)(sim_rand(s) % (u64)bf.nr_ext_leaves));
}

/* data extents freed in @tr: pinned until it commits */
static void free_data_extents(struct sim *s, struct task *t,
			      struct btrfs_transaction *tr, u64 n)
{
	u64 i;

	tr->pinned += n;
	tr->delayed_refs += n;
	for (i = 0; i < n && i < 4; i++)
		cow_extent(s, t, tr);
}

/* ---------------------------------------------------------------------
 * Tree searches and the tree blocks' locks (ctree.c, locking.c)
 * ------------------------------------------------------------------- */

/* the lock of block @leaf's ancestor at @level of @tree (the log tree: its root, a leaf) */
static struct rw_semaphore *bt_lock(int tree, int level, int leaf)
{
	if (tree == BT_LOG)
		return &bf.log_root_lock;
	if (tree == BT_FS)
		return level == 2 ? &bf.fs_root_lock :
		       level == 1 ? &bf.fs_node_lock[leaf / BTRFS_NODE_PTRS] : &bf.fs_leaf_lock[leaf];
	return level == 2 ? &bf.csum_root_lock :
	       level == 1 ? &bf.csum_node_lock[leaf / BTRFS_NODE_PTRS] : &bf.csum_leaf_lock[leaf];
}

/* the COW generation of the same block; NULL for the log tree (its blocks are counted by btrfs_log_inode) */
static u64 *bt_gen(int tree, int level, int leaf)
{
	if (tree == BT_LOG)
		return NULL;
	if (tree == BT_FS)
		return level == 2 ? &bf.fs_root :
		       level == 1 ? &bf.fs_node[leaf / BTRFS_NODE_PTRS] : &bf.fs_leaf[leaf];
	return level == 2 ? &bf.csum_root :
	       level == 1 ? &bf.csum_node[leaf / BTRFS_NODE_PTRS] : &bf.csum_leaf[leaf];
}

/* the fs tree's last leaf: new inodes' items and orphan items (BTRFS_ORPHAN_OBJECTID, -5) have its keys */
static int fs_last_leaf(void)
{
	return bf.nr_fs_leaves - 1;
}

/* the CPU a search costs, which its operation's cost includes */
static u64 bt_search_ns(int tree, u64 work_ns)
{
	return (tree == BT_LOG ? 1 : BT_LEVELS) * bf_cost.bt_level_ns + work_ns;
}

/*
 * bt_queue - the operation's body asks for a btrfs_search_slot() of @tree
 * down to @leaf for @mode, with @work_ns of item work at the leaf; it runs
 * after the body (bt_run). Returns the search's CPU.
 */
static u64 bt_queue(struct bf_client *c, int tree, int mode, int leaf, u64 work_ns)
{
	struct bt_search *q;

	if (c->nr_srch == BT_MAX_SEARCHES)
		return 0;
	q = &c->srch[c->nr_srch++];
	q->tree = (signed char)tree;
	q->mode = (signed char)mode;
	q->leaf = leaf;
	q->work_ns = work_ns;
	return bt_search_ns(tree, work_ns);
}

/* an operation's CPU @cost less what its searches charge themselves */
static u64 cpu_besides_searches(u64 cost, u64 searches)
{
	return cost > searches ? cost - searches : 0;
}

/*
 * btrfs_search_slot - c->srch[c->srch_i]: down its tree from the root to
 * its leaf, each block locked before its parent is let go, as ctree.c
 * does in 6.12. write_lock_level is 1 for an insert and 2 for a deletion:
 * btrfs_search_slot_get_root() read-locks the root unless its level is
 * within it or it must be COWed (should_cow_block(): the search restarts
 * with the root write-locked), and every lower level is write-locked.
 * unlock_up() lets a parent go once its child is held, except for the
 * levels below lowest_unlock: a deletion (lowest_unlock 2) keeps its
 * level-1 node until it is done at the leaf. A read (cow=0) read-locks
 * every level. A block the transaction has not yet COWed is COWed under
 * its write lock and its parent's. The item work is done at the leaf
 * under its lock, then the path released.
 */
static int btrfs_search_slot(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_search;
	struct bt_search *q = &c->srch[c->srch_i];
	int wll = q->mode == BT_DEL ? 2 : q->mode == BT_INS ? 1 : -1;
	u64 *gen;
	int l;

	CO_BEGIN(co);
	(void)s;
	c->s_level = q->tree == BT_LOG ? 0 : BT_LEVELS - 1;
	for (l = 0; l < BT_LEVELS; l++)
		c->s_held[l] = c->s_write[l] = false;
	gen = bt_gen(q->tree, c->s_level, q->leaf);
	c->s_write[c->s_level] = q->mode != BT_READ &&
		(c->s_level <= wll || (gen && *gen != c->h_trans->transid));
	for (;;) {
		if (bf.tree_locks) {
			if (c->s_write[c->s_level])
				down_write(t, bt_lock(c->srch[c->srch_i].tree, c->s_level, c->srch[c->srch_i].leaf));
			else
				down_read(t, bt_lock(c->srch[c->srch_i].tree, c->s_level, c->srch[c->srch_i].leaf));
		}
		q = &c->srch[c->srch_i];
		c->s_held[c->s_level] = true;
		sim_charge(t, bf_cost.bt_level_ns);
		gen = bt_gen(q->tree, c->s_level, q->leaf);
		if (c->s_write[c->s_level] && gen)
			cow_one(t, c->h_trans, gen);
		/* unlock_up(): the parent, unless a deletion's level 1 (below lowest_unlock) */
		if (c->s_level + 1 < BT_LEVELS && c->s_held[c->s_level + 1] &&
		    !(q->mode == BT_DEL && c->s_level + 1 == 1)) {
			c->s_held[c->s_level + 1] = false;
			if (bf.tree_locks) {
				if (c->s_write[c->s_level + 1])
					up_write(t, bt_lock(c->srch[c->srch_i].tree, c->s_level + 1, c->srch[c->srch_i].leaf));
				else
					up_read(t, bt_lock(c->srch[c->srch_i].tree, c->s_level + 1, c->srch[c->srch_i].leaf));
			}
		}
		q = &c->srch[c->srch_i];
		if (c->s_level == 0)
			break;
		c->s_level--;
		c->s_write[c->s_level] = q->mode != BT_READ;
	}
	sim_charge(t, q->work_ns);
	/* btrfs_release_path(): the leaf, and a deletion's node */
	for (c->s_level = 0; c->s_level < BT_LEVELS; c->s_level++) {
		if (!c->s_held[c->s_level])
			continue;
		c->s_held[c->s_level] = false;
		if (bf.tree_locks) {
			if (c->s_write[c->s_level])
				up_write(t, bt_lock(c->srch[c->srch_i].tree, c->s_level, c->srch[c->srch_i].leaf));
			else
				up_read(t, bt_lock(c->srch[c->srch_i].tree, c->s_level, c->srch[c->srch_i].leaf));
		}
	}
	sim_elapse(t);
	CO_END(co);
}

/* bt_run - the searches the operation's body queued, in order */
static int bt_run(struct sim *s, struct bf_client *c)
{
	struct co *co = &c->co_bt;

	CO_BEGIN(co);
	for (c->srch_i = 0; c->srch_i < c->nr_srch; c->srch_i++)
		CO_CALL(co, btrfs_search_slot(s, c));
	c->nr_srch = 0;
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Handles: start, join, attach, end (transaction.c)
 * ------------------------------------------------------------------- */

static bool is_transaction_blocked(const struct btrfs_transaction *tr)
{
	return tr->state >= TRANS_STATE_COMMIT_START &&
	       tr->state < TRANS_STATE_UNBLOCKED;
}

/* Is an older transaction unpinning (SUPER_COMMITTED)? */
static bool unpin_running(void)
{
	struct btrfs_transaction *tr;

	list_for_each_entry(tr, &bf.trans_list, struct btrfs_transaction, list)
		if (tr->state == TRANS_STATE_SUPER_COMMITTED)
			return true;
	return false;
}

/*
 * wait_current_trans - sleep while the running transaction blocks new
 * writers (COMMIT_START up to UNBLOCKED).
 */
static int wait_current_trans(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_wct;

	CO_BEGIN(co);
	spin_lock(t, &bf.trans_lock);
	c->wct = bf.running_transaction;
	if (c->wct && is_transaction_blocked(c->wct)) {
		c->wct->use_count++;
		spin_unlock(t, &bf.trans_lock);
		bf.start_waits++;
		c->phase = "blocked";
		c->waiting_on = c->wct;
		c->waiting_want = TRANS_STATE_UNBLOCKED;
		c->waiting_site = SITE_BLOCKED;
		STEP(t, BK_WAIT, (s64)c->wct->transid, TRANS_STATE_UNBLOCKED);
		wait_event(t, &bf.transaction_wait,
			   c->wct->state >= TRANS_STATE_UNBLOCKED);
		c->waiting_on = NULL;
		c->wct->use_count--;
	} else {
		spin_unlock(t, &bf.trans_lock);
	}
	CO_END(co);
}

/*
 * join_transaction - under trans_lock: join the running transaction, or
 * start one; -EBUSY if its state turns @type away, -ENOENT for an attach
 * with nothing running. Does not block.
 */
static int join_transaction(struct sim *s, struct bf_client *c, unsigned int type)
{
	struct btrfs_transaction *tr = bf.running_transaction;

	if (tr) {
		if (blocked_types[tr->state] & type)
			return -EBUSY;
		if (type == __TRANS_START && unpin_running())
			bf.joins_during_unpin++;
		if (tr->state >= TRANS_STATE_UNBLOCKED && !bf.state_errors++)
			snprintf(bf.state_err, sizeof(bf.state_err),
				 "a handle joined transaction %llu in %s",
				 (unsigned long long)tr->transid, state_names[tr->state]);
		tr->use_count++;
		tr->num_writers++;
		if (type & TRANS_EXTWRITERS)
			tr->num_extwriters++;
		c->h_trans = tr;
		return 0;
	}
	if (type == __TRANS_ATTACH)
		return -ENOENT;
	if (type == __TRANS_START && unpin_running())
		bf.joins_during_unpin++;
	/* kmalloc happens outside trans_lock in the kernel, and is retried if another task started one meanwhile */
	tr = sim_alloc(s, sizeof(*tr));
	if (!tr)
		return -ENOENT;
	tr->transid = ++bf.generation;
	tr->state = TRANS_STATE_RUNNING;
	tr->num_writers = 1;
	tr->num_extwriters = (type & TRANS_EXTWRITERS) ? 1 : 0;
	tr->use_count = 2;
	tr->committer = -1;
	init_waitqueue_head(&tr->commit_wait, "commit_wait");
	init_waitqueue_head(&tr->writer_wait, "writer_wait");
	list_add_tail(&tr->list, &bf.trans_list);
	bf.running_transaction = tr;
	tr->at[TRANS_STATE_RUNNING] = sim_clock(s, c->t);
	tr->rec = -1;
	if (bf.nr_txns < BF_MAX_TXN_RECS) {
		struct bf_txn_rec *r = &bf.txns[bf.nr_txns];

		tr->rec = bf.nr_txns++;
		r->transid = tr->transid;
		r->committer = -1;
		r->at[TRANS_STATE_RUNNING] = tr->at[TRANS_STATE_RUNNING];
	} else {
		bf.timeline_full = true;
	}
	c->h_trans = tr;
	return 0;
}

/*
 * start_transaction - a handle of @type: TRANS_START first waits for a
 * blocked commit (may_wait_transaction), every type waits when
 * join_transaction() says -EBUSY, and an attach then gives up (-ENOENT).
 * A TRANS_START reserves metadata space under space_info->lock.
 */
static int start_transaction(struct sim *s, struct bf_client *c, unsigned int type)
{
	struct task *t = c->t;
	struct co *co = &c->co_start;

	CO_BEGIN(co);
	c->h_trans = NULL;
	c->h_type = type;
	c->in_fsync = false;
	c->h_ret = 0;
	if (type == __TRANS_START) {
		spin_lock(t, &bf.space_lock);
		sim_charge(t, bf_cost.space_lock_ns);
		spin_unlock(t, &bf.space_lock);
		CO_CALL(co, wait_current_trans(s, c));
	}
	for (;;) {
		spin_lock(t, &bf.trans_lock);
		c->h_ret = join_transaction(s, c, type);
		spin_unlock(t, &bf.trans_lock);
		if (c->h_ret != -EBUSY)
			break;
		CO_CALL(co, wait_current_trans(s, c));
		if (type == __TRANS_ATTACH) {
			c->h_ret = -ENOENT;
			break;
		}
	}
	if (c->h_trans)
		STEP(t, BK_JOIN, (s64)c->h_trans->transid, type);
	CO_END(co);
}

/* btrfs_end_transaction - drop the handle's writer counts, wake the committer */
static int end_transaction(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_end;

	CO_BEGIN(co);
	c->h_trans->num_writers--;
	if (c->h_type & TRANS_EXTWRITERS)
		c->h_trans->num_extwriters--;
	c->h_trans->use_count--;
	/*
	 * cond_wake_up(): the committer, on the queue before it tests the
	 * writer counts in the kernel; here it tests before it sleeps, so once
	 * a commit has started every end wakes it
	 */
	if (!list_empty(&c->h_trans->writer_wait.head) ||
	    c->h_trans->state >= TRANS_STATE_COMMIT_START)
		wake_up_all(t, &c->h_trans->writer_wait);
	c->h_trans = NULL;
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * The commit (btrfs_commit_transaction, wait_for_commit, unpin)
 * ------------------------------------------------------------------- */

#ifdef JC_YOURS_BTRFS_FSYNC
/*
 * bf_yours_wait_state - the student's yours_commit_wait_state() for @c's
 * handle at @site. Any state a transaction reaches is taken as asked (the
 * invariant checker shows what too early a one breaks); anything else fails
 * the run, and the model waits for COMPLETED meanwhile, as before the patch.
 */
static int bf_yours_wait_state(struct sim *s, const struct bf_client *c,
			       enum btrfs_commit_wait site)
{
	struct btrfs_trans_handle h = {
		.transid = c->h_trans->transid,
		.type = c->h_type,
		.in_fsync = c->in_fsync,
	};
	int want = (int)yours_commit_wait_state(&h, site);

	if (want < TRANS_STATE_RUNNING || want > TRANS_STATE_COMPLETED) {
		sim_fail_check(s, 3, "yours_commit_wait_state", "yours_commit_wait_state() returned %d for the %s wait of task %d (transaction %llu, step %llu): a transaction's states are TRANS_STATE_RUNNING (0) to TRANS_STATE_COMPLETED (6)",
			       want, site == BTRFS_WAIT_OWN ? "BTRFS_WAIT_OWN" : "BTRFS_WAIT_PREV",
			       c->t->id, (unsigned long long)h.transid,
			       (unsigned long long)s->steps);
		return TRANS_STATE_COMPLETED;
	}
	return want;
}
#endif

/*
 * The state a waiter of another task's commit needs: the switch of the
 * kernel lab, and d0c2f4fa's in_fsync test.
 */
static int commit_wait_state(struct sim *s, const struct bf_client *c,
			     enum btrfs_commit_wait site)
{
#ifdef JC_YOURS_BTRFS_FSYNC
	if (bf.variant == V_YOURS)
		return bf_yours_wait_state(s, c, site);
#endif
	(void)s;
	(void)site;
	if (c->in_fsync && bf.variant != V_BEFORE)
		return TRANS_STATE_SUPER_COMMITTED;
	return TRANS_STATE_COMPLETED;
}

/*
 * wait_for_commit - sleep until @c->wfc reaches @c->want; for COMPLETED,
 * then also until every older transaction is COMPLETED (since 5.12 a
 * SUPER_COMMITTED one may precede a COMPLETED one).
 */
static int wait_for_commit(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_wfc;

	CO_BEGIN(co);
	c->wfc_transid = c->wfc->transid;
	c->wrec = wait_rec_open(s, c, c->wfc, c->site, c->want);
	bf.site_waits[c->site]++;
	if (c->want == TRANS_STATE_COMPLETED) {
		if (c->in_fsync)
			bf.completed_waits++;
	} else {
		bf.super_waits++;
	}
	c->phase = "wait";
	c->waiting_want = c->want;
	c->waiting_site = c->site;
	for (;;) {
		c->waiting_on = c->wfc;
		STEP(t, BK_WAIT, (s64)c->wfc->transid, c->want);
		wait_event(t, &c->wfc->commit_wait, c->wfc->state >= c->want);
		if (c->wfc->state < c->want && !bf.state_errors++)
			snprintf(bf.state_err, sizeof(bf.state_err),
				 "a waiter for %s woke with transaction %llu in %s",
				 state_names[c->want], (unsigned long long)c->wfc->transid,
				 state_names[c->wfc->state]);
		if (c->want < TRANS_STATE_COMPLETED)
			break;
		spin_lock(t, &bf.trans_lock);
		c->wfc = list_empty(&bf.trans_list) ? NULL :
			 list_first_entry(&bf.trans_list, struct btrfs_transaction, list);
		spin_unlock(t, &bf.trans_lock);
		if (!c->wfc || c->wfc->transid > c->wfc_transid ||
		    c->wfc->state == TRANS_STATE_COMPLETED)
			break;
	}
	c->waiting_on = NULL;
	STEP(t, BK_WOKE, (s64)c->wfc_transid, c->want);
	if (c->wrec >= 0)
		bf.waits[c->wrec].to = sim_clock(s, t);
	CO_END(co);
}

/* time a finished wait spent after its transaction was SUPER_COMMITTED */
static void account_wait(struct bf_client *c, struct btrfs_transaction *tr)
{
	struct bf_wait_rec *w;

	if (c->wrec < 0)
		return;
	w = &bf.waits[c->wrec];
	w->super_at = tr->at[TRANS_STATE_SUPER_COMMITTED];
	if (w->want == TRANS_STATE_COMPLETED && w->super_at && w->to > w->super_at)
		bf.wait_after_super_ns += w->to - (w->super_at > w->from ? w->super_at : w->from);
}

/*
 * btrfs_finish_extent_commit - unpin every extent the transaction freed:
 * per range unused_bg_unpin_mutex, a synchronous discard with
 * discard=sync, the free space and space_info counters under
 * space_info->lock, then cond_resched().
 */
static int btrfs_finish_extent_commit(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_unpin;

	CO_BEGIN(co);
	c->unpin_start = sim_clock(s, t);
	for (c->i = 0; c->i < c->cur->pinned; c->i++) {
		if (bf.unpin_mutex)
			mutex_lock(t, &bf.unused_bg_unpin_mutex);
		STEP(t, BK_UNPIN, (s64)c->cur->transid, (s64)c->i);
		if (bf.discard_sync)
			submit_bio_wait(t, &bf.discard_dev, 0, false);
		spin_lock(t, &bf.space_lock);
		sim_charge(t, sim_jitter(s, bf.unpin_ns, bf_cost.jitter_pct));
		spin_unlock(t, &bf.space_lock);
		c->cur->unpinned++;
		if (bf.unpin_mutex)
			mutex_unlock(t, &bf.unused_bg_unpin_mutex);
		cond_resched(t);
	}
	sim_elapse(t);
	CO_END(co);
}

static int btrfs_commit_transaction(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_commit;
	struct bf_txn_rec *r;
	u64 took, refs;

	CO_BEGIN(co);
	c->cur = c->h_trans;
	c->phase = "commit";
	/* btrfs_run_delayed_refs(): one task at a time (BTRFS_DELAYED_REFS_FLUSHING) */
	if (!c->cur->refs_flushing && c->cur->state < TRANS_STATE_COMMIT_PREP) {
		c->cur->refs_flushing = true;
		refs = c->cur->delayed_refs;
		sim_charge(t, refs * bf_cost.delayed_ref_ns);
		sim_elapse(t);
	}
	spin_lock(t, &bf.trans_lock);
	if (c->cur->state >= TRANS_STATE_COMMIT_PREP) {
		/* site 1: another task commits this transaction */
		c->want = commit_wait_state(s, c, BTRFS_WAIT_OWN);
		c->cur->use_count++;
		spin_unlock(t, &bf.trans_lock);
		CO_CALL(co, end_transaction(s, c));
		c->wfc = c->cur;
		c->site = c->h_type == __TRANS_ATTACH ? SITE_ATTACH : SITE_JOIN;
		CO_CALL(co, wait_for_commit(s, c));
		account_wait(c, c->cur);
		c->cur->use_count--;
		CO_EXIT(co);
	}
	set_state(s, t, c->cur, TRANS_STATE_COMMIT_PREP);
	c->cur->committer = t->id;
	r = txn_rec(c->cur);
	if (r)
		r->committer = t->id;
	if (c->cur->list.prev != &bf.trans_list) {
		/* site 2: the previous transaction is still committing */
		c->want = commit_wait_state(s, c, BTRFS_WAIT_PREV);
		c->prev = list_prev_entry(c->cur, struct btrfs_transaction, list);
		if (c->prev->state < c->want) {
			c->prev->use_count++;
			spin_unlock(t, &bf.trans_lock);
			c->wfc = c->prev;
			c->site = SITE_PREV;
			CO_CALL(co, wait_for_commit(s, c));
			account_wait(c, c->prev);
			c->prev->use_count--;
			c->phase = "commit";
			spin_lock(t, &bf.trans_lock);
		}
	}
	set_state(s, t, c->cur, TRANS_STATE_COMMIT_START);
	spin_unlock(t, &bf.trans_lock);
	c->cur->start_time = sim_clock(s, t);
	STEP(t, BK_STATE, (s64)c->cur->transid, TRANS_STATE_COMMIT_START);
	/* the committer's own handle no longer counts as an external writer */
	if (c->h_type & TRANS_EXTWRITERS)
		c->cur->num_extwriters--;
	wait_event(t, &c->cur->writer_wait, c->cur->num_extwriters == 0);
	spin_lock(t, &bf.trans_lock);
	set_state(s, t, c->cur, TRANS_STATE_COMMIT_DOING);
	spin_unlock(t, &bf.trans_lock);
	STEP(t, BK_STATE, (s64)c->cur->transid, TRANS_STATE_COMMIT_DOING);
	wait_event(t, &c->cur->writer_wait, c->cur->num_writers == 1);
	/*
	 * The critical section: the remaining delayed refs, commit_fs_roots()
	 * (which frees the log tree: its blocks are pinned),
	 * commit_cowonly_roots(), switch_commit_roots().
	 */
	c->cur->pinned += c->cur->log_blocks;
	cow_one(t, c->cur, &bf.fs_root);
	c->cur->dirty_blocks += ROOT_BLOCKS;
	c->cur->pinned += ROOT_BLOCKS;
	sim_charge(t, c->cur->delayed_refs * bf_cost.delayed_ref_ns +
		      c->cur->dirty_blocks * bf_cost.commit_block_ns);
	mutex_lock(t, &bf.tree_log_mutex);
	spin_lock(t, &bf.trans_lock);
	set_state(s, t, c->cur, TRANS_STATE_UNBLOCKED);
	bf.running_transaction = NULL;
	spin_unlock(t, &bf.trans_lock);
	STEP(t, BK_STATE, (s64)c->cur->transid, TRANS_STATE_UNBLOCKED);
	wake_up_all(t, &bf.transaction_wait);
	/* btrfs_write_and_wait_transaction(): checksum and write every dirty block */
	sim_charge(t, c->cur->dirty_blocks * bf_cost.csum_block_ns);
	submit_bio_wait(t, &bf.dev, c->cur->dirty_blocks * NODESIZE, false);
	/* write_all_supers(): preflush, then the super block with FUA */
	submit_bio_wait(t, &bf.dev, 4096, true);
	mutex_unlock(t, &bf.tree_log_mutex);
	set_state(s, t, c->cur, TRANS_STATE_SUPER_COMMITTED);
	STEP(t, BK_STATE, (s64)c->cur->transid, TRANS_STATE_SUPER_COMMITTED);
	wake_up_all(t, &c->cur->commit_wait);
	c->phase = "unpin";
	CO_CALL(co, btrfs_finish_extent_commit(s, c));
	if (c->cur->transid > bf.last_trans_committed)
		bf.last_trans_committed = c->cur->transid;
	set_state(s, t, c->cur, TRANS_STATE_COMPLETED);
	STEP(t, BK_STATE, (s64)c->cur->transid, TRANS_STATE_COMPLETED);
	wake_up_all(t, &c->cur->commit_wait);
	spin_lock(t, &bf.trans_lock);
	list_del_init(&c->cur->list);
	spin_unlock(t, &bf.trans_lock);
	/* update_commit_stats(): COMMIT_START to here */
	took = sim_clock(s, t) - c->cur->start_time;
	bf.commits++;
	bf.commit_last_ns = took;
	bf.commit_total_ns += took;
	if (took > bf.commit_max_ns)
		bf.commit_max_ns = took;
	bf.unpin_total_ns += sim_clock(s, t) - c->unpin_start;
	bf.pinned_total += c->cur->pinned;
	if (c->cur->pinned > bf.max_pinned)
		bf.max_pinned = c->cur->pinned;
	r = txn_rec(c->cur);
	if (r) {
		r->pinned = c->cur->pinned;
		r->dirty_blocks = c->cur->dirty_blocks;
		r->unpin_ns = c->cur->at[TRANS_STATE_COMPLETED] -
			      c->cur->at[TRANS_STATE_SUPER_COMMITTED];
	}
	STEP(t, BK_COMMIT_END, (s64)c->cur->transid, (s64)(took / NSEC_PER_USEC));
	c->h_trans = NULL;
	CO_END(co);
}

/*
 * btrfs_wait_for_commit(fs_info, 0) - the attach barrier's wait when
 * nothing can be attached: the newest transaction that is committing,
 * until COMPLETED.
 */
static int btrfs_wait_for_commit0(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_wait;
	struct btrfs_transaction *tr;

	CO_BEGIN(co);
	spin_lock(t, &bf.trans_lock);
	c->wfc = NULL;
	for (tr = list_last_entry(&bf.trans_list, struct btrfs_transaction, list);
	     &tr->list != &bf.trans_list;
	     tr = list_prev_entry(tr, struct btrfs_transaction, list)) {
		if (tr->state >= TRANS_STATE_COMMIT_START) {
			if (tr->state != TRANS_STATE_COMPLETED)
				c->wfc = tr;
			break;
		}
	}
	spin_unlock(t, &bf.trans_lock);
	if (c->wfc) {
		c->cur = c->wfc;
		c->cur->use_count++;
		c->want = TRANS_STATE_COMPLETED;
		c->site = SITE_ATTACH;
		CO_CALL(co, wait_for_commit(s, c));
		account_wait(c, c->cur);
		c->cur->use_count--;
	}
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * The log tree (tree-log.c)
 * ------------------------------------------------------------------- */

/*
 * btrfs_log_inode - start a log transaction (log_writers, the open log
 * transid), copy the inode's changed items into the log tree, end it.
 */
static int btrfs_log_inode(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_log;
	struct bf_file *f = &c->files[c->fi];
	u64 cost, srch;

	CO_BEGIN(co);
	c->phase = "log";
	mutex_lock(t, &bf.log_mutex);
	bf.log_writers++;
	c->log_transid = bf.log_transid;
	mutex_unlock(t, &bf.log_mutex);
	STEP(t, BK_LOG_INODE, c->t->id * FILES_PER_CLIENT + c->fi, (s64)c->h_trans->transid);
	/* the inode's items read from the fs tree, copied into the log tree's root leaf (inode item, file extent item) */
	cost = sim_jitter(s, bf_cost.log_inode_ns, bf_cost.jitter_pct);
	srch = bt_queue(c, BT_FS, BT_READ, f->fs_leaf, bf_cost.bt_item_ns);
	srch += bt_queue(c, BT_LOG, BT_INS, 0, 2 * bf_cost.bt_item_ns);
	sim_charge(t, cpu_besides_searches(cost, srch));
	c->h_trans->log_blocks++;
	f->logged_trans = c->h_trans->transid;
	CO_CALL(co, bt_run(s, c));
	/*
	 * btrfs_end_log_trans(): the last writer wakes wait_for_writer(). The
	 * kernel's waiter is on the queue (prepare_to_wait) before it tests
	 * log_writers, so cond_wake_up() finds it; here a waiter tests before it
	 * sleeps, so the wake is unconditional, and one that tested before it
	 * does not sleep.
	 */
	if (--bf.log_writers == 0)
		wake_up_all(t, &bf.log_writer_wait);
	CO_END(co);
}

static bool need_log_full_commit(const struct bf_client *c)
{
	return bf.last_trans_log_full_commit == c->h_trans->transid;
}

/*
 * btrfs_sync_log - commit the log transaction the inode went into, or wait
 * for the task committing it; concurrent fsyncs share one log write and
 * one super block write. Returns through c->sync_ret: 0, or
 * BTRFS_LOG_FORCE_COMMIT when the transaction needs a full commit.
 */
static int btrfs_sync_log(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_sync;

	CO_BEGIN(co);
	bf.log_syncs++;
	mutex_lock(t, &bf.log_mutex);
	if (bf.log_transid_committed >= c->log_transid) {
		c->sync_ret = bf.log_ret[c->log_transid % 8];
		mutex_unlock(t, &bf.log_mutex);
		bf.log_sync_shared++;
		CO_EXIT(co);
	}
	c->log_idx = (int)(c->log_transid % 2);
	if (bf.log_commit[c->log_idx]) {
		/* wait_log_commit(): another fsync commits this log transaction */
		mutex_unlock(t, &bf.log_mutex);
		bf.log_sync_shared++;
		c->phase = "log wait";
		wait_event(t, &bf.log_commit_wait[c->log_idx],
			   bf.log_transid_committed >= c->log_transid);
		c->sync_ret = bf.log_ret[c->log_transid % 8];
		CO_EXIT(co);
	}
	bf.log_commit[c->log_idx] = 1;
	if (bf.log_commit[!c->log_idx]) {
		/* the previous log transaction is still being written */
		mutex_unlock(t, &bf.log_mutex);
		wait_event(t, &bf.log_commit_wait[!c->log_idx],
			   bf.log_transid_committed >= c->log_transid - 1);
		mutex_lock(t, &bf.log_mutex);
	}
	/* wait_for_writer(): let the fsyncs logging into it finish */
	while (bf.log_writers) {
		mutex_unlock(t, &bf.log_mutex);
		wait_event(t, &bf.log_writer_wait, bf.log_writers == 0);
		mutex_lock(t, &bf.log_mutex);
	}
	c->phase = "log sync";
	if (need_log_full_commit(c)) {
		c->sync_ret = BTRFS_LOG_FORCE_COMMIT;
		mutex_unlock(t, &bf.log_mutex);
		goto out;
	}
	/* log blocks written; new log writers go into the next log transaction */
	bf.log_transid++;
	mutex_unlock(t, &bf.log_mutex);
	submit_bio_wait(t, &bf.dev, 2 * NODESIZE, false);
	mutex_lock(t, &bf.tree_log_mutex);
	if (need_log_full_commit(c)) {
		c->sync_ret = BTRFS_LOG_FORCE_COMMIT;
		mutex_unlock(t, &bf.tree_log_mutex);
		goto out;
	}
	/* write_all_supers(fs_info, 1): the super block now points at the log */
	submit_bio_wait(t, &bf.dev, 4096, true);
#ifdef JC_YOURS_BTRFS_FSYNC
	c->log_super_at = sim_clock(s, t);
#endif
	mutex_unlock(t, &bf.tree_log_mutex);
	c->sync_ret = 0;
out:
	mutex_lock(t, &bf.log_mutex);
	bf.log_ret[c->log_transid % 8] = c->sync_ret;
#ifdef JC_YOURS_BTRFS_FSYNC
	bf.log_super_at[c->log_transid % 8] = c->sync_ret ? 0 : c->log_super_at;
#endif
	bf.log_transid_committed = c->log_transid;
	/* after a forced commit the next log is a fresh one (the kernel frees the log at commit) */
	if (bf.log_transid <= c->log_transid)
		bf.log_transid = c->log_transid + 1;
	bf.log_commit[c->log_idx] = 0;
	mutex_unlock(t, &bf.log_mutex);
	STEP(t, BK_LOG_SYNC, (s64)c->log_transid, c->sync_ret);
	wake_up_all(t, &bf.log_commit_wait[c->log_idx]);
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * fsync (file.c btrfs_sync_file)
 * ------------------------------------------------------------------- */

/*
 * btrfs_finish_ordered_io for the file's written extents, under a JOIN
 * handle: per extent the file extent item inserted (btrfs_drop_extents
 * replacing an overwritten one in the same path) and its checksums
 * (btrfs_csum_file_blocks), each a search.
 */
static int finish_ordered(struct sim *s, struct bf_client *c)
{
	struct co *co = &c->co_ordered;
	struct bf_file *f = &c->files[c->fi];
	struct btrfs_transaction *tr = c->h_trans;
	u64 cost, srch;

	CO_BEGIN(co);
	for (c->ord_i = 0; c->ord_i < f->dirty_writes; c->ord_i++) {
		cost = sim_jitter(s, bf_cost.ordered_ns, bf_cost.jitter_pct);
		srch = bt_queue(c, BT_FS, BT_INS, f->fs_leaf, bf_cost.bt_item_ns);
		srch += bt_queue(c, BT_CSUM, BT_INS, (int)(sim_rand(s) % (u64)bf.nr_csum_leaves),
				 bf_cost.bt_item_ns);
		sim_charge(c->t, cpu_besides_searches(cost, srch));
		cow_extent(s, c->t, tr);
		tr->delayed_refs++;
		CO_CALL(co, bt_run(s, c));
		f = &c->files[c->fi];
		tr = c->h_trans;
	}
	free_data_extents(s, c->t, tr, (u64)f->overwrites);
	f->nr_extents += (u64)(f->dirty_writes - f->overwrites);
	f->dirty_writes = f->overwrites = 0;
	f->dirty_bytes = 0;
	f->last_trans = tr->transid;
	CO_END(co);
}

static int btrfs_sync_file(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct co *co = &c->co_op;
	struct bf_file *f = &c->files[c->fi];

	CO_BEGIN(co);
	bf.fsyncs++;
	c->full_sync = f->needs_full_sync;
#ifdef JC_YOURS_BTRFS_FSYNC
	c->log_super_at = 0;
#endif
	c->phase = "data";
	/* start_ordered_ops(): write the dirty pages, wait, complete the ordered extents */
	if (f->dirty_writes) {
		submit_bio_wait(t, &bf.dev, f->dirty_bytes, false);
		CO_CALL(co, start_transaction(s, c, __TRANS_JOIN));
		CO_CALL(co, finish_ordered(s, c));
		CO_CALL(co, end_transaction(s, c));
	}
	/* skip_inode_logging(): nothing changed since the last commit */
	if (c->files[c->fi].last_trans <= bf.last_trans_committed) {
		bf.fsync_skipped++;
		CO_EXIT(co);
	}
	CO_CALL(co, start_transaction(s, c, __TRANS_START));
	c->in_fsync = true;
	/* btrfs_log_dentry_safe() */
	if (bf.notreelog || need_log_full_commit(c)) {
		c->sync_ret = BTRFS_LOG_FORCE_COMMIT;
	} else {
		CO_CALL(co, btrfs_log_inode(s, c));
		CO_CALL(co, btrfs_sync_log(s, c));
#ifdef JC_YOURS_BTRFS_FSYNC
		/* the log's super block, whoever of the sharing fsyncs wrote it */
		c->log_super_at = c->sync_ret ? 0 : bf.log_super_at[c->log_transid % 8];
#endif
	}
	if (c->sync_ret == 0) {
		c->files[c->fi].needs_full_sync = false;
		CO_CALL(co, end_transaction(s, c));
		CO_EXIT(co);
	}
	/* fall back to a full transaction commit */
	bf.fallbacks++;
	if (c->full_sync)
		bf.full_sync_fallbacks++;
	if (c->h_trans->rec >= 0)
		bf.txns[c->h_trans->rec].fallback = true;
	STEP(t, BK_FALLBACK, (s64)c->h_trans->transid, c->full_sync);
	if (bf.variant == V_612 && !c->full_sync) {
		/*
		 * 2496bb92a818: end the handle, wait for the ordered extents,
		 * and commit through an attach barrier, without in_fsync
		 */
		CO_CALL(co, end_transaction(s, c));
		CO_CALL(co, start_transaction(s, c, __TRANS_ATTACH));
		if (c->h_ret == -ENOENT) {
			CO_CALL(co, btrfs_wait_for_commit0(s, c));
			CO_EXIT(co);
		}
	}
	CO_CALL(co, btrfs_commit_transaction(s, c));
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * The other operations that join a transaction
 * ------------------------------------------------------------------- */

static int pick_file(struct sim *s, struct bf_client *c, bool exists)
{
	int i, n = (int)(sim_rand(s) % FILES_PER_CLIENT);

	for (i = 0; i < FILES_PER_CLIENT; i++) {
		int k = (n + i) % FILES_PER_CLIENT;

		if (c->files[k].exists == exists)
			return k;
	}
	return -1;
}

/*
 * A rename of an inode logged in this transaction: btrfs_log_new_name()
 * relogs it with its parents, and the parent checks of the mail's era
 * (check_parent_dirs_for_sync(), which the series removed) send the
 * transaction to a full commit: btrfs_set_log_full_commit().
 */
static void note_logged(struct bf_client *c, struct bf_file *f)
{
	if (!bf.notreelog && f->logged_trans == c->h_trans->transid)
		bf.last_trans_log_full_commit = c->h_trans->transid;
}

/*
 * unlink_searches - __btrfs_unlink_inode() and the inode's eviction: the
 * dir item and the inode ref deleted, the orphan item added, the inode's
 * items truncated (btrfs_truncate_inode_items) and the orphan deleted.
 * The dir index is a delayed item. Returns the searches' CPU.
 */
static u64 unlink_searches(struct bf_client *c, const struct bf_file *f)
{
	u64 item = bf_cost.bt_item_ns, srch;

	/* one statement each: the queue's order is the kernel's */
	srch = bt_queue(c, BT_FS, BT_DEL, f->fs_leaf, item);
	srch += bt_queue(c, BT_FS, BT_DEL, f->fs_leaf, item);
	srch += bt_queue(c, BT_FS, BT_INS, fs_last_leaf(), item);
	srch += bt_queue(c, BT_FS, BT_DEL, f->fs_leaf, item);
	srch += bt_queue(c, BT_FS, BT_DEL, fs_last_leaf(), item);
	return srch;
}

/*
 * The body of a metadata operation, run under its handle; does not block:
 * it queues the operation's tree searches, which bt_run() then makes.
 */
static void meta_op(struct sim *s, struct bf_client *c)
{
	struct task *t = c->t;
	struct btrfs_transaction *tr = c->h_trans;
	struct bf_file *f = &c->files[c->fi], *g;
	u64 srch;

	switch (c->op) {
	case OP_NTCREATEX:
		/* the inode item and ref in one batch, then the dir item (the dir index is a delayed item) */
		srch = bt_queue(c, BT_FS, BT_INS, fs_last_leaf(), bf_cost.bt_item_ns);
		srch += bt_queue(c, BT_FS, BT_INS, f->fs_leaf, bf_cost.bt_item_ns);
		sim_charge(t, cpu_besides_searches(sim_jitter(s, bf_cost.create_ns, bf_cost.jitter_pct), srch));
		f->exists = true;
		f->needs_full_sync = true;	/* btrfs_create_new_inode */
		f->nr_extents = 0;
		f->logged_trans = 0;
		tr->delayed_refs++;
		break;
	case OP_UNLINK:
		/* btrfs_record_unlink_dir(): the log updates a logged inode's names itself */
		srch = unlink_searches(c, f);
		sim_charge(t, cpu_besides_searches(sim_jitter(s, bf_cost.unlink_ns, bf_cost.jitter_pct), srch));
		free_data_extents(s, t, tr, f->nr_extents);
		f->exists = false;
		f->nr_extents = 0;
		f->dirty_bytes = 0;
		f->dirty_writes = f->overwrites = 0;
		break;
	case OP_RENAME:
		g = &c->files[c->fj];
		/* the old name's dir item and inode ref deleted, the new name's added; an existing target unlinked */
		srch = bt_queue(c, BT_FS, BT_DEL, f->fs_leaf, bf_cost.bt_item_ns);
		srch += bt_queue(c, BT_FS, BT_DEL, f->fs_leaf, bf_cost.bt_item_ns);
		srch += bt_queue(c, BT_FS, BT_INS, g->fs_leaf, bf_cost.bt_item_ns);
		srch += bt_queue(c, BT_FS, BT_INS, g->fs_leaf, bf_cost.bt_item_ns);
		if (g->exists)
			srch += unlink_searches(c, g);
		sim_charge(t, cpu_besides_searches(sim_jitter(s, bf_cost.rename_ns, bf_cost.jitter_pct), srch));
		note_logged(c, f);
		if (g->exists)
			free_data_extents(s, t, tr, g->nr_extents);
		*g = (struct bf_file){
			.exists = true, .needs_full_sync = f->needs_full_sync,
			.last_trans = tr->transid, .logged_trans = f->logged_trans,
			.mtime_jiffy = f->mtime_jiffy, .nr_extents = f->nr_extents,
			.dirty_bytes = f->dirty_bytes, .dirty_writes = f->dirty_writes,
			.overwrites = f->overwrites, .fs_leaf = g->fs_leaf,
		};
		f->exists = false;
		f->nr_extents = 0;
		f->dirty_bytes = 0;
		f->dirty_writes = f->overwrites = 0;
		f = g;
		break;
	case OP_SFILEINFO:
		/* btrfs_setattr -> btrfs_update_inode: the delayed inode, written to its leaf at commit */
		sim_charge(t, sim_jitter(s, bf_cost.setattr_ns, bf_cost.jitter_pct));
		cow_fs(t, tr, f->fs_leaf);
		break;
	case OP_WRITEX:
		/* file_update_time() -> btrfs_dirty_inode() */
		sim_charge(t, sim_jitter(s, bf_cost.dirty_inode_ns, bf_cost.jitter_pct));
		cow_fs(t, tr, f->fs_leaf);
		break;
	}
	f->last_trans = tr->transid;
}

#ifdef JC_YOURS_BTRFS_FSYNC
/*
 * bf_promise_broken - whether the fsync @c returned last had the file's
 * changes under a super block on disk before it returned: the log's (a log
 * sync that succeeded), or the one that committed the transaction holding
 * them, as the commit timeline recorded it; if not, says so in @msg. A
 * transaction from before the run was committed before it; one past a full
 * timeline cannot be proved either way, and is let go.
 */
static bool bf_promise_broken(struct bf_client *c, char *msg, size_t len)
{
	const struct bf_txn_rec *r;
	u64 first, super;
	int st;

	c->promised = false;
	if (c->promised_log_at && c->promised_log_at <= c->promised_at)
		return false;
	first = bf.nr_txns ? bf.txns[0].transid : bf.generation + 1;
	if (c->promised_transid < first ||
	    c->promised_transid - first >= (u64)bf.nr_txns)
		return false;
	r = &bf.txns[c->promised_transid - first];
	super = r->at[TRANS_STATE_SUPER_COMMITTED];
	if (super && super <= c->promised_at)
		return false;
	/* the state the transaction was in when the fsync returned */
	for (st = TRANS_STATE_COMPLETED; st > TRANS_STATE_RUNNING; st--)
		if (r->at[st] && r->at[st] <= c->promised_at)
			break;
	if (super)
		snprintf(msg, len, "fsync of task %d returned at %llu ns, transaction %llu (its file's changes) in %s: its super block was on disk only at %llu ns; a crash between loses them",
			 c->t->id, (unsigned long long)c->promised_at,
			 (unsigned long long)r->transid, state_names[st],
			 (unsigned long long)super);
	else
		snprintf(msg, len, "fsync of task %d returned at %llu ns, transaction %llu (its file's changes) in %s: no super block has it on disk yet; a crash now loses them",
			 c->t->id, (unsigned long long)c->promised_at,
			 (unsigned long long)r->transid, state_names[st]);
	return true;
}

/*
 * bf_promise - @c's fsync has returned: keep what it promised for the
 * checker. One the checker has not seen yet (it runs every check_every
 * events) is proved now, and a broken one kept for it to report.
 */
static void bf_promise(struct sim *s, struct bf_client *c)
{
	if (c->promised && !bf.promise_broken &&
	    bf_promise_broken(c, bf.promise_err, sizeof(bf.promise_err)))
		bf.promise_broken = true;
	c->promised = true;
	c->promised_transid = c->files[c->fi].last_trans;
	c->promised_at = sim_clock(s, c->t);
	c->promised_log_at = c->log_super_at;
}

/* bf_promises_kept - every fsync returned since the last check kept its promise */
static int bf_promises_kept(char *msg, size_t len)
{
	int i;

	if (bf.promise_broken) {
		snprintf(msg, len, "%s", bf.promise_err);
		return -1;
	}
	for (i = 0; i < bf.nr_clients; i++)
		if (bf.clients[i].promised && bf_promise_broken(&bf.clients[i], msg, len))
			return -1;
	return 0;
}
#endif

/* ---------------------------------------------------------------------
 * The dbench client
 * ------------------------------------------------------------------- */

/* one Flush's worth of operations, in a shuffled order, ending WriteX, Flush */
static void next_cycle(struct sim *s, struct bf_client *c)
{
	int op, i, n = 0;

	for (op = 0; op < NR_OPS; op++) {
		int k;

		if (op == OP_FLUSH)
			continue;
		c->acc[op] += op_per_flush[op];
		k = (int)c->acc[op];
		c->acc[op] -= k;
		if (op == OP_WRITEX && k > 0)
			k--;	/* the one before the Flush comes last */
		while (k-- > 0 && n < CYCLE_MAX - 3)
			c->ops[n++] = (unsigned char)op;
	}
	for (i = n - 1; i > 0; i--) {
		int j = (int)(sim_rand(s) % (u64)(i + 1));
		unsigned char x = c->ops[i];

		c->ops[i] = c->ops[j];
		c->ops[j] = x;
	}
	c->flush_new = (double)(sim_rand(s) % 10000) < FLUSH_NEW_SHARE * 10000;
	c->ops[n++] = OP_WRITEX;
	c->ops[n++] = OP_FLUSH;
	c->nr_ops = n;
	c->pos = 0;
	c->flush_file = -1;
}

static u64 readonly_cost(int op)
{
	switch (op) {
	case OP_CLOSE: return bf_cost.close_ns;
	case OP_QPATHINFO: return bf_cost.qpathinfo_ns;
	case OP_QFILEINFO: return bf_cost.qfileinfo_ns;
	case OP_QFSINFO: return bf_cost.qfsinfo_ns;
	case OP_FIND: return bf_cost.find_ns;
	case OP_READX: return bf_cost.readx_ns;
	case OP_LOCKX: return bf_cost.lock_ns;
	case OP_UNLOCKX: return bf_cost.lock_ns;
	case OP_NTCREATEX: return bf_cost.open_ns;
	}
	return 0;
}

static int lat_row(u64 ns)
{
	int row = 0;
	u64 edge = 250 * NSEC_PER_USEC;

	while (row < LAT_ROWS - 1 && ns >= edge) {
		row++;
		edge *= 2;
	}
	return row;
}

/* dbench's finish_op(): count the operation and its latency */
static void op_done(struct sim *s, struct bf_client *c)
{
	u64 now = sim_clock(s, c->t);
	u64 lat = now - c->op_start;
	struct op_stat *st = &bf.ops[c->op];

	if (c->op == OP_FLUSH)
		sim_heat_count(&bf.flush_heat, lat_row(lat), 0, now, 1);
	if (c->op_start < bf.warmup_ns || now > bf.end_ns)
		return;
	st->count++;
	st->total_ns += lat;
	if (lat > st->max_ns)
		st->max_ns = lat;
	if (c->op == OP_WRITEX)
		bf.bytes += WRITE_BYTES;
	else if (c->op == OP_READX)
		bf.bytes += READ_BYTES;
}

/*
 * dbench's latency clock: an operation's start is the client's lasttime;
 * the worst gap between two starts after the warmup, or the age of the
 * operation in flight when the run ends, is its max_latency.
 */
static void latency_to(struct bf_client *c, u64 now)
{
	u64 from = c->last_start > bf.warmup_ns ? c->last_start : bf.warmup_ns;

	if (now > from && now - from > c->worst_gap)
		c->worst_gap = now - from;
}

static void op_begin(struct sim *s, struct bf_client *c, int op)
{
	u64 now = sim_clock(s, c->t);

	c->op = op;
	c->op_start = now;
	latency_to(c, now);
	c->last_start = now;
}

static int dbench_client(struct sim *s, struct task *t)
{
	struct bf_client *c = t->priv;
	struct co *co = &c->co_main;
	struct bf_file *f;
	u64 cost;

	CO_BEGIN(co);
	while (sim_clock(s, t) < bf.end_ns) {
		if (c->pos == c->nr_ops)
			next_cycle(s, c);
		op_begin(s, c, c->ops[c->pos++]);
		c->phase = "op";
		STEP(t, BK_OP, c->op, 0);
		c->fi = -1;
		if (c->op == OP_NTCREATEX) {
			bool create = (double)(sim_rand(s) % 10000) < CREATE_SHARE * 10000;

			c->fi = create ? pick_file(s, c, false) : -1;
			if (c->fi < 0) {
				sim_charge(t, sim_jitter(s, bf_cost.open_ns, bf_cost.jitter_pct));
				op_done(s, c);
				continue;
			}
		} else if (c->op == OP_UNLINK || c->op == OP_SFILEINFO || c->op == OP_RENAME) {
			c->fi = pick_file(s, c, true);
			if (c->fi < 0) {
				sim_charge(t, bf_cost.open_ns);
				op_done(s, c);
				continue;
			}
			if (c->op == OP_RENAME) {
				c->fj = pick_file(s, c, false);
				if (c->fj < 0)
					c->fj = (c->fi + 1) % FILES_PER_CLIENT;
			}
		} else if (c->op == OP_WRITEX) {
			if (c->pos == c->nr_ops - 1 && c->flush_new) {
				c->fi = pick_file(s, c, false);
				if (c->fi >= 0) {
					/* the open that creates the file the Flush is on */
					c->op = OP_NTCREATEX;
					CO_CALL(co, start_transaction(s, c, __TRANS_START));
					meta_op(s, c);
					CO_CALL(co, bt_run(s, c));
					CO_CALL(co, end_transaction(s, c));
					op_done(s, c);
					op_begin(s, c, OP_WRITEX);
				}
			}
			if (c->fi < 0)
				c->fi = pick_file(s, c, true);
			if (c->fi < 0) {
				sim_charge(t, bf_cost.write_ns);
				op_done(s, c);
				continue;
			}
			f = &c->files[c->fi];
			c->flush_file = c->fi;
			/* btrfs_buffered_write: reserve delalloc space, copy */
			spin_lock(t, &bf.space_lock);
			sim_charge(t, bf_cost.space_lock_ns);
			spin_unlock(t, &bf.space_lock);
			sim_charge(t, sim_jitter(s, bf_cost.write_ns, bf_cost.jitter_pct));
			f = &c->files[c->fi];
			if (f->nr_extents > (u64)f->overwrites)
				f->overwrites++;
			f->dirty_writes++;
			f->dirty_bytes += WRITE_BYTES;
			if (f->mtime_jiffy != sim_clock(s, t) / JIFFY_NS) {
				f->mtime_jiffy = sim_clock(s, t) / JIFFY_NS;
				CO_CALL(co, start_transaction(s, c, __TRANS_JOIN));
				meta_op(s, c);
				CO_CALL(co, end_transaction(s, c));
			}
			op_done(s, c);
			continue;
		} else if (c->op == OP_FLUSH) {
			c->fi = c->flush_file;
			if (c->fi < 0 || !c->files[c->fi].exists) {
				op_done(s, c);
				continue;
			}
			CO_CALL(co, btrfs_sync_file(s, c));
#ifdef JC_YOURS_BTRFS_FSYNC
			/* what the fsync promised, for the invariant checker */
			bf_promise(s, c);
#endif
			c->phase = "op";
			op_done(s, c);
			continue;
		} else if (c->op == OP_FIND) {
			/* btrfs_real_readdir: the directory's index items copied under its leaf's read lock */
			cost = sim_jitter(s, bf_cost.find_ns, bf_cost.jitter_pct);
			cost = cpu_besides_searches(cost, bt_queue(c, BT_FS, BT_READ,
								   c->id * FS_LEAVES_PER_CLIENT +
								   (int)(sim_rand(s) % FS_LEAVES_PER_CLIENT),
								   DIR_ENTRIES * bf_cost.bt_dirent_ns));
			sim_charge(t, cost);
			CO_CALL(co, bt_run(s, c));
			op_done(s, c);
			continue;
		} else {
			sim_charge(t, sim_jitter(s, readonly_cost(c->op), bf_cost.jitter_pct));
			op_done(s, c);
			continue;
		}
		/* create, unlink, rename, setattr: btrfs_start_transaction() */
		CO_CALL(co, start_transaction(s, c, __TRANS_START));
		meta_op(s, c);
		CO_CALL(co, bt_run(s, c));
		CO_CALL(co, end_transaction(s, c));
		op_done(s, c);
	}
	/* dbench's last sample: the operation started last is in flight at the end */
	latency_to(c, bf.end_ns);
	c->phase = "done";
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Set-up and outputs
 * ------------------------------------------------------------------- */

enum {
	M_THROUGHPUT, M_MAX_LATENCY, M_FLUSH_COUNT, M_FLUSH_AVG, M_FLUSH_MAX,
	M_FLUSHES_PER_S, M_COMMITS, M_COMMIT_AVG, M_COMMIT_MAX, M_UNPIN_AVG,
	M_PINNED_AVG, M_PINNED_MAX, M_FALLBACKS, M_FULL_SYNC_FALLBACKS,
	M_LOG_SYNCS, M_JOIN_WAITS, M_PREV_WAITS, M_ATTACH_WAITS, M_START_WAITS,
	M_COMPLETED_WAITS, M_SUPER_WAITS, M_WAIT_AFTER_SUPER, M_STARTS_DURING_UNPIN,
	M_TREE_LOCK_WAIT, M_FS_ROOT_WAIT, M_UNPIN_MUTEX_WAIT, M_SPACE_LOCK_WAIT, M_OPS_BASE,
	BF_NR_METRICS = M_OPS_BASE + 3 * NR_OPS,
};

static struct metric_spec bf_metrics[BF_NR_METRICS] = {
	[M_THROUGHPUT] = { "throughput_mb_s", "MB/s", "dbench's throughput: bytes read and written by ReadX and WriteX after the warmup, over the time since (10^6 bytes)" },
	[M_MAX_LATENCY] = { "max_latency_ms", "ms", "dbench's max_latency: the longest gap between two operation starts of a client after the warmup, or the age of its operation in flight at the end" },
	[M_FLUSH_COUNT] = { "flush_count", "", "Flush operations (fsync) finished after the warmup" },
	[M_FLUSH_AVG] = { "flush_avg_ms", "ms", "Flush's AvgLat" },
	[M_FLUSH_MAX] = { "flush_max_ms", "ms", "Flush's MaxLat" },
	[M_FLUSHES_PER_S] = { "flushes_per_s", "1/s", "Flushes per second after the warmup" },
	[M_COMMITS] = { "commits", "", "transaction commits (commit_stats' commits)" },
	[M_COMMIT_AVG] = { "commit_avg_ms", "ms", "commit_stats: average of COMMIT_START to COMPLETED of the committing task" },
	[M_COMMIT_MAX] = { "commit_max_ms", "ms", "commit_stats: max_commit_ms" },
	[M_UNPIN_AVG] = { "unpin_avg_ms", "ms", "time a commit spent unpinning, SUPER_COMMITTED to COMPLETED" },
	[M_PINNED_AVG] = { "pinned_per_commit", "", "extents unpinned per commit" },
	[M_PINNED_MAX] = { "pinned_max", "", "the most extents one commit unpinned" },
	[M_FALLBACKS] = { "fallbacks", "", "fsyncs that committed the transaction instead of syncing the log" },
	[M_FULL_SYNC_FALLBACKS] = { "full_sync_fallbacks", "", "of those, fsyncs of an inode needing a full sync (which keep in_fsync in 6.12)" },
	[M_LOG_SYNCS] = { "log_syncs", "", "btrfs_sync_log calls" },
	[M_JOIN_WAITS] = { "join_waits", "", "site 1: waits for a commit another task runs of the fsync's own transaction" },
	[M_PREV_WAITS] = { "prev_waits", "", "site 2: committers that waited for the previous transaction's commit" },
	[M_ATTACH_WAITS] = { "attach_waits", "", "6.12: fallbacks that waited through the attach barrier, for COMPLETED" },
	[M_START_WAITS] = { "start_waits", "", "handle starts that slept while a commit blocked new writers" },
	[M_COMPLETED_WAITS] = { "completed_waits", "", "fsync waits that wanted COMPLETED (the kernel lab's lab_fsync_completed_waits)" },
	[M_SUPER_WAITS] = { "super_waits", "", "waits that wanted only SUPER_COMMITTED" },
	[M_STARTS_DURING_UNPIN] = { "starts_during_unpin", "", "handle starts while an older transaction was unpinning: the unpin blocks no new transaction" },
	[M_WAIT_AFTER_SUPER] = { "wait_after_super_ms", "ms", "time waiters spent after their transaction was SUPER_COMMITTED: what d0c2f4fa saves, summed" },
	[M_TREE_LOCK_WAIT] = { "tree_lock_wait_ms", "ms", "time tasks waited (spinning or asleep) for the tree blocks' locks, summed over the run" },
	[M_FS_ROOT_WAIT] = { "fs_root_wait_ms", "ms", "of that, waits for the fs tree's root block's lock" },
	[M_UNPIN_MUTEX_WAIT] = { "unpin_mutex_wait_ms", "ms", "time committers waited for unused_bg_unpin_mutex, held by another commit's unpin, summed over the run" },
	[M_SPACE_LOCK_WAIT] = { "space_lock_wait_ms", "ms", "time tasks spun on space_info->lock (reservations, and the unpin's work on each extent), summed over the run" },
};

static char op_metric_names[3 * NR_OPS][40];
static char op_metric_help[3 * NR_OPS][80];

static void bf_init_metrics(void)
{
	int op;

	if (bf_metrics[M_OPS_BASE].name)
		return;
	for (op = 0; op < NR_OPS; op++) {
		char lower[16];
		int i;

		for (i = 0; op_names[op][i] && i < 15; i++)
			lower[i] = (char)(op_names[op][i] >= 'A' && op_names[op][i] <= 'Z' ?
					  op_names[op][i] + 32 : op_names[op][i]);
		lower[i] = '\0';
		snprintf(op_metric_names[3 * op], 40, "op_%s_count", lower);
		snprintf(op_metric_names[3 * op + 1], 40, "op_%s_avg_ms", lower);
		snprintf(op_metric_names[3 * op + 2], 40, "op_%s_max_ms", lower);
		snprintf(op_metric_help[3 * op], 80, "%s: Count after the warmup", op_names[op]);
		snprintf(op_metric_help[3 * op + 1], 80, "%s: AvgLat", op_names[op]);
		snprintf(op_metric_help[3 * op + 2], 80, "%s: MaxLat", op_names[op]);
		bf_metrics[M_OPS_BASE + 3 * op] = (struct metric_spec){ op_metric_names[3 * op], "", op_metric_help[3 * op] };
		bf_metrics[M_OPS_BASE + 3 * op + 1] = (struct metric_spec){ op_metric_names[3 * op + 1], "ms", op_metric_help[3 * op + 1] };
		bf_metrics[M_OPS_BASE + 3 * op + 2] = (struct metric_spec){ op_metric_names[3 * op + 2], "ms", op_metric_help[3 * op + 2] };
	}
}

static int bf_nr_cpus(const long long *p)
{
	return (int)p[P_CPUS];
}

static int bf_setup(struct sim *s, int variant, const long long *p)
{
	int i, k;
	char name[24];

	bf_init_metrics();
	memset(&bf, 0, sizeof(bf));
	bf.s = s;
	bf.variant = variant;
	bf.nr_clients = (int)p[P_CLIENTS];
	bf.notreelog = p[P_LOG] == 1;
	bf.discard_sync = p[P_DISCARD] == 1;
	bf.tree_locks = p[P_TREE_LOCKS] == 0;
	bf.unpin_mutex = p[P_UNPIN_MUTEX] == 0;
	bf.unpin_ns = (u64)p[P_UNPIN_NS];
	bf.end_ns = (u64)p[P_RUNTIME_MS] * NSEC_PER_MSEC;
	bf.warmup_ns = bf.end_ns / 5;

	spin_lock_init(s, &bf.trans_lock, "trans_lock");
	spin_lock_init(s, &bf.space_lock, "space_info->lock");
	mutex_init(s, &bf.tree_log_mutex, "tree_log_mutex");
	mutex_init(s, &bf.unused_bg_unpin_mutex, "unused_bg_unpin_mutex");
	mutex_init(s, &bf.log_mutex, "log_mutex");
	INIT_LIST_HEAD(&bf.trans_list);
	init_waitqueue_head(&bf.transaction_wait, "transaction_wait");
	init_waitqueue_head(&bf.log_writer_wait, "log_writer_wait");
	init_waitqueue_head(&bf.log_commit_wait[0], "log_commit_wait");
	init_waitqueue_head(&bf.log_commit_wait[1], "log_commit_wait");
	blkdev_init(&bf.dev, "nvme", 8, bf_cost.dev_latency_ns, bf_cost.dev_bw,
		    bf_cost.dev_flush_ns);
	blkdev_init(&bf.discard_dev, "nvme discard", 8, bf_cost.discard_ns,
		    bf_cost.dev_bw, 0);
	bf.generation = 100;	/* the file system has committed before the run */
	bf.last_trans_committed = bf.generation;
	bf.log_transid = 1;

	bf.nr_fs_leaves = bf.nr_clients * FS_LEAVES_PER_CLIENT;
	bf.nr_ext_leaves = bf.nr_clients * EXT_LEAVES_PER_CLIENT;
	bf.nr_csum_leaves = bf.nr_clients * CSUM_LEAVES_PER_CLIENT;
	bf.fs_leaf = sim_alloc(s, sizeof(u64) * (size_t)bf.nr_fs_leaves);
	bf.ext_leaf = sim_alloc(s, sizeof(u64) * (size_t)bf.nr_ext_leaves);
	bf.csum_leaf = sim_alloc(s, sizeof(u64) * (size_t)bf.nr_csum_leaves);
	bf.fs_node = sim_alloc(s, sizeof(u64) * (size_t)(bf.nr_fs_leaves / BTRFS_NODE_PTRS + 1));
	bf.ext_node = sim_alloc(s, sizeof(u64) * (size_t)(bf.nr_ext_leaves / BTRFS_NODE_PTRS + 1));
	bf.csum_node = sim_alloc(s, sizeof(u64) * (size_t)(bf.nr_csum_leaves / BTRFS_NODE_PTRS + 1));
	bf.txns = sim_alloc(s, sizeof(*bf.txns) * BF_MAX_TXN_RECS);
	bf.waits = sim_alloc(s, sizeof(*bf.waits) * BF_MAX_WAIT_RECS);
	bf.clients = sim_alloc(s, sizeof(*bf.clients) * (size_t)bf.nr_clients);
	bf.fs_node_lock = sim_alloc(s, sizeof(*bf.fs_node_lock) * (size_t)(bf.nr_fs_leaves / BTRFS_NODE_PTRS + 1));
	bf.fs_leaf_lock = sim_alloc(s, sizeof(*bf.fs_leaf_lock) * (size_t)bf.nr_fs_leaves);
	bf.csum_node_lock = sim_alloc(s, sizeof(*bf.csum_node_lock) * (size_t)(bf.nr_csum_leaves / BTRFS_NODE_PTRS + 1));
	bf.csum_leaf_lock = sim_alloc(s, sizeof(*bf.csum_leaf_lock) * (size_t)bf.nr_csum_leaves);
	if (!bf.fs_leaf || !bf.ext_leaf || !bf.csum_leaf || !bf.fs_node ||
	    !bf.ext_node || !bf.csum_node || !bf.txns || !bf.waits || !bf.clients ||
	    !bf.fs_node_lock || !bf.fs_leaf_lock || !bf.csum_node_lock || !bf.csum_leaf_lock)
		return -1;
	/* lockdep's names of the tree blocks' locks, by tree and level (btrfs_set_buffer_lockdep_class) */
	init_rwsem(s, &bf.fs_root_lock, "btrfs-fs-02");
	init_rwsem(s, &bf.csum_root_lock, "btrfs-csum-02");
	init_rwsem(s, &bf.log_root_lock, "btrfs-log-00");
	for (i = 0; i <= bf.nr_fs_leaves / BTRFS_NODE_PTRS; i++)
		init_rwsem(s, &bf.fs_node_lock[i], "btrfs-fs-01");
	for (i = 0; i <= bf.nr_csum_leaves / BTRFS_NODE_PTRS; i++)
		init_rwsem(s, &bf.csum_node_lock[i], "btrfs-csum-01");
	for (i = 0; i < bf.nr_fs_leaves; i++)
		init_rwsem(s, &bf.fs_leaf_lock[i], "btrfs-fs-00");
	for (i = 0; i < bf.nr_csum_leaves; i++)
		init_rwsem(s, &bf.csum_leaf_lock[i], "btrfs-csum-00");
	if (sim_heat_alloc(s, &bf.flush_heat, LAT_ROWS, 1, s->heat.buckets))
		return -1;

	for (i = 0; i < bf.nr_clients; i++) {
		struct bf_client *c = &bf.clients[i];

		c->id = i;
		c->phase = "op";
		for (k = 0; k < FILES_PER_CLIENT; k++) {
			struct bf_file *f = &c->files[k];

			/*
			 * client.txt's tree exists from the loop before: three
			 * in four files. dbench created them (its loop starts
			 * with a Deltree), so each still needs a full sync
			 * (btrfs_create_new_inode set it; only a successful
			 * log clears it, which notreelog never does).
			 */
			f->exists = sim_rand(s) % 4 != 0;
			f->needs_full_sync = f->exists;
			f->nr_extents = f->exists ? INITIAL_EXTENTS : 0;
			f->fs_leaf = i * FS_LEAVES_PER_CLIENT + k % FS_LEAVES_PER_CLIENT;
		}
		/* each client starts at its own point of the loop's proportions */
		for (k = 0; k < NR_OPS; k++)
			c->acc[k] = (double)(sim_rand(s) % 1000) / 1000.0;
		snprintf(name, sizeof(name), "dbench/%d", i);
		c->t = sim_task_create(s, i % s->nr_cpus, name, dbench_client, c,
				       sim_rand(s) % (100 * NSEC_PER_USEC));
		if (!c->t)
			return -1;
	}
	return 0;
}

/* a lock's waiters' time, spinning and asleep */
static u64 lock_wait_ns(const struct sim_lock *lk)
{
	return lk->spin_ns + lk->sleep_ns;
}

/* every tree block lock's waiters' time */
static u64 tree_lock_wait_ns(void)
{
	u64 ns = lock_wait_ns(&bf.fs_root_lock.lk) + lock_wait_ns(&bf.csum_root_lock.lk) +
		 lock_wait_ns(&bf.log_root_lock.lk);
	int i;

	for (i = 0; i <= bf.nr_fs_leaves / BTRFS_NODE_PTRS; i++)
		ns += lock_wait_ns(&bf.fs_node_lock[i].lk);
	for (i = 0; i <= bf.nr_csum_leaves / BTRFS_NODE_PTRS; i++)
		ns += lock_wait_ns(&bf.csum_node_lock[i].lk);
	for (i = 0; i < bf.nr_fs_leaves; i++)
		ns += lock_wait_ns(&bf.fs_leaf_lock[i].lk);
	for (i = 0; i < bf.nr_csum_leaves; i++)
		ns += lock_wait_ns(&bf.csum_leaf_lock[i].lk);
	return ns;
}

static void bf_collect(struct sim *s, double *m)
{
	double exec_s = (double)(bf.end_ns - bf.warmup_ns) / 1e9;
	u64 worst = 0;
	int i, op;

	(void)s;
	for (i = 0; i < bf.nr_clients; i++) {
		struct bf_client *c = &bf.clients[i];

		if (c->worst_gap > worst)
			worst = c->worst_gap;
	}
	m[M_THROUGHPUT] = exec_s > 0 ? (double)bf.bytes / 1e6 / exec_s : 0;
	m[M_MAX_LATENCY] = (double)worst / 1e6;
	m[M_FLUSH_COUNT] = (double)bf.ops[OP_FLUSH].count;
	m[M_FLUSH_AVG] = bf.ops[OP_FLUSH].count ?
		(double)bf.ops[OP_FLUSH].total_ns / (double)bf.ops[OP_FLUSH].count / 1e6 : 0;
	m[M_FLUSH_MAX] = (double)bf.ops[OP_FLUSH].max_ns / 1e6;
	m[M_FLUSHES_PER_S] = exec_s > 0 ? (double)bf.ops[OP_FLUSH].count / exec_s : 0;
	m[M_COMMITS] = (double)bf.commits;
	m[M_COMMIT_AVG] = bf.commits ? (double)bf.commit_total_ns / (double)bf.commits / 1e6 : 0;
	m[M_COMMIT_MAX] = (double)bf.commit_max_ns / 1e6;
	m[M_UNPIN_AVG] = bf.commits ? (double)bf.unpin_total_ns / (double)bf.commits / 1e6 : 0;
	m[M_PINNED_AVG] = bf.commits ? (double)bf.pinned_total / (double)bf.commits : 0;
	m[M_PINNED_MAX] = (double)bf.max_pinned;
	m[M_FALLBACKS] = (double)bf.fallbacks;
	m[M_FULL_SYNC_FALLBACKS] = (double)bf.full_sync_fallbacks;
	m[M_LOG_SYNCS] = (double)bf.log_syncs;
	m[M_JOIN_WAITS] = (double)bf.site_waits[SITE_JOIN];
	m[M_PREV_WAITS] = (double)bf.site_waits[SITE_PREV];
	m[M_ATTACH_WAITS] = (double)bf.site_waits[SITE_ATTACH];
	m[M_START_WAITS] = (double)bf.start_waits;
	m[M_COMPLETED_WAITS] = (double)bf.completed_waits;
	m[M_SUPER_WAITS] = (double)bf.super_waits;
	m[M_WAIT_AFTER_SUPER] = (double)bf.wait_after_super_ns / 1e6;
	m[M_STARTS_DURING_UNPIN] = (double)bf.joins_during_unpin;
	m[M_TREE_LOCK_WAIT] = (double)tree_lock_wait_ns() / 1e6;
	m[M_FS_ROOT_WAIT] = (double)lock_wait_ns(&bf.fs_root_lock.lk) / 1e6;
	m[M_UNPIN_MUTEX_WAIT] = (double)lock_wait_ns(&bf.unused_bg_unpin_mutex.lk) / 1e6;
	m[M_SPACE_LOCK_WAIT] = (double)lock_wait_ns(&bf.space_lock.lk) / 1e6;
	for (op = 0; op < NR_OPS; op++) {
		const struct op_stat *st = &bf.ops[op];

		m[M_OPS_BASE + 3 * op] = (double)st->count;
		m[M_OPS_BASE + 3 * op + 1] = st->count ? (double)st->total_ns / (double)st->count / 1e6 : 0;
		m[M_OPS_BASE + 3 * op + 2] = (double)st->max_ns / 1e6;
	}
}

/* ---------------------------------------------------------------------
 * The invariant checker
 * ------------------------------------------------------------------- */

static int bf_invariants(struct sim *s, bool final, char *msg, size_t len)
{
	struct btrfs_transaction *tr, *prev = NULL;
	int blocked = 0, i;

	(void)s;
	if (bf.state_errors) {
		snprintf(msg, len, "%s", bf.state_err);
		return -1;
	}
#ifdef JC_YOURS_BTRFS_FSYNC
	if (bf_promises_kept(msg, len))
		return -1;
#endif
	list_for_each_entry(tr, &bf.trans_list, struct btrfs_transaction, list) {
		if (prev && prev->transid >= tr->transid) {
			snprintf(msg, len, "trans_list out of order: %llu before %llu",
				 (unsigned long long)prev->transid, (unsigned long long)tr->transid);
			return -1;
		}
		if (tr->num_writers < 0 || tr->num_extwriters < 0 ||
		    tr->num_extwriters > tr->num_writers) {
			snprintf(msg, len, "transaction %llu: %d writers, %d external",
				 (unsigned long long)tr->transid, tr->num_writers, tr->num_extwriters);
			return -1;
		}
		if (tr->state >= TRANS_STATE_UNBLOCKED && tr == bf.running_transaction) {
			snprintf(msg, len, "transaction %llu is running in %s",
				 (unsigned long long)tr->transid, state_names[tr->state]);
			return -1;
		}
		if (is_transaction_blocked(tr))
			blocked++;
		if (tr->unpinned > tr->pinned) {
			snprintf(msg, len, "transaction %llu unpinned %llu of %llu extents",
				 (unsigned long long)tr->transid, (unsigned long long)tr->unpinned,
				 (unsigned long long)tr->pinned);
			return -1;
		}
		prev = tr;
	}
	if (blocked > 1) {
		snprintf(msg, len, "%d transactions in their critical sections at once", blocked);
		return -1;
	}
	if (bf.running_transaction &&
	    bf.running_transaction != list_last_entry(&bf.trans_list, struct btrfs_transaction, list)) {
		snprintf(msg, len, "the running transaction is not the newest");
		return -1;
	}
	if (final) {
		if (!list_empty(&bf.trans_list)) {
			list_for_each_entry(tr, &bf.trans_list, struct btrfs_transaction, list)
				if (tr->state > TRANS_STATE_RUNNING && tr->state < TRANS_STATE_COMPLETED) {
					snprintf(msg, len, "transaction %llu left in %s at the end",
						 (unsigned long long)tr->transid, state_names[tr->state]);
					return -1;
				}
		}
		for (i = 0; i < bf.nr_waits; i++)
			if (!bf.waits[i].to) {
				snprintf(msg, len, "task %d never woke from its wait for transaction %llu",
					 bf.waits[i].task, (unsigned long long)bf.waits[i].transid);
				return -1;
			}
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * The lab
 * ------------------------------------------------------------------- */

static const struct step_kind bf_kinds[] = {
	[BK_OP - SK_LAB] = { "op", "op", NULL },
	[BK_JOIN - SK_LAB] = { "join", "transid", "type" },
	[BK_STATE - SK_LAB] = { "state", "transid", "state" },
	[BK_WAIT - SK_LAB] = { "wait", "transid", "want" },
	[BK_WOKE - SK_LAB] = { "woke", "transid", "want" },
	[BK_LOG_INODE - SK_LAB] = { "log_inode", "file", "transid" },
	[BK_LOG_SYNC - SK_LAB] = { "log_sync", "log_transid", "ret" },
	[BK_FALLBACK - SK_LAB] = { "fallback", "transid", "full_sync" },
	[BK_UNPIN - SK_LAB] = { "unpin", "transid", "extent" },
	[BK_COMMIT_END - SK_LAB] = { "commit_end", "transid", "commit_us" },
};

#include "btrfs-fsync-mail.gen.h"

/*
 * The mail's figures (mails/btrfs-fsync.json) are for the whole series of
 * seven patches; the rows put its throughput beside before and after, the
 * one patch this model has (the page says which part it explains).
 */
static const struct paper_row bf_rows[] = {
	{ MAIL_BTRFS_FSYNC_ROW_1, .params = "clients=32",
	  .note = "throughput_mb_s; 12 CPUs, tree-log, 2.5 s with 0.5 s warmup (the mail: 300 s, 60 s warmup); the mail's figures are for all seven patches" },
	{ MAIL_BTRFS_FSYNC_ROW_2, .params = "clients=64",
	  .note = "throughput_mb_s; 12 CPUs, tree-log, 2.5 s with 0.5 s warmup (the mail: 300 s, 60 s warmup); the mail's figures are for all seven patches" },
};

static const long long bf_sweep_clients[] = { 4, 8, 16, 32, 64 };

const struct lab lab_btrfs_fsync = {
	.id = "btrfs-fsync",
	.title = "btrfs transaction commit: fsyncs that wait for the super block, not the unpin",
	.source = "btrfs-fsync/btrfs-fsync.c",
	.test_params = "clients=2;cpus=2;runtime_ms=200",
	.variants = bf_variants,
	.nr_variants = ARRAY_SIZE(bf_variants),
	.params = bf_params,
	.nr_params = BF_NR_PARAMS,
	.metrics = bf_metrics,
	.nr_metrics = BF_NR_METRICS,
	.kinds = bf_kinds,
	.nr_kinds = ARRAY_SIZE(bf_kinds),
	.rows = bf_rows,
	.nr_rows = ARRAY_SIZE(bf_rows),
	.row_metric = "throughput_mb_s",
	.row_unit = "MB/s",
	.row_scale = 1.0,
	.cite = MAIL_BTRFS_FSYNC_CITATION,
	.sweep_param = "clients",
	.sweep_values = bf_sweep_clients,
	.nr_sweep_values = ARRAY_SIZE(bf_sweep_clients),
	.nr_cpus = bf_nr_cpus,
	.setup = bf_setup,
	.collect = bf_collect,
	.snapshot = bf_snapshot,
	.invariants = bf_invariants,
};

/* ---------------------------------------------------------------------
 * Hooks for test-btrfs-fsync.c
 * ------------------------------------------------------------------- */

u64 bf_test_max_latency(const u64 *starts, int n, u64 warmup, u64 end)
{
	static struct bf_client c;
	int i;

	memset(&c, 0, sizeof(c));
	bf.warmup_ns = warmup;
	for (i = 0; i < n; i++) {
		latency_to(&c, starts[i]);
		c.last_start = starts[i];
	}
	latency_to(&c, end);
	return c.worst_gap;
}
