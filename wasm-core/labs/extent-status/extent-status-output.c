// SPDX-License-Identifier: GPL-2.0
/*
 * extent-status-output.c - what the extent-status model shows of itself: the snapshot of the
 * focus inode's tree, the shrinker's lists and tasks, and the inode
 * heatmap, as JSON. The mechanism is extent-status.c.
 */
#include <stdio.h>
#include <string.h>

#include "extent-status.h"

static const char *const es_status_names[] = { "written", "unwritten", "delayed", "hole" };
static const char *const es_phase_names[] = { "spin", "walk", "sort", "reclaim" };

#define SNAP_LIST_HEAD	48
#define SNAP_RUNS	200
#define SNAP_ILIST	32

static void snap_ilist(struct jbuf *jb, const char *key, const struct list_head *h)
{
	const struct list_head *l;
	int n = 0;

	jb_key(jb, key);
	jb_arr_open(jb);
	for (l = h->next; l != h && n < SNAP_ILIST; l = l->next, n++)
		jb_uint(jb, list_entry(l, const struct extent_status, es_list)->es_lblk);
	jb_arr_close(jb);
}

/* the run of one status that @n starts: its last node; @end, @cnt and @refd say what it holds */
static struct rb_node *snap_run(struct rb_node *n, u32 *end, int *cnt, int *refd)
{
	struct extent_status *e = rb_entry(n, struct extent_status, rb_node);
	struct rb_node *last = n;
	int st = e->status;

	*end = es_end(e);
	*cnt = 0;
	*refd = 0;
	while (n) {
		e = rb_entry(n, struct extent_status, rb_node);
		if (e->status != st || (*cnt && e->es_lblk != *end + 1))
			break;
		*end = es_end(e);
		(*cnt)++;
		*refd += e->referenced;
		last = n;
		n = rb_next(n);
	}
	return last;
}

/*
 * The focus inode's tree as runs of one status, in block order. A tree of
 * more than SNAP_RUNS runs is sent as SNAP_RUNS of them around the run the
 * shrinker stands in (from the first when none does): runs_from is the
 * index of the first listed, runs_of the tree's runs.
 */
static void snap_focus(struct jbuf *jb)
{
	struct es_inode *ei = NULL;
	struct es_task *f = NULL;
	const char *why = "first";
	struct rb_node *n;
	int i, runs = 0, nr_runs = 0, cur_run = -1, from = 0, cnt, refd;
	u32 end;

	/* the first shrinker standing in a tree, else the tree reclaimed last */
	for (i = 0; i < es.nr_tasks && !f; i++) {
		if (es.tasks[i].in_shrink && es.tasks[i].phase == PH_RECLAIM && es.tasks[i].ei) {
			f = &es.tasks[i];
			ei = f->ei;
			why = "shrinker";
		}
	}
	if (!ei && es.last_reclaimed) {
		ei = es.last_reclaimed;
		why = "last";
	}
	if (!ei)
		ei = &es.inodes[0];
	jb_key(jb, "focus");
	jb_obj_open(jb);
	jb_kv_int(jb, "ino", ei->ino);
	jb_kv_str(jb, "why", why);
	jb_kv_uint(jb, "size", ei->i_size);
	jb_kv_int(jb, "nr_extents", ei->i_es_all_nr);
	/* count the runs and find the one the shrinker stands in */
	for (n = rb_first(&ei->root); n; nr_runs++) {
		u32 lblk = rb_entry(n, struct extent_status, rb_node)->es_lblk;

		n = rb_next(snap_run(n, &end, &cnt, &refd));
		if (f && f->lblk >= 0 && cur_run < 0 && (u32)f->lblk <= end && (u32)f->lblk >= lblk)
			cur_run = nr_runs;
	}
	if (nr_runs > SNAP_RUNS && cur_run >= 0) {
		from = cur_run - SNAP_RUNS / 2;
		if (from > nr_runs - SNAP_RUNS)
			from = nr_runs - SNAP_RUNS;
		if (from < 0)
			from = 0;
	}
	jb_key(jb, "runs");
	jb_arr_open(jb);
	n = rb_first(&ei->root);
	for (i = 0; n && i < from; i++)
		n = rb_next(snap_run(n, &end, &cnt, &refd));
	while (n && runs < SNAP_RUNS) {
		u32 lblk = rb_entry(n, struct extent_status, rb_node)->es_lblk;
		int st = rb_entry(n, struct extent_status, rb_node)->status;

		n = rb_next(snap_run(n, &end, &cnt, &refd));
		jb_obj_open(jb);
		jb_kv_uint(jb, "lblk", lblk);
		jb_kv_uint(jb, "len", (u64)end - lblk + 1);
		jb_kv_int(jb, "extents", cnt);
		jb_kv_str(jb, "status", es_status_names[st]);
		jb_kv_int(jb, "referenced", refd);
		jb_obj_close(jb);
		runs++;
	}
	jb_arr_close(jb);
	jb_kv_bool(jb, "runs_truncated", runs < nr_runs);
	jb_kv_int(jb, "runs_from", from);
	jb_kv_int(jb, "runs_of", nr_runs);
	jb_kv_uint(jb, "shrink_lblk", ei->i_es_shrink_lblk);
	jb_kv_bool(jb, "on_list", ei->on_list);
	jb_kv_uint(jb, "touch_ns", ei->i_touch_when);
	snap_ilist(jb, "inactive", &ei->i_es_inactive);
	snap_ilist(jb, "active", &ei->i_es_active);
	jb_kv_int(jb, "cursor", f ? f->lblk : -1);
	jb_obj_close(jb);
}

void es_snapshot(struct sim *s, struct jbuf *jb)
{
	struct es_inode *ei;
	long delayed = 0;
	int i, n = 0;

	for (i = 0; i < es.nr_inodes; i++)
		delayed += es.inodes[i].i_es_delayed_nr;
	jb_key(jb, "es");
	jb_obj_open(jb);
	jb_kv_str(jb, "variant", lab_extent_status.variants[es.variant]);
	jb_kv_str(jb, "case", lab_extent_status.params[P_CASE].choices[es.kase]);
	jb_kv_int(jb, "extents", es.all_cnt);
	jb_kv_int(jb, "reclaimable", es.shk_cnt);
	jb_kv_int(jb, "delayed", delayed);

	jb_key(jb, "pages");
	jb_obj_open(jb);
	jb_kv_int(jb, "mem", es.mem);
	jb_kv_int(jb, "free", es.free);
	jb_kv_int(jb, "clean", es.clean);
	jb_kv_int(jb, "dirty", es.dirty);
	jb_kv_int(jb, "writeback", es.wb);
	jb_kv_int(jb, "dirty_bg", es.dirty_bg);
	jb_kv_int(jb, "dirty_limit", es.dirty_limit);
	jb_kv_int(jb, "wm_min", es.wm_min);
	jb_kv_int(jb, "wm_low", es.wm_low);
	jb_kv_int(jb, "wm_high", es.wm_high);
	jb_obj_close(jb);

	/* the 3.18 shrinker moves skipped inodes aside while it holds the lock */
	jb_key(jb, "list");
	jb_obj_open(jb);
	jb_kv_int(jb, "nr", es.s_es_nr_inode);
	jb_key(jb, "head");
	jb_arr_open(jb);
	list_for_each_entry(ei, &es.s_es_list, struct es_inode, i_es_list) {
		if (n++ >= SNAP_LIST_HEAD)
			break;
		jb_obj_open(jb);
		jb_kv_int(jb, "ino", ei->ino);
		jb_kv_int(jb, "shk", ei->i_es_shk_nr);
		jb_kv_int(jb, "delayed", ei->i_es_delayed_nr);
		jb_kv_bool(jb, "new", lru_variant() && ei->i_touch_when > es.last_sorted);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_kv_uint(jb, "last_sorted_ns", es.last_sorted);
	jb_kv_uint(jb, "sorts", es.sorts);
	jb_obj_close(jb);

	jb_key(jb, "shrinkers");
	jb_arr_open(jb);
	for (i = 0; i < es.nr_tasks; i++) {
		struct es_task *f = &es.tasks[i];

		if (!f->in_shrink)
			continue;
		jb_obj_open(jb);
		jb_kv_int(jb, "task", f->t->id);
		jb_kv_int(jb, "cpu", f->t->cpu);
		jb_kv_str(jb, "phase", es_phase_names[f->phase]);
		jb_kv_int(jb, "ino", f->ei ? f->ei->ino : -1);
		jb_kv_int(jb, "lblk", f->phase == PH_RECLAIM ? f->lblk : -1);
		jb_kv_int(jb, "freed", f->shrunk + (f->phase == PH_RECLAIM ? f->ifreed : 0));
		jb_kv_int(jb, "nr_to_scan", f->nr_to_scan);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);

	snap_focus(jb);

	jb_key(jb, "stats");
	jb_obj_open(jb);
	jb_kv_uint(jb, "calls", es.calls);
	jb_kv_num(jb, "scan_ewma_us", (double)es.scan_time_ewma / 1000.0);
	jb_kv_num(jb, "max_scan_us", (double)es.max_scan_time / 1000.0);
	jb_kv_uint(jb, "hits", es.hits);
	jb_kv_uint(jb, "misses", es.misses);
	jb_kv_uint(jb, "freed", es.freed);
	jb_kv_uint(jb, "visited", es.visited);
	jb_kv_uint(jb, "delayed_skipped", es.delayed_skipped);
	jb_kv_uint(jb, "sorts", es.sorts);
	jb_obj_close(jb);
	jb_obj_close(jb);

	lab_heat_json_open(jb, "reclaim_heat", s, &es.reclaim_heat);
	jb_key(jb, "row_labels");
	jb_arr_open(jb);
	for (i = 0; i < es.reclaim_heat.rows; i++) {
		char label[16];

		snprintf(label, sizeof(label), "cpu%d", i);
		jb_str_val(jb, label);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);

	lab_heat_json_open(jb, "inode_heat", s, &es.inode_heat);
	jb_key(jb, "row_labels");
	jb_arr_open(jb);
	for (i = 0; i < es.heat_rows; i++)
		jb_str_val(jb, es.heat_label[i]);
	jb_arr_close(jb);
	jb_obj_close(jb);
}

