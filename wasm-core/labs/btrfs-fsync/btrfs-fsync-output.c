// SPDX-License-Identifier: GPL-2.0
/*
 * btrfs-fsync-output.c - what the btrfs-fsync model shows of itself: the snapshot of the
 * transactions' states, the clients and the timeline, as JSON. The
 * mechanism is btrfs-fsync.c.
 */
#include <stdio.h>
#include <string.h>

#include "btrfs-fsync.h"

/* the timeline window the snapshot shows: the last ~40 ms of the run so far */
#define TIMELINE_WINDOW_NS	(40 * NSEC_PER_MSEC)
#define SNAP_CLIENTS		64

void bf_snapshot(struct sim *s, struct jbuf *jb)
{
	struct btrfs_transaction *tr;
	u64 from = s->now > TIMELINE_WINDOW_NS ? s->now - TIMELINE_WINDOW_NS : 0;
	int i, j, op;

	jb_key(jb, "btrfs");
	jb_obj_open(jb);
	jb_kv_str(jb, "variant", lab_btrfs_fsync.variants[bf.variant]);
	jb_kv_str(jb, "log", bf.notreelog ? "notreelog" : "tree-log");
	jb_kv_uint(jb, "running_transid", bf.running_transaction ?
		   bf.running_transaction->transid : 0);
	jb_kv_uint(jb, "last_committed", bf.last_trans_committed);
	jb_kv_bool(jb, "log_full_commit", bf.running_transaction &&
		   bf.last_trans_log_full_commit == bf.running_transaction->transid);
	jb_key(jb, "trans_list");
	jb_arr_open(jb);
	list_for_each_entry(tr, &bf.trans_list, struct btrfs_transaction, list) {
		jb_obj_open(jb);
		jb_kv_uint(jb, "transid", tr->transid);
		jb_kv_str(jb, "state", state_names[tr->state]);
		jb_kv_int(jb, "num_writers", tr->num_writers);
		jb_kv_int(jb, "num_extwriters", tr->num_extwriters);
		jb_kv_uint(jb, "dirty_blocks", tr->dirty_blocks);
		jb_kv_uint(jb, "pinned", tr->pinned);
		jb_kv_uint(jb, "unpinned", tr->unpinned);
		jb_kv_int(jb, "committer", tr->committer);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);

	jb_key(jb, "clients");
	jb_arr_open(jb);
	for (i = 0; i < bf.nr_clients && i < SNAP_CLIENTS; i++) {
		struct bf_client *c = &bf.clients[i];

		jb_obj_open(jb);
		jb_kv_int(jb, "task", c->t->id);
		jb_kv_str(jb, "op", c->op >= 0 && c->op < NR_OPS ? op_names[c->op] : "");
		jb_kv_str(jb, "phase", c->phase);
		jb_key(jb, "waiting");
		if (c->waiting_on) {
			jb_obj_open(jb);
			jb_kv_uint(jb, "transid", c->waiting_on->transid);
			jb_kv_str(jb, "want", state_names[c->waiting_want]);
			jb_kv_str(jb, "site", site_names[c->waiting_site]);
			jb_obj_close(jb);
		} else {
			jb_null(jb);
		}
		jb_obj_close(jb);
	}
	jb_arr_close(jb);

	jb_key(jb, "log_tree");
	jb_obj_open(jb);
	jb_kv_uint(jb, "log_transid", bf.log_transid);
	jb_kv_uint(jb, "committed", bf.log_transid_committed);
	jb_kv_int(jb, "writers", bf.log_writers);
	jb_kv_bool(jb, "committing", bf.log_commit[0] || bf.log_commit[1]);
	jb_obj_close(jb);

	jb_key(jb, "commit_stats");
	jb_obj_open(jb);
	jb_kv_uint(jb, "commits", bf.commits);
	jb_kv_num(jb, "last_commit_ms", (double)bf.commit_last_ns / 1e6);
	jb_kv_num(jb, "max_commit_ms", (double)bf.commit_max_ns / 1e6);
	jb_kv_num(jb, "total_commit_ms", (double)bf.commit_total_ns / 1e6);
	jb_obj_close(jb);

	/* the timeline: transactions and waits that overlap the window */
	jb_key(jb, "timeline");
	jb_obj_open(jb);
	jb_kv_uint(jb, "from_ns", from);
	jb_kv_uint(jb, "to_ns", s->now);
	jb_kv_bool(jb, "full", bf.timeline_full);
	jb_key(jb, "txns");
	jb_arr_open(jb);
	for (i = 0; i < bf.nr_txns; i++) {
		const struct bf_txn_rec *r = &bf.txns[i];
		u64 end = r->at[TRANS_STATE_COMPLETED];

		if (end && end < from)
			continue;
		jb_obj_open(jb);
		jb_kv_uint(jb, "transid", r->transid);
		jb_kv_int(jb, "committer", r->committer);
		jb_kv_bool(jb, "fallback", r->fallback);
		jb_key(jb, "at");
		jb_arr_open(jb);
		for (j = 0; j < TRANS_STATE_MAX; j++) {
			if (r->at[j] || j == TRANS_STATE_RUNNING)
				jb_uint(jb, r->at[j]);
			else
				jb_null(jb);
		}
		jb_arr_close(jb);
		jb_kv_uint(jb, "pinned", r->pinned);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_key(jb, "waits");
	jb_arr_open(jb);
	for (i = 0; i < bf.nr_waits; i++) {
		const struct bf_wait_rec *w = &bf.waits[i];

		if (w->to && w->to < from)
			continue;
		jb_obj_open(jb);
		jb_kv_int(jb, "task", w->task);
		jb_kv_uint(jb, "transid", w->transid);
		jb_kv_str(jb, "site", site_names[w->site]);
		jb_kv_str(jb, "want", state_names[w->want]);
		jb_kv_uint(jb, "from", w->from);
		jb_key(jb, "to");
		if (w->to)
			jb_uint(jb, w->to);
		else
			jb_null(jb);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);

	jb_key(jb, "ops");
	jb_arr_open(jb);
	for (op = 0; op < NR_OPS; op++) {
		const struct op_stat *st = &bf.ops[op];

		jb_obj_open(jb);
		jb_kv_str(jb, "name", op_names[op]);
		jb_kv_uint(jb, "count", st->count);
		jb_kv_num(jb, "avg_ms", st->count ? (double)st->total_ns / (double)st->count / 1e6 : 0);
		jb_kv_num(jb, "max_ms", (double)st->max_ns / 1e6);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);

	jb_key(jb, "stats");
	jb_obj_open(jb);
	jb_kv_uint(jb, "fsyncs", bf.fsyncs);
	jb_kv_uint(jb, "fallbacks", bf.fallbacks);
	jb_kv_uint(jb, "log_syncs", bf.log_syncs);
	jb_kv_uint(jb, "join_waits", bf.site_waits[SITE_JOIN]);
	jb_kv_uint(jb, "prev_waits", bf.site_waits[SITE_PREV]);
	jb_kv_uint(jb, "attach_waits", bf.site_waits[SITE_ATTACH]);
	jb_kv_uint(jb, "start_waits", bf.start_waits);
	jb_kv_uint(jb, "completed_waits", bf.completed_waits);
	jb_kv_uint(jb, "super_waits", bf.super_waits);
	jb_kv_num(jb, "wait_after_super_ms", (double)bf.wait_after_super_ns / 1e6);
	jb_obj_close(jb);
	jb_obj_close(jb);

	lab_heat_json_open(jb, "flush_heat", s, &bf.flush_heat);
	jb_key(jb, "row_labels");
	jb_arr_open(jb);
	for (i = 0; i < LAT_ROWS; i++) {
		char label[48];

		if (i == 0)
			snprintf(label, sizeof(label), "<0.25 ms");
		else if (i == LAT_ROWS - 1)
			snprintf(label, sizeof(label), ">=%g ms", 0.25 * (double)(1u << i));
		else
			snprintf(label, sizeof(label), "%g-%g ms", 0.25 * (double)(1u << (i - 1)),
				 0.25 * (double)(1u << i));
		jb_str_val(jb, label);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);
}

