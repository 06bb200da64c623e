/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jbd2.h - the journal, as fs/jbd2 runs it in Linux 6.12, for the labs whose
 * file system journals through it.
 *
 * One running transaction takes handles; at most one transaction commits.
 * A handle joins the running transaction (creating one if there is none)
 * unless the journal is locked (jbd2_journal_lock_updates: a barrier) or
 * the running transaction is locked for commit (T_LOCKED): then
 * start_this_handle sleeps until that ends. kjournald2 commits when asked
 * (jbd2_log_start_commit) or when the running transaction is older than
 * the commit interval (5 s): it locks the transaction, waits for its
 * handles to stop, lets new handles open the next transaction, writes the
 * transaction's metadata blocks with their descriptor blocks, then the
 * commit block with a cache flush and FUA, and wakes whoever waits.
 *
 * Fast commits (jbd2_fc_begin_commit/end_commit) run in the caller's
 * context under the journal's barrier: no handle starts or runs while one
 * is in progress. Their blocks come from the fast commit area
 * (JBD2_DEFAULT_FAST_COMMIT_BLOCKS); when it is full the caller falls back
 * to a full commit, which empties it.
 *
 * What is left out, and why it does not change the labs: checkpointing
 * (the labs' journals never wrap), revoke records, credit reservation
 * (handles here never run out of credits), the frozen copies of buffers
 * that the committing transaction still writes (a copy, charged nowhere),
 * journal aborts.
 *
 * The functions are coroutines: each takes the caller's frame (struct co)
 * for its own resume point, so every task calling them keeps its own.
 */
#ifndef JC_JBD2_H
#define JC_JBD2_H

#include "sim.h"

/* Transaction states, in commit order (include/linux/jbd2.h). */
enum {
	T_RUNNING,
	T_LOCKED,
	T_SWITCH,
	T_FLUSH,
	T_COMMIT,
	T_FINISHED,
};

#define JBD2_FAST_COMMIT_ONGOING	0x100000
#define JBD2_FULL_COMMIT_ONGOING	0x200000

/* the fast commit area when the superblock does not set one */
#define JBD2_DEFAULT_FAST_COMMIT_BLOCKS	256

typedef struct transaction_s {
	u64 t_tid;
	int t_state;
	int t_updates;		/* handles running */
	u64 t_handle_count;	/* handles ever started */
	u64 t_nr_buffers;	/* metadata blocks dirtied */
	u64 t_start;		/* created */
	u64 t_expires;		/* the commit timer */
	u64 t_requested;	/* commit asked for at (0: never) */
	u64 t_max_wait;		/* longest start_this_handle wait */
} transaction_t;

/* A metadata block: which transaction it is dirty in (0: none). */
struct jbd2_buffer {
	u64 b_tid;
};

struct journal_s;
typedef struct journal_s journal_t;

typedef struct handle_s {
	transaction_t *h_transaction;
	u64 h_wait_from;
	struct co h_co;		/* the start/stop coroutines' frame */
} handle_t;

/*
 * j_fc_cleanup_callback - ext4_fc_cleanup(): called after every fast commit
 * (full = false) by its caller and after every full commit (full = true)
 * by kjournald2, each with the frame @co of its own.
 */
typedef int (*jbd2_fc_cleanup_fn)(struct sim *s, struct task *t, struct co *co,
				  journal_t *j, bool full, u64 tid);

/*
 * struct jbd2_costs - CPU time of the journal's own work, each with its
 * physical basis (a 2-4 GHz server core).
 */
struct jbd2_costs {
	u64 handle_start_ns;	/* start_this_handle: credit checks, atomics */
	u64 handle_stop_ns;	/* jbd2_journal_stop */
	u64 dirty_metadata_ns;	/* jbd2_journal_dirty_metadata: b_state_lock, list moves */
	u64 commit_fixed_ns;	/* a commit's own set-up, list splices, stats */
	u64 commit_per_block_ns; /* per logged block: tag, crc32c of 4 KiB (~8 GB/s) */
};

struct journal_s {
	struct rwlock j_state_lock;
	struct mutex j_barrier;
	unsigned int j_flags;
	int j_barrier_count;
	transaction_t *j_running_transaction;
	u64 j_transaction_sequence;	/* tid of the last transaction made */
	u64 j_commit_sequence;		/* last tid committed */
	u64 j_commit_request;		/* last tid asked to commit */
	u64 j_commit_interval;

	struct wait_queue_head j_wait_transaction_locked;
	struct wait_queue_head j_wait_updates;
	struct wait_queue_head j_wait_commit;
	struct wait_queue_head j_wait_done_commit;
	struct wait_queue_head j_fc_wait;

	struct blkdev *j_dev;
	u64 j_blocksize;
	int j_fc_off;			/* fast commit blocks used since the last full commit */
	int j_fc_wbufsize;		/* usable fast commit blocks */

	jbd2_fc_cleanup_fn j_fc_cleanup_callback;
	/*
	 * The order of __jbd2_fc_end_commit: 5.17 (whose jbd2_fc_begin_commit
	 * took jbd2_journal_lock_updates from 5.17-rc1 on) unlocks the
	 * updates before the cleanup callback, so handles start while it
	 * runs; 6db3c1575a75 (6.11, so 6.12) calls the cleanup first, under
	 * the barrier. False: 6.12's order.
	 */
	bool j_fc_unlock_before_cleanup;
	void *j_private;
	struct jbd2_costs costs;

	struct task *j_task;		/* kjournald2 */
	bool j_stop;			/* unmount: commit what runs, then exit */
	struct co j_co_main, j_co_commit, j_co_cleanup;
	transaction_t *j_commit_txn;	/* the committing transaction (kjournald2's frame) */
	u64 j_commit_start, j_commit_logged;
	u64 j_wait_deadline;
	u64 j_fallback_tid;		/* the fast committer's, falling back */

	/* /proc/fs/jbd2/<dev>/info, and a few more */
	struct {
		u64 ts_tid;		/* transactions committed */
		u64 ts_requested;	/* of them, asked for (not the timer) */
		u64 ts_handles;
		u64 ts_blocks;
		u64 ts_blocks_logged;
		u64 ts_running_ns;	/* t_start -> T_LOCKED, summed */
		u64 ts_locked_ns;	/* T_LOCKED -> T_FLUSH, summed */
		u64 ts_logging_ns;	/* T_FLUSH -> T_FINISHED, summed */
		u64 average_commit_time_ns; /* EWMA (new + 3 old) / 4 */
		u64 fc_commits;		/* jbd2_fc_begin_commit that started one */
		u64 fc_fallbacks;	/* fast commits that fell back */
		u64 handle_waits;	/* start_this_handle that slept */
	} stats;
};

/*
 * jbd2_journal_init - a journal on @dev whose kjournald2 runs on @cpu.
 * @fc_blocks: the fast commit area (0: no fast commits). The journal starts
 * with @committed full commits done (its mount and mkfs wrote them).
 */
int jbd2_journal_init(struct sim *s, journal_t *j, struct blkdev *dev, int cpu,
		      int fc_blocks, u64 committed);

/* Handles. jbd2_journal_start may sleep; the others do not. */
int jbd2_journal_start(struct sim *s, struct task *t, journal_t *j, handle_t *h);
int jbd2_journal_stop(struct sim *s, struct task *t, journal_t *j, handle_t *h);
/* jbd2_journal_dirty_metadata - @bh joins @h's transaction (no yield). */
void jbd2_journal_dirty_metadata(struct task *t, journal_t *j, handle_t *h,
				 struct jbd2_buffer *bh);

/*
 * jbd2_complete_transaction - ask for @tid's commit if it still runs, and
 * sleep until it is committed. Result in *@ret is unused (0).
 */
int jbd2_complete_transaction(struct sim *s, struct task *t, struct co *co,
			      journal_t *j, u64 tid);

/*
 * Fast commits. jbd2_fc_begin_commit stores 0 in *@ret when this caller now
 * runs a fast commit under the barrier, -EALREADY when @tid is committed
 * or another commit ran (it slept until that one ended), -EINVAL when no
 * full commit has been done yet.
 */
int jbd2_fc_begin_commit(struct sim *s, struct task *t, struct co *co,
			 journal_t *j, u64 tid, int *ret);
int jbd2_fc_end_commit(struct sim *s, struct task *t, struct co *co,
		       journal_t *j, struct co *cleanup_co);
int jbd2_fc_end_commit_fallback(struct sim *s, struct task *t, struct co *co,
				journal_t *j, struct co *cleanup_co);
/* jbd2_fc_get_buf - the next fast commit block: 0, or -ENOSPC when full */
int jbd2_fc_get_buf(journal_t *j);

/* jbd2_journal_destroy - unmount: commit the running transaction, stop kjournald2 */
int jbd2_journal_destroy(struct sim *s, struct task *t, struct co *co, journal_t *j);

#define JBD2_EALREADY	114
#define JBD2_EINVAL	22
#define JBD2_ENOSPC	28

#endif /* JC_JBD2_H */
