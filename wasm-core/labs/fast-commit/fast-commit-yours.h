/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fast-commit-yours.h - what a student's ext4_fc_commit_dentry_updates()
 * sees: the fast-commit lab's inode and create record, and the two
 * functions the variant "yours" calls.
 *
 * The lab's model (labs/fast-commit/fast-commit.c) keeps everything else: fs_mark's
 * ways, the handles and the barrier, s_fc_lock, the fast-commit area and
 * the cleanup. Built with -DJC_YOURS_FAST_COMMIT, its variant "yours" calls
 *
 *   yours_track_create()  where __track_dentry_update() queues a create
 *                         record: s_fc_lock is held, the record is already
 *                         on s_fc_dentry_q, its inode on s_fc_q;
 *   yours_dentry_inode()  where ext4_fc_commit_dentry_updates() needs the
 *                         inode of the record it is about to write: under
 *                         s_fc_lock, once per record, in queue order.
 *
 * yours_dentry_inode() returns the record's own inode; NULL only when that
 * inode is not on the main queue (a full commit took it off while the
 * record waited on staging): the old walk finds nothing then.
 *
 * Both run under a spinlock: they must not sleep, and they cannot: they
 * get no task to block. Walk the inode queue only with fc_walk_first() and
 * fc_walk_next(): each node they hand out is charged to the committing CPU
 * as the memory access it is (a cold inode costs a cache miss) and shown
 * in the animation; the checker counts them.
 */
#ifndef JC_YOURS_FAST_COMMIT_H
#define JC_YOURS_FAST_COMMIT_H

#include <stdint.h>
#include "list.h"

struct jbd2_buffer;

struct inode {
	uint64_t i_ino;
	bool is_dir;
};

/* An inode as ext4's fast commit sees it. */
struct ext4_inode_info {
	struct list_head i_fc_list;	/* on s_fc_q[], under s_fc_lock */
	struct list_head i_fc_dilist;	/* its create record, once linked */
	int i_fc_q;			/* which queue, -1 when on none (checker) */
	bool fc_committing;		/* EXT4_STATE_FC_COMMITTING */
	uint64_t i_sync_tid;		/* transaction that last changed it */
	struct jbd2_buffer *dir_block;	/* a directory's entries block */
	struct inode vfs_inode;
};

enum { EXT4_FC_TAG_CREAT = 1 };

/* A create record: file fcd_ino was created in directory fcd_parent. */
struct ext4_fc_dentry_update {
	int fcd_op;
	uint64_t fcd_parent;
	uint64_t fcd_ino;
	struct list_head fcd_list;	/* on s_fc_dentry_q[], under s_fc_lock */
	struct list_head fcd_dilist;	/* empty, or on its inode's i_fc_dilist */
	uint64_t fcd_tid;		/* the transaction it belongs to */
	bool fcd_written;		/* in the running fast commit */
	int fcd_commits;		/* commits that made it durable (checker) */
	struct list_head fcd_drop;	/* on the model's dropped list */
};

/* The committing CPU's walk of the main inode queue, s_fc_q[FC_Q_MAIN]. */
struct fc_walk;

/* the queue's first inode, NULL when it is empty */
struct ext4_inode_info *fc_walk_first(struct fc_walk *w);
/* the inode after @ei on the queue, NULL after the last */
struct ext4_inode_info *fc_walk_next(struct fc_walk *w, struct ext4_inode_info *ei);

/* The student's code. */
void yours_track_create(struct ext4_fc_dentry_update *fcd,
			struct ext4_inode_info *ei);
struct ext4_inode_info *yours_dentry_inode(struct fc_walk *w,
					   struct ext4_fc_dentry_update *fcd);

#endif /* JC_YOURS_FAST_COMMIT_H */
