// SPDX-License-Identifier: GPL-2.0
/*
 * ext4-writeback-output.c - what the ext4-writeback model shows of itself: the snapshot of the
 * jobs, the journal, the histogram and the lanes' timeline, as JSON. The
 * mechanism is ext4-writeback.c.
 */
#include <stdio.h>
#include <string.h>

#include "ext4-writeback.h"

static const char *const txn_states[] = { "running", "locked", "switch", "flush", "commit", "finished" };

/* a task's own clock runs ahead of the engine's by what it has charged: the snapshot shows neither past its time */
static u64 clamp_now(const struct sim *s, u64 t)
{
	return t < s->now ? t : s->now;
}

/*
 * The timeline of the last EWB_WINDOW_NS: every job's phases (those it is
 * in now with "to" null; user time is the gaps) and every transaction that
 * overlaps the window. "full": the rings lost records that fell in it.
 * At most EWB_SNAP_SPANS finished phases are sent: when more ended in the
 * window (64 jobs at 100,000 IOPS end thousands), the window starts where
 * the newest EWB_SNAP_SPANS begin, so that it stays whole and the lanes
 * stay drawable.
 */
#define EWB_SNAP_SPANS		1024

static void ewb_snapshot_timeline(struct sim *s, struct jbuf *jb)
{
	u64 from = s->now > EWB_WINDOW_NS ? s->now - EWB_WINDOW_NS : 0;
	u64 first = ewb_tl.nr_spans > EWB_SPAN_RING ? ewb_tl.nr_spans - EWB_SPAN_RING : 0;
	u64 i, tid, oldest_tid, emit = first;
	bool full = false;
	int k;

	/* phases enter the ring as they end: the dropped ones ended by the last one's end */
	if (ewb_tl.nr_spans - first > EWB_SNAP_SPANS) {
		u64 cut = ewb_tl.nr_spans - EWB_SNAP_SPANS;
		u64 t = clamp_now(s, ewb_spans[(cut - 1) % EWB_SPAN_RING].to);

		if (t > from) {
			from = t;
			emit = cut;
		}
	}

	if (first && ewb_spans[first % EWB_SPAN_RING].to >= from)
		full = true;
	oldest_tid = ewb_tl.last_tid >= EWB_TXN_RING ? ewb_tl.last_tid - EWB_TXN_RING + 1 : 1;
	if (oldest_tid > 1 && txn_rec(oldest_tid) && (!txn_rec(oldest_tid)->end || txn_rec(oldest_tid)->end >= from))
		full = true;

	jb_key(jb, "timeline");
	jb_obj_open(jb);
	jb_kv_uint(jb, "from_ns", from);
	jb_kv_uint(jb, "to_ns", s->now);
	jb_kv_bool(jb, "full", full);
	jb_key(jb, "spans");
	jb_arr_open(jb);
	for (i = emit; i < ewb_tl.nr_spans; i++) {
		const struct ewb_span *sp = &ewb_spans[i % EWB_SPAN_RING];
		u64 a = clamp_now(s, sp->from), b = clamp_now(s, sp->to);

		if (b < from || b <= a)
			continue;
		jb_obj_open(jb);
		jb_kv_int(jb, "job", sp->job);
		jb_kv_str(jb, "phase", phase_names[sp->phase]);
		jb_kv_uint(jb, "from", a);
		jb_kv_uint(jb, "to", b);
		jb_obj_close(jb);
	}
	for (k = 0; k < ewb.nr_jobs; k++) {
		const struct ewb_job *job = &ewb.jobs[k];

		if (job->ph == PH_USER || job->ph == PH_DONE)
			continue;
		jb_obj_open(jb);
		jb_kv_int(jb, "job", job->id);
		jb_kv_str(jb, "phase", phase_names[job->ph]);
		jb_kv_uint(jb, "from", clamp_now(s, job->ph_from));
		jb_key(jb, "to");
		jb_null(jb);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_key(jb, "txns");
	jb_arr_open(jb);
	for (tid = oldest_tid; tid && tid <= ewb_tl.last_tid; tid++) {
		const struct ewb_txn_rec *r = txn_rec(tid);
		u64 end;

		if (!r)
			continue;
		end = r->end ? clamp_now(s, r->end) : 0;
		if ((r->end && end < from) || clamp_now(s, r->start) != r->start)
			continue;
		jb_obj_open(jb);
		jb_kv_uint(jb, "tid", r->tid);
		jb_kv_uint(jb, "start", r->start);
		jb_key(jb, "locked");
		if (r->locked)
			jb_uint(jb, clamp_now(s, r->locked));
		else
			jb_null(jb);
		jb_key(jb, "end");
		if (r->end)
			jb_uint(jb, end);
		else
			jb_null(jb);
		jb_kv_uint(jb, "handles", r->handles);
		jb_kv_bool(jb, "end_approx", r->end_approx);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);
}

void ewb_snapshot(struct sim *s, struct jbuf *jb)
{
	const journal_t *j = &ewb.journal;
	static char map[16777216 / 4096 + 1];
	u64 i;
	int k;

	jb_key(jb, "ext4");
	jb_obj_open(jb);
	jb_kv_str(jb, "variant", lab_ext4_writeback.variants[ewb.variant]);
	jb_kv_str(jb, "kernel", ewb.k510 ? "5.10" : "6.12");
	jb_kv_str(jb, "sync", ewb.datasync ? "fdatasync" : "fsync");
	/* one letter a page: . clean, d dirty, t dirty and TOWRITE, w writeback, W writeback and dirty again */
	{
		for (i = 0; i < ewb.nr_pages; i++) {
			const struct ewb_page *pg = &ewb.pages[i];

			map[i] = pg->writeback ? (pg->dirty ? 'W' : 'w') :
				 pg->towrite ? 't' : pg->dirty ? 'd' : '.';
		}
		map[ewb.nr_pages] = '\0';
		jb_kv_str(jb, "pages", map);
	}
	jb_kv_uint(jb, "nr_dirty", ewb.nr_dirty);
	jb_kv_uint(jb, "nr_towrite", ewb.nr_towrite);
	jb_kv_uint(jb, "nr_writeback", ewb.nr_writeback);
	jb_kv_uint(jb, "i_sync_tid", ewb.i_sync_tid);
	jb_kv_uint(jb, "i_mtime_jiffies", ewb.i_mtime);

	jb_key(jb, "jobs");
	jb_arr_open(jb);
	for (k = 0; k < ewb.nr_jobs; k++) {
		const struct ewb_job *job = &ewb.jobs[k];

		jb_obj_open(jb);
		jb_kv_int(jb, "task", job->t->id);
		jb_kv_str(jb, "phase", job->phase);
		jb_kv_int(jb, "slot", job->slot);
		jb_kv_bool(jb, "handle", job->handle.h_transaction != NULL);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);

	jb_key(jb, "journal");
	jb_obj_open(jb);
	jb_kv_uint(jb, "running_tid", j->j_running_transaction ? j->j_running_transaction->t_tid : 0);
	jb_kv_str(jb, "running_state", j->j_running_transaction ?
		  txn_states[j->j_running_transaction->t_state] : "none");
	jb_kv_int(jb, "t_updates", j->j_running_transaction ? j->j_running_transaction->t_updates : 0);
	jb_kv_uint(jb, "t_handle_count", j->j_running_transaction ?
		   j->j_running_transaction->t_handle_count : 0);
	jb_kv_uint(jb, "commit_sequence", j->j_commit_sequence);
	jb_kv_uint(jb, "commit_request", j->j_commit_request);
	jb_kv_uint(jb, "transactions", j->stats.ts_tid);
	jb_kv_uint(jb, "handles", j->stats.ts_handles);
	jb_kv_num(jb, "average_commit_time_us", (double)j->stats.average_commit_time_ns / 1e3);
	jb_obj_close(jb);

	jb_key(jb, "device");
	jb_obj_open(jb);
	jb_kv_uint(jb, "requests", ewb.dev.requests);
	jb_kv_uint(jb, "merges", ewb.merges);
	jb_kv_uint(jb, "flushes", ewb.flushes);
	jb_kv_uint(jb, "queued_ns", ewb.dev.busy_until[0] > s->now ? ewb.dev.busy_until[0] - s->now : 0);
	jb_obj_close(jb);

	jb_key(jb, "histogram");
	jb_arr_open(jb);
	for (k = 0; k < EWB_NR_BUCKETS; k++)
		jb_uint(jb, ewb.hist.bucket[k]);
	jb_arr_close(jb);

	ewb_snapshot_timeline(s, jb);
	jb_obj_close(jb);
}

