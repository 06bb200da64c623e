// SPDX-License-Identifier: GPL-2.0
/*
 * fast-commit.c - ext4 fast commit and the quadratic dentry commit.
 *
 * The mail: Ritesh Harjani (IBM), "ext4: Performance scalability improvement
 * with fast_commit", linux-ext4, 21 Feb 2022; upstream as b3998b3bc658
 * (v5.18). In Linux 6.12 the code is ext4_fc_commit_dentry_updates() in
 * fs/ext4/fast_commit.c.
 *
 * What is modelled. An ext4 file system with fast commits keeps, per super
 * block and under one spinlock (s_fc_lock), two queues of what changed since
 * the last commit: the inodes (s_fc_q) and the directory-entry updates
 * (s_fc_dentry_q). Creating a file queues the new inode, its parent
 * directory and a "create" record. fsync() runs a fast commit, which writes
 * every queued record and inode to the journal's fast-commit area; only one
 * commit runs at a time, later fsyncs wait for it, and what is tracked while
 * it runs goes to the staging queues for the next one. Cleanup empties the
 * queues.
 *
 * The two variants differ in one place, ext4_fc_commit_dentry_updates():
 * - before: for every create record, find its inode by walking s_fc_q from
 *   the head comparing inode numbers, all under s_fc_lock: O(records x
 *   inodes) per commit;
 * - after:  the record points at its inode: O(records).
 *
 * The workload is fs_mark -s0 -S5: each way (thread) creates `files`
 * zero-byte files spread over its `dirs` subdirectories, then fsyncs them in
 * creation order ("post fsync"). So the first fsync of a loop finds the
 * queues holding about ways x files creates, and the old walk costs the
 * square of that.
 *
 * Model functions are coroutines (co.h): whatever lives across a lock or
 * a sleep is kept in struct fs_mark, the thread's frame.
 */
#include <stdio.h>
#include <string.h>

#include "lab.h"

enum { VARIANT_BEFORE, VARIANT_AFTER };
enum { FC_Q_MAIN, FC_Q_STAGING };

/* ---------------------------------------------------------------------- */
/* The costs, in ns, each with its physical basis                         */

/*
 * struct fc_costs - CPU and device time charged for the work done.
 * The numbers are for a many-core server of 2022 with an NVMe journal.
 */
static const struct fc_costs {
	/* open(O_CREAT)+close of an empty file: path walk, inode and dirent
	 * allocation, a jbd2 handle; ext4 creates run ~50-100k/s per core */
	u64 create_ns;
	/* open+close of an existing file in the fsync phase (path walk) */
	u64 reopen_ns;
	/* entering fsync and ext4_fc_commit's checks */
	u64 fsync_ns;
	/* ext4_fc_track_inode/_create under s_fc_lock: a list insert and a
	 * record allocation, a few cache lines */
	u64 track_ns;
	/*
	 * One node of the old inode walk: a dependent load of the next
	 * i_fc_list pointer and a load of i_ino, so its cost is the latency
	 * of wherever the walked lines live. By the bytes the walk touches:
	 * within L1 (~5 cycles at 3 GHz), within L2 (~10 cycles), within the
	 * last-level cache (~60 cycles, with TLB misses: ext4_inode_info
	 * objects are ~1 KiB apart), or in DRAM (~90 ns).
	 */
	u64 visit_l1_ns, visit_l2_ns, visit_llc_ns, visit_dram_ns;
	/* bytes walked per queued inode: the i_fc_list line and the i_ino line */
	u64 visit_bytes;
	/* cache sizes of a 2022 server core: L1d, L2, its share of the LLC */
	u64 l1_bytes, l2_bytes, llc_bytes;
	/*
	 * Each queued inode sits in its own ~1 KiB ext4_inode_info, so the
	 * walk touches one page per few inodes: once those pages outgrow the
	 * second-level TLB (2048 entries x 4 KiB on a 2022 x86 core), every node adds a page walk
	 * whose page-table lines are cached (~30 cycles).
	 */
	u64 inode_bytes, tlb_reach_bytes, tlb_miss_ns;
	/* ext4_fc_write_inode(_data): copy a raw inode and its tag into the
	 * fast-commit buffer and checksum it */
	u64 write_inode_ns;
	/* ext4_fc_add_dentry_tlv: a small tag with the name */
	u64 write_dentry_ns;
	/* marking an inode committing / resetting it at cleanup */
	u64 mark_ns, cleanup_ns;
	/* jbd2 fast-commit start and end, tail tag, buffer setup */
	u64 commit_fixed_ns;
	/* bytes a raw inode tag and a dentry tag take in the log */
	u64 inode_tag_bytes, dentry_tag_bytes;
	/* NVMe write: per-request latency, bandwidth, and the cache flush
	 * that a fast commit's REQ_PREFLUSH|REQ_FUA costs */
	u64 dev_latency_ns, dev_bw_bytes_per_s, dev_flush_ns;
	/* percent of jitter on CPU costs, so that threads drift apart */
	unsigned int jitter_pct;
} fc_cost = {
	.create_ns = 14000,
	.reopen_ns = 3000,
	.fsync_ns = 1500,
	.track_ns = 120,
	.visit_l1_ns = 2,
	.visit_l2_ns = 3,
	.visit_llc_ns = 20,
	.visit_dram_ns = 90,
	.visit_bytes = 128,
	.l1_bytes = 32 << 10,
	.l2_bytes = 1 << 20,
	.llc_bytes = 32 << 20,
	.inode_bytes = 1024,
	.tlb_reach_bytes = 2048 * 4096,
	.tlb_miss_ns = 10,
	.write_inode_ns = 1500,
	.write_dentry_ns = 250,
	.mark_ns = 40,
	.cleanup_ns = 80,
	.commit_fixed_ns = 8000,
	.inode_tag_bytes = 264,
	.dentry_tag_bytes = 40,
	.dev_latency_ns = 25000,
	.dev_bw_bytes_per_s = 2000000000ULL,
	.dev_flush_ns = 60000,
	.jitter_pct = 10,
};

/* ---------------------------------------------------------------------- */
/* ext4's structures, reduced to what the commit path touches              */

struct inode {
	u64 i_ino;
	bool is_dir;
};

struct ext4_inode_info {
	struct list_head i_fc_list;	/* on s_fc_q[], under s_fc_lock */
	int i_fc_q;			/* which queue, -1 when on none */
	bool i_fc_again;		/* updated while its commit was running */
	struct inode vfs_inode;
};

enum { EXT4_FC_TAG_CREAT = 1 };

struct ext4_fc_dentry_update {
	int fcd_op;
	u64 fcd_parent;
	u64 fcd_ino;
	struct list_head fcd_list;	/* on s_fc_dentry_q[], under s_fc_lock */
	struct ext4_inode_info *fcd_inode; /* after: the inode it creates */
	int fcd_commits;		/* commits that wrote it (checker) */
};

struct ext4_sb_info {
	struct spinlock s_fc_lock;
	struct list_head s_fc_q[2];		/* inodes, MAIN and STAGING */
	struct list_head s_fc_dentry_q[2];	/* dentry updates */
	int s_fc_q_len[2], s_fc_dentry_q_len[2];
	bool fc_committing;		/* a fast commit is running */
	u64 s_fc_subtid;		/* fast commits finished */
	struct wait_queue_head fc_wait;	/* fsyncs waiting for it */
	struct blkdev journal;
};

/* The thread of one fs_mark way, and the frames of its coroutines. */
struct fs_mark {
	struct task *t;
	int way;
	struct co co_main, co_create, co_track, co_fsync, co_commit,
		  co_perform, co_dentries, co_cleanup;

	int loop, i;
	struct ext4_inode_info *dirs;		/* its subdirectories */
	struct ext4_inode_info *inode, *dir, *track;

	/* the commit this thread runs, if any */
	struct ext4_fc_dentry_update *fc_dentry, *fc_dentry_n;
	struct ext4_inode_info *ei, *ei_n;
	long didx, iidx;
	bool walking;
	u64 visit_ns;
	u64 fc_bytes;
	u64 old_subtid;
	u64 commit_start, io_before, sleep_before;
	u64 done_ns;
};

/* The whole model of one run. */
static struct fc_model {
	int variant;
	long long ways, dirs, files, loops;
	struct ext4_sb_info sbi;
	struct fs_mark *fm;
	u64 next_ino;
	/*
	 * Files and their create records, in inode-number order: file n of
	 * way w is at n * ways + w, as a shared allocator hands them out.
	 */
	struct ext4_inode_info *file_inodes;
	struct ext4_fc_dentry_update *records;

	u64 commits, commit_ns_total, commit_ns_max, commit_cpu_ns;
	u64 nodes_visited, skipped_fsyncs, creates;
	int inode_q_max, dentry_q_max;
	struct fs_mark *walker;
} fc;

/* Step kinds, from SK_LAB on; the web shows these names. */
enum {
	FK_CREATE = SK_LAB,	/* a: file ino, b: dir ino */
	FK_TRACK_INODE,		/* a: ino, b: queue */
	FK_TRACK_CREATE,	/* a: ino, b: parent ino */
	FK_FSYNC,		/* a: ino */
	FK_FSYNC_DONE,		/* a: ino, already committed by another fsync */
	FK_COMMIT_START,	/* a: inodes queued, b: records queued */
	FK_VISIT,		/* a: record index, b: inode index */
	FK_MATCH,		/* a: record index, b: inode index */
	FK_WRITE_INODE,		/* a: ino */
	FK_WRITE_DENTRY,	/* a: ino, b: parent ino */
	FK_COMMIT_IO,		/* a: bytes */
	FK_CLEANUP,		/* a: inodes released */
	FK_COMMIT_END,		/* a: commit duration ns */
};

static const char *const fc_kind_names[] = {
	"create", "track_inode", "track_create", "fsync", "fsync_done",
	"commit_start", "visit", "match", "write_inode", "write_dentry",
	"commit_io", "cleanup", "commit_end",
};

/* fm_file - the file this way's loop is at */
static struct ext4_inode_info *fm_file(const struct fs_mark *f)
{
	return &fc.file_inodes[(f->loop * fc.files + f->i) * fc.ways + f->way];
}

/* ---------------------------------------------------------------------- */
/* Tracking: what a create queues                                          */

/*
 * ext4_fc_track_inode - queue f->track for the next fast commit.
 * Called without s_fc_lock; takes it.
 */
static int ext4_fc_track_inode(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_track;
	int q;

	CO_BEGIN(co);
	spin_lock(t, &sbi->s_fc_lock);
	sim_charge(t, sim_jitter(s, fc_cost.track_ns, fc_cost.jitter_pct));
	q = sbi->fc_committing ? FC_Q_STAGING : FC_Q_MAIN;
	if (f->track->i_fc_q < 0) {
		list_add_tail(&f->track->i_fc_list, &sbi->s_fc_q[q]);
		f->track->i_fc_q = q;
		sbi->s_fc_q_len[q]++;
	} else if (sbi->fc_committing && f->track->i_fc_q == FC_Q_MAIN) {
		/* the running commit may miss this update: keep it queued */
		f->track->i_fc_again = true;
	}
	STEP(t, FK_TRACK_INODE, (s64)f->track->vfs_inode.i_ino, f->track->i_fc_q);
	spin_unlock(t, &sbi->s_fc_lock);
	CO_END(co);
}

/*
 * ext4_fc_track_create - queue a create record for f->inode in f->dir.
 * Called without s_fc_lock; takes it.
 */
static int ext4_fc_track_create(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct ext4_fc_dentry_update *fcd;
	struct task *t = f->t;
	struct co *co = &f->co_track;
	int q;

	CO_BEGIN(co);
	spin_lock(t, &sbi->s_fc_lock);
	sim_charge(t, sim_jitter(s, fc_cost.track_ns, fc_cost.jitter_pct));
	fcd = &fc.records[(f->loop * fc.files + f->i) * fc.ways + f->way];
	fcd->fcd_op = EXT4_FC_TAG_CREAT;
	fcd->fcd_parent = f->dir->vfs_inode.i_ino;
	fcd->fcd_ino = f->inode->vfs_inode.i_ino;
	fcd->fcd_inode = f->inode;
	q = sbi->fc_committing ? FC_Q_STAGING : FC_Q_MAIN;
	/*
	 * A commit began between tracking the inode and tracking its record:
	 * the inode is in that commit, the record in the next one, whose
	 * walk must still find the inode on its queue.
	 */
	if (q == FC_Q_STAGING && f->inode->i_fc_q == FC_Q_MAIN)
		f->inode->i_fc_again = true;
	list_add_tail(&fcd->fcd_list, &sbi->s_fc_dentry_q[q]);
	sbi->s_fc_dentry_q_len[q]++;
	STEP(t, FK_TRACK_CREATE, (s64)fcd->fcd_ino, (s64)fcd->fcd_parent);
	spin_unlock(t, &sbi->s_fc_lock);
	CO_END(co);
}

/* ext4_create - open(O_CREAT) and close() of file f->i of this loop. */
static int ext4_create(struct sim *s, struct fs_mark *f)
{
	struct task *t = f->t;
	struct co *co = &f->co_create;

	CO_BEGIN(co);
	f->inode = fm_file(f);
	f->dir = &f->dirs[sim_rand(s) % (u64)fc.dirs];
	sim_charge(t, sim_jitter(s, fc_cost.create_ns, fc_cost.jitter_pct));
	STEP(t, FK_CREATE, (s64)f->inode->vfs_inode.i_ino,
	     (s64)f->dir->vfs_inode.i_ino);
	/* ext4_mark_inode_dirty() on the directory and on the new inode */
	f->track = f->dir;
	CO_CALL(co, ext4_fc_track_inode(s, f));
	f->track = f->inode;
	CO_CALL(co, ext4_fc_track_inode(s, f));
	CO_CALL(co, ext4_fc_track_create(s, f));
	fc.creates++;
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* The commit                                                              */

/* The cost of visiting one node of a walk over @nr queued inodes. */
static u64 fc_visit_cost(int nr)
{
	u64 bytes = (u64)nr * fc_cost.visit_bytes;
	u64 tlb = (u64)nr * fc_cost.inode_bytes > fc_cost.tlb_reach_bytes ?
		  fc_cost.tlb_miss_ns : 0;

	if (bytes <= fc_cost.l1_bytes)
		return fc_cost.visit_l1_ns + tlb;
	if (bytes <= fc_cost.l2_bytes)
		return fc_cost.visit_l2_ns + tlb;
	if (bytes <= fc_cost.llc_bytes)
		return fc_cost.visit_llc_ns + tlb;
	return fc_cost.visit_dram_ns + tlb;
}

/*
 * ext4_fc_commit_dentry_updates - write every create record of the main
 * queue, each preceded by its inode.
 * Called and returns with s_fc_lock held; drops it around the writes.
 */
static int ext4_fc_commit_dentry_updates(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_dentries;
	struct inode *inode;

	CO_BEGIN(co);
	f->walking = true;
	fc.walker = f;
	f->didx = 0;
	f->visit_ns = fc_visit_cost(sbi->s_fc_q_len[FC_Q_MAIN]);
	list_for_each_entry_safe(f->fc_dentry, f->fc_dentry_n,
				 &sbi->s_fc_dentry_q[FC_Q_MAIN],
				 struct ext4_fc_dentry_update, fcd_list) {
		f->ei = NULL;
		if (fc.variant == VARIANT_BEFORE) {
			/* find the record's inode: walk the inode queue */
			f->iidx = 0;
			list_for_each_entry(f->ei_n, &sbi->s_fc_q[FC_Q_MAIN],
					    struct ext4_inode_info, i_fc_list) {
				sim_charge(t, f->visit_ns);
				STEP(t, FK_VISIT, f->didx, f->iidx);
				if (f->ei_n->vfs_inode.i_ino == f->fc_dentry->fcd_ino) {
					f->ei = f->ei_n;
					break;
				}
				f->iidx++;
			}
			fc.nodes_visited += (u64)f->iidx + (f->ei ? 1 : 0);
		} else {
			/* the record knows its inode */
			f->iidx = -1;
			f->ei = f->fc_dentry->fcd_inode;
		}
		/* no inode: it was deleted since, nothing to create */
		if (!f->ei) {
			f->didx++;
			continue;
		}
		STEP(t, FK_MATCH, f->didx, f->iidx);
		spin_unlock(t, &sbi->s_fc_lock);
		inode = &f->ei->vfs_inode;
		sim_charge(t, fc_cost.write_inode_ns);
		f->fc_bytes += fc_cost.inode_tag_bytes;
		STEP(t, FK_WRITE_INODE, (s64)inode->i_ino, 0);
		sim_charge(t, fc_cost.write_dentry_ns);
		f->fc_bytes += fc_cost.dentry_tag_bytes;
		f->fc_dentry->fcd_commits++;
		STEP(t, FK_WRITE_DENTRY, (s64)f->fc_dentry->fcd_ino,
		     (s64)f->fc_dentry->fcd_parent);
		spin_lock(t, &sbi->s_fc_lock);
		f->didx++;
	}
	f->walking = false;
	fc.walker = NULL;
	CO_END(co);
}

/*
 * ext4_fc_perform_commit - write the queues to the fast-commit area and
 * wait for the device. The caller owns the commit (fc_committing).
 */
static int ext4_fc_perform_commit(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_perform;

	CO_BEGIN(co);
	f->fc_bytes = 0;
	sim_charge(t, fc_cost.commit_fixed_ns);
	spin_lock(t, &sbi->s_fc_lock);
	/* mark every queued inode as part of this commit */
	list_for_each_entry(f->ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list)
		sim_charge(t, fc_cost.mark_ns);
	CO_CALL(co, ext4_fc_commit_dentry_updates(s, f));
	list_for_each_entry(f->ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list) {
		spin_unlock(t, &sbi->s_fc_lock);
		sim_charge(t, fc_cost.write_inode_ns);
		f->fc_bytes += fc_cost.inode_tag_bytes;
		STEP(t, FK_WRITE_INODE, (s64)f->ei->vfs_inode.i_ino, 1);
		spin_lock(t, &sbi->s_fc_lock);
	}
	spin_unlock(t, &sbi->s_fc_lock);
	/* the tail tag, then the blocks with a flush */
	f->fc_bytes = (f->fc_bytes + 16 + 4095) / 4096 * 4096;
	submit_bio_wait(t, &sbi->journal, f->fc_bytes, true);
	CO_END(co);
}

/*
 * ext4_fc_cleanup - the commit is on disk: release what it wrote and make
 * the staging queues the main ones.
 */
static int ext4_fc_cleanup(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_cleanup;
	int released = 0;

	CO_BEGIN(co);
	spin_lock(t, &sbi->s_fc_lock);
	list_for_each_entry_safe(f->ei, f->ei_n, &sbi->s_fc_q[FC_Q_MAIN],
				 struct ext4_inode_info, i_fc_list) {
		sim_charge(t, fc_cost.cleanup_ns);
		if (f->ei->i_fc_again) {
			f->ei->i_fc_again = false;
			list_move_tail(&f->ei->i_fc_list, &sbi->s_fc_q[FC_Q_STAGING]);
			f->ei->i_fc_q = FC_Q_STAGING;
			sbi->s_fc_q_len[FC_Q_STAGING]++;
		} else {
			list_del_init(&f->ei->i_fc_list);
			f->ei->i_fc_q = -1;
		}
		released++;
	}
	list_for_each_entry_safe(f->fc_dentry, f->fc_dentry_n,
				 &sbi->s_fc_dentry_q[FC_Q_MAIN],
				 struct ext4_fc_dentry_update, fcd_list) {
		sim_charge(t, fc_cost.cleanup_ns);
		list_del_init(&f->fc_dentry->fcd_list);
	}
	list_splice_tail_init(&sbi->s_fc_q[FC_Q_STAGING], &sbi->s_fc_q[FC_Q_MAIN]);
	list_splice_tail_init(&sbi->s_fc_dentry_q[FC_Q_STAGING],
			      &sbi->s_fc_dentry_q[FC_Q_MAIN]);
	sbi->s_fc_q_len[FC_Q_MAIN] = sbi->s_fc_q_len[FC_Q_STAGING];
	sbi->s_fc_q_len[FC_Q_STAGING] = 0;
	sbi->s_fc_dentry_q_len[FC_Q_MAIN] = sbi->s_fc_dentry_q_len[FC_Q_STAGING];
	sbi->s_fc_dentry_q_len[FC_Q_STAGING] = 0;
	list_for_each_entry(f->ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list)
		f->ei->i_fc_q = FC_Q_MAIN;
	STEP(t, FK_CLEANUP, released, 0);
	spin_unlock(t, &sbi->s_fc_lock);
	CO_END(co);
}

/*
 * ext4_fc_commit - what fsync of f->inode does. If a fast commit is running,
 * wait for it: when one has finished since this fsync began, it wrote
 * everything this file needed. Otherwise run one, even with empty queues
 * (the tail alone still costs a flushed write).
 */
static int ext4_fc_commit(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_commit;
	u64 took;

	CO_BEGIN(co);
	cond_resched(t);
	f->old_subtid = sbi->s_fc_subtid;
	while (sbi->fc_committing) {
		wait_event(t, &sbi->fc_wait, !sbi->fc_committing);
		if (sbi->s_fc_subtid > f->old_subtid) {
			fc.skipped_fsyncs++;
			STEP(t, FK_FSYNC_DONE, (s64)f->inode->vfs_inode.i_ino, 0);
			CO_EXIT(co);
		}
	}
	sbi->fc_committing = true;
	f->commit_start = s->now + t->pending_ns;
	f->io_before = t->io_ns;
	f->sleep_before = t->sleep_ns;
	if (sbi->s_fc_q_len[FC_Q_MAIN] > fc.inode_q_max)
		fc.inode_q_max = sbi->s_fc_q_len[FC_Q_MAIN];
	if (sbi->s_fc_dentry_q_len[FC_Q_MAIN] > fc.dentry_q_max)
		fc.dentry_q_max = sbi->s_fc_dentry_q_len[FC_Q_MAIN];
	STEP(t, FK_COMMIT_START, sbi->s_fc_q_len[FC_Q_MAIN],
	     sbi->s_fc_dentry_q_len[FC_Q_MAIN]);
	CO_CALL(co, ext4_fc_perform_commit(s, f));
	CO_CALL(co, ext4_fc_cleanup(s, f));
	sbi->s_fc_subtid++;
	sbi->fc_committing = false;
	took = s->now + t->pending_ns - f->commit_start;
	fc.commits++;
	fc.commit_ns_total += took;
	if (took > fc.commit_ns_max)
		fc.commit_ns_max = took;
	fc.commit_cpu_ns += took - (t->io_ns - f->io_before) -
			    (t->sleep_ns - f->sleep_before);
	STEP(t, FK_COMMIT_END, (s64)took, 0);
	wake_up_all(t, &sbi->fc_wait);
	CO_END(co);
}

/* ext4_sync_file - fs_mark's post-fsync of file f->i: open, fsync, close. */
static int ext4_sync_file(struct sim *s, struct fs_mark *f)
{
	struct task *t = f->t;
	struct co *co = &f->co_fsync;

	CO_BEGIN(co);
	f->inode = fm_file(f);
	sim_charge(t, sim_jitter(s, fc_cost.reopen_ns + fc_cost.fsync_ns,
				 fc_cost.jitter_pct));
	STEP(t, FK_FSYNC, (s64)f->inode->vfs_inode.i_ino, 0);
	CO_CALL(co, ext4_fc_commit(s, f));
	CO_END(co);
}

/* fs_mark - one way: per loop, create every file, then fsync each. */
static int fs_mark(struct sim *s, struct task *t)
{
	struct fs_mark *f = t->priv;
	struct co *co = &f->co_main;

	CO_BEGIN(co);
	for (f->loop = 0; f->loop < fc.loops; f->loop++) {
		for (f->i = 0; f->i < fc.files; f->i++)
			CO_CALL(co, ext4_create(s, f));
		for (f->i = 0; f->i < fc.files; f->i++)
			CO_CALL(co, ext4_sync_file(s, f));
	}
	f->done_ns = s->now + t->pending_ns;
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* The lab's table, set-up and outputs                                     */

static const struct param_spec fc_params[] = {
	{ "ways", "threads", 1, 256, 4,
	  "fs_mark instances running in parallel, one directory tree each (2^order in the mail)" },
	{ "dirs", "dirs", 1, 65536, 4,
	  "subdirectories per way (-D; 2^dir in the mail); each file goes to a random one" },
	{ "files", "files", 1, 65536, 16,
	  "files created per way per loop (-n; 2^files in the mail), each fsynced after all are created (-S5)" },
	{ "loops", "loops", 1, 100, 1,
	  "fs_mark loops (-L); the mail ran 100" },
	{ "cpus", "cpus", 0, 256, 0,
	  "simulated CPUs; 0 gives one per way" },
};
#define FC_NR_PARAMS ((int)(sizeof(fc_params) / sizeof(fc_params[0])))
enum { P_WAYS, P_DIRS, P_FILES, P_LOOPS, P_CPUS };

#define FC_MAX_FILES (1LL << 21)

static const struct metric_spec fc_metrics[] = {
	{ "creates_per_s", "1/s", "files created and fsynced per second of virtual time, all ways together" },
	{ "elapsed_ns", "ns", "virtual time until the last way finished" },
	{ "commits", "", "fast commits run" },
	{ "commit_ns_avg", "ns", "average fast commit duration, I/O included" },
	{ "commit_ns_max", "ns", "longest fast commit" },
	{ "fc_commit_cpu_frac", "", "share of the busy CPU time (running or spinning) spent in ext4_fc_commit, as a perf profile of the workload counts it" },
	{ "s_fc_lock_spin_ns", "ns", "time all CPUs spent spinning on s_fc_lock" },
	{ "s_fc_lock_acquisitions", "", "times s_fc_lock was taken" },
	{ "s_fc_lock_contended", "", "times a taker found s_fc_lock held" },
	{ "spin_frac", "", "share of all CPUs' time spent spinning" },
	{ "nodes_visited", "", "inode queue nodes the dentry commit walked" },
	{ "inode_q_max", "inodes", "longest inode queue a commit started with" },
	{ "dentry_q_max", "records", "longest dentry queue a commit started with" },
	{ "fsyncs_already_committed", "", "fsyncs that waited for a running commit and needed no commit of their own" },
	{ "journal_writes", "", "fast-commit writes to the device" },
};
#define FC_NR_METRICS ((int)(sizeof(fc_metrics) / sizeof(fc_metrics[0])))

static int fc_nr_cpus(const long long *p)
{
	if (p[P_CPUS])
		return (int)p[P_CPUS];
	return (int)p[P_WAYS];
}

static int fc_check(const long long *p, char *msg, size_t len)
{
	long long total = p[P_WAYS] * p[P_FILES] * p[P_LOOPS];

	if (total > FC_MAX_FILES) {
		snprintf(msg, len,
			 "ways x files x loops = %lld files; the simulator takes at most %lld per run",
			 total, FC_MAX_FILES);
		return -1;
	}
	return 0;
}

static int fc_setup(struct sim *s, int variant, const long long *p)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	long long w, i, per_way;
	char name[24];

	memset(&fc, 0, sizeof(fc));
	fc.variant = variant;
	fc.ways = p[P_WAYS];
	fc.dirs = p[P_DIRS];
	fc.files = p[P_FILES];
	fc.loops = p[P_LOOPS];
	fc.next_ino = 12;	/* the first inode after ext4's reserved ones */

	spin_lock_init(s, &sbi->s_fc_lock, "s_fc_lock");
	for (i = 0; i < 2; i++) {
		INIT_LIST_HEAD(&sbi->s_fc_q[i]);
		INIT_LIST_HEAD(&sbi->s_fc_dentry_q[i]);
	}
	init_waitqueue_head(&sbi->fc_wait, "fc_wait");
	blkdev_init(&sbi->journal, "journal", 1, fc_cost.dev_latency_ns,
		    fc_cost.dev_bw_bytes_per_s, fc_cost.dev_flush_ns);

	fc.fm = sim_alloc(s, sizeof(*fc.fm) * (size_t)fc.ways);
	if (!fc.fm)
		return -1;
	per_way = fc.files * fc.loops;
	fc.file_inodes = sim_alloc(s, sizeof(*fc.file_inodes) * (size_t)(per_way * fc.ways));
	fc.records = sim_alloc(s, sizeof(*fc.records) * (size_t)(per_way * fc.ways));
	if (!fc.file_inodes || !fc.records)
		return -1;
	for (w = 0; w < fc.ways; w++) {
		struct fs_mark *f = &fc.fm[w];

		f->way = (int)w;
		f->dirs = sim_alloc(s, sizeof(*f->dirs) * (size_t)fc.dirs);
		if (!f->dirs)
			return -1;
		/* the directories exist before the timed loops start */
		for (i = 0; i < fc.dirs; i++) {
			f->dirs[i].vfs_inode.i_ino = fc.next_ino++;
			f->dirs[i].vfs_inode.is_dir = true;
			f->dirs[i].i_fc_q = -1;
			INIT_LIST_HEAD(&f->dirs[i].i_fc_list);
		}
	}
	for (i = 0; i < per_way * fc.ways; i++) {
		fc.file_inodes[i].vfs_inode.i_ino = fc.next_ino++;
		fc.file_inodes[i].i_fc_q = -1;
		INIT_LIST_HEAD(&fc.file_inodes[i].i_fc_list);
		INIT_LIST_HEAD(&fc.records[i].fcd_list);
	}
	for (w = 0; w < fc.ways; w++) {
		snprintf(name, sizeof(name), "fs_mark/%d", (int)w);
		fc.fm[w].t = sim_task_create(s, (int)w, name, fs_mark, &fc.fm[w],
					     sim_rand(s) % (10 * NSEC_PER_USEC));
		if (!fc.fm[w].t)
			return -1;
	}
	return 0;
}

static void fc_collect(struct sim *s, double *m)
{
	double elapsed = (double)s->now;
	double cpu_total = elapsed * s->nr_cpus;
	double busy = (double)(sim_cpu_state_ns(s, CPU_RUN) + sim_cpu_state_ns(s, CPU_SPIN));
	struct spinlock *l = &fc.sbi.s_fc_lock;

	m[0] = elapsed > 0 ? (double)fc.creates * 1e9 / elapsed : 0;
	m[1] = elapsed;
	m[2] = (double)fc.commits;
	m[3] = fc.commits ? (double)fc.commit_ns_total / (double)fc.commits : 0;
	m[4] = (double)fc.commit_ns_max;
	m[5] = busy > 0 ? (double)fc.commit_cpu_ns / busy : 0;
	m[6] = (double)l->lk.spin_ns;
	m[7] = (double)l->lk.acquisitions;
	m[8] = (double)l->lk.contended;
	m[9] = cpu_total > 0 ? (double)sim_cpu_state_ns(s, CPU_SPIN) / cpu_total : 0;
	m[10] = (double)fc.nodes_visited;
	m[11] = fc.inode_q_max;
	m[12] = fc.dentry_q_max;
	m[13] = (double)fc.skipped_fsyncs;
	m[14] = (double)fc.sbi.journal.requests;
}

#define FC_SNAP_MAX 256

static void fc_snapshot(struct sim *s, struct jbuf *jb)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct ext4_inode_info *ei;
	struct ext4_fc_dentry_update *fcd;
	int n;

	(void)s;
	jb_key(jb, "fc");
	jb_obj_open(jb);
	jb_key(jb, "inode_q");
	jb_arr_open(jb);
	n = 0;
	list_for_each_entry(ei, &sbi->s_fc_q[FC_Q_MAIN], struct ext4_inode_info, i_fc_list) {
		if (n++ == FC_SNAP_MAX)
			break;
		jb_obj_open(jb);
		jb_kv_uint(jb, "ino", ei->vfs_inode.i_ino);
		jb_kv_bool(jb, "dir", ei->vfs_inode.is_dir);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_kv_int(jb, "inode_q_len", sbi->s_fc_q_len[FC_Q_MAIN]);
	jb_key(jb, "dentry_q");
	jb_arr_open(jb);
	n = 0;
	list_for_each_entry(fcd, &sbi->s_fc_dentry_q[FC_Q_MAIN],
			    struct ext4_fc_dentry_update, fcd_list) {
		if (n++ == FC_SNAP_MAX)
			break;
		jb_obj_open(jb);
		jb_kv_uint(jb, "ino", fcd->fcd_ino);
		jb_kv_uint(jb, "parent", fcd->fcd_parent);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_kv_int(jb, "dentry_q_len", sbi->s_fc_dentry_q_len[FC_Q_MAIN]);
	jb_key(jb, "walk");
	if (fc.walker) {
		jb_obj_open(jb);
		jb_kv_int(jb, "task", fc.walker->t->id);
		jb_kv_int(jb, "dentry_idx", fc.walker->didx);
		jb_kv_int(jb, "inode_idx", fc.walker->iidx);
		jb_obj_close(jb);
	} else {
		jb_null(jb);
	}
	jb_kv_bool(jb, "commit_running", sbi->fc_committing);
	jb_kv_uint(jb, "commits", fc.commits);
	jb_obj_close(jb);
}

/* ---------------------------------------------------------------------- */
/* The invariant checker                                                   */

/* Count a queue and check that each entry knows which queue it is on. */
static int fc_check_inode_q(int q, char *msg, size_t len)
{
	struct ext4_inode_info *ei;
	int n = 0;

	list_for_each_entry(ei, &fc.sbi.s_fc_q[q], struct ext4_inode_info, i_fc_list) {
		if (ei->i_fc_q != q) {
			snprintf(msg, len, "inode %llu on queue %d says it is on %d",
				 (unsigned long long)ei->vfs_inode.i_ino, q, ei->i_fc_q);
			return -1;
		}
		n++;
	}
	if (n != fc.sbi.s_fc_q_len[q]) {
		snprintf(msg, len, "inode queue %d holds %d inodes, its length says %d",
			 q, n, fc.sbi.s_fc_q_len[q]);
		return -1;
	}
	return 0;
}

static int fc_invariants(struct sim *s, bool final, char *msg, size_t len)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct ext4_fc_dentry_update *fcd;
	long long i, total = fc.ways * fc.files * fc.loops;
	int q, n;

	(void)s;
	for (q = 0; q < 2; q++) {
		if (fc_check_inode_q(q, msg, len))
			return -1;
		n = 0;
		list_for_each_entry(fcd, &sbi->s_fc_dentry_q[q],
				    struct ext4_fc_dentry_update, fcd_list)
			n++;
		if (n != sbi->s_fc_dentry_q_len[q]) {
			snprintf(msg, len, "dentry queue %d holds %d records, its length says %d",
				 q, n, sbi->s_fc_dentry_q_len[q]);
			return -1;
		}
	}
	if (!sbi->fc_committing &&
	    (sbi->s_fc_q_len[FC_Q_STAGING] || sbi->s_fc_dentry_q_len[FC_Q_STAGING])) {
		snprintf(msg, len, "staging queues hold entries while no commit runs");
		return -1;
	}
	for (i = 0; i < total; i++) {
		fcd = &fc.records[i];
		if (fcd->fcd_commits > 1 || (final && fcd->fcd_commits != 1)) {
			snprintf(msg, len, "create record of inode %llu was written by %d commits",
				 (unsigned long long)fc.file_inodes[i].vfs_inode.i_ino,
				 fcd->fcd_commits);
			return -1;
		}
	}
	if (final && (sbi->s_fc_q_len[FC_Q_MAIN] || sbi->s_fc_dentry_q_len[FC_Q_MAIN])) {
		snprintf(msg, len, "the run ended with %d inodes and %d records never committed",
			 sbi->s_fc_q_len[FC_Q_MAIN], sbi->s_fc_dentry_q_len[FC_Q_MAIN]);
		return -1;
	}
	return 0;
}

static const char *const fc_variants[] = { "before", "after" };

/*
 * The mail's rows. The x-axis "order,dir&files" means 2^order ways, 2^dir
 * subdirectories and 2^files files per loop. Rows 7 and 8 queue 64K and 1M
 * creates per loop: the old walk would visit 2^31 and 2^39 nodes, far past
 * any budget, so they run with fewer files and directories per way (the
 * note says how many) and one loop. Rows 1-6 run 4 loops instead of 100.
 */
static const struct paper_row fc_rows[] = {
	{ 1, "1", "ways=2;dirs=2;files=2;loops=4", 16.90, 17.51,
	  "2 ways x 2 files, 4 loops (the mail: 100 loops)" },
	{ 2, "2,2", "ways=4;dirs=4;files=4;loops=4", 32.08, 31.80,
	  "4 ways x 4 files, 4 loops" },
	{ 3, "3,3", "ways=8;dirs=8;files=8;loops=4", 53.97, 55.01,
	  "8 ways x 8 files, 4 loops" },
	{ 4, "4,4", "ways=16;dirs=16;files=16;loops=4", 78.94, 76.90,
	  "16 ways x 16 files, 4 loops" },
	{ 5, "5,5", "ways=32;dirs=32;files=32;loops=4", 95.82, 95.37,
	  "32 ways x 32 files, 4 loops" },
	{ 6, "6,6", "ways=64;dirs=64;files=64;loops=4", 87.92, 103.38,
	  "64 ways x 64 files, 4 loops" },
	{ 7, "6,10", "ways=64;dirs=192;files=192;loops=1", 0.73, 126.13,
	  "scaled: 192 files and dirs per way instead of 1024, 1 loop" },
	{ 8, "6,14", "ways=64;dirs=256;files=256;loops=1", 2.33, 143.19,
	  "scaled: 256 files and dirs per way instead of 16384, 1 loop" },
};

const struct lab lab_fast_commit = {
	.id = "fast-commit",
	.title = "ext4 fast_commit: the O(N\xc2\xb2) dentry commit",
	.source = "fast-commit.c",
	.variants = fc_variants,
	.nr_variants = 2,
	.params = fc_params,
	.nr_params = FC_NR_PARAMS,
	.metrics = fc_metrics,
	.nr_metrics = FC_NR_METRICS,
	.kind_names = fc_kind_names,
	.nr_kinds = (int)(sizeof(fc_kind_names) / sizeof(fc_kind_names[0])),
	.rows = fc_rows,
	.nr_rows = (int)(sizeof(fc_rows) / sizeof(fc_rows[0])),
	.row_metric = "creates_per_s",
	.row_unit = "K creates/s",
	.row_scale = 1000,
	.cite = {
		.author = "Ritesh Harjani (IBM)",
		.list = "linux-ext4",
		.date = "2022-02-21",
		.subject = "[PATCHv2 0/1] ext4: Performance scalability improvement with fast_commit",
		.url = "https://lore.kernel.org/all/cover.1644809996.git.riteshh@linux.ibm.com/",
		.commit = "b3998b3bc658",
	},
	.nr_cpus = fc_nr_cpus,
	.check = fc_check,
	.setup = fc_setup,
	.collect = fc_collect,
	.snapshot = fc_snapshot,
	.invariants = fc_invariants,
};
