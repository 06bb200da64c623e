// SPDX-License-Identifier: GPL-2.0
/*
 * ext4-writeback.c - sixteen fio jobs writing one file and fsyncing it, and
 * what Jan Kara's 6b8ed62008a4 "ext4: avoid unnecessary transaction starts
 * during writeback" (v5.8) did to their batching (Rishabh Bhatnagar and Jan
 * Kara, linux-ext4, Jan 2023: "EXT4 IOPS degradation in 5.10 compared to
 * 5.4").
 *
 * The workload is the mail's fio job: `jobs` threads, random buffered
 * `bs` writes (psync) over one preallocated file, each write followed by
 * fsync (or fdatasync). A write is ext4_buffered_write_iter(): the inode's
 * i_rwsem for writing, file_update_time() (mtime moves at most once a
 * jiffy, and when it moves ext4_dirty_inode() journals the inode and sets
 * i_sync_tid), then per page ext4_da_write_begin / copy / write_end. In the
 * mail's 5.10 write_begin started a journal handle per page, so a commit
 * in T_LOCKED stops every writer; 6.12 does not (kernel=6.12).
 *
 * fsync is ext4_sync_file(): file_write_and_wait_range() (ext4_writepages
 * in WB_SYNC_ALL, then a wait for every page of the file under writeback,
 * whoever submitted it), then ext4_fsync_journal() (jbd2_complete_transaction
 * of i_sync_tid, or of i_datasync_tid for fdatasync) and a cache flush when
 * that commit will not send one.
 *
 * ext4_writepages (ext4_do_writepages in 6.12) tags every dirty page
 * TOWRITE, runs mpage_prepare_extent_to_map() once without a handle
 * (do_map = 0): a page whose blocks are mapped is submitted at once, so an
 * overwrite is written completely by this pass, which then reports that it
 * scanned to the end. The variants differ in what follows:
 *
 *   after   v5.8 on (6b8ed62008a4): the handle loop runs only while the scan
 *           has not reached the end, so an overwrite starts no handle.
 *   before  v4.17-v5.7 (and 5.10 with the commit reverted, the mail's
 *           faster run): the loop runs until a pass under a handle maps
 *           nothing, so every call starts one handle and rescans from the
 *           page after the last one the first pass submitted, writing pages
 *           that other tasks tagged meanwhile and waiting, handle held, for
 *           those still under writeback. The commit cannot leave T_LOCKED
 *           until that handle stops.
 *
 * The journal is the engine's jbd2 (src/jbd2.c). The device is the mail's
 * EBS io1 volume: 500 IOPS in one FIFO shared by data and journal writes
 * (the engine's struct blkdev, one channel), contiguous bios merged into a
 * request still queued, concurrent cache flushes coalesced (blk-flush).
 *
 * What it shows at the mail's shape (16 jobs, 16 KiB, fsync, 60 s, seeds
 * 1-10, medians): before 78 handles per transaction against 60 (the mail:
 * 67 and 51), 23.1 commits a second against 27.5, a longer ext4_writepages
 * call, 3.92 pages per call in both, more calls of 0-3 pages and of 6 or
 * more, a higher clat average and maximum. Its IOPS are 353 against 406
 * (after +14.9 %, 95%: +14.5 to +15.3), not the mail's 460 against 449:
 * the device serves ~497 requests a second in both, and before sends 1.41
 * per write against 1.22, because its extra pass's scans meet the other
 * jobs' scans on the same tagged pages and slots go out in pieces (calls
 * of 2-3 pages: 22 % of calls against 12 %; the mail's 1.1 % and 0.5 %).
 * With fdatasync, where commits are rare, before loses as much. Why the
 * mail's machine sends so few pieces is not found (docs/labs/ext4-writeback.md).
 *
 * Simplifications, each kept because it does not change who waits for whom:
 * - The file's blocks are all written before the run (the mail's 60 s wash
 *   out fio's preallocated, unwritten start: memo 3.6 pitfall 8), so no
 *   write allocates and the handle loop never maps an extent.
 * - A page lock is the engine's page lock (struct page_lock): a taker
 *   sleeps at once, the unlock wakes the first waiter, who may have it
 *   stolen up to five times before the unlock hands it over, as
 *   folio_wait_bit_common() and wake_page_function() do.
 * - ext4 builds a bio of contiguous pages (io_submit) and sends it when the
 *   next page is not contiguous or the pass ends, as here; a block plug's
 *   requests are not modelled apart from that bio. Pages under writeback in
 *   a bio not yet sent cannot make scans wait for each other in a circle:
 *   a scan only moves forward, and a writer holding a page lock waits for
 *   nothing but the mapping's spinlock.
 * - The device charges 1/IOPS per operation EBS counts (ebs_ops(): one per
 *   256 KiB of a request, no merging across requests under 32 KiB) plus
 *   the transfer at the instance's EBS bandwidth; at the mail's 99.9 %
 *   utilisation every request queues, so the idle latency an io1 volume
 *   would show (~0.5 ms) never appears.
 * - fio's percentiles come from its log-linear histogram (about 1.5 %
 *   resolution); here they are the exact order statistics.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "co.h"
#include "jbd2.h"
#include "lab.h"
#include "sim.h"
#include "ext4-writeback.h"
#include "ext4-writeback-yours.h"
#include "ext4-writeback.h"

/* ---------------------------------------------------------------------
 * Variants, parameters, costs
 * ------------------------------------------------------------------- */

/*
 * V_YOURS exists in the exercise's build (-DJC_YOURS_EXT4_WRITEBACK) only:
 * the fsync's batching and the extra pass are then the student's
 * (ext4-writeback-yours.h).
 */
static const char *const ewb_variants[] = {
	"before", "after",
#ifdef JC_YOURS_EXT4_WRITEBACK
	"yours",
#endif
};
static const char *const ewb_syncs[] = { "fsync", "fdatasync" };
static const char *const ewb_kernels[] = { "5.10", "6.12" };

static const struct param_spec ewb_params[] = {
	INT_PARAM("jobs", "", 1, 64, 16,
		  "fio jobs (--numjobs, --thread) writing the one file; the mail ran 16"),
	INT_PARAM("bs_kib", "KiB", 4, 256, 16,
		  "fio's --bs, a multiple of 4 KiB; the mail wrote 16 KiB"),
	INT_PARAM("filesize", "bytes", 65536, 16777216, 1000000,
		  "fio's --filesize: the file the jobs write at random bs-aligned offsets; the mail's 1,000,000 bytes are 61 slots of 16 KiB"),
	CHOICE_PARAM("sync", ewb_syncs, 0,
		     "fsync: fio --fsync=1, every write followed by fsync (the mail); fdatasync: --fdatasync=1, which needs no commit for an mtime change (the mail's control)"),
	CHOICE_PARAM("kernel", ewb_kernels, 0,
		     "5.10: ext4_da_write_begin starts a handle per page and writeback looks up 15 tagged pages at a time (the mail's kernel); 6.12: no handle, 31 at a time (the kernel lab's)"),
	INT_PARAM("hz", "1/s", 100, 1000, 250,
		  "CONFIG_HZ: mtime moves at most once a jiffy; Debian's arm64 and x86 kernels use 250"),
	INT_PARAM("iops", "1/s", 50, 100000, 500,
		  "the volume's provisioned IOPS: the mail's EBS io1 volume had 500"),
	INT_PARAM("runtime_ms", "ms", 500, 60000, 6000,
		  "virtual run time; the first fifth is a warmup, not counted (the mail: 60 s)"),
};

/*
 * The cost table: the mail's m6g.8xlarge (Graviton2, 2.5 GHz arm64) and its
 * EBS volume. The CPU costs are estimates of the in-kernel work; none
 * is the bottleneck (the mail's fio shows sys=0.42 %).
 */
static const struct {
	u64 syscall_ns;		/* pwrite/fsync entry and exit, fdget, fio's own loop: ~1.5 us */
	u64 write_page_ns;	/* a page of a write: page cache lookup, copy_from_user of 4 KiB (~4 GB/s), block_write_end: ~1.2 us (the mail's min clat of 6 us for four pages) */
	u64 dirty_inode_ns;	/* ext4_dirty_inode: ext4_reserve_inode_write, copy the inode into its buffer: ~2 us */
	u64 tag_page_ns;	/* tag_pages_for_writeback per page: an xarray mark walk, ~50 ns */
	u64 scan_page_ns;	/* mpage_prepare_extent_to_map per folio found: lookup, lock, checks (memo: 0.5-1 us) */
	u64 submit_page_ns;	/* mpage_submit_folio: clear_page_dirty_for_io, folio_start_writeback, bio_add_folio: ~1 us */
	u64 submit_bio_ns;	/* submit_bio to the NVMe doorbell: blk-mq request set-up, ~3 us */
	u64 wait_page_ns;	/* __filemap_fdatawait_range per page under writeback: a lookup, ~100 ns */
	u64 end_bio_ns;		/* the completion interrupt and bio_endio: ~2 us */
	u64 end_page_ns;	/* folio_end_writeback per page: clear the mark, wake: ~0.5 us */
	u64 dev_bw;		/* the m6g.8xlarge's EBS bandwidth, 9.5 Gbit/s */
	u64 max_request_pages;	/* blk-mq's max_sectors_kb of 512 KiB on NVMe: 128 pages */
	u64 ebs_op_bytes;	/* EBS counts an SSD volume's I/O in operations of up to 256 KiB */
	unsigned int jitter_pct;	/* spread of the CPU costs per call, as the other labs spread theirs: a stand-in for cache and branch effects, not a measured figure */
} ewb_cost = {
	.syscall_ns = 1500,
	.write_page_ns = 1200,
	.dirty_inode_ns = 2000,
	.tag_page_ns = 50,
	.scan_page_ns = 500,
	.submit_page_ns = 1000,
	.submit_bio_ns = 3000,
	.wait_page_ns = 100,
	.end_bio_ns = 2000,
	.end_page_ns = 500,
	.dev_bw = 1187500000ULL,
	.max_request_pages = 128,
	.ebs_op_bytes = 256 * 1024,
	.jitter_pct = 20,
};

/* The whole model of one run: struct ewb_model (ext4-writeback.h). */
struct ewb_model ewb;

/* ---------------------------------------------------------------------
 * The timeline: what the snapshot shows of the last EWB_WINDOW_NS
 *
 * Records only, read by the snapshot: nothing here charges time, yields,
 * wakes or draws a random number, so the run is the same with or without
 * them. Two fixed rings, the oldest record overwritten first: the jobs'
 * phases (a span is recorded when the job leaves it) and the journal's
 * transactions (start, T_LOCKED, end, handles), the latter observed from
 * the journal's state and statistics whenever a job changes phase.
 * ------------------------------------------------------------------- */

const char *const phase_names[EWB_NR_PHASES] = {
	[PH_USER] = "user",
	[PH_RWSEM] = "i_rwsem",
	[PH_WRITE] = "write",
	[PH_FSYNC] = "fsync",
	[PH_WRITEPAGES] = "writepages",
	[PH_WP_HANDLE] = "writepages handle",
	[PH_WB_WAIT] = "writeback wait",
	[PH_WB_WAIT_HANDLE] = "writeback wait (handle)",
	[PH_FDATAWAIT] = "fdatawait",
	[PH_COMMIT_WAIT] = "commit wait",
	[PH_FLUSH] = "flush",
	[PH_DONE] = "done",
#ifdef JC_YOURS_EXT4_WRITEBACK
	[PH_BATCH] = "batch wait",
#endif
};

struct ewb_span ewb_spans[EWB_SPAN_RING];
struct ewb_txn_rec ewb_txns[EWB_TXN_RING];

struct ewb_timeline ewb_tl;

struct ewb_txn_rec *txn_rec(u64 tid)
{
	struct ewb_txn_rec *r = &ewb_txns[tid % EWB_TXN_RING];

	return r->tid == tid ? r : NULL;
}

static struct ewb_txn_rec *txn_rec_new(const transaction_t *tr)
{
	struct ewb_txn_rec *r = txn_rec(tr->t_tid);

	if (r)
		return r;
	if (tr->t_tid <= ewb_tl.last_tid)
		return NULL;	/* overwritten, or older than the first observed */
	r = &ewb_txns[tr->t_tid % EWB_TXN_RING];
	memset(r, 0, sizeof(*r));
	r->tid = tr->t_tid;
	r->start = tr->t_start;
	ewb_tl.last_tid = tr->t_tid;
	return r;
}

static void observe_journal(u64 now)
{
	const journal_t *j = &ewb.journal;
	const transaction_t *tr;
	struct ewb_txn_rec *r;
	u64 tid, d;

	tr = j->j_running_transaction;
	if (tr && (r = txn_rec_new(tr)))
		r->handles = tr->t_handle_count;
	tr = j->j_commit_txn;
	if (tr && (r = txn_rec_new(tr))) {
		r->handles = tr->t_handle_count;
		if (tr->t_state >= T_LOCKED && !r->locked)
			r->locked = j->j_commit_start;
	}
	d = j->stats.ts_tid - ewb_tl.seen_ts_tid;
	if (!d)
		return;
	/* one commit ended since the last look: ts_logging_ns grew by its time from T_LOCKED */
	r = txn_rec(j->j_commit_sequence);
	if (d == 1 && r && r->locked && !r->end)
		r->end = r->locked + (j->stats.ts_logging_ns - ewb_tl.seen_logging_ns);
	for (tid = j->j_commit_sequence; tid && tid + EWB_TXN_RING > j->j_commit_sequence; tid--) {
		r = txn_rec(tid);
		if (!r)
			break;
		if (r->end)
			break;	/* and every older one: commits end in order */
		r->end = now;
		r->end_approx = true;
		if (!r->locked)
			r->locked = now;
	}
	ewb_tl.seen_ts_tid = j->stats.ts_tid;
	ewb_tl.seen_logging_ns = j->stats.ts_logging_ns;
}

/* The job leaves its phase for @ph: record the span it spent there. */
static void set_phase(struct sim *s, struct ewb_job *jb, int ph)
{
	u64 now = sim_clock(s, jb->t);

	observe_journal(now);
	if (ph == jb->ph)
		return;
	if (jb->ph != PH_USER && now > jb->ph_from) {
		struct ewb_span *sp = &ewb_spans[ewb_tl.nr_spans++ % EWB_SPAN_RING];

		sp->from = jb->ph_from;
		sp->to = now;
		sp->job = jb->id;
		sp->phase = jb->ph;
	}
	jb->ph = ph;
	jb->ph_from = now;
	jb->phase = phase_names[ph];
}

/* ---------------------------------------------------------------------
 * The page cache
 * ------------------------------------------------------------------- */

static u64 coarse_jiffies(const struct sim *s, const struct task *t)
{
	return sim_clock(s, t) / ewb.jiffy_ns;
}

/* __folio_mark_dirty: the flag and the DIRTY mark. Caller holds xa_lock. */
static void folio_mark_dirty(struct ewb_page *pg)
{
	if (!pg->dirty) {
		pg->dirty = true;
		ewb.nr_dirty++;
	}
	pg->dirty_seq = ++ewb.dirty_seq;
}

/*
 * pagevec_lookup_range_tag (5.10; filemap_get_folios_tag in 6.12): up to
 * ewb.batch pages from jb->index to @last with the TOWRITE mark, looked up
 * at once under RCU into jb->batch; jb->index moves past the last one
 * found, or past @last when fewer were found. The pages are then locked
 * one by one: what changed in between is seen only under each page's lock.
 */
static void lookup_towrite_batch(struct ewb_job *jb, u64 last)
{
	u64 i;

	jb->nr_batch = 0;
	jb->bi = 0;
	for (i = jb->index; i <= last && jb->nr_batch < ewb.batch; i++)
		if (ewb.pages[i].towrite)
			jb->batch[jb->nr_batch++] = i;
	jb->index = jb->nr_batch == ewb.batch ? jb->batch[jb->nr_batch - 1] + 1 : last + 1;
}

int ewb_bucket(u64 pages)
{
	return pages / 2 < EWB_NR_BUCKETS - 1 ? (int)(pages / 2) : EWB_NR_BUCKETS - 1;
}

/* trace_ext4_writepages_result: pages_written of one call, and its time */
static void account_writepages(struct ewb_hist *h, u64 pages, u64 ns)
{
	h->calls++;
	h->pages += pages;
	h->ns += ns;
	h->bucket[ewb_bucket(pages)]++;
}

/* ---------------------------------------------------------------------
 * The device: one FIFO, requests merged, flushes coalesced
 * ------------------------------------------------------------------- */

/*
 * ebs_ops - the operations an io1 volume counts for a request of @bytes:
 * one per 256 KiB or part of it (a 512 KiB request is two). The volume
 * merges physically sequential operations only from 32 KiB up ("each I/O
 * operation under 32 KiB counts as 1 operation", the EBS user guide's I/O
 * characteristics): this workload's requests are 4-16 KiB, so each counts
 * one, and two halves of a slot sent apart cost two.
 */
static u64 ebs_ops(u64 bytes)
{
	return bytes ? (bytes + ewb_cost.ebs_op_bytes - 1) / ewb_cost.ebs_op_bytes : 1;
}

static bool requests_empty(void)
{
	return ewb.req_head == ewb.req_tail;
}

/*
 * ewb_submit_request - send pages [@first, @first + @nr) to the device
 * without waiting (submit_bio of a writeback bio). The FIFO is the one the
 * engine's submit_bio_wait() uses for jbd2's writes: a request starts when
 * the one before it is done. A bio that continues the last request while
 * that one still waits to start joins it (a back merge), as long as the
 * request stays within max_sectors. The caller has let its time pass.
 * Returns true when the device was idle, so the completion side must be
 * woken.
 */
static bool ewb_submit_request(struct sim *s, struct task *t, u64 first, u64 nr)
{
	struct blkdev *d = &ewb.dev;
	u64 now = sim_clock(s, t), bytes = nr * PAGE_SIZE, i, start;
	struct ewb_request *tail;
	bool was_empty = requests_empty();

	for (i = first; i < first + nr; i++)
		ewb.pages[i].in_request = true;
	if (!was_empty) {
		tail = &ewb.reqs[(ewb.req_tail + ewb.nr_pages) % (ewb.nr_pages + 1)];
		if (d->busy_until[0] == tail->done && tail->start > now &&
		    tail->first + tail->nr == first &&
		    tail->nr + nr <= ewb_cost.max_request_pages) {
			tail->done += bytes * NSEC_PER_SEC / d->bw_bytes_per_s +
				      (ebs_ops((tail->nr + nr) * PAGE_SIZE) - ebs_ops(tail->nr * PAGE_SIZE)) *
				      d->latency_ns;
			tail->nr += nr;
			d->busy_until[0] = tail->done;
			d->bytes += bytes;
			ewb.merges++;
			return false;
		}
	}
	start = d->busy_until[0] > now ? d->busy_until[0] : now;
	tail = &ewb.reqs[ewb.req_tail];
	tail->first = first;
	tail->nr = nr;
	tail->start = start;
	tail->done = start + ebs_ops(bytes) * d->latency_ns + bytes * NSEC_PER_SEC / d->bw_bytes_per_s;
	d->busy_until[0] = tail->done;
	d->requests++;
	d->bytes += bytes;
	d->queue_ns += start - now;
	ewb.req_tail = (ewb.req_tail + 1) % (ewb.nr_pages + 1);
	return was_empty;
}

static bool endio_has_work(void)
{
	return !requests_empty() || ewb.running == 0;
}

/*
 * The completion side: the NVMe interrupt and bio_endio ->
 * ext4_end_bio -> folio_end_writeback for every page of a request, which
 * clears its WRITEBACK mark and wakes whoever waits on it.
 */
static int ewb_end_io(struct sim *s, struct task *t)
{
	struct co *co = &ewb.co_endio;
	struct ewb_request *r;
	u64 i;

	CO_BEGIN(co);
	for (;;) {
		if (requests_empty()) {
			if (ewb.running == 0)
				break;
			wait_event(t, &ewb.req_wait, endio_has_work());
			continue;
		}
		if (ewb.reqs[ewb.req_head].done > sim_clock(s, t)) {
			ewb.endio_deadline = ewb.reqs[ewb.req_head].done;
			sim_park_deadline(t, &ewb.req_wait, ewb.endio_deadline);
			continue;
		}
		r = &ewb.reqs[ewb.req_head];
		sim_charge(t, ewb_cost.end_bio_ns + r->nr * ewb_cost.end_page_ns);
		spin_lock(t, &ewb.xa_lock);
		r = &ewb.reqs[ewb.req_head];
		for (i = r->first; i < r->first + r->nr; i++) {
			struct ewb_page *pg = &ewb.pages[i];

			pg->writeback = false;
			pg->in_request = false;
			pg->durable_seq = pg->wb_seq;
			ewb.nr_writeback--;
		}
		spin_unlock(t, &ewb.xa_lock);
		for (ewb.endio_idx = ewb.reqs[ewb.req_head].first;
		     ewb.endio_idx < ewb.reqs[ewb.req_head].first + ewb.reqs[ewb.req_head].nr;
		     ewb.endio_idx++)
			wake_up_all(t, &ewb.pages[ewb.endio_idx].wb_wait);
		ewb.req_head = (ewb.req_head + 1) % (ewb.nr_pages + 1);
	}
	CO_END(co);
}

static bool flush_may_go(const struct ewb_job *jb)
{
	return !ewb.flush_inflight || ewb.flush_done >= jb->flush_target;
}

/*
 * blkdev_issue_flush - an empty PREFLUSH request. blk-flush coalesces
 * concurrent ones: a flush asked for while another is in flight is served
 * by the next one, which covers every request that came while it waited.
 */
static int blkdev_issue_flush(struct sim *s, struct ewb_job *jb)
{
	struct task *t = jb->t;
	struct co *co = &jb->co_flush;

	CO_BEGIN(co);
	ewb.flush_requests++;
	jb->flush_target = ewb.flush_issued + 1;
	while (ewb.flush_done < jb->flush_target) {
		if (!ewb.flush_inflight) {
			ewb.flush_inflight = true;
			jb->flush_issuing = ++ewb.flush_issued;
			ewb.flushes++;
			submit_bio_wait(t, &ewb.dev, 0, true);
			ewb.flush_done = jb->flush_issuing;
			ewb.flush_inflight = false;
			wake_up_all(t, &ewb.flush_wait);
			continue;
		}
		wait_event(t, &ewb.flush_wait, flush_may_go(jb));
	}
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * The write path
 * ------------------------------------------------------------------- */

/* ext4_dirty_inode: journal the inode whose mtime changed */
static int ext4_dirty_inode(struct sim *s, struct ewb_job *jb)
{
	struct task *t = jb->t;
	struct co *co = &jb->co_dirty;

	CO_BEGIN(co);
	CO_CALL(co, jbd2_journal_start(s, t, &ewb.journal, &jb->handle));
	/* ext4_mark_inode_dirty -> ext4_do_update_inode */
	sim_charge(t, sim_jitter(s, ewb_cost.dirty_inode_ns, ewb_cost.jitter_pct));
	jbd2_journal_dirty_metadata(t, &ewb.journal, &jb->handle, &ewb.itable);
	/* ext4_update_inode_fsync_trans(handle, inode, 0): an mtime needs no datasync */
	ewb.i_sync_tid = jb->handle.h_transaction->t_tid;
	ewb.mtime_updates++;
	CO_CALL(co, jbd2_journal_stop(s, t, &ewb.journal, &jb->handle));
	CO_END(co);
}

/*
 * ext4_buffered_write_iter - inode_lock, file_modified (file_update_time:
 * mtime from the coarse clock, so at most once a jiffy), then
 * generic_perform_write page by page, inode_unlock.
 */
static int ext4_buffered_write_iter(struct sim *s, struct ewb_job *jb)
{
	struct task *t = jb->t;
	struct co *co = &jb->co_write;
	struct ewb_page *pg;

	CO_BEGIN(co);
	set_phase(s, jb, PH_RWSEM);
	down_write(t, &ewb.i_rwsem);
	set_phase(s, jb, PH_WRITE);
	if (ewb.i_mtime != coarse_jiffies(s, t)) {
		ewb.i_mtime = coarse_jiffies(s, t);
		CO_CALL(co, ext4_dirty_inode(s, jb));
	}
	for (jb->pg = (u64)jb->slot * ewb.pages_per_write;
	     jb->pg < (u64)(jb->slot + 1) * ewb.pages_per_write; jb->pg++) {
		/* ext4_da_write_begin: 5.10 starts EXT4_HT_WRITE_PAGE here */
		if (ewb.k510) {
			ewb.write_begin_handles++;
			CO_CALL(co, jbd2_journal_start(s, t, &ewb.journal, &jb->handle));
		}
		folio_lock(t, &ewb.pages[jb->pg].lock);
		sim_charge(t, sim_jitter(s, ewb_cost.write_page_ns, ewb_cost.jitter_pct));
		/* ext4_da_write_end -> block_write_end -> folio_mark_dirty */
		spin_lock(t, &ewb.xa_lock);
		pg = &ewb.pages[jb->pg];
		folio_mark_dirty(pg);
		spin_unlock(t, &ewb.xa_lock);
		folio_unlock(t, &ewb.pages[jb->pg].lock);
		if (ewb.k510)
			CO_CALL(co, jbd2_journal_stop(s, t, &ewb.journal, &jb->handle));
	}
	up_write(t, &ewb.i_rwsem);
#ifdef JC_YOURS_EXT4_WRITEBACK
	/* a policy that waits for writers to finish is asked again now */
	if (ewb.variant == V_YOURS) {
		ewb.writes_ended++;
		wake_up_all(t, &ewb.batch_wait);
	}
#endif
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Writeback
 * ------------------------------------------------------------------- */

/* ext4_io_submit: send the bio being built, if any (time already passed). */
static bool ext4_io_submit(struct sim *s, struct ewb_job *jb)
{
	struct mpage_da_data *mpd = &jb->mpd;
	bool wake;

	if (!mpd->io_nr)
		return false;
	sim_charge(jb->t, ewb_cost.submit_bio_ns);
	wake = ewb_submit_request(s, jb->t, mpd->io_first, mpd->io_nr);
	mpd->io_nr = 0;
	return wake;
}

/*
 * mpage_submit_folio - the page's blocks are mapped: clear it for I/O,
 * start its writeback (which drops its TOWRITE mark) and add it to the bio.
 * Caller holds the page lock. Returns true when a bio went to an idle device.
 */
static bool mpage_submit_folio(struct sim *s, struct ewb_job *jb, u64 idx)
{
	struct mpage_da_data *mpd = &jb->mpd;
	struct ewb_page *pg = &ewb.pages[idx];
	bool wake = false;

	sim_charge(jb->t, ewb_cost.submit_page_ns);
	/* clear_page_dirty_for_io, __folio_start_writeback: under xa_lock, no yield between */
	pg->dirty = false;
	ewb.nr_dirty--;
	if (pg->towrite) {
		pg->towrite = false;
		ewb.nr_towrite--;
	}
	pg->writeback = true;
	ewb.nr_writeback++;
	pg->wb_seq = pg->dirty_seq;
	/* io_submit_add_bh: a page not contiguous with the bio sends it first */
	if (mpd->io_nr && mpd->io_first + mpd->io_nr != idx)
		wake = ext4_io_submit(s, jb);
	if (!mpd->io_nr)
		mpd->io_first = idx;
	mpd->io_nr++;
	jb->wp_pages++;
	return wake;
}

/*
 * mpage_prepare_extent_to_map - 5.10's loop: look up a batch of TOWRITE
 * pages from first_page, then lock each in turn; under the lock skip it if
 * it is no longer dirty (someone else wrote it since the lookup), wait for
 * its writeback in flight (WB_SYNC_ALL), and since its blocks are mapped
 * submit it at once (mpage_process_page_bufs -> mpage_submit_page, which
 * unlocks it; first_page moves past it). The per-page work (the buffer
 * walk, the checks) is charged with the lock held. The lookup found
 * nothing more: scanned_until_end.
 */
static int mpage_prepare_extent_to_map(struct sim *s, struct ewb_job *jb)
{
	struct task *t = jb->t;
	struct co *co = &jb->co_prep;
	struct mpage_da_data *mpd = &jb->mpd;

	CO_BEGIN(co);
	mpd->map_len = 0;
	mpd->next_page = mpd->first_page;
	jb->index = mpd->first_page;
	while (jb->index <= mpd->last_page) {
		lookup_towrite_batch(jb, mpd->last_page);
		if (!jb->nr_batch)
			break;
		for (; jb->bi < jb->nr_batch; jb->bi++) {
			jb->idx = jb->batch[jb->bi];
			folio_lock(t, &ewb.pages[jb->idx].lock);
			sim_charge(t, ewb_cost.scan_page_ns);
			sim_elapse(t);
			if (!ewb.pages[jb->idx].dirty) {
				folio_unlock(t, &ewb.pages[jb->idx].lock);
				continue;
			}
			if (ewb.pages[jb->idx].writeback) {
				if (jb->handle.h_transaction)
					ewb.wb_waits_under_handle++;
				set_phase(s, jb, jb->handle.h_transaction ? PH_WB_WAIT_HANDLE : PH_WB_WAIT);
				wait_event(t, &ewb.pages[jb->idx].wb_wait, !ewb.pages[jb->idx].writeback);
				set_phase(s, jb, PH_WRITEPAGES);
			}
			mpd->next_page = jb->idx + 1;
			/* mpage_process_page_bufs: every buffer mapped, nothing to map */
			if (mpage_submit_folio(s, jb, jb->idx))
				wake_up_all(t, &ewb.req_wait);
			mpd->first_page = jb->idx + 1;
			folio_unlock(t, &ewb.pages[jb->idx].lock);
		}
		/* pagevec_release, cond_resched */
		cond_resched(t);
	}
	mpd->scanned_until_end = true;
	CO_END(co);
}

/* tag_pages_for_writeback over the whole file. Caller holds xa_lock. */
static void tag_pages_for_writeback(struct task *t)
{
	u64 i;

	for (i = 0; i < ewb.nr_pages; i++) {
		struct ewb_page *pg = &ewb.pages[i];

		if (!pg->dirty)
			continue;
		sim_charge(t, ewb_cost.tag_page_ns);
		if (!pg->towrite) {
			pg->towrite = true;
			ewb.nr_towrite++;
		}
	}
}

#ifdef JC_YOURS_EXT4_WRITEBACK
/* The exercise's variant: the view the student's policy reads, and its checks */

/* ewb_fill_view - what @jb's fsync sees now (ext4-writeback-yours.h) */
static void ewb_fill_view(struct sim *s, struct ewb_job *jb, struct ewb_view *v)
{
	const journal_t *j = &ewb.journal;
	u64 i, now = sim_clock(s, jb->t);
	int k;

	memset(v, 0, sizeof(*v));
	v->now_ns = now;
	v->jiffy_ns = ewb.jiffy_ns;
	v->job = jb->id;
	v->nr_jobs = ewb.nr_jobs;
	for (k = 0; k < ewb.nr_jobs; k++) {
		if (k == jb->id)
			continue;
		switch (ewb.jobs[k].ph) {
		case PH_RWSEM:
			v->write_queued++;
			break;
		case PH_WRITE:
			v->writing++;
			break;
		case PH_WRITEPAGES:
		case PH_WP_HANDLE:
		case PH_WB_WAIT:
		case PH_WB_WAIT_HANDLE:
			v->in_writeback++;
			break;
		case PH_FDATAWAIT:
			v->in_fdatawait++;
			break;
		case PH_COMMIT_WAIT:
		case PH_FLUSH:
			v->in_commit_wait++;
			break;
		case PH_BATCH:
			v->batching++;
			break;
		default:
			break;
		}
	}
	v->nr_pages = ewb.nr_pages;
	v->nr_dirty = ewb.nr_dirty;
	v->nr_writeback = ewb.nr_writeback;
	for (i = 0; i < ewb.nr_pages; i++) {
		const struct ewb_page *pg = &ewb.pages[i];

		if (jb->seen[i] > pg->durable_seq &&
		    !(pg->writeback && pg->wb_seq >= jb->seen[i]))
			v->owed++;
	}
	for (i = (u64)jb->slot * ewb.pages_per_write;
	     i < (u64)(jb->slot + 1) * ewb.pages_per_write; i++)
		v->mine_dirty += ewb.pages[i].dirty;
	v->running_tid = j->j_running_transaction ? j->j_running_transaction->t_tid : 0;
	v->committing_tid = j->j_commit_txn ? j->j_commit_txn->t_tid : 0;
	v->need_tid = ewb.datasync ? ewb.i_datasync_tid : ewb.i_sync_tid;
	v->device_queued_ns = ewb.dev.busy_until[0] > now ? ewb.dev.busy_until[0] - now : 0;
	v->waited_ns = jb->waited_ns;
	v->asked = jb->asked;
	v->pages_written = jb->wp_pages;
}

/* yours_extra_pass() at the end of ext4_writepages' first pass */
static bool ewb_yours_extra_pass(struct sim *s, struct ewb_job *jb)
{
	bool extra;

	ewb_fill_view(s, jb, &jb->view);
	extra = yours_extra_pass(&jb->view);
	if (extra && ewb.warm)
		ewb.yours_extra++;
	return extra;
}

/*
 * ewb_yours_decide - yours_fsync_begin() for @jb's fsync: the action, and
 * for a wait its end in jb->wait_until. A wait of 0 or over EWB_MAX_WAIT_NS,
 * waits past EWB_MAX_HOLD_NS in all, or an action that is none of the three
 * fail the run, naming the job, the fsync's wait so far and the step; the
 * fsync then writes back, so that the run goes on as a correct one would.
 */
static void ewb_yours_decide(struct sim *s, struct ewb_job *jb)
{
	u64 now = sim_clock(s, jb->t);

	ewb_fill_view(s, jb, &jb->view);
	jb->wait_ns = 0;
	jb->action = yours_fsync_begin(&jb->view, &jb->wait_ns);
	jb->asked++;
	switch (jb->action) {
	case EWB_WRITEBACK:
		return;
	case EWB_SKIP_WRITEBACK:
		if (ewb.warm)
			ewb.yours_skips++;
		return;
	case EWB_WAIT:
		if (!jb->wait_ns || jb->wait_ns > EWB_MAX_WAIT_NS) {
			sim_fail_check(s, 3, "yours_fsync_begin", "yours_fsync_begin() asked job %d's fsync to wait %llu ns: a wait is 1 to %llu ns (step %llu)",
				       jb->id, (unsigned long long)jb->wait_ns,
				       (unsigned long long)EWB_MAX_WAIT_NS, (unsigned long long)s->steps);
			break;
		}
		if (jb->waited_ns + jb->wait_ns > EWB_MAX_HOLD_NS) {
			sim_fail_check(s, 3, "yours_fsync_begin", "yours_fsync_begin() held job %d's fsync for %llu ns in %d waits and asked for %llu ns more: an fsync may be held at most %llu ns (step %llu)",
				       jb->id, (unsigned long long)jb->waited_ns, jb->asked - 1,
				       (unsigned long long)jb->wait_ns, (unsigned long long)EWB_MAX_HOLD_NS,
				       (unsigned long long)s->steps);
			break;
		}
		jb->wait_until = now + jb->wait_ns;
		return;
	default:
		sim_fail_check(s, 3, "yours_fsync_begin", "yours_fsync_begin() returned %d for job %d's fsync: it returns EWB_WRITEBACK, EWB_WAIT or EWB_SKIP_WRITEBACK (step %llu)",
			       (int)jb->action, jb->id, (unsigned long long)s->steps);
		break;
	}
	jb->action = EWB_WRITEBACK;
}
#endif

/*
 * ext4_writepages - ext4_do_writepages for an fsync (WB_SYNC_ALL, the
 * whole file, not cyclic): tag, one pass without a handle, then the loop
 * with handles, which is all the variants differ in.
 */
static int ext4_writepages(struct sim *s, struct ewb_job *jb)
{
	struct task *t = jb->t;
	struct co *co = &jb->co_wp;
	struct mpage_da_data *mpd = &jb->mpd;

	CO_BEGIN(co);
	/* filemap_fdatawrite_wbc: a mapping without the DIRTY mark is skipped */
	if (!ewb.nr_dirty)
		CO_EXIT(co);
	set_phase(s, jb, PH_WRITEPAGES);
	jb->wp_start = sim_clock(s, t);
	jb->wp_pages = 0;
	mpd->first_page = 0;
	mpd->last_page = ewb.nr_pages - 1;
	mpd->io_nr = 0;
	spin_lock(t, &ewb.xa_lock);
	tag_pages_for_writeback(t);
	spin_unlock(t, &ewb.xa_lock);
	mpd->do_map = false;
	mpd->scanned_until_end = false;
	CO_CALL(co, mpage_prepare_extent_to_map(s, jb));
	sim_elapse(t);
	if (ext4_io_submit(s, jb))
		wake_up_all(t, &ewb.req_wait);

#ifdef JC_YOURS_EXT4_WRITEBACK
	/* the point 6b8ed62008a4 changed: the student decides */
	if (ewb.variant == V_YOURS)
		jb->extra = ewb_yours_extra_pass(s, jb);
	if (ewb.variant == V_BEFORE || (ewb.variant == V_YOURS && jb->extra)) {
#else
	if (ewb.variant == V_BEFORE) {
#endif
		/* v4.17-v5.7: until a pass under a handle maps nothing */
		jb->done = false;
		while (!jb->done && mpd->first_page <= mpd->last_page) {
			set_phase(s, jb, PH_WP_HANDLE);
			ewb.writepages_handles++;
			CO_CALL(co, jbd2_journal_start(s, t, &ewb.journal, &jb->handle));
			set_phase(s, jb, PH_WRITEPAGES);
			mpd->do_map = true;
			jb->pass_from = jb->wp_pages;
			CO_CALL(co, mpage_prepare_extent_to_map(s, jb));
			/* an overwrite leaves map.m_len at 0: done */
			if (!mpd->map_len)
				jb->done = true;
			sim_elapse(t);
			if (ext4_io_submit(s, jb))
				wake_up_all(t, &ewb.req_wait);
			ewb.extra_passes++;
			ewb.extra_pass_pages += jb->wp_pages - jb->pass_from;
			CO_CALL(co, jbd2_journal_stop(s, t, &ewb.journal, &jb->handle));
		}
	} else {
		/* v5.8 on: only while the first pass stopped short of the end */
		while (!mpd->scanned_until_end) {
			ewb.writepages_handles++;
			CO_CALL(co, jbd2_journal_start(s, t, &ewb.journal, &jb->handle));
			mpd->do_map = true;
			CO_CALL(co, mpage_prepare_extent_to_map(s, jb));
			sim_elapse(t);
			if (ext4_io_submit(s, jb))
				wake_up_all(t, &ewb.req_wait);
			CO_CALL(co, jbd2_journal_stop(s, t, &ewb.journal, &jb->handle));
		}
	}
	if (ewb.warm)
		account_writepages(&ewb.hist, jb->wp_pages, sim_clock(s, t) - jb->wp_start);
	CO_END(co);
}

/*
 * jbd2_trans_will_send_data_barrier - whether the commit of @tid will
 * flush the device after the caller's data: not when it is done, or its
 * commit block (the flush) is already on its way.
 */
static bool jbd2_trans_will_send_data_barrier(const journal_t *j, u64 tid)
{
	if (j->j_commit_sequence >= tid)
		return false;
	if (j->j_commit_txn && j->j_commit_txn->t_tid == tid &&
	    j->j_commit_txn->t_state >= T_COMMIT)
		return false;
	return true;
}

static void fsync_audit_begin(struct ewb_job *jb)
{
	u64 i;

	/* a clean page not under writeback is on disk already (see the checker) */
	for (i = 0; i < ewb.nr_pages; i++)
		jb->seen[i] = ewb.pages[i].dirty_seq;
	jb->tid_at_start = ewb.datasync ? ewb.i_datasync_tid : ewb.i_sync_tid;
}

/* Every page dirtied before the fsync began is on disk, its transaction committed. */
static void fsync_audit_end(struct sim *s, struct ewb_job *jb)
{
	u64 i;

	if (ewb.audit_failed)
		return;
	for (i = 0; i < ewb.nr_pages; i++)
		if (jb->seen[i] > ewb.pages[i].durable_seq) {
			snprintf(ewb.audit_err, sizeof(ewb.audit_err),
				 "job %d's fsync returned at %llu ns with page %llu dirtied (#%llu) before it not written (on disk: #%llu)",
				 jb->id, (unsigned long long)sim_clock(s, jb->t), (unsigned long long)i,
				 (unsigned long long)jb->seen[i],
				 (unsigned long long)ewb.pages[i].durable_seq);
			ewb.audit_failed = true;
			return;
		}
	if (ewb.journal.j_commit_sequence < jb->tid_at_start) {
		snprintf(ewb.audit_err, sizeof(ewb.audit_err),
			 "job %d's fsync returned before transaction %llu committed (committed: %llu)",
			 jb->id, (unsigned long long)jb->tid_at_start,
			 (unsigned long long)ewb.journal.j_commit_sequence);
		ewb.audit_failed = true;
	}
}

/*
 * ext4_sync_file - file_write_and_wait_range (writepages, then a wait for
 * every page under writeback), ext4_fsync_journal (commit of i_sync_tid or
 * i_datasync_tid, shared with every fsync of the same transaction), and a
 * flush if that commit will not send one.
 */
static int ext4_sync_file(struct sim *s, struct ewb_job *jb)
{
	struct task *t = jb->t;
	struct co *co = &jb->co_sync;

	CO_BEGIN(co);
	fsync_audit_begin(jb);
#ifdef JC_YOURS_EXT4_WRITEBACK
	if (ewb.variant == V_YOURS) {
		/*
		 * The student's policy runs whole; its waits are slept here,
		 * cut short when a write ends, and it is asked again after each.
		 */
		jb->waited_ns = 0;
		jb->asked = 0;
		for (;;) {
			ewb_yours_decide(s, jb);
			if (jb->action != EWB_WAIT)
				break;
			set_phase(s, jb, PH_BATCH);
			jb->wp_start = sim_clock(s, t);
			jb->writes_ended = ewb.writes_ended;
			wait_event_deadline(t, &ewb.batch_wait,
					    ewb.writes_ended != jb->writes_ended,
					    jb->wait_until);
			jb->waited_ns += sim_clock(s, t) - jb->wp_start;
			if (ewb.warm) {
				ewb.yours_waits++;
				ewb.yours_wait_ns += sim_clock(s, t) - jb->wp_start;
			}
		}
		if (jb->action == EWB_WRITEBACK)
			CO_CALL(co, ext4_writepages(s, jb));
	} else
#endif
	CO_CALL(co, ext4_writepages(s, jb));
	/* __filemap_fdatawait_range: every page with the WRITEBACK mark */
	set_phase(s, jb, PH_FDATAWAIT);
	for (jb->idx = 0; jb->idx < ewb.nr_pages; jb->idx++) {
		if (!ewb.pages[jb->idx].writeback)
			continue;
		sim_charge(t, ewb_cost.wait_page_ns);
		wait_event(t, &ewb.pages[jb->idx].wb_wait, !ewb.pages[jb->idx].writeback);
	}
	/* ext4_fsync_journal */
	read_lock(t, &ewb.journal.j_state_lock);
	jb->commit_tid = ewb.datasync ? ewb.i_datasync_tid : ewb.i_sync_tid;
	jb->needs_barrier = !jbd2_trans_will_send_data_barrier(&ewb.journal, jb->commit_tid);
	read_unlock(t, &ewb.journal.j_state_lock);
	set_phase(s, jb, PH_COMMIT_WAIT);
	CO_CALL(co, jbd2_complete_transaction(s, t, &jb->co_jc, &ewb.journal, jb->commit_tid));
	if (jb->needs_barrier) {
		set_phase(s, jb, PH_FLUSH);
		CO_CALL(co, blkdev_issue_flush(s, jb));
	}
	fsync_audit_end(s, jb);
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * fio
 * ------------------------------------------------------------------- */

/* fio's random map: every slot once per pass, in a fresh random order */
static int fio_next_slot(struct sim *s, struct ewb_job *jb)
{
	int i;

	if (jb->perm_pos == (int)ewb.nr_slots) {
		for (i = (int)ewb.nr_slots - 1; i > 0; i--) {
			int k = (int)(sim_rand(s) % (u64)(i + 1)), tmp = jb->perm[i];

			jb->perm[i] = jb->perm[k];
			jb->perm[k] = tmp;
		}
		jb->perm_pos = 0;
	}
	return jb->perm[jb->perm_pos++];
}

static void take_warm_snapshot(void)
{
	ewb.warm = true;
	ewb.j0.ts_tid = ewb.journal.stats.ts_tid;
	ewb.j0.ts_requested = ewb.journal.stats.ts_requested;
	ewb.j0.ts_handles = ewb.journal.stats.ts_handles;
	ewb.j0.ts_blocks_logged = ewb.journal.stats.ts_blocks_logged;
	ewb.j0.ts_running_ns = ewb.journal.stats.ts_running_ns;
	ewb.dev_req0 = ewb.dev.requests;
	ewb.dev_bytes0 = ewb.dev.bytes;
}

static int fio_job(struct sim *s, struct task *t)
{
	struct ewb_job *jb = t->priv;
	struct co *co = &jb->co_main;
	u64 ns;

	CO_BEGIN(co);
	while (sim_clock(s, t) < ewb.end_ns) {
		if (!ewb.warm && sim_clock(s, t) >= ewb.warmup_ns)
			take_warm_snapshot();
		jb->slot = fio_next_slot(s, jb);
		jb->clat_start = sim_clock(s, t);
		sim_charge(t, sim_jitter(s, ewb_cost.syscall_ns, ewb_cost.jitter_pct));
		STEP(t, SK_LAB, jb->slot, 0);
		CO_CALL(co, ext4_buffered_write_iter(s, jb));
		ns = sim_clock(s, t) - jb->clat_start;
		if (ewb.warm && sim_clock(s, t) <= ewb.end_ns) {
			ewb.writes++;
			ewb.clat_ns += ns;
			if (ns > ewb.clat_max)
				ewb.clat_max = ns;
			if (ewb.nr_clat < EWB_MAX_CLAT)
				ewb.clat[ewb.nr_clat++] = ns;
		}
		jb->sync_start = sim_clock(s, t);
		sim_charge(t, sim_jitter(s, ewb_cost.syscall_ns, ewb_cost.jitter_pct));
		set_phase(s, jb, PH_FSYNC);
		STEP(t, SK_LAB + 1, jb->slot, 0);
		CO_CALL(co, ext4_sync_file(s, jb));
		set_phase(s, jb, PH_USER);
		if (ewb.warm && sim_clock(s, t) <= ewb.end_ns) {
			ewb.syncs++;
			ewb.sync_ns += sim_clock(s, t) - jb->sync_start;
#ifdef JC_YOURS_EXT4_WRITEBACK
			if (ewb.nr_op < EWB_MAX_CLAT)
				ewb.op_ns[ewb.nr_op++] = sim_clock(s, t) - jb->clat_start;
#endif
		}
	}
	set_phase(s, jb, PH_DONE);
	if (--ewb.running == 0) {
		wake_up_all(t, &ewb.req_wait);
		CO_CALL(co, jbd2_journal_destroy(s, t, &jb->co_jc, &ewb.journal));
	}
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Set-up and outputs
 * ------------------------------------------------------------------- */

/* Metrics per sync mode, named as lib/mails.ts names the mail's figures. */
enum {
	S_IOPS, S_BW, S_CLAT_AVG, S_CLAT_MAX, S_CLAT_P50, S_CLAT_P90, S_CLAT_P99,
	S_CLAT_P99_9, S_SYNC_AVG, S_WP_AVG, S_WP_CALLS, S_WP_PAGES, S_TXNS,
	S_REQUESTED, S_COMMIT_TIME, S_HANDLES, S_RUNNING, S_LOGGED, S_BUCKETS,
	S_NR = S_BUCKETS + EWB_NR_BUCKETS,
};

static const struct { const char *name, *unit, *help; } per_sync[S_BUCKETS] = {
	[S_IOPS] = { "iops_per_s", "1/s", "fio's iops: write() calls completed per second after the warmup, all jobs" },
	[S_BW] = { "bw_kib_per_s", "KiB/s", "fio's bw: bytes written per second, in KiB" },
	[S_CLAT_AVG] = { "clat_avg_us", "us", "fio's clat average: the write() call alone, i_rwsem wait included" },
	[S_CLAT_MAX] = { "clat_max_us", "us", "fio's clat max" },
	[S_CLAT_P50] = { "clat_p50_us", "us", "clat median" },
	[S_CLAT_P90] = { "clat_p90_us", "us", "clat 90th percentile" },
	[S_CLAT_P99] = { "clat_p99_us", "us", "clat 99th percentile" },
	[S_CLAT_P99_9] = { "clat_p99_9_us", "us", "clat 99.9th percentile" },
	[S_SYNC_AVG] = { "sync_avg_us", "us", "fio's sync latency average: the fsync or fdatasync call" },
	[S_WP_AVG] = { "writepages_avg_ns", "ns", "funclatency ext4_writepages: average time per call" },
	[S_WP_CALLS] = { "writepages_calls_count", "", "ext4_writepages calls after the warmup" },
	[S_WP_PAGES] = { "writepages_pages_per_call", "", "mean pages_written of ext4:ext4_writepages_result" },
	[S_TXNS] = { "jbd2_transactions_count", "", "/proc/fs/jbd2/<dev>/info: transactions committed after the warmup" },
	[S_REQUESTED] = { "jbd2_requested_count", "", "of them, requested (by fsync, not the timer)" },
	[S_COMMIT_TIME] = { "jbd2_commit_time_us", "us", "average transaction commit time: jbd2's EWMA (new + 3 old) / 4" },
	[S_HANDLES] = { "jbd2_handles_per_txn", "", "handles per transaction" },
	[S_RUNNING] = { "jbd2_running_transaction_ms", "ms", "running transaction: t_start to T_LOCKED, mean (exact; jbd2 prints whole jiffies)" },
	[S_LOGGED] = { "jbd2_logged_blocks_per_txn", "", "logged blocks per transaction: descriptor, metadata and commit blocks" },
};

enum {
	M_SYNC_BASE = 0,
	M_DEV_IOPS = 2 * S_NR, M_DEV_MERGES, M_FLUSHES, M_FLUSH_REQUESTS,
	M_EXTRA_PASSES, M_EXTRA_PAGES, M_WB_WAITS_HANDLE, M_HANDLE_WAITS,
	M_MTIME_UPDATES, M_WB_HANDLES, M_WRITEPAGES_HANDLES, M_HANDLES_TOTAL,
	M_TXNS_TOTAL,
#ifdef JC_YOURS_EXT4_WRITEBACK
	M_OP_P50, M_OP_P99, M_YOURS_WAITS, M_YOURS_WAIT_US, M_YOURS_SKIPS, M_YOURS_EXTRA,
#endif
	EWB_NR_METRICS,
};

static struct metric_spec ewb_metrics[EWB_NR_METRICS] = {
	[M_DEV_IOPS] = { "device_requests_per_s", "1/s", "requests the device served per second after the warmup (data, journal, flushes); the mail's disk stats: 510 and 526" },
	[M_DEV_MERGES] = { "device_merges", "", "bios merged into a queued request" },
	[M_FLUSHES] = { "device_flushes", "", "empty PREFLUSH requests sent (blkdev_issue_flush after coalescing)" },
	[M_FLUSH_REQUESTS] = { "flush_calls", "", "blkdev_issue_flush calls, before coalescing" },
	[M_EXTRA_PASSES] = { "extra_passes", "", "before: handle-holding passes over an overwrite that after does not make" },
	[M_EXTRA_PAGES] = { "extra_pass_pages", "", "pages those passes wrote: other tasks' pages, tagged after the first pass went by" },
	[M_WB_WAITS_HANDLE] = { "writeback_waits_under_handle", "", "waits for a page's writeback while holding a handle" },
	[M_HANDLE_WAITS] = { "handle_waits", "", "start_this_handle calls that slept (a commit in T_LOCKED)" },
	[M_MTIME_UPDATES] = { "mtime_updates", "", "ext4_dirty_inode calls for an mtime change, whole run" },
	[M_WB_HANDLES] = { "write_begin_handles", "", "5.10's handles in ext4_da_write_begin, whole run" },
	[M_WRITEPAGES_HANDLES] = { "writepages_handles", "", "handles ext4_writepages started, whole run" },
	[M_HANDLES_TOTAL] = { "jbd2_handles_total", "", "handles of every transaction committed, whole run" },
	[M_TXNS_TOTAL] = { "jbd2_transactions_total", "", "transactions committed, whole run (the last at unmount)" },
#ifdef JC_YOURS_EXT4_WRITEBACK
	[M_OP_P50] = { "sync_write_p50_us", "us", "a write and its fsync as the application waits for them, write() start to fsync() return: median" },
	[M_OP_P99] = { "sync_write_p99_us", "us", "the same, 99th percentile" },
	[M_YOURS_WAITS] = { "yours_waits", "", "yours: waits yours_fsync_begin() asked for, after the warmup" },
	[M_YOURS_WAIT_US] = { "yours_wait_avg_us", "us", "yours: average length of those waits" },
	[M_YOURS_SKIPS] = { "yours_skips", "", "yours: fsyncs whose own writeback yours_fsync_begin() skipped" },
	[M_YOURS_EXTRA] = { "yours_extra_passes", "", "yours: ext4_writepages calls yours_extra_pass() sent into the handle loop" },
#endif
};

static char sync_names[2 * S_NR][48];
static char sync_help[2 * S_NR][160];

static void ewb_init_metrics(void)
{
	int m, k, i;

	if (ewb_metrics[0].name)
		return;
	for (m = 0; m < 2; m++)
		for (k = 0; k < S_NR; k++) {
			i = m * S_NR + k;
			if (k < S_BUCKETS) {
				snprintf(sync_names[i], sizeof(sync_names[i]), "%s_%s", ewb_syncs[m], per_sync[k].name);
				snprintf(sync_help[i], sizeof(sync_help[i]), "--%s=1: %s", ewb_syncs[m], per_sync[k].help);
				ewb_metrics[i] = (struct metric_spec){ sync_names[i], per_sync[k].unit, sync_help[i] };
				continue;
			}
			if (k - S_BUCKETS == EWB_NR_BUCKETS - 1) {
				snprintf(sync_names[i], sizeof(sync_names[i]), "%s_writepages_calls_by_pages_%d_up",
					 ewb_syncs[m], 2 * (k - S_BUCKETS));
				snprintf(sync_help[i], sizeof(sync_help[i]),
					 "--%s=1: ext4_writepages calls that wrote %d pages or more", ewb_syncs[m],
					 2 * (k - S_BUCKETS));
			} else {
				snprintf(sync_names[i], sizeof(sync_names[i]), "%s_writepages_calls_by_pages_%d_%d",
					 ewb_syncs[m], 2 * (k - S_BUCKETS), 2 * (k - S_BUCKETS) + 1);
				snprintf(sync_help[i], sizeof(sync_help[i]),
					 "--%s=1: ext4_writepages calls that wrote %d or %d pages (the mail's histogram)",
					 ewb_syncs[m], 2 * (k - S_BUCKETS), 2 * (k - S_BUCKETS) + 1);
			}
			ewb_metrics[i] = (struct metric_spec){ sync_names[i], "", sync_help[i] };
		}
}

static int ewb_nr_cpus(const long long *p)
{
	/* one per job, kjournald2, and the CPU taking the completions */
	return (int)p[P_JOBS] + 2;
}

static const char *const ewb_check_params[] = { "bs_kib", "filesize" };

static int ewb_check(const long long *p, char *msg, size_t len)
{
	if (p[P_BS_KIB] % 4) {
		snprintf(msg, len, "bs_kib must be a multiple of 4 (a whole number of 4 KiB pages), not %lld",
			 p[P_BS_KIB]);
		return -1;
	}
	if (p[P_BS_KIB] * 1024 > p[P_FILESIZE]) {
		snprintf(msg, len, "bs_kib (%lld KiB) must not exceed filesize (%lld bytes)",
			 p[P_BS_KIB], p[P_FILESIZE]);
		return -1;
	}
	return 0;
}

static int ewb_setup(struct sim *s, int variant, const long long *p)
{
	int i, k;
	u64 pg;
	char name[24];

	ewb_init_metrics();
	memset(&ewb, 0, sizeof(ewb));
	memset(&ewb_tl, 0, sizeof(ewb_tl));
	memset(ewb_txns, 0, sizeof(ewb_txns));
	ewb.variant = variant;
	ewb.nr_jobs = (int)p[P_JOBS];
	ewb.datasync = p[P_SYNC] == 1;
	ewb.k510 = p[P_KERNEL] == 0;
	ewb.batch = ewb.k510 ? EWB_BATCH_510 : EWB_BATCH_612;
	ewb.pages_per_write = (u64)p[P_BS_KIB] / 4;
	ewb.nr_slots = (u64)p[P_FILESIZE] / ((u64)p[P_BS_KIB] * 1024);
	ewb.nr_pages = ((u64)p[P_FILESIZE] + PAGE_SIZE - 1) / PAGE_SIZE;
	ewb.jiffy_ns = NSEC_PER_SEC / (u64)p[P_HZ];
	ewb.end_ns = (u64)p[P_RUNTIME_MS] * NSEC_PER_MSEC;
	ewb.warmup_ns = ewb.end_ns / 5;
	ewb.running = ewb.nr_jobs;
	s->costs.tick_ns = ewb.jiffy_ns;

	init_rwsem(s, &ewb.i_rwsem, "i_rwsem");
	spin_lock_init(s, &ewb.xa_lock, "i_pages.xa_lock");
	init_waitqueue_head(&ewb.req_wait, "end_io");
	init_waitqueue_head(&ewb.flush_wait, "blk-flush");
#ifdef JC_YOURS_EXT4_WRITEBACK
	init_waitqueue_head(&ewb.batch_wait, "fsync batching");
	ewb.op_ns = sim_alloc(s, sizeof(u64) * EWB_MAX_CLAT);
	if (!ewb.op_ns)
		return -1;
#endif
	/* one request at a time, each taking 1/IOPS: the volume's throttle */
	blkdev_init(&ewb.dev, "ebs-io1", 1, NSEC_PER_SEC / (u64)p[P_IOPS],
		    ewb_cost.dev_bw, 0);
	/* mkfs and fio's layout run committed the file before: one commit behind */
	if (jbd2_journal_init(s, &ewb.journal, &ewb.dev, ewb.nr_jobs, 0, 1))
		return -1;
	ewb.i_sync_tid = 1;
	ewb.i_datasync_tid = 1;
	ewb_tl.seen_ts_tid = ewb.journal.stats.ts_tid;
	ewb_tl.seen_logging_ns = ewb.journal.stats.ts_logging_ns;

	ewb.pages = sim_alloc(s, sizeof(*ewb.pages) * ewb.nr_pages);
	ewb.reqs = sim_alloc(s, sizeof(*ewb.reqs) * (ewb.nr_pages + 1));
	ewb.jobs = sim_alloc(s, sizeof(*ewb.jobs) * (size_t)ewb.nr_jobs);
	ewb.clat = sim_alloc(s, sizeof(u64) * EWB_MAX_CLAT);
	if (!ewb.pages || !ewb.reqs || !ewb.jobs || !ewb.clat)
		return -1;
	for (pg = 0; pg < ewb.nr_pages; pg++) {
		page_lock_init(s, &ewb.pages[pg].lock, "folio_lock");
		init_waitqueue_head(&ewb.pages[pg].wb_wait, "folio_wait_writeback");
	}
	for (i = 0; i < ewb.nr_jobs; i++) {
		struct ewb_job *jb = &ewb.jobs[i];

		jb->id = i;
		jb->ph = PH_USER;
		jb->phase = phase_names[PH_USER];
		jb->perm = sim_alloc(s, sizeof(int) * ewb.nr_slots);
		jb->seen = sim_alloc(s, sizeof(u64) * ewb.nr_pages);
		if (!jb->perm || !jb->seen)
			return -1;
		for (k = 0; k < (int)ewb.nr_slots; k++)
			jb->perm[k] = k;
		jb->perm_pos = (int)ewb.nr_slots;
		snprintf(name, sizeof(name), "fio/%d", i);
		/* fio starts its threads within a few hundred microseconds */
		jb->t = sim_task_create(s, i, name, fio_job, jb, sim_rand(s) % (200 * NSEC_PER_USEC));
		if (!jb->t)
			return -1;
	}
	ewb.end_io = sim_task_create(s, ewb.nr_jobs + 1, "nvme irq", ewb_end_io, NULL, 0);
	return ewb.end_io ? 0 : -1;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* nearest rank: the smallest sample with at least @pct percent at or below it */
static double percentile_us(double pct)
{
	u64 rank;

	if (!ewb.nr_clat)
		return 0;
	rank = (u64)((pct / 100.0) * (double)ewb.nr_clat + 0.999999);
	if (rank < 1)
		rank = 1;
	if (rank > ewb.nr_clat)
		rank = ewb.nr_clat;
	return (double)ewb.clat[rank - 1] / 1e3;
}

#ifdef JC_YOURS_EXT4_WRITEBACK
/* nearest rank over the writes with their fsyncs, as percentile_us() */
static double op_percentile_us(double pct)
{
	u64 rank;

	if (!ewb.nr_op)
		return 0;
	rank = (u64)((pct / 100.0) * (double)ewb.nr_op + 0.999999);
	if (rank < 1)
		rank = 1;
	if (rank > ewb.nr_op)
		rank = ewb.nr_op;
	return (double)ewb.op_ns[rank - 1] / 1e3;
}
#endif

static void ewb_collect(struct sim *s, double *m)
{
	double secs = (double)(ewb.end_ns - ewb.warmup_ns) / 1e9;
	const journal_t *jl = &ewb.journal;
	double txns = (double)(jl->stats.ts_tid - ewb.j0.ts_tid);
	double *o = m + (ewb.datasync ? S_NR : 0);
	int b;

	(void)s;
	qsort(ewb.clat, ewb.nr_clat, sizeof(u64), cmp_u64);
	o[S_IOPS] = (double)ewb.writes / secs;
	o[S_BW] = o[S_IOPS] * (double)(ewb.pages_per_write * PAGE_SIZE) / 1024.0;
	o[S_CLAT_AVG] = ewb.writes ? (double)ewb.clat_ns / (double)ewb.writes / 1e3 : 0;
	o[S_CLAT_MAX] = (double)ewb.clat_max / 1e3;
	o[S_CLAT_P50] = percentile_us(50);
	o[S_CLAT_P90] = percentile_us(90);
	o[S_CLAT_P99] = percentile_us(99);
	o[S_CLAT_P99_9] = percentile_us(99.9);
	o[S_SYNC_AVG] = ewb.syncs ? (double)ewb.sync_ns / (double)ewb.syncs / 1e3 : 0;
	o[S_WP_AVG] = ewb.hist.calls ? (double)ewb.hist.ns / (double)ewb.hist.calls : 0;
	o[S_WP_CALLS] = (double)ewb.hist.calls;
	o[S_WP_PAGES] = ewb.hist.calls ? (double)ewb.hist.pages / (double)ewb.hist.calls : 0;
	o[S_TXNS] = txns;
	o[S_REQUESTED] = (double)(jl->stats.ts_requested - ewb.j0.ts_requested);
	o[S_COMMIT_TIME] = (double)jl->stats.average_commit_time_ns / 1e3;
	o[S_HANDLES] = txns ? (double)(jl->stats.ts_handles - ewb.j0.ts_handles) / txns : 0;
	o[S_RUNNING] = txns ? (double)(jl->stats.ts_running_ns - ewb.j0.ts_running_ns) / txns / 1e6 : 0;
	o[S_LOGGED] = txns ? (double)(jl->stats.ts_blocks_logged - ewb.j0.ts_blocks_logged) / txns : 0;
	for (b = 0; b < EWB_NR_BUCKETS; b++)
		o[S_BUCKETS + b] = (double)ewb.hist.bucket[b];

	m[M_DEV_IOPS] = (double)(ewb.dev.requests - ewb.dev_req0) / secs;
	m[M_DEV_MERGES] = (double)ewb.merges;
	m[M_FLUSHES] = (double)ewb.flushes;
	m[M_FLUSH_REQUESTS] = (double)ewb.flush_requests;
	m[M_EXTRA_PASSES] = (double)ewb.extra_passes;
	m[M_EXTRA_PAGES] = (double)ewb.extra_pass_pages;
	m[M_WB_WAITS_HANDLE] = (double)ewb.wb_waits_under_handle;
	m[M_HANDLE_WAITS] = (double)jl->stats.handle_waits;
	m[M_MTIME_UPDATES] = (double)ewb.mtime_updates;
	m[M_WB_HANDLES] = (double)ewb.write_begin_handles;
	m[M_WRITEPAGES_HANDLES] = (double)ewb.writepages_handles;
	m[M_HANDLES_TOTAL] = (double)jl->stats.ts_handles;
	m[M_TXNS_TOTAL] = (double)(jl->stats.ts_tid - 1);
#ifdef JC_YOURS_EXT4_WRITEBACK
	qsort(ewb.op_ns, ewb.nr_op, sizeof(u64), cmp_u64);
	m[M_OP_P50] = op_percentile_us(50);
	m[M_OP_P99] = op_percentile_us(99);
	m[M_YOURS_WAITS] = (double)ewb.yours_waits;
	m[M_YOURS_WAIT_US] = ewb.yours_waits ? (double)ewb.yours_wait_ns / (double)ewb.yours_waits / 1e3 : 0;
	m[M_YOURS_SKIPS] = (double)ewb.yours_skips;
	m[M_YOURS_EXTRA] = (double)ewb.yours_extra;
#endif
}

/* ---------------------------------------------------------------------
 * The invariant checker
 * ------------------------------------------------------------------- */

static bool in_job_bio(u64 idx)
{
	int k;

	for (k = 0; k < ewb.nr_jobs; k++) {
		const struct mpage_da_data *mpd = &ewb.jobs[k].mpd;

		if (mpd->io_nr && idx >= mpd->io_first && idx < mpd->io_first + mpd->io_nr)
			return true;
	}
	return false;
}

static int ewb_invariants(struct sim *s, bool final, char *msg, size_t len)
{
	u64 i, dirty = 0, towrite = 0, writeback = 0;

	(void)s;
	if (ewb.audit_failed) {
		snprintf(msg, len, "%s", ewb.audit_err);
		return -1;
	}
	for (i = 0; i < ewb.nr_pages; i++) {
		const struct ewb_page *pg = &ewb.pages[i];

		dirty += pg->dirty;
		towrite += pg->towrite;
		writeback += pg->writeback;
		if (pg->towrite && !pg->dirty) {
			snprintf(msg, len, "page %llu tagged TOWRITE but clean", (unsigned long long)i);
			return -1;
		}
		if (pg->writeback && !pg->in_request && !in_job_bio(i)) {
			snprintf(msg, len, "page %llu under writeback in no bio", (unsigned long long)i);
			return -1;
		}
		if (!pg->writeback && pg->in_request) {
			snprintf(msg, len, "page %llu in a request but not under writeback", (unsigned long long)i);
			return -1;
		}
		if (pg->durable_seq > pg->dirty_seq || (pg->writeback && pg->wb_seq < pg->durable_seq)) {
			snprintf(msg, len, "page %llu: on disk #%llu, dirtied #%llu, in flight #%llu",
				 (unsigned long long)i, (unsigned long long)pg->durable_seq,
				 (unsigned long long)pg->dirty_seq, (unsigned long long)pg->wb_seq);
			return -1;
		}
		if (!pg->dirty && !pg->writeback && pg->durable_seq != pg->dirty_seq) {
			snprintf(msg, len, "page %llu clean but its last dirtying (#%llu) is not on disk",
				 (unsigned long long)i, (unsigned long long)pg->dirty_seq);
			return -1;
		}
	}
	if (dirty != ewb.nr_dirty || towrite != ewb.nr_towrite || writeback != ewb.nr_writeback) {
		snprintf(msg, len, "mapping counts %llu/%llu/%llu, pages %llu/%llu/%llu (dirty/towrite/writeback)",
			 (unsigned long long)ewb.nr_dirty, (unsigned long long)ewb.nr_towrite,
			 (unsigned long long)ewb.nr_writeback, (unsigned long long)dirty,
			 (unsigned long long)towrite, (unsigned long long)writeback);
		return -1;
	}
	if (ewb.i_sync_tid > ewb.journal.j_transaction_sequence) {
		snprintf(msg, len, "i_sync_tid %llu beyond the last transaction",
			 (unsigned long long)ewb.i_sync_tid);
		return -1;
	}
	if (final) {
		if (writeback || !requests_empty()) {
			snprintf(msg, len, "%llu pages still under writeback at the end",
				 (unsigned long long)writeback);
			return -1;
		}
		if (ewb.journal.j_running_transaction) {
			snprintf(msg, len, "transaction %llu not committed at unmount",
				 (unsigned long long)ewb.journal.j_running_transaction->t_tid);
			return -1;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * The lab
 * ------------------------------------------------------------------- */

static const struct step_kind ewb_kinds[] = {
	{ "write", "slot", NULL },
	{ "fsync", "slot", NULL },
};

#include "ext4-writeback-mail.gen.h"

/*
 * The mail's fio run with --fsync=1: IOPS of 5.10.162 with 6b8ed62008a4
 * reverted (before) and as released (after); the figures are
 * mails/ext4-writeback.json's.
 */
static const struct paper_row ewb_rows[] = {
	{ MAIL_EXT4_WRITEBACK_ROW_1,
	  .params = "jobs=16;bs_kib=16;filesize=1000000;sync=0;kernel=0",
	  .note = "fsync_iops_per_s; 6 s with 1.2 s warmup (the mail: 60 s); 5.10's write_begin handles" },
	/*
	 * The control Jan Kara asked for: the mail states only that the gap
	 * is 5% with fdatasync, no figures. Its sign is the thread's reading
	 * (the reverted kernel still ahead), not a number the mail gives.
	 */
	{ MAIL_EXT4_WRITEBACK_ROW_2,
	  .params = "jobs=16;bs_kib=16;filesize=1000000;sync=1;kernel=0",
	  .note = "fdatasync_iops_per_s; the mail gives no figures, only a 5% gap" },
};

static const long long ewb_sweep_jobs[] = { 1, 4, 8, 16, 32 };

const struct lab lab_ext4_writeback = {
	.id = "ext4-writeback",
	.title = "ext4 writeback: the pass that kept sixteen fsyncing writers in step",
	.source = "ext4-writeback/ext4-writeback.c",
	.test_params = "jobs=2;runtime_ms=500;filesize=65536",
	.variants = ewb_variants,
	.nr_variants = EWB_NR_VARIANTS,
	.params = ewb_params,
	.nr_params = EWB_NR_PARAMS,
	.metrics = ewb_metrics,
	.nr_metrics = EWB_NR_METRICS,
	.kinds = ewb_kinds,
	.nr_kinds = ARRAY_SIZE(ewb_kinds),
	.rows = ewb_rows,
	.nr_rows = ARRAY_SIZE(ewb_rows),
	.row_metric = "fsync_iops_per_s",
	.row_unit = "1/s",
	.row_scale = 1.0,
	.cite = MAIL_EXT4_WRITEBACK_CITATION,
	.sweep_param = "jobs",
	.sweep_values = ewb_sweep_jobs,
	.nr_sweep_values = ARRAY_SIZE(ewb_sweep_jobs),
	.nr_cpus = ewb_nr_cpus,
	.check = ewb_check,
	.check_params = ewb_check_params,
	.nr_check_params = ARRAY_SIZE(ewb_check_params),
	.setup = ewb_setup,
	.collect = ewb_collect,
	.snapshot = ewb_snapshot,
	.invariants = ewb_invariants,
};

/* ---------------------------------------------------------------------
 * Hooks for test-ext4-writeback.c
 * ------------------------------------------------------------------- */

double ewb_test_histogram(const u64 *pages, int n, double *buckets)
{
	struct ewb_hist h;
	int i;

	memset(&h, 0, sizeof(h));
	for (i = 0; i < n; i++)
		account_writepages(&h, pages[i], 0);
	for (i = 0; i < EWB_NR_BUCKETS; i++)
		buckets[i] = (double)h.bucket[i];
	return h.calls ? (double)h.pages / (double)h.calls : 0;
}

int ewb_test_lookup(const bool *towrite, u64 nr, int batch, u64 from, u64 last, u64 *found, u64 *next)
{
	struct ewb_page pages[64];
	struct ewb_job jb;
	u64 i;

	if (nr > ARRAY_SIZE(pages) || batch < 1 || batch > EWB_MAX_BATCH)
		return -1;
	memset(pages, 0, sizeof(pages));
	memset(&jb, 0, sizeof(jb));
	for (i = 0; i < nr; i++)
		pages[i].towrite = towrite[i];
	ewb.pages = pages;
	ewb.batch = batch;
	jb.index = from;
	lookup_towrite_batch(&jb, last);
	ewb.pages = NULL;
	memcpy(found, jb.batch, sizeof(u64) * (size_t)jb.nr_batch);
	*next = jb.index;
	return jb.nr_batch;
}
