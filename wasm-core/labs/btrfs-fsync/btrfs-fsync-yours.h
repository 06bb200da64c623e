/* SPDX-License-Identifier: GPL-2.0 */
/*
 * btrfs-fsync-yours.h - what a student's choice of the state a commit's
 * waiter needs sees: the transaction's states, the handle, the two places
 * btrfs_commit_transaction() waits for another task's commit, and the one
 * function the variant "yours" calls.
 *
 * The lab's model (labs/btrfs-fsync/btrfs-fsync.c) keeps everything else: dbench's
 * clients, the handles, the log tree and its syncs, the transaction's state
 * machine, the super block writes and the unpin. Built with
 * -DJC_YOURS_BTRFS_FSYNC, its variant "yours" is after's code (5.12: an fsync
 * that falls back to a commit keeps its handle, in_fsync set) except that
 *
 *   yours_commit_wait_state()  is asked, under trans_lock, which state the
 *                              transaction waited for must reach before
 *                              the caller goes on: once at each wait.
 *
 * The two waits (fs/btrfs/transaction.c, btrfs_commit_transaction()):
 *
 *   BTRFS_WAIT_OWN   the handle's transaction is already committing
 *                    (COMMIT_PREP or later): another task commits it, and
 *                    the caller ends its handle and waits for that commit;
 *   BTRFS_WAIT_PREV  the caller commits, and the transaction before its
 *                    own has not finished committing: the caller waits for
 *                    it before its own commit starts (COMMIT_START).
 *
 * The model waits until the transaction's state is at least the one
 * returned; for TRANS_STATE_COMPLETED also until every older transaction is
 * COMPLETED. Any state from RUNNING to COMPLETED is taken as asked, even
 * one that does not wait at all: the checker's invariants then show what
 * it broke. Anything else fails the run.
 *
 * The function runs whole under a spinlock: it must not sleep, and it
 * cannot; it calls nothing.
 */
#ifndef JC_YOURS_BTRFS_FSYNC_H
#define JC_YOURS_BTRFS_FSYNC_H

#include <stdbool.h>
#include <stdint.h>

/* A transaction's states, in order (transaction.h): states only move on. */
enum btrfs_trans_state {
	TRANS_STATE_RUNNING,		/* handles join it */
	TRANS_STATE_COMMIT_PREP,	/* a task has begun to commit it */
	TRANS_STATE_COMMIT_START,	/* new TRANS_START handles wait */
	TRANS_STATE_COMMIT_DOING,	/* every new handle waits; the critical section */
	TRANS_STATE_UNBLOCKED,		/* the next transaction may start; its tree blocks and super block are being written */
	TRANS_STATE_SUPER_COMMITTED,	/* the super block pointing at it is on disk */
	TRANS_STATE_COMPLETED,		/* the extents it freed are unpinned: their space is usable again */
	TRANS_STATE_MAX,
};

/* A handle's type: how it joined its transaction. */
enum {
	__TRANS_START = 1 << 0,		/* btrfs_start_transaction(): a metadata change, or fsync's */
	__TRANS_ATTACH = 1 << 1,	/* btrfs_attach_transaction(): only a running one */
	__TRANS_JOIN = 1 << 2,		/* btrfs_join_transaction(): ordered-extent completion */
	__TRANS_JOIN_NOLOCK = 1 << 3,
};

/* What the student sees of struct btrfs_trans_handle. */
struct btrfs_trans_handle {
	uint64_t transid;	/* the transaction it joined */
	unsigned int type;	/* __TRANS_START, __TRANS_ATTACH or __TRANS_JOIN */
	bool in_fsync;		/* started by btrfs_sync_file(), which commits to make a file durable */
};

/* Where btrfs_commit_transaction() waits for another task's commit. */
enum btrfs_commit_wait {
	BTRFS_WAIT_OWN,		/* the handle's own transaction, committed by another task */
	BTRFS_WAIT_PREV,	/* the previous transaction, before the caller commits its own */
};

/* The student's code. */
enum btrfs_trans_state yours_commit_wait_state(const struct btrfs_trans_handle *trans,
					       enum btrfs_commit_wait site);

#endif /* JC_YOURS_BTRFS_FSYNC_H */
