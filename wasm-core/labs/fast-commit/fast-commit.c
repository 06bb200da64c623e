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
 * block and under one spinlock (s_fc_lock), two queues of what changed in
 * the running jbd2 transaction: the inodes (s_fc_q) and the directory-entry
 * updates (s_fc_dentry_q). Creating a file runs under a jbd2 handle: it
 * queues the new inode (ext4_fc_track_inode, which returns at once for a
 * directory: the parent is never queued) and a "create" record, and dirties
 * the metadata blocks the full commit would log. fsync() runs
 * ext4_fc_commit(): jbd2_fc_begin_commit() locks the journal's updates, so
 * that for the whole fast commit no handle starts or runs and every
 * creator sleeps in start_this_handle(); the commit writes each create
 * record preceded by its inode, then every queued inode, into the
 * fast-commit area, with a flushed tail block; cleanup empties the queues
 * and the barrier lifts. A later fsync that finds a commit running sleeps
 * until it ends and needs none of its own if a fast commit finished
 * meanwhile. The area holds 255 blocks until the next full commit: a fast
 * commit that would overflow it falls back to a full jbd2 commit, which
 * empties both queues; so does the 5-second periodic commit.
 *
 * The kernel this follows: 5.17, the mail's, and 6.12 (kernel=6.12). Their
 * commit protocol (the barrier in jbd2_fc_begin_commit, s_fc_subtid, the
 * fallback, the staging queues used while a commit runs) is the same: the
 * rework proposed in March 2022 to lock updates only while marking inodes
 * never landed, and neither queues directories. They differ in one place:
 * 5.17's __jbd2_fc_end_commit lifts the barrier before ext4_fc_cleanup, so
 * the creators start again while the cleanup holds s_fc_lock over the
 * whole inode queue and takes it per record; 6.12 cleans up under the
 * barrier (6db3c1575a75). Both re-queue, after a full commit, an inode
 * changed in a newer transaction (the same commit's fix, kept for 5.17 so
 * that every create stays durable).
 *
 * The two variants differ in one place, ext4_fc_commit_dentry_updates():
 * - before: for every create record, find its inode by walking s_fc_q from
 *   the head comparing inode numbers, all under s_fc_lock: O(records x
 *   inodes) per commit;
 * - after:  the record is linked to its inode (fcd_dilist): O(records).
 *
 * The workload is fs_mark -s0 -S5: each way (thread) creates `files`
 * zero-byte files spread over its `dirs` subdirectories, then fsyncs them in
 * creation order ("post fsync"). So the first fsync of a loop finds the
 * queues holding about ways x files creates, and the old walk costs the
 * square of that, while every other way sleeps.
 *
 * Left out: ineligible operations (none in this workload), data ranges
 * (the files are empty), the per-inode i_fc_lock (a mutex only its own
 * creator takes: charged in track_ns), ext4_fc_start_update (fs_mark
 * -s0 neither writes nor sets attributes, the calls that take it).
 *
 * Model functions are coroutines (co.h): whatever lives across a lock or
 * a sleep is kept in struct fs_mark, the thread's frame, or, for the commit
 * and its cleanup, in struct fc_model: one commit of either kind runs at a
 * time (the FAST/FULL_COMMIT_ONGOING flags), so one set of iterators serves.
 */
#include <stdio.h>
#include <string.h>

#include "jbd2.h"
#include "lab.h"
#include "fast-commit-yours.h"
#include "fast-commit.h"

/* VARIANT_* and the queues FC_Q_*: fast-commit.h */

/* ---------------------------------------------------------------------- */
/* The costs, in ns, each with its physical basis                         */

/*
 * struct fc_costs - CPU and device time charged for the work done.
 *
 * The machine: the mail's profile shows snooze_loop and power_pmu_enable,
 * so it was a POWER server (POWER9 class, 2022), which runs 64 KiB pages;
 * the cache and TLB figures below are that machine's. The journal device
 * is an NVMe drive.
 */
static const struct fc_costs {
	/* open(O_CREAT)+close of an empty file outside the journal: path
	 * walk, dcache, inode and dirent allocation; ext4 creates run
	 * ~50-100k/s per core */
	u64 create_ns;
	/* open+close of an existing file in the fsync phase (path walk) */
	u64 reopen_ns;
	/* entering fsync and ext4_fc_commit's checks */
	u64 fsync_ns;
	/*
	 * ext4_fc_track_template outside s_fc_lock, once per tracking call:
	 * mutex_lock and mutex_unlock of the inode's i_fc_lock (two atomics
	 * on a line its creator owns, ~20 ns each with their barriers on
	 * POWER9), the tid check and __track_inode; for a create record,
	 * __track_dentry_update's kmem_cache_alloc and name copy with
	 * i_fc_lock dropped and taken again. Under s_fc_lock the kernel does
	 * only the list work, charged as the line moves it makes
	 * (s_fc_q_line).
	 */
	u64 track_ns;
	/*
	 * One node of the old inode walk: a load of the next i_fc_list
	 * pointer and one of i_ino, issued together, so about one latency of
	 * wherever the node's lines are. POWER9: L1d 32 KiB (~2 ns for the
	 * pair), L2 512 KiB (~4 ns), the core's L3 region 10 MiB (~10 ns),
	 * DRAM or another core's cache ~100 ns (also the cost of a node the
	 * walk has not touched yet: its creator wrote it on another CPU).
	 */
	u64 visit_l1_ns, visit_l2_ns, visit_l3_ns, visit_cold_ns;
	/* bytes walked per queued inode: the i_fc_list line and the i_ino line */
	u64 visit_bytes;
	u64 l1_bytes, l2_bytes, l3_bytes;
	/*
	 * Each queued inode sits in its own ~1 KiB ext4_inode_info, so a walk
	 * spans one page per 64 inodes: past the TLB's reach (1024 entries x
	 * 64 KiB pages = 64 MiB) a node adds a radix page-table walk whose
	 * lines are cached, ~20 ns.
	 */
	u64 inode_bytes, tlb_reach_bytes, tlb_miss_ns;
	/* ext4_fc_write_inode(_data): locate the raw inode (buffer lookup),
	 * copy it with its tag into the fast-commit buffer, crc32c it */
	u64 write_inode_ns;
	/* ext4_fc_add_dentry_tlv: a small tag with the name, crc32c */
	u64 write_dentry_ns;
	/* marking an inode committing, and its (empty) data submit and wait */
	u64 mark_ns;
	/* releasing an inode or freeing a record at cleanup */
	u64 cleanup_ns;
	/* ext4_fc_commit's set-up: stats, ktime, plug, the head tag */
	u64 commit_fixed_ns;
	/*
	 * Bytes in the log: an inode tag is the 4-byte tag header, the 4-byte
	 * inode number and the raw inode (128 + i_extra_isize 32) = 168; a
	 * dentry tag is the header, parent and inode numbers and the name:
	 * fs_mark's names are ~40 characters, so ~52.
	 */
	u64 inode_tag_bytes, dentry_tag_bytes, tail_tag_bytes, head_tag_bytes;
	/* NVMe write: per-request latency, bandwidth, and the cache flush
	 * that a commit block's REQ_PREFLUSH|REQ_FUA costs */
	u64 dev_latency_ns, dev_bw_bytes_per_s, dev_flush_ns;
	/* percent of jitter on CPU costs, so that threads drift apart */
	unsigned int jitter_pct;
	/*
	 * How far apart a loop's children start: wake_up_new_task() and the
	 * child's first schedule on its CPU, a few microseconds each. The
	 * parent forks them in turn, ~50 us a fork, so in the mail's runs the
	 * 64th child starts ~3 ms after the first: 1-3% of a child's loop at
	 * rows 6-8 (0.1-7 s). The model starts them together, within this
	 * spread: the first fsync then finds every way's creates queued, the
	 * longest queue the mail's runs could reach.
	 */
	u64 start_spread_ns;
} fc_cost = {
	.create_ns = 14000,
	.reopen_ns = 3000,
	.fsync_ns = 1500,
	.track_ns = 120,
	.visit_l1_ns = 2,
	.visit_l2_ns = 4,
	.visit_l3_ns = 10,
	.visit_cold_ns = 100,
	.visit_bytes = 128,
	.l1_bytes = 32 << 10,
	.l2_bytes = 512 << 10,
	.l3_bytes = 10 << 20,
	.inode_bytes = 1024,
	.tlb_reach_bytes = 1024ULL * 65536,
	.tlb_miss_ns = 20,
	.write_inode_ns = 1500,
	.write_dentry_ns = 250,
	.mark_ns = 40,
	.cleanup_ns = 80,
	.commit_fixed_ns = 8000,
	.inode_tag_bytes = 168,
	.dentry_tag_bytes = 52,
	.tail_tag_bytes = 12,
	.head_tag_bytes = 12,
	.dev_latency_ns = 25000,
	.dev_bw_bytes_per_s = 2000000000ULL,
	.dev_flush_ns = 60000,
	.jitter_pct = 10,
	.start_spread_ns = 10000,
};

/* ext4 with 4 KiB blocks and 256-byte inodes; mkfs's 8192 inodes a group */
#define FC_BLOCK_SIZE		4096
#define INODES_PER_BLOCK	16
#define INODES_PER_GROUP	8192
/* ext4_fc_reserve_space keeps a tag header's room at a block's end */
#define EXT4_FC_TAG_BASE_LEN	4

/* ---------------------------------------------------------------------- */
/* ext4's structures (fast-commit.h) and the model of one run             */

struct fc_model fc;

/* Step kinds, from SK_LAB on; the web shows these names. */
enum {
	FK_CREATE = SK_LAB,	/* a: file ino, b: dir ino */
	FK_TRACK_INODE,		/* a: ino, b: queue */
	FK_TRACK_CREATE,	/* a: ino, b: parent ino */
	FK_FSYNC,		/* a: ino */
	FK_FSYNC_DONE,		/* a: ino, already committed by another commit */
	FK_COMMIT_START,	/* a: inodes queued, b: records queued */
	FK_VISIT,		/* a: record index, b: inode index */
	FK_MATCH,		/* a: record index, b: inode index */
	FK_WRITE_INODE,		/* a: ino, b: 1 from the walk of the inode queue */
	FK_WRITE_DENTRY,	/* a: ino, b: parent ino */
	FK_COMMIT_IO,		/* a: bytes */
	FK_CLEANUP,		/* a: inodes released, b: 1 after a full commit */
	FK_COMMIT_END,		/* a: commit duration ns */
	FK_FALLBACK,		/* a: fast-commit blocks used */
};

/* each kind's a and b by name; the indices are the dentry and inode queues' */
static const struct step_kind fc_kinds[] = {
	[FK_CREATE - SK_LAB]		= { "create", "ino", "dir" },
	[FK_TRACK_INODE - SK_LAB]	= { "track_inode", "ino", "queue" },
	[FK_TRACK_CREATE - SK_LAB]	= { "track_create", "ino", "parent" },
	[FK_FSYNC - SK_LAB]		= { "fsync", "ino", NULL },
	[FK_FSYNC_DONE - SK_LAB]	= { "fsync_done", "ino", NULL },
	[FK_COMMIT_START - SK_LAB]	= { "commit_start", "inodes", "records" },
	[FK_VISIT - SK_LAB]		= { "visit", "dentry_idx", "inode_idx" },
	[FK_MATCH - SK_LAB]		= { "match", "dentry_idx", "inode_idx" },
	[FK_WRITE_INODE - SK_LAB]	= { "write_inode", "ino", "queue_walk" },
	[FK_WRITE_DENTRY - SK_LAB]	= { "write_dentry", "ino", "parent" },
	[FK_COMMIT_IO - SK_LAB]		= { "commit_io", "bytes", NULL },
	[FK_CLEANUP - SK_LAB]		= { "cleanup", "released", "full" },
	[FK_COMMIT_END - SK_LAB]	= { "commit_end", "ns", NULL },
	[FK_FALLBACK - SK_LAB]		= { "fallback", "blocks", NULL },
};

/* fm_file - the file this way's loop is at */
static struct ext4_inode_info *fm_file(const struct fs_mark *f)
{
	return &fc.file_inodes[(f->loop * fc.files + f->i) * fc.ways + f->way];
}

static struct ext4_fc_dentry_update *fm_record(const struct fs_mark *f)
{
	return &fc.records[(f->loop * fc.files + f->i) * fc.ways + f->way];
}

/* ---------------------------------------------------------------------- */
/* Tracking: what a create queues                                          */

/*
 * ext4_fc_track_inode - queue f->track for the next fast commit; a
 * directory is never queued. Called under a handle, without s_fc_lock.
 * ext4_mark_iloc_dirty calls it on every ext4_mark_inode_dirty, and each
 * call takes s_fc_lock (ext4_fc_track_template with enqueue set), queued
 * already or not.
 */
static int ext4_fc_track_inode(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_track;
	int q;

	CO_BEGIN(co);
	if (f->track->vfs_inode.is_dir)
		CO_EXIT(co);
	/* ext4_fc_track_template: under i_fc_lock, the inode joins the tid */
	sim_charge(t, sim_jitter(s, fc_cost.track_ns, fc_cost.jitter_pct));
	f->track->i_sync_tid = f->handle.h_transaction->t_tid;
	spin_lock(t, &sbi->s_fc_lock);
	if (f->track->i_fc_q < 0) {
		sim_elapse(t);
		sim_charge(t, sim_line_write(s, t, &sbi->s_fc_q_line, 0));
		q = fc_ongoing(&sbi->journal) ? FC_Q_STAGING : FC_Q_MAIN;
		list_add_tail(&f->track->i_fc_list, &sbi->s_fc_q[q]);
		f->track->i_fc_q = q;
		sbi->s_fc_q_len[q]++;
	}
	STEP(t, FK_TRACK_INODE, (s64)f->track->vfs_inode.i_ino, f->track->i_fc_q);
	spin_unlock(t, &sbi->s_fc_lock);
	CO_END(co);
}

/*
 * ext4_fc_track_create - queue a create record for f->inode in f->dir
 * (__track_dentry_update). Called under a handle, without s_fc_lock.
 */
static int ext4_fc_track_create(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct ext4_fc_dentry_update *fcd;
	struct task *t = f->t;
	struct co *co = &f->co_track;
	int q;

	CO_BEGIN(co);
	sim_charge(t, sim_jitter(s, fc_cost.track_ns, fc_cost.jitter_pct));
	spin_lock(t, &sbi->s_fc_lock);
	sim_elapse(t);
	sim_charge(t, sim_line_write(s, t, &sbi->s_fc_q_line, 0));
	fcd = fm_record(f);
	fcd->fcd_op = EXT4_FC_TAG_CREAT;
	fcd->fcd_parent = f->dir->vfs_inode.i_ino;
	fcd->fcd_ino = f->inode->vfs_inode.i_ino;
	fcd->fcd_tid = f->handle.h_transaction->t_tid;
	q = fc_ongoing(&sbi->journal) ? FC_Q_STAGING : FC_Q_MAIN;
	list_add_tail(&fcd->fcd_list, &sbi->s_fc_dentry_q[q]);
	sbi->s_fc_dentry_q_len[q]++;
#ifdef JC_YOURS_FAST_COMMIT
	if (fc.variant == VARIANT_YOURS)
		yours_track_create(fcd, f->inode);
	else
#endif
		list_add_tail(&fcd->fcd_dilist, &f->inode->i_fc_dilist);
	STEP(t, FK_TRACK_CREATE, (s64)fcd->fcd_ino, (s64)fcd->fcd_parent);
	spin_unlock(t, &sbi->s_fc_lock);
	CO_END(co);
}

/*
 * ext4_create - open(O_CREAT) and close() of file f->i of this loop: a
 * handle, the new inode and its directory entry, the blocks they dirty.
 */
static int ext4_create(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	journal_t *j = &sbi->journal;
	struct task *t = f->t;
	struct co *co = &f->co_create;
	u64 ino;

	CO_BEGIN(co);
	f->inode = fm_file(f);
	f->dir = &f->dirs[sim_rand(s) % (u64)fc.dirs];
	sim_charge(t, sim_jitter(s, fc_cost.create_ns, fc_cost.jitter_pct));
	STEP(t, FK_CREATE, (s64)f->inode->vfs_inode.i_ino,
	     (s64)f->dir->vfs_inode.i_ino);
	/* ext4_new_inode_start_handle */
	CO_CALL(co, jbd2_journal_start(s, t, j, &f->handle));
	if (!f->handle.h_transaction)
		CO_EXIT(co);	/* out of memory: the run has failed */
	ino = f->inode->vfs_inode.i_ino;
	jbd2_journal_dirty_metadata(t, j, &f->handle, &sbi->ibitmap[ino / INODES_PER_GROUP]);
	jbd2_journal_dirty_metadata(t, j, &f->handle, &sbi->gdt);
	jbd2_journal_dirty_metadata(t, j, &f->handle, &sbi->itable[ino / INODES_PER_BLOCK]);
	/*
	 * ext4_mark_inode_dirty() of the new inode: __ext4_new_inode makes
	 * two (ext4_ext_tree_init's and its own), ext4_add_nondir a third
	 * after the entry is added; fc.marks < 3 leaves the later ones out
	 * (an ablation of their s_fc_lock takes).
	 */
	f->track = f->inode;
	for (f->mark = 0; f->mark < fc.marks && f->mark < 2; f->mark++)
		CO_CALL(co, ext4_fc_track_inode(s, f));
	/* ext4_add_entry(): the directory's block and inode */
	jbd2_journal_dirty_metadata(t, j, &f->handle, f->dir->dir_block);
	jbd2_journal_dirty_metadata(t, j, &f->handle,
				    &sbi->itable[f->dir->vfs_inode.i_ino / INODES_PER_BLOCK]);
	f->track = f->dir;
	CO_CALL(co, ext4_fc_track_inode(s, f));
	/* ext4_add_nondir's ext4_mark_inode_dirty() */
	f->track = f->inode;
	for (; f->mark < fc.marks; f->mark++)
		CO_CALL(co, ext4_fc_track_inode(s, f));
	CO_CALL(co, ext4_fc_track_create(s, f));
	CO_CALL(co, jbd2_journal_stop(s, t, j, &f->handle));
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* The commit                                                              */

/*
 * The expected cost of a node whose reuse distance is @nodes (the distinct
 * nodes walked since it was last touched), in ps. A cache that holds a
 * fraction of a cyclic walk keeps about that fraction of its nodes (the
 * replacement is not pure LRU), so each level serves min(1, size /
 * footprint) of the visits that the level above missed: the cost grows
 * smoothly with the walk instead of jumping at a cache's size.
 */
static u64 fc_visit_ps(long nodes)
{
	double bytes = (double)nodes * (double)fc_cost.visit_bytes;
	double pages = (double)nodes * (double)fc_cost.inode_bytes;
	double h1, h2, h3, ns;

	if (nodes <= 0)
		return fc_cost.visit_cold_ns * 1000;
	h1 = bytes <= fc_cost.l1_bytes ? 1 : fc_cost.l1_bytes / bytes;
	h2 = bytes <= fc_cost.l2_bytes ? 1 : fc_cost.l2_bytes / bytes;
	h3 = bytes <= fc_cost.l3_bytes ? 1 : fc_cost.l3_bytes / bytes;
	ns = h1 * fc_cost.visit_l1_ns + (h2 - h1) * fc_cost.visit_l2_ns +
	     (h3 - h2) * fc_cost.visit_l3_ns + (1 - h3) * fc_cost.visit_cold_ns;
	if (pages > fc_cost.tlb_reach_bytes)
		ns += (1 - fc_cost.tlb_reach_bytes / pages) * fc_cost.tlb_miss_ns;
	return (u64)(ns * 1000 + 0.5);
}

/*
 * Charge visits @from to @to - 1: those below the previous walk's length at
 * its per-node cost, the rest cold, in ps kept exact across calls (the ps
 * carried over make a walk charged at once cost what it costs one visit at
 * a time).
 */
static void fc_charge_visits(struct task *t, long from, long to)
{
	long warm = (to < fc.prev_walk ? to : fc.prev_walk) - from;

	if (to <= from)
		return;
	if (warm < 0)
		warm = 0;
	fc.ps_acc += (u64)warm * fc.visit_ps + (u64)(to - from - warm) * fc.cold_ps;
	sim_charge(t, fc.ps_acc / 1000);
	fc.ps_acc %= 1000;
}

/* Charge visit @k of a walk. */
static void fc_charge_visit(struct task *t, long k)
{
	fc_charge_visits(t, k, k + 1);
}

bool fc_walk_stepped;

/*
 * fc_number_queue - note each inode's place on the main inode queue, for
 * fc_walk_closed(). Bookkeeping of the simulator's, charged nothing. The
 * queue cannot change during the commit that calls it: the journal's
 * barrier keeps every handle out, and what tracking there is meanwhile
 * goes to the staging queue.
 */
static void fc_number_queue(void)
{
	struct ext4_inode_info *ei;
	long n = 0;

	list_for_each_entry(ei, &fc.sbi.s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list)
		fc.queue_pos[ei - fc.file_inodes] = n++;
}

/*
 * fc_walk_closed - how many nodes the old walk visits for the current
 * record: down the main queue to the record's inode, or the whole queue
 * when a full commit took the inode off it (the walk then finds none). The
 * walk compares inode numbers, and a file's inode is on the queue at most
 * once, so its place is where the walk stops.
 */
static long fc_walk_closed(bool *found)
{
	struct ext4_inode_info *own =
		&fc.file_inodes[fc.fc_dentry - fc.records];

	*found = own->i_fc_q == FC_Q_MAIN;
	return *found ? fc.queue_pos[own - fc.file_inodes] + 1 :
			fc.sbi.s_fc_q_len[FC_Q_MAIN];
}

/*
 * ext4_fc_reserve_space - room for @len bytes in the fast-commit buffer:
 * a tag that does not fit in what is left of the block pads it and takes
 * the next block from the area. False when the area is full.
 */
static bool ext4_fc_reserve_space(u64 len)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	u64 off = sbi->s_fc_bytes % FC_BLOCK_SIZE;
	u64 remaining = FC_BLOCK_SIZE - EXT4_FC_TAG_BASE_LEN - off;

	if (off == 0) {
		if (jbd2_fc_get_buf(&sbi->journal))
			return false;
		fc.commit_blocks++;
	}
	if (len <= remaining) {
		sbi->s_fc_bytes += len;
		return true;
	}
	if (jbd2_fc_get_buf(&sbi->journal))
		return false;
	fc.commit_blocks++;
	sbi->s_fc_bytes += FC_BLOCK_SIZE - off + len;
	return true;
}

#ifdef JC_YOURS_FAST_COMMIT
/* The exercise's variant: the walk it may use and the check of its answer */

struct fc_walk {
	struct sim *s;
	struct task *t;
	long visits;
};

/* fc_is_file_inode - whether @ei points at one of this run's files */
static bool fc_is_file_inode(const struct ext4_inode_info *ei)
{
	uintptr_t p = (uintptr_t)ei, base = (uintptr_t)fc.file_inodes;
	uintptr_t n = (uintptr_t)(fc.ways * fc.files * fc.loops);

	return p >= base && p < base + n * sizeof(*ei) &&
	       (p - base) % sizeof(*ei) == 0;
}

struct ext4_inode_info *fc_walk_first(struct fc_walk *w)
{
	struct list_head *q = &fc.sbi.s_fc_q[FC_Q_MAIN];

	if (list_empty(q))
		return NULL;
	fc_charge_visit(w->t, w->visits++);
	return list_first_entry(q, struct ext4_inode_info, i_fc_list);
}

struct ext4_inode_info *fc_walk_next(struct fc_walk *w, struct ext4_inode_info *ei)
{
	if (!fc_is_file_inode(ei) || ei->i_fc_q != FC_Q_MAIN) {
		sim_fail_check(w->s, 3, "fc_walk_next", "fc_walk_next() was given %s, not an inode on the main inode queue",
			       ei ? "a pointer" : "NULL");
		return NULL;
	}
	if (ei->i_fc_list.next == &fc.sbi.s_fc_q[FC_Q_MAIN])
		return NULL;
	fc_charge_visit(w->t, w->visits++);
	return list_next_entry(ei, struct ext4_inode_info, i_fc_list);
}

/*
 * fc_yours_lookup - the student's yours_dentry_inode() for fc.fc_dentry,
 * under s_fc_lock. An answer that is not the record's own inode fails the
 * run with what it was; the commit then goes on with the right inode, so
 * that nothing reads through a wrong pointer. NULL is right when the inode
 * is not on the main queue: a handle that straddled the start of a full
 * commit queued the inode before it and the record after, on staging, so
 * the full commit's cleanup took the inode off; 5.17's walk then found
 * nothing, and the commit writes the inode the record names, as the
 * before variant does.
 */
static void fc_yours_lookup(struct sim *s, struct task *t)
{
	struct ext4_fc_dentry_update *fcd = fc.fc_dentry;
	struct ext4_inode_info *ei, *own = &fc.file_inodes[fcd - fc.records];
	struct fc_walk w = { .s = s, .t = t };

	fc.visit_ps = fc_visit_ps(fc.prev_walk);
	ei = yours_dentry_inode(&w, fcd);
	fc.yours_visits = w.visits;
	fc.nodes_visited += (u64)w.visits;
	if (w.visits > fc.prev_walk)
		fc.prev_walk = w.visits;
	if (!ei && own->i_fc_q == FC_Q_MAIN)
		sim_fail_check(s, 3, "yours_dentry_inode", "yours_dentry_inode() returned NULL for the create record of inode %llu, which is on the main inode queue (record %ld of the commit, step %llu)",
			       (unsigned long long)fcd->fcd_ino, fc.didx,
			       (unsigned long long)s->steps);
	else if (!ei)
		;	/* not on the queue: 5.17's walk finds none either */
	else if (!fc_is_file_inode(ei))
		sim_fail_check(s, 3, "yours_dentry_inode", "yours_dentry_inode() returned a pointer that is no file's inode for the create record of inode %llu (record %ld of the commit, step %llu)",
			       (unsigned long long)fcd->fcd_ino, fc.didx,
			       (unsigned long long)s->steps);
	else if (ei != own)
		sim_fail_check(s, 3, "yours_dentry_inode", "yours_dentry_inode() returned inode %llu for the create record of inode %llu (record %ld of the commit, step %llu)",
			       (unsigned long long)ei->vfs_inode.i_ino,
			       (unsigned long long)fcd->fcd_ino, fc.didx,
			       (unsigned long long)s->steps);
	fc.ei = own;
}
#endif

/*
 * ext4_fc_commit_dentry_updates - write every create record of the main
 * queue, each preceded by its inode. Called and returns with s_fc_lock
 * held; drops it around each record's writes. Stores -ENOSPC in f->fc_ret
 * when the area fills.
 */
static int ext4_fc_commit_dentry_updates(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_dentries;

	CO_BEGIN(co);
	fc.walker = f;
	fc.didx = 0;
	fc.prev_walk = 0;
	fc.cold_ps = fc_visit_ps(0);
	if (fc.variant == VARIANT_BEFORE && !fc_walk_stepped)
		fc_number_queue();
	list_for_each_entry_safe(fc.fc_dentry, fc.fc_dentry_n,
				 &sbi->s_fc_dentry_q[FC_Q_MAIN],
				 struct ext4_fc_dentry_update, fcd_list) {
		if (fc.variant == VARIANT_BEFORE) {
			/*
			 * The old search: walk the inode queue from its head
			 * comparing inode numbers. Nodes the previous
			 * record's walk touched are charged by its length
			 * (their reuse distance), the others as cold.
			 */
			fc.visit_ps = fc_visit_ps(fc.prev_walk);
			if (fc_walk_stepped) {
				fc.iidx = 0;
				list_for_each_entry(fc.ei_n, &sbi->s_fc_q[FC_Q_MAIN],
						    struct ext4_inode_info, i_fc_list) {
					fc_charge_visit(t, fc.iidx);
					STEP(t, FK_VISIT, fc.didx, fc.iidx);
					if (fc.ei_n->vfs_inode.i_ino == fc.fc_dentry->fcd_ino)
						break;
					fc.iidx++;
				}
				/*
				 * A walk that found no match (the inode left
				 * the queue with a full commit) ran off its end
				 * having visited iidx nodes; one that matched,
				 * iidx + 1.
				 */
				fc.walk_found = !list_entry_is_head(fc.ei_n,
								    &sbi->s_fc_q[FC_Q_MAIN],
								    i_fc_list);
				fc.walk_len = fc.walk_found ? fc.iidx + 1 : fc.iidx;
			} else {
				/*
				 * The same walk, its first visits one step
				 * each, its middle charged at once, its last
				 * node a step again.
				 */
				fc.walk_len = fc_walk_closed(&fc.walk_found);
				for (fc.iidx = 0; fc.iidx < fc.walk_len &&
				     fc.iidx < FC_WALK_SHOWN; fc.iidx++) {
					fc_charge_visit(t, fc.iidx);
					STEP(t, FK_VISIT, fc.didx, fc.iidx);
				}
				if (fc.iidx < fc.walk_len) {
					fc_charge_visits(t, fc.iidx, fc.walk_len);
					fc.iidx = fc.walk_len - 1;
					STEP(t, FK_VISIT, fc.didx, fc.iidx);
				}
				fc.iidx = fc.walk_found ? fc.walk_len - 1 :
							  fc.walk_len;
			}
			fc.nodes_visited += (u64)fc.walk_len;
			if (fc.walk_len > fc.prev_walk)
				fc.prev_walk = fc.walk_len;
#ifdef JC_YOURS_FAST_COMMIT
		} else if (fc.variant == VARIANT_YOURS) {
			/*
			 * The student's lookup runs whole, charging the
			 * nodes it walks as it goes; its visits are then
			 * shown as the old walk's are (FC_WALK_SHOWN).
			 */
			fc_yours_lookup(s, t);
			for (fc.iidx = 0; fc.iidx < fc.yours_visits &&
			     fc.iidx < FC_WALK_SHOWN; fc.iidx++)
				STEP(t, FK_VISIT, fc.didx, fc.iidx);
			if (fc.iidx < fc.yours_visits)
				STEP(t, FK_VISIT, fc.didx, fc.yours_visits - 1);
			fc.iidx = fc.yours_visits - 1;
#endif
		} else {
			fc.iidx = -1;
		}
		/* both variants write the inode the record links to */
		if (fc.variant != VARIANT_YOURS)
			fc.ei = list_first_entry(&fc.fc_dentry->fcd_dilist,
						 struct ext4_inode_info, i_fc_dilist);
		STEP(t, FK_MATCH, fc.didx, fc.iidx);
		spin_unlock(t, &sbi->s_fc_lock);
		sim_charge(t, fc_cost.write_inode_ns + fc_cost.write_dentry_ns);
		if (!ext4_fc_reserve_space(fc_cost.inode_tag_bytes) ||
		    !ext4_fc_reserve_space(fc_cost.dentry_tag_bytes)) {
			f->fc_ret = -JBD2_ENOSPC;
			spin_lock(t, &sbi->s_fc_lock);
			break;
		}
		STEP(t, FK_WRITE_INODE, (s64)fc.ei->vfs_inode.i_ino, 0);
		fc.fc_dentry->fcd_written = true;
		STEP(t, FK_WRITE_DENTRY, (s64)fc.fc_dentry->fcd_ino,
		     (s64)fc.fc_dentry->fcd_parent);
		spin_lock(t, &sbi->s_fc_lock);
		fc.didx++;
	}
	fc.walker = NULL;
	CO_END(co);
}

/*
 * ext4_fc_perform_commit - mark the queued inodes, write the records and
 * the inodes to the fast-commit area, then the tail, and wait for the
 * device. The caller holds the journal's barrier.
 */
static int ext4_fc_perform_commit(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct task *t = f->t;
	struct co *co = &f->co_commit;

	CO_BEGIN(co);
	f->fc_ret = 0;
	fc.commit_blocks = 0;
	fc.commit_bytes_before = sbi->s_fc_bytes;
	/* ext4_fc_submit_inode_data_all: the lock dropped per inode */
	spin_lock(t, &sbi->s_fc_lock);
	list_for_each_entry(fc.ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list) {
		fc.ei->fc_committing = true;
		spin_unlock(t, &sbi->s_fc_lock);
		sim_charge(t, fc_cost.mark_ns);
		spin_lock(t, &sbi->s_fc_lock);
	}
	spin_unlock(t, &sbi->s_fc_lock);
	/* ext4_fc_wait_inode_data_all: likewise */
	spin_lock(t, &sbi->s_fc_lock);
	list_for_each_entry(fc.ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list) {
		spin_unlock(t, &sbi->s_fc_lock);
		sim_charge(t, fc_cost.mark_ns);
		spin_lock(t, &sbi->s_fc_lock);
	}
	spin_unlock(t, &sbi->s_fc_lock);

	sim_charge(t, fc_cost.commit_fixed_ns);
	if (sbi->s_fc_bytes == 0 && !ext4_fc_reserve_space(fc_cost.head_tag_bytes)) {
		f->fc_ret = -JBD2_ENOSPC;
		CO_EXIT(co);
	}
	spin_lock(t, &sbi->s_fc_lock);
	CO_CALL(co, ext4_fc_commit_dentry_updates(s, f));
	if (f->fc_ret) {
		spin_unlock(t, &sbi->s_fc_lock);
		CO_EXIT(co);
	}
	list_for_each_entry(fc.ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list) {
		if (!fc.ei->fc_committing)
			continue;
		spin_unlock(t, &sbi->s_fc_lock);
		sim_charge(t, fc_cost.write_inode_ns);
		if (!ext4_fc_reserve_space(fc_cost.inode_tag_bytes)) {
			f->fc_ret = -JBD2_ENOSPC;
			CO_EXIT(co);
		}
		STEP(t, FK_WRITE_INODE, (s64)fc.ei->vfs_inode.i_ino, 1);
		spin_lock(t, &sbi->s_fc_lock);
	}
	spin_unlock(t, &sbi->s_fc_lock);
	/* ext4_fc_write_tail: the tail tag, padded to the block's end */
	if (!ext4_fc_reserve_space(fc_cost.tail_tag_bytes)) {
		f->fc_ret = -JBD2_ENOSPC;
		CO_EXIT(co);
	}
	sbi->s_fc_bytes += FC_BLOCK_SIZE - sbi->s_fc_bytes % FC_BLOCK_SIZE;
	/* the filled blocks go out as they fill, the tail with a flush; the
	 * plug merges them into one request, jbd2_fc_wait_bufs waits */
	STEP(t, FK_COMMIT_IO, (s64)fc.commit_blocks * FC_BLOCK_SIZE, 0);
	submit_bio_wait(t, &sbi->dev, (u64)fc.commit_blocks * FC_BLOCK_SIZE, true);
	CO_END(co);
}

/*
 * ext4_fc_cleanup - j_fc_cleanup_callback: after a fast commit (@full
 * false) or a full one, take every inode off the main queue (re-queueing,
 * after a full commit, those changed in a newer transaction), free every
 * record with the lock dropped per record, and make the staging queues the
 * main ones.
 */
static int ext4_fc_cleanup(struct sim *s, struct task *t, struct co *co,
			   journal_t *j, bool full, u64 tid)
{
	struct ext4_sb_info *sbi = &fc.sbi;

	(void)j;
	CO_BEGIN(co);
	fc.released = 0;
	spin_lock(t, &sbi->s_fc_lock);
	list_for_each_entry_safe(fc.cl_ei, fc.cl_ei_n, &sbi->s_fc_q[FC_Q_MAIN],
				 struct ext4_inode_info, i_fc_list) {
		sim_charge(t, fc_cost.cleanup_ns);
		list_del_init(&fc.cl_ei->i_fc_list);
		sbi->s_fc_q_len[FC_Q_MAIN]--;
		fc.cl_ei->i_fc_q = -1;
		fc.cl_ei->fc_committing = false;
		if (fc.cl_ei->i_sync_tid > tid && full) {
			list_add_tail(&fc.cl_ei->i_fc_list, &sbi->s_fc_q[FC_Q_STAGING]);
			fc.cl_ei->i_fc_q = FC_Q_STAGING;
			sbi->s_fc_q_len[FC_Q_STAGING]++;
		}
		fc.released++;
	}
	while (!list_empty(&sbi->s_fc_dentry_q[FC_Q_MAIN])) {
		fc.cl_fcd = list_first_entry(&sbi->s_fc_dentry_q[FC_Q_MAIN],
					     struct ext4_fc_dentry_update, fcd_list);
		list_del_init(&fc.cl_fcd->fcd_list);
		list_del_init(&fc.cl_fcd->fcd_dilist);
		sbi->s_fc_dentry_q_len[FC_Q_MAIN]--;
		if (full) {
			/* logged by this full commit (checker) */
			fc.cl_fcd->fcd_commits++;
		} else if (fc.cl_fcd->fcd_written && fc.fc_succeeded) {
			fc.cl_fcd->fcd_commits++;
		} else {
			/* the fast commit fell back: the full commit of its
			 * transaction, which follows, logs it */
			list_add_tail(&fc.cl_fcd->fcd_drop, &fc.dropped);
		}
		fc.cl_fcd->fcd_written = false;
		spin_unlock(t, &sbi->s_fc_lock);
		sim_charge(t, fc_cost.cleanup_ns);
		spin_lock(t, &sbi->s_fc_lock);
	}
	if (full) {
		while (!list_empty(&fc.dropped)) {
			fc.cl_fcd = list_first_entry(&fc.dropped,
						     struct ext4_fc_dentry_update, fcd_drop);
			if (fc.cl_fcd->fcd_tid > tid)
				break;
			list_del_init(&fc.cl_fcd->fcd_drop);
			fc.cl_fcd->fcd_commits++;
		}
	}
	if (full) {
		/*
		 * A handle of the committed transaction that ran on after the
		 * full commit began queued its records on staging: the full
		 * commit logged them with their transaction (checker). They
		 * stay queued, as in the kernel, and the next fast commit
		 * writes them again, which replay tolerates.
		 */
		list_for_each_entry(fc.cl_fcd, &sbi->s_fc_dentry_q[FC_Q_STAGING],
				    struct ext4_fc_dentry_update, fcd_list)
			if (fc.cl_fcd->fcd_tid <= tid && !fc.cl_fcd->fcd_commits)
				fc.cl_fcd->fcd_commits++;
	}
	/* the splices write the queue heads */
	sim_elapse(t);
	sim_charge(t, sim_line_write(s, t, &sbi->s_fc_q_line, 0));
	list_splice_tail_init(&sbi->s_fc_dentry_q[FC_Q_STAGING],
			      &sbi->s_fc_dentry_q[FC_Q_MAIN]);
	list_splice_tail_init(&sbi->s_fc_q[FC_Q_STAGING], &sbi->s_fc_q[FC_Q_MAIN]);
	sbi->s_fc_q_len[FC_Q_MAIN] += sbi->s_fc_q_len[FC_Q_STAGING];
	sbi->s_fc_q_len[FC_Q_STAGING] = 0;
	sbi->s_fc_dentry_q_len[FC_Q_MAIN] += sbi->s_fc_dentry_q_len[FC_Q_STAGING];
	sbi->s_fc_dentry_q_len[FC_Q_STAGING] = 0;
	list_for_each_entry(fc.cl_ei, &sbi->s_fc_q[FC_Q_MAIN],
			    struct ext4_inode_info, i_fc_list)
		fc.cl_ei->i_fc_q = FC_Q_MAIN;
	if (full)
		sbi->s_fc_bytes = 0;
	STEP(t, FK_CLEANUP, fc.released, full);
	spin_unlock(t, &sbi->s_fc_lock);
	CO_END(co);
}

/*
 * ext4_fc_commit - what fsync of f->inode does (6.12): begin a fast commit
 * for its transaction, or learn that another commit covered it; perform
 * it, or fall back to a full commit when the area is full.
 */
static int ext4_fc_commit(struct sim *s, struct fs_mark *f)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	journal_t *j = &sbi->journal;
	struct task *t = f->t;
	struct co *co = &f->co_fsync;
	u64 took;

	CO_BEGIN(co);
	f->subtid = sbi->s_fc_subtid;
	f->tid = f->inode->i_sync_tid;
restart_fc:
	CO_CALL(co, jbd2_fc_begin_commit(s, t, &f->co_begin, j, f->tid, &f->fc_ret));
	if (f->fc_ret == -JBD2_EALREADY) {
		if (sbi->s_fc_subtid <= f->subtid && f->tid > j->j_commit_sequence)
			goto restart_fc;
		fc.skipped_fsyncs++;
		STEP(t, FK_FSYNC_DONE, (s64)f->inode->vfs_inode.i_ino, 0);
		CO_EXIT(co);
	}
	if (f->fc_ret) {
		CO_CALL(co, jbd2_complete_transaction(s, t, &f->co_begin, j, f->tid));
		CO_EXIT(co);
	}
	f->commit_start = sim_clock(s, t);
	f->io_before = t->io_ns;
	f->sleep_before = t->sleep_ns;
	if (sbi->s_fc_q_len[FC_Q_MAIN] > fc.inode_q_max)
		fc.inode_q_max = sbi->s_fc_q_len[FC_Q_MAIN];
	if (sbi->s_fc_dentry_q_len[FC_Q_MAIN] > fc.dentry_q_max)
		fc.dentry_q_max = sbi->s_fc_dentry_q_len[FC_Q_MAIN];
	STEP(t, FK_COMMIT_START, sbi->s_fc_q_len[FC_Q_MAIN],
	     sbi->s_fc_dentry_q_len[FC_Q_MAIN]);
	CO_CALL(co, ext4_fc_perform_commit(s, f));
	took = sim_clock(s, t) - f->commit_start;
	fc.commit_cpu_ns += took - (t->io_ns - f->io_before) -
			    (t->sleep_ns - f->sleep_before);
	if (f->fc_ret) {
		fc.fallbacks++;
		fc.fc_succeeded = false;
		STEP(t, FK_FALLBACK, j->j_fc_off, 0);
		CO_CALL(co, jbd2_fc_end_commit_fallback(s, t, &f->co_end, j, &f->co_cleanup));
		CO_EXIT(co);
	}
	sbi->s_fc_subtid++;
	fc.fc_succeeded = true;
	CO_CALL(co, jbd2_fc_end_commit(s, t, &f->co_end, j, &f->co_cleanup));
	took = sim_clock(s, t) - f->commit_start;
	fc.commits++;
	fc.commit_ns_total += took;
	if (took > fc.commit_ns_max)
		fc.commit_ns_max = took;
	STEP(t, FK_COMMIT_END, (s64)took, 0);
	CO_END(co);
}

/*
 * jbd2_trans_will_send_data_barrier - ext4_fsync_journal's question, with
 * JBD2_BARRIER set: will @tid's commit flush the device? Its read_lock of
 * j_state_lock is what the model keeps; the answer would only decide the
 * flush left out in ext4_sync_file.
 */
static int jbd2_trans_will_send_data_barrier(struct sim *s, struct task *t, struct co *co,
					     journal_t *j, u64 tid, int *ret)
{
	(void)s;
	CO_BEGIN(co);
	read_lock(t, &j->j_state_lock);
	*ret = j->j_commit_sequence < tid;
	read_unlock(t, &j->j_state_lock);
	CO_END(co);
}

/* ext4_sync_file - fs_mark's post-fsync of file f->i: open, fsync, close. */
static int ext4_sync_file(struct sim *s, struct fs_mark *f)
{
	struct task *t = f->t;
	struct co *co = &f->co_sync;

	CO_BEGIN(co);
	f->inode = fm_file(f);
	sim_charge(t, sim_jitter(s, fc_cost.reopen_ns + fc_cost.fsync_ns,
				 fc_cost.jitter_pct));
	STEP(t, FK_FSYNC, (s64)f->inode->vfs_inode.i_ino, 0);
	/*
	 * ext4_fsync_journal: JBD2_BARRIER is set, so it asks whether the
	 * commit will flush the device, under j_state_lock. Left out: the
	 * flush ext4_sync_file then issues for a transaction committed
	 * already (the fsyncs after a fallback), as the engine's device does
	 * not merge concurrent flushes as the block layer's flush sequencing
	 * does, which would make those fsyncs cost a flush each.
	 */
	CO_CALL(co, jbd2_trans_will_send_data_barrier(s, t, &f->co_begin, &fc.sbi.journal,
						      f->inode->i_sync_tid, &f->fc_ret));
	CO_CALL(co, ext4_fc_commit(s, f));
	CO_END(co);
}

/*
 * fs_mark - one way's child, loop after loop: fs_mark forks a child per
 * way for each loop (fork_threads()), one after another, and waits for all
 * of them to exit before the next loop's forks. A child creates every file,
 * then fsyncs each (-S5), and reports files over its own loop time; the
 * loop's Files/sec is the sum over children. One task stands for the
 * way's successive children: between exiting and its next fork it is
 * parked, off the machine. The parent's own CPU time (the forks, wait()) is
 * left out: it runs while its children have not started or have exited.
 * The last way to finish unmounts, which commits what is left and stops
 * kjournald2.
 */
static int fs_mark(struct sim *s, struct task *t)
{
	struct fs_mark *f = t->priv;
	struct co *co = &f->co_main;

	CO_BEGIN(co);
	for (f->loop = 0; f->loop < fc.loops; f->loop++) {
		f->fork_at = fc.forks_from + sim_rand(s) % fc_cost.start_spread_ns;
		sim_park_deadline(t, &fc.fork_wq, f->fork_at);
		f->loop_start = sim_clock(s, t);
		for (f->i = 0; f->i < fc.files; f->i++)
			CO_CALL(co, ext4_create(s, f));
		for (f->i = 0; f->i < fc.files; f->i++)
			CO_CALL(co, ext4_sync_file(s, f));
		fc.rate_sum += (double)fc.files * 1e9 /
			       (double)(sim_clock(s, t) - f->loop_start);
		if (f->loop + 1 == fc.loops)
			break;
		/* exit(); the parent's wait() reaps it, and after the last
		 * child begins the next loop's forks */
		if (++fc.exited == fc.ways) {
			fc.exited = 0;
			fc.forks_from = sim_clock(s, t);
			fc.loop_gen++;
			wake_up_all(t, &fc.loop_wq);
		} else {
			f->gen = fc.loop_gen;
			sim_park(t, &fc.loop_wq, fc.loop_gen != f->gen);
		}
	}
	f->done_ns = sim_clock(s, t);
	if (f->done_ns > fc.end_ns)
		fc.end_ns = f->done_ns;
	if (--fc.running == 0)
		CO_CALL(co, jbd2_journal_destroy(s, t, &f->co_destroy, &fc.sbi.journal));
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* The lab's table, set-up and outputs                                     */

static const char *const fc_kernels[] = { "5.17", "6.12" };

static const struct param_spec fc_params[] = {
	INT_PARAM("ways", "threads", 1, 256, 4,
		  "fs_mark instances running in parallel, one directory tree each (2^order in the mail)"),
	INT_PARAM("dirs", "dirs", 1, 65536, 4,
		  "subdirectories per way (-D; 2^dir in the mail); each file goes to a random one. Directories are never on the fast-commit inode queue: they change which blocks a full commit logs, not the walk"),
	INT_PARAM("files", "files", 1, 65536, 16,
		  "files created per way per loop (-n; 2^files in the mail), each fsynced after all are created (-S5)"),
	INT_PARAM("loops", "loops", 1, 100, 1,
		  "fs_mark loops (-L); the mail ran 100"),
	INT_PARAM("fc_blocks", "blocks", 16, 65536, 4096,
		  "the fast-commit area: mke2fs makes it 1/64 of the journal, and a file system of 128 GiB or more gets a 1 GiB journal, so 4096 blocks (the kernel's own default when the superblock names none is 256)"),
	INT_PARAM("cpus", "cpus", 0, 256, 0,
		  "simulated CPUs; 0 gives one per way and one for kjournald2 (the scheduler would put it on an idle CPU). Fewer CPUs than threads time-slice them"),
	CHOICE_PARAM("kernel", fc_kernels, 0,
		     "5.17: the mail's kernel, whose jbd2 lifts the fast commit's barrier before ext4_fc_cleanup, so creators take s_fc_lock while the cleanup holds it; 6.12: the cleanup runs under the barrier (6db3c1575a75, 6.11)"),
	INT_PARAM("marks", "calls", 1, 3, 3,
		  "ext4_fc_track_inode calls per create, each taking s_fc_lock: the kernel's ext4_create makes 3 (ext4_ext_tree_init, __ext4_new_inode, ext4_add_nondir); fewer is an ablation of those takes"),
};
#define FC_NR_PARAMS ((int)(sizeof(fc_params) / sizeof(fc_params[0])))
enum { P_WAYS, P_DIRS, P_FILES, P_LOOPS, P_FC_BLOCKS, P_CPUS, P_KERNEL, P_MARKS };

#define FC_MAX_FILES (1LL << 21)

static const struct metric_spec fc_metrics[] = {
	{ "creates_per_s", "1/s", "fs_mark's Files/sec averaged over the loops: each loop, the sum over ways of the way's files over its own loop time" },
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
	{ "journal_writes", "", "writes to the journal device, fast and full commits" },
	{ "fc_fallbacks", "", "fast commits that found the fast-commit area full and fell back to a full commit" },
	{ "full_commits", "", "full jbd2 commits (fallbacks, the 5 s timer, unmount), as /proc/fs/jbd2/<dev>/info counts transactions" },
	{ "jbd2_avg_commit_ns", "ns", "jbd2's average transaction commit time (its EWMA, (new + 3 old) / 4)" },
	{ "handles_per_txn", "", "handles started per committed transaction" },
	{ "blocks_per_txn", "", "metadata blocks per committed transaction" },
	{ "logged_blocks_per_txn", "", "blocks logged per transaction: metadata, descriptors and the commit block" },
	{ "handle_waits", "", "handle starts that slept: the journal locked by a fast commit, or its transaction by a full one" },
	{ "sleep_frac", "", "share of the fs_mark CPUs' time asleep (handles waiting for the barrier, fsyncs waiting for a commit)" },
	{ "preemptions", "", "times the tick took a CPU from a thread (when threads outnumber CPUs)" },
};
#define FC_NR_METRICS ((int)(sizeof(fc_metrics) / sizeof(fc_metrics[0])))

static int fc_nr_cpus(const long long *p)
{
	if (p[P_CPUS])
		return (int)p[P_CPUS];
	return p[P_WAYS] < SIM_MAX_CPUS ? (int)p[P_WAYS] + 1 : SIM_MAX_CPUS;
}

static const char *const fc_check_params[] = { "ways", "files", "loops" };

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
	long long w, i, per_way, nr_files;
	char name[24];

	memset(&fc, 0, sizeof(fc));
	fc.variant = variant;
	fc.ways = p[P_WAYS];
	fc.dirs = p[P_DIRS];
	fc.files = p[P_FILES];
	fc.loops = p[P_LOOPS];
	fc.marks = (int)p[P_MARKS];
	fc.running = (int)fc.ways;
	fc.next_ino = 12;	/* the first inode after ext4's reserved ones */
	INIT_LIST_HEAD(&fc.dropped);
	init_waitqueue_head(&fc.fork_wq, "fork");
	init_waitqueue_head(&fc.loop_wq, "fs_mark wait()");

	spin_lock_init(s, &sbi->s_fc_lock, "s_fc_lock");
	sim_line_init(&sbi->s_fc_q_line);
	for (i = 0; i < 2; i++) {
		INIT_LIST_HEAD(&sbi->s_fc_q[i]);
		INIT_LIST_HEAD(&sbi->s_fc_dentry_q[i]);
	}
	blkdev_init(&sbi->dev, "journal", 1, fc_cost.dev_latency_ns,
		    fc_cost.dev_bw_bytes_per_s, fc_cost.dev_flush_ns);
	/*
	 * The journal has one full commit behind it: fs_mark made its
	 * directories before the timed loops, and fast commits need a full
	 * commit first (jbd2_fc_begin_commit's -EINVAL); over the mail's 100
	 * loops that first full commit is negligible. kjournald2 gets the
	 * last CPU.
	 */
	if (jbd2_journal_init(s, &sbi->journal, &sbi->dev, s->nr_cpus - 1,
			      (int)p[P_FC_BLOCKS], 1))
		return -1;
	sbi->journal.j_fc_cleanup_callback = ext4_fc_cleanup;
	sbi->journal.j_fc_unlock_before_cleanup = p[P_KERNEL] == 0;

	fc.fm = sim_alloc(s, sizeof(*fc.fm) * (size_t)fc.ways);
	if (!fc.fm)
		return -1;
	per_way = fc.files * fc.loops;
	nr_files = per_way * fc.ways;
	fc.file_inodes = sim_alloc(s, sizeof(*fc.file_inodes) * (size_t)nr_files);
	fc.records = sim_alloc(s, sizeof(*fc.records) * (size_t)nr_files);
	if (!fc.file_inodes || !fc.records)
		return -1;
	/* the old walk's closed form (fc_walk_closed) needs each inode's place */
	if (variant == VARIANT_BEFORE) {
		fc.queue_pos = sim_alloc(s, sizeof(*fc.queue_pos) * (size_t)nr_files);
		if (!fc.queue_pos)
			return -1;
	}
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
			INIT_LIST_HEAD(&f->dirs[i].i_fc_dilist);
			f->dirs[i].dir_block = sim_alloc(s, sizeof(struct jbd2_buffer));
			if (!f->dirs[i].dir_block)
				return -1;
		}
	}
	for (i = 0; i < nr_files; i++) {
		fc.file_inodes[i].vfs_inode.i_ino = fc.next_ino++;
		fc.file_inodes[i].i_fc_q = -1;
		INIT_LIST_HEAD(&fc.file_inodes[i].i_fc_list);
		INIT_LIST_HEAD(&fc.file_inodes[i].i_fc_dilist);
		INIT_LIST_HEAD(&fc.records[i].fcd_list);
		INIT_LIST_HEAD(&fc.records[i].fcd_dilist);
		INIT_LIST_HEAD(&fc.records[i].fcd_drop);
	}
	sbi->itable = sim_alloc(s, sizeof(*sbi->itable) * (size_t)(fc.next_ino / INODES_PER_BLOCK + 1));
	sbi->ibitmap = sim_alloc(s, sizeof(*sbi->ibitmap) * (size_t)(fc.next_ino / INODES_PER_GROUP + 1));
	if (!sbi->itable || !sbi->ibitmap)
		return -1;
	for (w = 0; w < fc.ways; w++) {
		snprintf(name, sizeof(name), "fs_mark/%d", (int)w);
		fc.fm[w].t = sim_task_create(s, (int)w, name, fs_mark, &fc.fm[w], 0);
		if (!fc.fm[w].t)
			return -1;
	}
	return 0;
}

static void fc_collect(struct sim *s, double *m)
{
	journal_t *j = &fc.sbi.journal;
	double elapsed = (double)fc.end_ns;
	double cpu_total = (double)s->now * s->nr_cpus;
	double busy = (double)(sim_cpu_state_ns(s, CPU_RUN) + sim_cpu_state_ns(s, CPU_SPIN));
	double txns = j->stats.ts_tid > 1 ? (double)(j->stats.ts_tid - 1) : 0;
	struct sim_lock *l = &fc.sbi.s_fc_lock.lk;
	u64 sleep = 0;
	int w;

	for (w = 0; fc.fm && w < fc.ways; w++)
		if (fc.fm[w].t)
			sleep += fc.fm[w].t->sleep_ns;
	m[0] = fc.rate_sum / (double)fc.loops;
	m[1] = elapsed;
	m[2] = (double)fc.commits;
	m[3] = fc.commits ? (double)fc.commit_ns_total / (double)fc.commits : 0;
	m[4] = (double)fc.commit_ns_max;
	m[5] = busy > 0 ? (double)fc.commit_cpu_ns / busy : 0;
	m[6] = (double)l->spin_ns;
	m[7] = (double)l->acquisitions;
	m[8] = (double)l->contended;
	m[9] = cpu_total > 0 ? (double)sim_cpu_state_ns(s, CPU_SPIN) / cpu_total : 0;
	m[10] = (double)fc.nodes_visited;
	m[11] = fc.inode_q_max;
	m[12] = fc.dentry_q_max;
	m[13] = (double)fc.skipped_fsyncs;
	m[14] = (double)fc.sbi.dev.requests;
	m[15] = (double)fc.fallbacks;
	m[16] = txns;
	m[17] = (double)j->stats.average_commit_time_ns;
	/* the one full commit before the run has no counts of its own */
	m[18] = txns ? (double)j->stats.ts_handles / txns : 0;
	m[19] = txns ? (double)j->stats.ts_blocks / txns : 0;
	m[20] = txns ? (double)j->stats.ts_blocks_logged / txns : 0;
	m[21] = (double)j->stats.handle_waits;
	m[22] = elapsed > 0 ? (double)sleep / (elapsed * (double)fc.ways) : 0;
	m[23] = (double)s->preemptions;
}

/* ---------------------------------------------------------------------- */
/* The invariant checker                                                   */

/* Count a queue and check that each entry knows which queue it is on. */
static int fc_check_inode_q(int q, char *msg, size_t len)
{
	struct ext4_inode_info *ei;
	int n = 0;

	list_for_each_entry(ei, &fc.sbi.s_fc_q[q], struct ext4_inode_info, i_fc_list) {
		if (ei->vfs_inode.is_dir) {
			snprintf(msg, len, "directory %llu is on the fast-commit inode queue",
				 (unsigned long long)ei->vfs_inode.i_ino);
			return -1;
		}
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
	if (!fc_ongoing(&sbi->journal) &&
	    (sbi->s_fc_q_len[FC_Q_STAGING] || sbi->s_fc_dentry_q_len[FC_Q_STAGING])) {
		snprintf(msg, len, "staging queues hold entries while no commit runs");
		return -1;
	}
	if (sbi->journal.j_barrier.lk.owner && sbi->journal.j_running_transaction &&
	    sbi->journal.j_running_transaction->t_updates) {
		snprintf(msg, len, "%d handles run while a fast commit holds the journal's barrier",
			 sbi->journal.j_running_transaction->t_updates);
		return -1;
	}
	for (i = 0; i < total; i++) {
		fcd = &fc.records[i];
		if (final && !fcd->fcd_commits) {
			snprintf(msg, len, "create record of inode %llu was never committed",
				 (unsigned long long)fc.file_inodes[i].vfs_inode.i_ino);
			return -1;
		}
	}
	if (final) {
		/*
		 * What a full commit logged may stay queued (records queued on
		 * staging by its own late handles); anything else left at the
		 * end was never made durable.
		 */
		struct ext4_inode_info *ei;

		n = 0;
		list_for_each_entry(ei, &sbi->s_fc_q[FC_Q_MAIN], struct ext4_inode_info, i_fc_list)
			n += ei->i_sync_tid > sbi->journal.j_commit_sequence;
		if (n) {
			snprintf(msg, len, "the run ended with %d inodes of transactions after %llu, the last committed, never committed",
				 n, (unsigned long long)sbi->journal.j_commit_sequence);
			return -1;
		}
	}
	return 0;
}

static const char *const fc_variants[] = {
	"before", "after",
#ifdef JC_YOURS_FAST_COMMIT
	"yours",
#endif
};

#include "fast-commit-mail.gen.h"

/*
 * The mail's rows; their figures are mails/fast-commit.json's. The x-axis
 * "order,dir&files" means 2^order ways, 2^dir subdirectories and 2^files
 * files per loop. Every row runs at the mail's own size: rows 7 and 8 queue
 * 64K and 1M creates a loop, whose old walk the model charges in closed form
 * (fc_walk_closed), and run one loop; rows 1-6 run 4 loops instead of 100.
 */
static const struct paper_row fc_rows[] = {
	{ MAIL_FAST_COMMIT_ROW_1, .params = "ways=2;dirs=2;files=2;loops=4",
	  .note = "2 ways x 2 files, 4 loops (the mail: 100 loops)" },
	{ MAIL_FAST_COMMIT_ROW_2, .params = "ways=4;dirs=4;files=4;loops=4",
	  .note = "4 ways x 4 files, 4 loops" },
	{ MAIL_FAST_COMMIT_ROW_3, .params = "ways=8;dirs=8;files=8;loops=4",
	  .note = "8 ways x 8 files, 4 loops" },
	{ MAIL_FAST_COMMIT_ROW_4, .params = "ways=16;dirs=16;files=16;loops=4",
	  .note = "16 ways x 16 files, 4 loops" },
	{ MAIL_FAST_COMMIT_ROW_5, .params = "ways=32;dirs=32;files=32;loops=4",
	  .note = "32 ways x 32 files, 4 loops" },
	{ MAIL_FAST_COMMIT_ROW_6, .params = "ways=64;dirs=64;files=64;loops=4",
	  .note = "64 ways x 64 files, 4 loops" },
	{ MAIL_FAST_COMMIT_ROW_7, .params = "ways=64;dirs=1024;files=1024;loops=1",
	  .note = "64 ways x 1024 files, 1 loop (the mail: 100 loops)" },
	{ MAIL_FAST_COMMIT_ROW_8, .params = "ways=64;dirs=16384;files=16384;loops=1",
	  .note = "64 ways x 16384 files, 1 loop (the mail: 100 loops)" },
};

const struct lab lab_fast_commit = {
	.id = "fast-commit",
	.title = "ext4 fast_commit: the O(N\xc2\xb2) dentry commit",
	.source = "fast-commit/fast-commit.c",
	.test_params = "ways=4;files=8",
	.variants = fc_variants,
	.nr_variants = ARRAY_SIZE(fc_variants),
	.params = fc_params,
	.nr_params = FC_NR_PARAMS,
	.metrics = fc_metrics,
	.nr_metrics = FC_NR_METRICS,
	.kinds = fc_kinds,
	.nr_kinds = ARRAY_SIZE(fc_kinds),
	.rows = fc_rows,
	.nr_rows = (int)(sizeof(fc_rows) / sizeof(fc_rows[0])),
	.row_metric = "creates_per_s",
	.row_unit = "K creates/s",
	.row_scale = 1000,
	.cite = MAIL_FAST_COMMIT_CITATION,
	.nr_cpus = fc_nr_cpus,
	.check = fc_check,
	.check_params = fc_check_params,
	.nr_check_params = ARRAY_SIZE(fc_check_params),
	.setup = fc_setup,
	.collect = fc_collect,
	.snapshot = fc_snapshot,
	.invariants = fc_invariants,
};
