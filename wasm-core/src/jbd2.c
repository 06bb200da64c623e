// SPDX-License-Identifier: GPL-2.0
/*
 * jbd2.c - handles, the commit thread and fast commits (see jbd2.h).
 *
 * Mirrors fs/jbd2/transaction.c (start_this_handle, jbd2_journal_stop,
 * jbd2_journal_lock_updates), fs/jbd2/commit.c
 * (jbd2_journal_commit_transaction) and fs/jbd2/journal.c (kjournald2,
 * jbd2_fc_begin_commit, __jbd2_fc_end_commit, jbd2_complete_transaction)
 * of Linux 6.12.
 */
#include <string.h>

#include "jbd2.h"

/* Descriptor block tags per 4 KiB block: 16-byte csum-v3 tags after a 12-byte header. */
#define JBD2_TAGS_PER_DESCRIPTOR	255

static int kjournald2(struct sim *s, struct task *t);

int jbd2_journal_init(struct sim *s, journal_t *j, struct blkdev *dev, int cpu,
		      int fc_blocks, u64 committed)
{
	memset(j, 0, sizeof(*j));
	rwlock_init(s, &j->j_state_lock, "j_state_lock");
	mutex_init(s, &j->j_barrier, "j_barrier");
	init_waitqueue_head(&j->j_wait_transaction_locked, "j_wait_transaction_locked");
	init_waitqueue_head(&j->j_wait_updates, "j_wait_updates");
	init_waitqueue_head(&j->j_wait_commit, "j_wait_commit");
	init_waitqueue_head(&j->j_wait_done_commit, "j_wait_done_commit");
	init_waitqueue_head(&j->j_fc_wait, "j_fc_wait");
	j->j_dev = dev;
	j->j_blocksize = 4096;
	/* JBD2_DEFAULT_MAX_COMMIT_AGE: 5 s */
	j->j_commit_interval = 5 * NSEC_PER_SEC;
	/* the area's blocks are j_fc_first..j_fc_last - 1: one less than its size */
	j->j_fc_wbufsize = fc_blocks > 0 ? fc_blocks - 1 : 0;
	j->j_transaction_sequence = committed;
	j->j_commit_sequence = committed;
	j->j_commit_request = committed;
	j->stats.ts_tid = committed;
	/*
	 * struct jbd2_costs, on a 2-4 GHz core:
	 * - start_this_handle: a read_lock of j_state_lock (its take and its
	 *   release charged by the rwlock itself) plus credit arithmetic and
	 *   two atomics, ~150 ns;
	 * - jbd2_journal_stop: an atomic_dec_and_test and checks, ~80 ns;
	 * - jbd2_journal_dirty_metadata: b_state_lock, a journal_head lookup
	 *   and a list move, ~200 ns;
	 * - a commit's fixed work (list splices, stats, the commit block's
	 *   checksum): ~20 us;
	 * - per logged block: a descriptor tag and crc32c of 4 KiB at ~8 GB/s,
	 *   ~600 ns.
	 */
	j->costs.handle_start_ns = 150;
	j->costs.handle_stop_ns = 80;
	j->costs.dirty_metadata_ns = 200;
	j->costs.commit_fixed_ns = 20 * NSEC_PER_USEC;
	j->costs.commit_per_block_ns = 600;
	j->j_task = sim_task_create(s, cpu, "kjournald2", kjournald2, j, 0);
	return j->j_task ? 0 : -1;
}

/* ---------------------------------------------------------------------- */
/* Handles                                                                  */

static bool journal_unlocked(const journal_t *j)
{
	return j->j_barrier_count == 0;
}

static bool running_unlocked(const journal_t *j)
{
	return !j->j_running_transaction ||
	       j->j_running_transaction->t_state == T_RUNNING;
}

/*
 * jbd2_journal_start - start_this_handle(): join the running transaction,
 * creating it if there is none. Sleeps while the journal is locked by a
 * barrier (a fast commit) or the running transaction is locked for commit.
 */
int jbd2_journal_start(struct sim *s, struct task *t, journal_t *j, handle_t *h)
{
	struct co *co = &h->h_co;
	transaction_t *tr;

	CO_BEGIN(co);
	h->h_wait_from = sim_clock(s, t);
	sim_charge(t, j->costs.handle_start_ns);
repeat:
	read_lock(t, &j->j_state_lock);
	if (j->j_barrier_count) {
		read_unlock(t, &j->j_state_lock);
		j->stats.handle_waits++;
		wait_event(t, &j->j_wait_transaction_locked, journal_unlocked(j));
		goto repeat;
	}
	if (!j->j_running_transaction) {
		read_unlock(t, &j->j_state_lock);
		write_lock(t, &j->j_state_lock);
		if (!j->j_running_transaction && !j->j_barrier_count) {
			tr = sim_alloc(s, sizeof(*tr));
			if (!tr) {
				write_unlock(t, &j->j_state_lock);
				CO_EXIT(co);
			}
			tr->t_tid = ++j->j_transaction_sequence;
			tr->t_state = T_RUNNING;
			tr->t_start = sim_clock(s, t);
			tr->t_expires = tr->t_start + j->j_commit_interval;
			j->j_running_transaction = tr;
		}
		write_unlock(t, &j->j_state_lock);
		/* kjournald2 arms its timer for the new transaction */
		wake_up_all(t, &j->j_wait_commit);
		goto repeat;
	}
	if (j->j_running_transaction->t_state != T_RUNNING) {
		read_unlock(t, &j->j_state_lock);
		j->stats.handle_waits++;
		wait_event(t, &j->j_wait_transaction_locked, running_unlocked(j));
		goto repeat;
	}
	tr = j->j_running_transaction;
	tr->t_updates++;
	tr->t_handle_count++;
	if (sim_clock(s, t) - h->h_wait_from > tr->t_max_wait)
		tr->t_max_wait = sim_clock(s, t) - h->h_wait_from;
	h->h_transaction = tr;
	read_unlock(t, &j->j_state_lock);
	CO_END(co);
}

void jbd2_journal_dirty_metadata(struct task *t, journal_t *j, handle_t *h,
				 struct jbd2_buffer *bh)
{
	sim_charge(t, j->costs.dirty_metadata_ns);
	if (bh->b_tid == h->h_transaction->t_tid)
		return;
	bh->b_tid = h->h_transaction->t_tid;
	h->h_transaction->t_nr_buffers++;
}

static void log_start_commit(journal_t *j, u64 tid, u64 now)
{
	if (j->j_commit_request >= tid)
		return;
	j->j_commit_request = tid;
	if (j->j_running_transaction && j->j_running_transaction->t_tid == tid &&
	    !j->j_running_transaction->t_requested)
		j->j_running_transaction->t_requested = now;
}

/*
 * jbd2_journal_stop - the handle leaves its transaction; the last one out
 * wakes a commit waiting for updates to drain. An expired transaction is
 * asked to commit, as the kernel does here.
 */
int jbd2_journal_stop(struct sim *s, struct task *t, journal_t *j, handle_t *h)
{
	struct co *co = &h->h_co;

	CO_BEGIN(co);
	sim_charge(t, j->costs.handle_stop_ns);
	if (--h->h_transaction->t_updates == 0)
		wake_up_all(t, &j->j_wait_updates);
	if (h->h_transaction->t_state == T_RUNNING &&
	    sim_clock(s, t) >= h->h_transaction->t_expires &&
	    j->j_commit_request < h->h_transaction->t_tid) {
		log_start_commit(j, h->h_transaction->t_tid, sim_clock(s, t));
		wake_up_all(t, &j->j_wait_commit);
	}
	h->h_transaction = NULL;
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* Waiting for a commit                                                     */

static bool tid_committed(const journal_t *j, u64 tid)
{
	return j->j_commit_sequence >= tid;
}

int jbd2_complete_transaction(struct sim *s, struct task *t, struct co *co,
			      journal_t *j, u64 tid)
{
	CO_BEGIN(co);
	read_lock(t, &j->j_state_lock);
	if (j->j_running_transaction && j->j_running_transaction->t_tid == tid &&
	    j->j_commit_request < tid) {
		log_start_commit(j, tid, sim_clock(s, t));
		read_unlock(t, &j->j_state_lock);
		wake_up_all(t, &j->j_wait_commit);
	} else {
		read_unlock(t, &j->j_state_lock);
	}
	wait_event(t, &j->j_wait_done_commit, tid_committed(j, tid));
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* The barrier and fast commits                                             */

static bool no_updates(const journal_t *j)
{
	return !j->j_running_transaction || j->j_running_transaction->t_updates == 0;
}

static bool fc_done(const journal_t *j)
{
	return !(j->j_flags & (JBD2_FAST_COMMIT_ONGOING | JBD2_FULL_COMMIT_ONGOING));
}

/*
 * jbd2_fc_begin_commit - as 6.12 does it: with a commit of either kind in
 * progress, sleep until it ends and report -EALREADY; else set
 * FAST_COMMIT_ONGOING and lock updates (jbd2_journal_lock_updates: new
 * handles sleep, running ones drain, then the j_barrier mutex).
 */
int jbd2_fc_begin_commit(struct sim *s, struct task *t, struct co *co,
			 journal_t *j, u64 tid, int *ret)
{
	CO_BEGIN(co);
	if (!j->stats.ts_tid) {
		*ret = -JBD2_EINVAL;
		CO_EXIT(co);
	}
	write_lock(t, &j->j_state_lock);
	if (j->j_commit_sequence >= tid) {
		write_unlock(t, &j->j_state_lock);
		*ret = -JBD2_EALREADY;
		CO_EXIT(co);
	}
	if (j->j_flags & (JBD2_FAST_COMMIT_ONGOING | JBD2_FULL_COMMIT_ONGOING)) {
		write_unlock(t, &j->j_state_lock);
		/* prepare_to_wait, schedule: one wakeup of j_fc_wait ends it */
		wait_event(t, &j->j_fc_wait, fc_done(j));
		*ret = -JBD2_EALREADY;
		CO_EXIT(co);
	}
	j->j_flags |= JBD2_FAST_COMMIT_ONGOING;
	j->stats.fc_commits++;
	write_unlock(t, &j->j_state_lock);
	/* jbd2_journal_lock_updates: j_state_lock taken again */
	write_lock(t, &j->j_state_lock);
	++j->j_barrier_count;
	while (!no_updates(j)) {
		write_unlock(t, &j->j_state_lock);
		wait_event(t, &j->j_wait_updates, no_updates(j));
		write_lock(t, &j->j_state_lock);
	}
	write_unlock(t, &j->j_state_lock);
	mutex_lock(t, &j->j_barrier);
	*ret = 0;
	CO_END(co);
}

static int __jbd2_fc_end_commit(struct sim *s, struct task *t, struct co *co,
				journal_t *j, struct co *cleanup_co, bool fallback,
				u64 tid)
{
	CO_BEGIN(co);
	if (j->j_fc_cleanup_callback && !j->j_fc_unlock_before_cleanup)
		CO_CALL(co, j->j_fc_cleanup_callback(s, t, cleanup_co, j, false, tid));
	/* jbd2_journal_unlock_updates */
	mutex_unlock(t, &j->j_barrier);
	write_lock(t, &j->j_state_lock);
	--j->j_barrier_count;
	write_unlock(t, &j->j_state_lock);
	wake_up_all(t, &j->j_wait_transaction_locked);
	/* 5.17: the cleanup runs with handles starting again */
	if (j->j_fc_cleanup_callback && j->j_fc_unlock_before_cleanup)
		CO_CALL(co, j->j_fc_cleanup_callback(s, t, cleanup_co, j, false, tid));
	write_lock(t, &j->j_state_lock);
	j->j_flags &= ~JBD2_FAST_COMMIT_ONGOING;
	if (fallback)
		j->j_flags |= JBD2_FULL_COMMIT_ONGOING;
	write_unlock(t, &j->j_state_lock);
	wake_up_all(t, &j->j_fc_wait);
	if (fallback) {
		j->stats.fc_fallbacks++;
		CO_CALL(co, jbd2_complete_transaction(s, t, cleanup_co, j, tid));
	}
	CO_END(co);
}

int jbd2_fc_end_commit(struct sim *s, struct task *t, struct co *co,
		       journal_t *j, struct co *cleanup_co)
{
	return __jbd2_fc_end_commit(s, t, co, j, cleanup_co, false, 0);
}

int jbd2_fc_end_commit_fallback(struct sim *s, struct task *t, struct co *co,
				journal_t *j, struct co *cleanup_co)
{
	if (!co->pc)
		j->j_fallback_tid = j->j_running_transaction ?
				    j->j_running_transaction->t_tid : 0;
	return __jbd2_fc_end_commit(s, t, co, j, cleanup_co, true, j->j_fallback_tid);
}

int jbd2_fc_get_buf(journal_t *j)
{
	if (j->j_fc_off >= j->j_fc_wbufsize)
		return -JBD2_ENOSPC;
	j->j_fc_off++;
	return 0;
}

/* ---------------------------------------------------------------------- */
/* The commit                                                               */

static bool fc_not_ongoing(const journal_t *j)
{
	return !(j->j_flags & JBD2_FAST_COMMIT_ONGOING);
}

static bool updates_drained(const journal_t *j)
{
	return j->j_commit_txn->t_updates == 0;
}

/*
 * jbd2_journal_commit_transaction - kjournald2 commits the running
 * transaction: lock it, let its handles drain, switch (new handles open the
 * next one), log its blocks and the commit block, then finish.
 */
static int jbd2_journal_commit_transaction(struct sim *s, struct task *t,
					   journal_t *j)
{
	struct co *co = &j->j_co_commit;
	transaction_t *tr;
	u64 took, descriptors;

	CO_BEGIN(co);
	write_lock(t, &j->j_state_lock);
	j->j_flags |= JBD2_FULL_COMMIT_ONGOING;
	while (j->j_flags & JBD2_FAST_COMMIT_ONGOING) {
		write_unlock(t, &j->j_state_lock);
		wait_event(t, &j->j_fc_wait, fc_not_ongoing(j));
		write_lock(t, &j->j_state_lock);
	}
	tr = j->j_running_transaction;
	j->j_commit_txn = tr;
	if (!tr) {
		j->j_flags &= ~JBD2_FULL_COMMIT_ONGOING;
		write_unlock(t, &j->j_state_lock);
		wake_up_all(t, &j->j_fc_wait);
		CO_EXIT(co);
	}
	j->j_commit_start = sim_clock(s, t);
	j->stats.ts_running_ns += j->j_commit_start - tr->t_start;
	tr->t_state = T_LOCKED;
	while (!updates_drained(j)) {
		write_unlock(t, &j->j_state_lock);
		wait_event(t, &j->j_wait_updates, updates_drained(j));
		write_lock(t, &j->j_state_lock);
	}
	j->j_fc_off = 0;
	j->j_commit_txn->t_state = T_FLUSH;
	j->j_running_transaction = NULL;
	j->stats.ts_locked_ns += sim_clock(s, t) - j->j_commit_start;
	write_unlock(t, &j->j_state_lock);
	wake_up_all(t, &j->j_wait_transaction_locked);

	/* the metadata blocks and their descriptor blocks, then the commit block */
	tr = j->j_commit_txn;
	descriptors = (tr->t_nr_buffers + JBD2_TAGS_PER_DESCRIPTOR - 1) / JBD2_TAGS_PER_DESCRIPTOR;
	j->j_commit_logged = tr->t_nr_buffers + descriptors + 1;
	sim_charge(t, j->costs.commit_fixed_ns +
		      j->j_commit_logged * j->costs.commit_per_block_ns);
	if (j->j_commit_logged > 1)
		submit_bio_wait(t, j->j_dev, (j->j_commit_logged - 1) * j->j_blocksize, false);
	j->j_commit_txn->t_state = T_COMMIT;
	submit_bio_wait(t, j->j_dev, j->j_blocksize, true);
	if (j->j_fc_cleanup_callback)
		CO_CALL(co, j->j_fc_cleanup_callback(s, t, &j->j_co_cleanup, j, true,
						     j->j_commit_txn->t_tid));

	write_lock(t, &j->j_state_lock);
	tr = j->j_commit_txn;
	tr->t_state = T_FINISHED;
	j->j_commit_sequence = tr->t_tid;
	took = sim_clock(s, t) - j->j_commit_start;
	j->stats.ts_logging_ns += took;
	j->stats.ts_tid++;
	if (tr->t_requested)
		j->stats.ts_requested++;
	j->stats.ts_handles += tr->t_handle_count;
	j->stats.ts_blocks += tr->t_nr_buffers;
	j->stats.ts_blocks_logged += j->j_commit_logged;
	j->stats.average_commit_time_ns = j->stats.average_commit_time_ns ?
		(took + 3 * j->stats.average_commit_time_ns) / 4 : took;
	j->j_flags &= ~(JBD2_FULL_COMMIT_ONGOING | JBD2_FAST_COMMIT_ONGOING);
	write_unlock(t, &j->j_state_lock);
	wake_up_all(t, &j->j_wait_done_commit);
	wake_up_all(t, &j->j_fc_wait);
	CO_END(co);
}

static bool kjournald2_has_work(const journal_t *j)
{
	return j->j_commit_request != j->j_commit_sequence || j->j_stop ||
	       (j->j_running_transaction && !j->j_wait_deadline);
}

/*
 * kjournald2 - commit when asked, or when the running transaction's timer
 * (t_expires) fires; on unmount commit what runs and exit.
 */
static int kjournald2(struct sim *s, struct task *t)
{
	journal_t *j = t->priv;
	struct co *co = &j->j_co_main;

	CO_BEGIN(co);
	for (;;) {
		if (j->j_commit_request != j->j_commit_sequence) {
			CO_CALL(co, jbd2_journal_commit_transaction(s, t, j));
			continue;
		}
		if (j->j_running_transaction &&
		    (j->j_stop || sim_clock(s, t) >= j->j_running_transaction->t_expires)) {
			log_start_commit(j, j->j_running_transaction->t_tid, 0);
			continue;
		}
		if (j->j_stop)
			break;
		j->j_wait_deadline = j->j_running_transaction ?
				     j->j_running_transaction->t_expires : 0;
		if (j->j_wait_deadline)
			wait_event_deadline(t, &j->j_wait_commit, kjournald2_has_work(j),
					    j->j_wait_deadline);
		else
			wait_event(t, &j->j_wait_commit, kjournald2_has_work(j));
		j->j_wait_deadline = 0;
	}
	CO_END(co);
}

int jbd2_journal_destroy(struct sim *s, struct task *t, struct co *co, journal_t *j)
{
	CO_BEGIN(co);
	j->j_stop = true;
	wake_up_all(t, &j->j_wait_commit);
	CO_END(co);
}
