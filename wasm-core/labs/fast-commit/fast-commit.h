/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fast-commit.h - what the fast-commit lab's files share: ext4's structures
 * as the model keeps them, the model of one run (fast-commit.c) and its
 * snapshot (fast-commit-output.c); and the lab itself, for its tests.
 */
#ifndef JC_FAST_COMMIT_H
#define JC_FAST_COMMIT_H

#include "jbd2.h"
#include "jbuf.h"
#include "lab.h"
#include "fast-commit-yours.h"

/* the lab, as the lab table (labs.gen.c) lists it */
extern const struct lab lab_fast_commit;

/*
 * VARIANT_YOURS exists in the exercise's build (-DJC_YOURS_FAST_COMMIT) only:
 * the link and the lookup are then the student's (fast-commit-yours.h).
 */
enum { VARIANT_BEFORE, VARIANT_AFTER, VARIANT_YOURS };
enum { FC_Q_MAIN, FC_Q_STAGING };

/* ---------------------------------------------------------------------- */
/* ext4's structures, reduced to what the commit path touches              */

/*
 * struct inode, struct ext4_inode_info and struct ext4_fc_dentry_update are
 * in fast-commit-yours.h, which the exercise's student code includes too.
 */

struct ext4_sb_info {
	struct spinlock s_fc_lock;
	struct list_head s_fc_q[2];		/* inodes, MAIN and STAGING */
	struct list_head s_fc_dentry_q[2];	/* dentry updates */
	/*
	 * The queue heads' cache line (the four heads sit together in
	 * ext4_sb_info), written by every list_add_tail with the old tail's
	 * next, which the same CPU wrote last: one line's move per insert.
	 */
	struct sim_line s_fc_q_line;
	int s_fc_q_len[2], s_fc_dentry_q_len[2];
	u64 s_fc_bytes;			/* fast-commit bytes in this transaction */
	u64 s_fc_subtid;		/* fast commits finished */
	journal_t journal;
	struct blkdev dev;
	/* metadata blocks a create dirties */
	struct jbd2_buffer *itable;	/* inode table blocks */
	struct jbd2_buffer *ibitmap;	/* a group's inode bitmap */
	struct jbd2_buffer gdt;		/* the group descriptors */
};

/* The thread of one fs_mark way, and the frames of its coroutines. */
struct fs_mark {
	struct task *t;
	int way;
	struct co co_main, co_create, co_track, co_sync, co_fsync, co_commit,
		  co_dentries, co_begin,
		  co_end, co_cleanup, co_destroy;
	handle_t handle;

	int loop, i, mark;
	struct ext4_inode_info *dirs;		/* its subdirectories */
	struct ext4_inode_info *inode, *dir, *track;
	struct ext4_fc_dentry_update *fcd;

	int fc_ret;
	u64 subtid, tid;
	u64 commit_start, io_before, sleep_before;
	u64 fork_at, loop_start, gen;
	u64 done_ns;
};

/* The whole model of one run. */
struct fc_model {
	int variant;
	long long ways, dirs, files, loops;
	int marks;			/* ext4_fc_track_inode calls a create makes */
	struct ext4_sb_info sbi;
	struct fs_mark *fm;
	int running;			/* ways not yet done */
	/*
	 * fs_mark's loops: the parent forks one child per way, waits for all
	 * of them, prints the loop's line and forks the next loop's.
	 */
	struct wait_queue_head fork_wq, loop_wq;
	int exited;			/* children of this loop that exited */
	u64 loop_gen;			/* loops whose children all exited */
	u64 forks_from;			/* when the parent began this loop's forks */
	double rate_sum;		/* sum over loops and ways of files per second */
	u64 next_ino;
	/*
	 * Files and their create records, in inode-number order: file n of
	 * way w is at n * ways + w, as a shared allocator hands them out.
	 */
	struct ext4_inode_info *file_inodes;
	struct ext4_fc_dentry_update *records;
	struct list_head dropped;	/* records a fallback left to the full commit */

	/* the running commit's and cleanup's iterators (one at a time) */
	struct fs_mark *walker;
	struct ext4_fc_dentry_update *fc_dentry, *fc_dentry_n;
	struct ext4_inode_info *ei, *ei_n;
	long didx, iidx;
	long prev_walk;			/* nodes the previous record's walk visited */
	u64 visit_ps, cold_ps, ps_acc;	/* the walk's per-node cost, in ps */
	long walk_len;			/* nodes the current record's walk visits */
	bool walk_found;		/* and whether it ends on the record's inode */
	/*
	 * The old walk in closed form (fc_walk_closed): each file inode's
	 * place on the main inode queue, numbered when a commit starts.
	 */
	long *queue_pos;
	int commit_blocks;		/* blocks this fast commit filled */
	u64 commit_bytes_before;
	struct ext4_inode_info *cl_ei, *cl_ei_n;
	struct ext4_fc_dentry_update *cl_fcd;
	int released;
	bool fc_succeeded;		/* the fast commit being cleaned up succeeded */

	u64 commits, commit_ns_total, commit_ns_max, commit_cpu_ns;
	u64 nodes_visited, skipped_fsyncs, fallbacks;
	int inode_q_max, dentry_q_max;
	u64 end_ns;
	long yours_visits;		/* nodes the student's lookup walked */
};

/* the model of the run: fast-commit.c */
extern struct fc_model fc;

/*
 * FC_WALK_SHOWN - the visits of an old walk that are steps of their own: the
 * first ones, then the walk's last node. A longer walk's middle is charged
 * at once (fc_walk_closed), so a commit of a million records runs in
 * seconds while the animation still shows the walk going down the queue.
 */
#define FC_WALK_SHOWN	16

/*
 * fc_walk_stepped - walk the queue node by node instead, every visit a step
 * (the lab's tests compare the two; no run of the page or the CLI sets it).
 */
extern bool fc_walk_stepped;

static inline bool fc_ongoing(const journal_t *j)
{
	return j->j_flags & (JBD2_FULL_COMMIT_ONGOING | JBD2_FAST_COMMIT_ONGOING);
}

/* fc_snapshot - the queues, the walk and the journal (fast-commit-output.c) */
void fc_snapshot(struct sim *s, struct jbuf *jb);

#endif /* JC_FAST_COMMIT_H */
