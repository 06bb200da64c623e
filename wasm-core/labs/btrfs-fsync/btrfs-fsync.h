/* SPDX-License-Identifier: GPL-2.0 */
/*
 * btrfs-fsync.h - what the btrfs-fsync lab's files share: the transactions, the clients
 * and the model of one run (btrfs-fsync.c), its snapshot
 * (btrfs-fsync-output.c); and what the model shows its tests.
 */
#ifndef JC_BTRFS_FSYNC_H
#define JC_BTRFS_FSYNC_H

#include "co.h"
#include "jbuf.h"
#include "lab.h"
#include "list.h"
#include "sim.h"
#include "btrfs-fsync-yours.h"

/* the lab, as the lab table (labs.gen.c) lists it */
extern const struct lab lab_btrfs_fsync;

enum bf_variant { V_BEFORE, V_AFTER, V_612, V_YOURS };

enum { P_CLIENTS, P_CPUS, P_LOG, P_RUNTIME_MS, P_UNPIN_NS, P_DISCARD, P_TREE_LOCKS, P_UNPIN_MUTEX, BF_NR_PARAMS };

#define NODESIZE		16384
#define BTRFS_NODE_PTRS		121	/* key pointers in a 16 KiB node */
#define FILES_PER_CLIENT	192	/* client.txt opens 196 distinct paths per client */
#define FS_LEAVES_PER_CLIENT	8	/* 192 x (inode item 160 B, ref, dir item, dir index ~160 B, 4 extent items of 53 B) ~ 120 KB in 16 KiB leaves */
#define EXT_LEAVES_PER_CLIENT	4	/* ~770 data extents x (extent item and back reference ~80 B) ~ 60 KB */
#define CSUM_LEAVES_PER_CLIENT	1	/* 4 B of crc32c per 4 KiB: ~20 MB of data in one leaf */
#define ROOT_BLOCKS		3	/* root tree, chunk and dev tree blocks every commit rewrites */
#define INITIAL_EXTENTS		4	/* data extents of a file that exists when the run starts */
#define JIFFY_NS		4000000ULL	/* HZ=250, Debian's: mtime moves once a jiffy */
#define CYCLE_MAX		128	/* operations in one client cycle (one Flush's worth) */
#define BF_MAX_TXN_RECS		8192
#define BF_MAX_WAIT_RECS	32768
#define LAT_ROWS		12	/* Flush latency buckets: < 0.25 ms, doubling, >= 256 ms */
#define BT_LEVELS		3	/* a tree's levels as the model keeps them: root (2), nodes (1), leaves (0) */
#define BT_MAX_SEARCHES		12	/* btrfs_search_slot() calls queued at once: a rename over an existing file makes 9 */

/* the trees an operation searches (btrfs_search_slot) */
enum bt_tree { BT_FS, BT_CSUM, BT_LOG };
/* a search's purpose, which sets the levels it write-locks (write_lock_level) */
enum bt_mode { BT_READ, BT_INS, BT_DEL };

/* one btrfs_search_slot() an operation makes, queued by its body and run under its handle */
struct bt_search {
	signed char tree, mode;
	int leaf;
	u64 work_ns;		/* the item work done at the leaf, under its lock */
};

enum dbench_op {
	OP_NTCREATEX, OP_CLOSE, OP_RENAME, OP_UNLINK, OP_QPATHINFO,
	OP_QFILEINFO, OP_QFSINFO, OP_SFILEINFO, OP_FIND, OP_WRITEX, OP_READX,
	OP_LOCKX, OP_UNLOCKX, OP_FLUSH, NR_OPS,
};

struct btrfs_transaction {
	u64 transid;
	int state;
	int num_writers;
	int num_extwriters;
	int use_count;
	bool refs_flushing;	/* BTRFS_DELAYED_REFS_FLUSHING: one task ran them */
	struct wait_queue_head commit_wait;
	struct wait_queue_head writer_wait;
	struct list_head list;	/* on fs_info.trans_list */

	u64 dirty_blocks;	/* tree blocks COWed in it */
	u64 pinned;		/* extents freed in it: the unpin's work */
	u64 unpinned;
	u64 delayed_refs;
	u64 log_blocks;		/* log tree blocks, freed (pinned) at commit */
	u64 start_time;		/* COMMIT_START, commit_stats' clock */
	u64 at[TRANS_STATE_MAX];	/* when it entered each state */
	int committer;		/* task id, -1 before COMMIT_PREP */
	int rec;		/* its index in the timeline, -1 if not recorded */
};

/* one client's file: what the model keeps of its btrfs_inode */
struct bf_file {
	bool exists;
	bool needs_full_sync;	/* BTRFS_INODE_NEEDS_FULL_SYNC */
	u64 last_trans;		/* the last transaction that changed it */
	u64 logged_trans;	/* the last transaction it was logged in */
	u64 mtime_jiffy;
	u64 nr_extents;		/* data extents on disk */
	u64 dirty_bytes;
	int dirty_writes;	/* WriteX not yet written back */
	int overwrites;		/* of those, the ones replacing an extent */
	int fs_leaf;
};

enum wait_site { SITE_JOIN, SITE_PREV, SITE_ATTACH, SITE_BLOCKED, SITE_LOG, NR_SITES };

struct bf_wait_rec {
	int task;
	u64 transid;
	int site, want;
	u64 from, to;		/* to: 0 while waiting */
	u64 super_at;		/* when the transaction waited for became SUPER_COMMITTED (0: not yet) */
};

struct bf_txn_rec {
	u64 transid;
	int committer;
	u64 at[TRANS_STATE_MAX];
	u64 pinned, dirty_blocks, unpin_ns;
	bool fallback;		/* committed by fsyncs that fell back */
};

struct bf_client {
	struct task *t;
	int id;
	struct bf_file files[FILES_PER_CLIENT];
	struct co co_main, co_op, co_sync, co_commit, co_start, co_end, co_wait,
		  co_wfc, co_log, co_unpin, co_wct, co_bt, co_search, co_ordered;

	/* the current cycle */
	unsigned char ops[CYCLE_MAX];
	int nr_ops, pos;
	double acc[NR_OPS];
	int flush_file;
	bool flush_new;

	/* the current operation */
	int op, fi, fj;
	u64 op_start, last_start;
	u64 worst_gap;

	/* the handle (struct btrfs_trans_handle) */
	struct btrfs_transaction *h_trans;
	unsigned int h_type;
	bool in_fsync;
	int h_ret;

	/* frames of the calls that block */
	struct btrfs_transaction *cur, *prev, *wct, *wfc;
	int want, site;
	u64 wfc_transid;
	int wrec;
	bool full_sync;
	int sync_ret;
	u64 log_transid;
	int log_idx;
	u64 i;
	u64 unpin_start;

	/* the searches of the operation running, and the one under way */
	struct bt_search srch[BT_MAX_SEARCHES];
	int nr_srch, srch_i;
	int ord_i;		/* finish_ordered's extent */
	int s_level;
	bool s_write[BT_LEVELS];	/* the path's locks: held for write (else read) */
	bool s_held[BT_LEVELS];

	/* what the snapshot shows */
	const char *phase;
	struct btrfs_transaction *waiting_on;
	int waiting_want, waiting_site;
#ifdef JC_YOURS_BTRFS_FSYNC
	/* the fsync that returned last, until the invariant checker proves it */
	bool promised;
	u64 promised_transid;	/* the transaction holding the file's changes */
	u64 promised_at;	/* when the fsync returned */
	u64 promised_log_at;	/* when the log's super block went to disk for it; 0: not through the log */
	u64 log_super_at;	/* the same for the fsync running */
#endif
};

struct op_stat {
	u64 count, total_ns, max_ns;
};

struct bf_model {
	struct sim *s;
	int variant;
	bool notreelog, discard_sync;
	bool tree_locks;
	bool unpin_mutex;		/* the unpin takes unused_bg_unpin_mutex per extent (unpin_mutex=off: the ablation) */		/* the tree blocks' locks taken (tree_locks=off: the searches' work alone, the ablation) */
	int nr_clients;
	u64 unpin_ns;
	u64 warmup_ns, end_ns;

	/* struct btrfs_fs_info */
	struct spinlock trans_lock;
	struct btrfs_transaction *running_transaction;
	struct list_head trans_list;
	struct wait_queue_head transaction_wait;
	u64 generation;
	u64 last_trans_committed;
	u64 last_trans_log_full_commit;
	struct mutex tree_log_mutex;
	struct mutex unused_bg_unpin_mutex;
	struct spinlock space_lock;	/* space_info->lock (and the block group's) */
	struct blkdev dev;
	struct blkdev discard_dev;

	/* the subvolume's log (struct btrfs_root's log members) */
	struct mutex log_mutex;
	u64 log_transid;		/* the open log transaction */
	u64 log_transid_committed;
	int log_commit[2];
	int log_writers;
	struct wait_queue_head log_writer_wait;
	struct wait_queue_head log_commit_wait[2];
	int log_ret[8];			/* by log transid, for the waiters of a log commit */

	/*
	 * tree block locks: extent_buffer->lock, an rw_semaphore since 5.11
	 * (locking.c: btrfs_tree_lock() is down_write_nested(), btrfs_tree_read_lock()
	 * down_read_nested()), one per block as the COW generations below
	 */
	struct rw_semaphore fs_root_lock, csum_root_lock, log_root_lock;
	struct rw_semaphore *fs_node_lock, *fs_leaf_lock, *csum_node_lock, *csum_leaf_lock;

	/* tree blocks: the transaction that last COWed each */
	u64 *fs_leaf, *ext_leaf, *csum_leaf;
	u64 *fs_node, *ext_node, *csum_node;
	u64 fs_root, ext_root, csum_root;
	int nr_fs_leaves, nr_ext_leaves, nr_csum_leaves;

	struct bf_client *clients;

	/* commit_stats */
	u64 commits, commit_last_ns, commit_max_ns, commit_total_ns;

	/* dbench's figures */
	struct op_stat ops[NR_OPS];
	u64 bytes;
	u64 worst_latency;

	/* the timeline */
	struct bf_txn_rec *txns;
	int nr_txns;
	struct bf_wait_rec *waits;
	int nr_waits;
	bool timeline_full;

	/* statistics */
	u64 fallbacks, full_sync_fallbacks, log_syncs, log_sync_shared;
	u64 fsyncs, fsync_skipped;
	u64 site_waits[NR_SITES];
	u64 completed_waits, super_waits;
	u64 wait_after_super_ns;
	u64 unpin_total_ns, pinned_total;
	u64 max_pinned;
	u64 start_waits;		/* TRANS_START handles that slept */
	u64 joins_during_unpin;		/* handle starts while an older commit unpinned: it blocks none */
	u64 state_errors;
	char state_err[160];
#ifdef JC_YOURS_BTRFS_FSYNC
	u64 log_super_at[8];	/* by log transid, as log_ret: when its super block was written */
	bool promise_broken;	/* an fsync returned before its changes were on disk */
	char promise_err[200];
#endif

	struct sim_heat flush_heat;
};

/* the model of the run: btrfs-fsync.c */
extern struct bf_model bf;

/* ---------------------------------------------------------------------
 * Step kinds
 * ------------------------------------------------------------------- */

enum {
	BK_OP = SK_LAB,
	BK_JOIN,
	BK_STATE,
	BK_WAIT,
	BK_WOKE,
	BK_LOG_INODE,
	BK_LOG_SYNC,
	BK_FALLBACK,
	BK_UNPIN,
	BK_COMMIT_END,
};
/* the names of the wait sites, the transaction states and dbench's operations (btrfs-fsync.c) */
extern const char *const site_names[NR_SITES];
extern const char *const state_names[TRANS_STATE_MAX];
extern const char *const op_names[NR_OPS];

/*
 * bf_test_max_latency - dbench's max_latency of one client whose operations
 * started at @starts[0..n) (ascending), with the warmup ending at @warmup
 * and the run at @end: the longest gap between two starts counted from the
 * warmup on, or from the last start to the end.
 */
u64 bf_test_max_latency(const u64 *starts, int n, u64 warmup, u64 end);


/* bf_snapshot - the transactions, the clients and the timeline (btrfs-fsync-output.c) */
void bf_snapshot(struct sim *s, struct jbuf *jb);

#endif /* JC_BTRFS_FSYNC_H */
