/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ext4-writeback.h - what the ext4-writeback lab's files share: the page cache, the jobs
 * and the model of one run (ext4-writeback.c), the timeline's rings that
 * its snapshot (ext4-writeback-output.c) reads; and what the model shows
 * its tests.
 */
#ifndef JC_EXT4_WRITEBACK_H
#define JC_EXT4_WRITEBACK_H

#include "co.h"
#include "jbd2.h"
#include "jbuf.h"
#include "lab.h"
#include "sim.h"
#include "ext4-writeback-yours.h"

#define EWB_NR_BUCKETS	16

/* the lab, as the lab table (labs.gen.c) lists it */
extern const struct lab lab_ext4_writeback;

enum ewb_variant {
	V_BEFORE, V_AFTER,
#ifdef JC_YOURS_EXT4_WRITEBACK
	V_YOURS,
#endif
	EWB_NR_VARIANTS
};

enum { P_JOBS, P_BS_KIB, P_FILESIZE, P_SYNC, P_KERNEL, P_HZ, P_IOPS,
       P_RUNTIME_MS, EWB_NR_PARAMS };


#define PAGE_SIZE		4096ULL
#define EWB_MAX_CLAT		(1 << 20)	/* writes whose clat is kept for the percentiles */

/* ---------------------------------------------------------------------
 * State
 * ------------------------------------------------------------------- */

/*
 * struct ewb_page - a page of the file's page cache. The three xarray
 * marks (PAGECACHE_TAG_DIRTY, _TOWRITE, _WRITEBACK) are kept as the flags
 * they mirror, changed under the mapping's xa_lock as the kernel does.
 * @dirty_seq:   when it was last dirtied (a global count of dirtyings)
 * @wb_seq:      the dirty_seq its writeback in flight carries
 * @durable_seq: the newest dirty_seq on disk
 */
struct ewb_page {
	bool dirty, towrite, writeback;
	bool in_request;	/* its writeback is in a request the device has */
	u64 dirty_seq, wb_seq, durable_seq;
	struct page_lock lock;	/* PG_locked: folio_lock(), the engine's page lock */
	struct wait_queue_head wb_wait;	/* folio_wait_writeback */
};

/* A request in the device's FIFO: pages [first, first + nr), done at @done. */
struct ewb_request {
	u64 first, nr, start, done;
};

/* struct mpage_da_data - ext4's writeback context, in the job's frame */
struct mpage_da_data {
	u64 first_page, next_page, last_page;
	u64 map_len;		/* blocks of the extent to map: 0 for overwrites */
	bool do_map, scanned_until_end;
	u64 io_first, io_nr;	/* the bio being built (io_submit) */
};

/* PAGEVEC_SIZE: 15 in 5.10's pagevec, 31 in 6.12's folio_batch */
#define EWB_BATCH_510	15
#define EWB_BATCH_612	31
#define EWB_MAX_BATCH	EWB_BATCH_612

struct ewb_job {
	int id;
	struct task *t;
	struct co co_main, co_write, co_dirty, co_sync, co_wp, co_prep, co_flush, co_jc;
	handle_t handle;
	const char *phase;	/* phase_names[ph] */
	int ph;
	u64 ph_from;		/* when it entered ph */

	/* fio: a random map over the slots, refilled after each pass */
	int *perm;
	int perm_pos;
	int slot;
	u64 clat_start, sync_start;
	u64 pg;			/* write: the page being written */

	struct mpage_da_data mpd;
	u64 idx;		/* scans: the page they stand at */
	u64 index;		/* scans: where the next tagged lookup starts */
	u64 batch[EWB_MAX_BATCH];	/* scans: the pagevec / folio_batch */
	int nr_batch, bi;
	bool done;
	u64 wp_start, wp_pages, pass_from;
	u64 commit_tid;
	bool needs_barrier;
	u64 flush_target, flush_issuing;

	/* what the fsync must make durable: the audit's snapshot at its start */
	u64 *seen;
	u64 tid_at_start;
#ifdef JC_YOURS_EXT4_WRITEBACK
	/* the student's policy for this fsync */
	struct ewb_view view;
	enum ewb_fsync_action action;
	u64 wait_ns, wait_until, waited_ns, writes_ended;
	int asked;
	bool extra;
#endif
};

struct ewb_hist {
	u64 calls, pages, ns;
	u64 bucket[EWB_NR_BUCKETS];
};

struct ewb_model {
	int variant;
	bool datasync, k510;
	int nr_jobs;
	int batch;		/* tagged pages looked up at once: EWB_BATCH_510 or _612 */
	u64 nr_pages, nr_slots, pages_per_write;
	u64 jiffy_ns, end_ns, warmup_ns;

	/* the inode */
	struct rw_semaphore i_rwsem;
	struct spinlock xa_lock;	/* the mapping's i_pages.xa_lock */
	struct ewb_page *pages;
	u64 nr_dirty, nr_towrite, nr_writeback;
	u64 dirty_seq;
	u64 i_mtime;			/* in jiffies */
	u64 i_sync_tid, i_datasync_tid;
	struct jbd2_buffer itable;	/* the inode table block */
	journal_t journal;

	/* the device */
	struct blkdev dev;
	struct ewb_request *reqs;	/* a ring of nr_pages + 1 */
	u64 req_head, req_tail;
	struct wait_queue_head req_wait;
	struct task *end_io;
	struct co co_endio;
	u64 endio_deadline, endio_idx;
	bool flush_inflight;
	u64 flush_issued, flush_done;
	struct wait_queue_head flush_wait;

	struct ewb_job *jobs;
	int running;

	/* counts, from the warmup on */
	bool warm;
	struct { u64 ts_tid, ts_requested, ts_handles, ts_blocks_logged, ts_running_ns; } j0;
	u64 dev_req0, dev_bytes0;
	u64 writes, syncs, sync_ns, clat_ns, clat_max;
	u64 *clat;
	u64 nr_clat;
	struct ewb_hist hist;
	u64 merges, flushes, flush_requests;
	u64 extra_passes, extra_pass_pages, wb_waits_under_handle;
	u64 mtime_updates, write_begin_handles, writepages_handles;

#ifdef JC_YOURS_EXT4_WRITEBACK
	/* the exercise: a write and its fsync, as the application sees them */
	struct wait_queue_head batch_wait;	/* fsyncs waiting on the student's word */
	u64 writes_ended;			/* write() calls ended: wakes them */
	u64 *op_ns;
	u64 nr_op;
	u64 yours_waits, yours_wait_ns, yours_skips, yours_extra;
#endif

	/* the audit: the first fsync that returned too early */
	char audit_err[200];
	bool audit_failed;
};

/* the model of the run: ext4-writeback.c */
extern struct ewb_model ewb;

enum ewb_phase {
	PH_USER, PH_RWSEM, PH_WRITE, PH_FSYNC, PH_WRITEPAGES, PH_WP_HANDLE,
	PH_WB_WAIT, PH_WB_WAIT_HANDLE, PH_FDATAWAIT, PH_COMMIT_WAIT, PH_FLUSH,
	PH_DONE,
#ifdef JC_YOURS_EXT4_WRITEBACK
	PH_BATCH,
#endif
	EWB_NR_PHASES,
};

#define EWB_WINDOW_NS		(200 * NSEC_PER_MSEC)
#define EWB_SPAN_RING		8192
#define EWB_TXN_RING		512

struct ewb_span {
	u64 from, to;
	int job, phase;
};

struct ewb_txn_rec {
	u64 tid;		/* 0: slot unused */
	u64 start;		/* t_start */
	u64 locked;		/* T_LOCKED (j_commit_start), 0: not yet */
	u64 end;		/* T_FINISHED, 0: not yet */
	u64 handles;		/* t_handle_count as last seen */
	bool end_approx;	/* committed between two observations: end is when it was seen */
};

/* the timeline's rings and what they hold (ext4-writeback.c) */
struct ewb_timeline {
	u64 nr_spans;		/* spans ever recorded: the ring holds the last EWB_SPAN_RING */
	u64 last_tid;		/* the newest transaction recorded */
	u64 seen_ts_tid, seen_logging_ns;	/* the journal's statistics at the last observation */
};
extern struct ewb_span ewb_spans[EWB_SPAN_RING];
extern struct ewb_txn_rec ewb_txns[EWB_TXN_RING];
extern struct ewb_timeline ewb_tl;
extern const char *const phase_names[EWB_NR_PHASES];


/* The mail's histogram: buckets of width 2 from [0-1] to [28-29], then 30 and up. */

/* ewb_bucket - the histogram bucket of an ext4_writepages call that wrote @pages */
int ewb_bucket(u64 pages);

/*
 * ewb_test_histogram - feed the calls @pages[0..n) through the lab's own
 * accounting (the tracepoint ext4_writepages_result's pages_written) and
 * return their buckets in @buckets[EWB_NR_BUCKETS] and their mean.
 */
double ewb_test_histogram(const u64 *pages, int n, double *buckets);

/*
 * ewb_test_lookup - the scan's tagged lookup over @nr pages whose TOWRITE
 * marks are @towrite[0..nr), @batch at a time, from @from to @last: the
 * pages found go to @found (at most EWB_MAX_BATCH), their number is
 * returned, and *@next is where the next lookup starts.
 */
int ewb_test_lookup(const bool *towrite, u64 nr, int batch, u64 from, u64 last, u64 *found, u64 *next);


/* txn_rec - the timeline's record of transaction @tid, or NULL (ext4-writeback.c) */
struct ewb_txn_rec *txn_rec(u64 tid);

/* ewb_snapshot - the jobs, the journal and the timeline (ext4-writeback-output.c) */
void ewb_snapshot(struct sim *s, struct jbuf *jb);

#endif /* JC_EXT4_WRITEBACK_H */
