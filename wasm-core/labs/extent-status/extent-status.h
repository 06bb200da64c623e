/* SPDX-License-Identifier: GPL-2.0 */
/*
 * extent-status.h - what the extent-status lab's files share: the extent status tree and
 * the shrinker's state as the model keeps them, the model of one run
 * (extent-status.c) and its snapshot (extent-status-output.c); and what
 * the model shows its tests.
 */
#ifndef JC_EXTENT_STATUS_H
#define JC_EXTENT_STATUS_H

#include "lab.h"
#include "list.h"
#include "rbtree.h"
#include "sim.h"
#include "extent-status-yours.h"

/* the lab, as the lab table (labs.gen.c) lists it */
extern const struct lab lab_extent_status;

/* ---------------------------------------------------------------------
 * Variants, parameters, costs
 * ------------------------------------------------------------------- */

/*
 * V_YOURS exists in the exercise's build (-DJC_YOURS_EXTENT_STATUS) only:
 * upstream with the per-inode reclaim left to the student
 * (extent-status-yours.h).
 */
enum es_variant {
	V_BASELINE, V_ES_CACHE, V_ES_SLIST, V_ES_ILIST, V_ES_GC, V_UPSTREAM,
	V_YOURS,
};

enum { P_CASE, P_RUNTIME_MS, P_MEM_MB, P_JOBS, P_SEED_FILES, P_LAID_OUT, ES_NR_PARAMS };

#define ES_HEAT_ROWS	32	/* rows of the inode heatmap */

/* ---------------------------------------------------------------------
 * The extent status tree
 * ------------------------------------------------------------------- */

/*
 * enum es_status, struct extent_status and struct es_inode are in
 * extent-status-yours.h, which the exercise's student code includes too.
 */

/* step kinds, named in es_kinds[] */
enum {
	EK_SHRINK_BEGIN = SK_LAB, EK_LIST_SKIP, EK_SORT, EK_INODE, EK_FREE,
	EK_KEEP, EK_AGE, EK_RECLAIM, EK_SHRINK_END, EK_HIT, EK_MISS, EK_DELAY,
	EK_WRITEBACK,
};

/* where a task in __es_shrink() stands, for the snapshot */
enum es_phase { PH_SPIN, PH_WALK, PH_SORT, PH_RECLAIM };

enum es_kind { T_WRITER, T_READER, T_KSWAPD, T_FLUSHER };

struct es_task {
	struct task *t;
	enum es_kind kind;
	struct co co_main, co_reclaim, co_slab, co_shrink;
	struct co co_reclaim_inode, co_inode, co_range;
	struct es_inode **files;
	int nr_files, cur;
	struct es_inode *ei;
	int k, n;
	u64 t0;
	u64 wait_seq;
	/* reclaim */
	bool direct;
	int prio;
	long reclaimed, nr_scanned, lru;
	long total_scan, nr_to_scan;
	/* __es_shrink */
	u64 start;
	long shrunk, skipped;
	bool retried, gc_second;
	long nr_to_walk;
	struct list_head *pos, *next;
	struct list_head skipped_list;
	bool in_shrink;
	enum es_phase phase;
	u64 sort_cmps, sort_ns;		/* this call's list sort */
	/* per-inode reclaim */
	struct rb_node *node;
	s64 lblk;			/* the cursor: the extent visited, -1 none */
	long todo, ifreed;
	u64 ivisits;
	u32 start_lblk, end;
	bool more, hit;
	long yi;			/* yours: the scan's step being replayed */
};

struct es_visit;

struct es_model {
	struct sim *s;
	int variant, kase;
	/* the super block */
	struct spinlock s_es_lock;
	struct list_head s_es_list;
	long s_es_nr_inode;
	u64 last_sorted;
	long all_cnt, shk_cnt;
	/* s_es_stats */
	u64 scan_time_ewma, max_scan_time, shrunk_ewma;
	u64 max_scan_sort_ns;		/* the list sort inside the longest call */
	u64 calls, scan_time_sum, hits, misses;
	u64 freed, visited, delayed_skipped, sorts, sort_cmps;
	u64 freed_delayed;		/* the invariant: must stay 0 */
	/* the inodes */
	struct es_inode *inodes;
	int nr_inodes;
	struct es_inode **sort_buf;
	/* a slab of extent_status */
	struct extent_status *free_es;
	/* memory, in pages */
	long mem, free, alloc, clean, dirty, wb;
	long wm_min, wm_low, wm_high, dirty_limit, dirty_bg;
	long shrink_deferred;
	struct list_head b_dirty;
	struct wait_queue_head kswapd_wait, flusher_wait, throttle_wait;
	struct blkdev disk;
	u64 end_ns;
	/* user latency */
	u64 w_lat_sum, w_lat_max, w_blocks;
	u64 r_lat_sum, r_lat_max, r_blocks;
	u64 direct_reclaims, throttles;
	struct es_task *tasks;
	int nr_tasks;
	struct es_inode *last_reclaimed;
	/* yours: the extents the walk handed out in the running call */
	struct es_visit *yv;
	long yv_nr, yv_cap;
	/* heatmaps: CPUs x time in the shrinker; inode groups x time, extents freed */
	struct sim_heat reclaim_heat, inode_heat;
	int heat_rows, heat_next;
	char heat_label[ES_HEAT_ROWS][24];
};

/* the model of the run: extent-status.c */
extern struct es_model es;
/*
 * What the model shows its tests (extent-status.c): one inode's extent status
 * tree built by hand from a layout string, one reclaim of it by the
 * variant's own per-inode function, a lookup, and s_es_stats.
 *
 * A layout has one character per 4k block from block 0: W written, D
 * delayed, H hole, lowercase with REFERENCED (es-gc: _ACCESSED) set, '.' no
 * extent. Not for model code: these reset the lab's state.
 */
void es_stats_update(u64 scan_ns, u64 shrunk);
int es_test_build(int variant, const char *layout);
/* one per-inode reclaim with @budget; @out gets the layout after it */
long es_test_reclaim(long budget, bool second, char *out, size_t len, u64 *visits);
/* 1 if ext4_es_lookup_extent() hits @lblk (and counts it), else 0 */
int es_test_lookup(u32 lblk);
void es_test_insert(u32 lblk, int written);
int es_test_invariants(char *msg, size_t len);
void es_test_stats(u64 *ewma, u64 *max, u64 *calls, u64 *sum, u64 *hits, u64 *misses);


/* es_end - the last block @e maps (extent-status.c) */
u32 es_end(const struct extent_status *e);
/* lru_variant - whether the variant keeps the inodes on an LRU list (extent-status.c) */
bool lru_variant(void);

/* es_snapshot - the tree, the lists, the shrinkers and the heatmap (extent-status-output.c) */
void es_snapshot(struct sim *s, struct jbuf *jb);

#endif /* JC_EXTENT_STATUS_H */
