// SPDX-License-Identifier: GPL-2.0
/*
 * extent-status.c - the ext4 extent status tree and its shrinker, as Zheng
 * Liu's "[PATCH v3 0/6] ext4: extents status tree shrinker improvement"
 * (linux-ext4, 7 Aug 2014) measured it, and as Linux 3.19..6.12 merged it.
 *
 * Each inode caches its block mappings in an rb-tree of struct extent_status
 * (fs/ext4/extents_status.c), one extent per 4k block because the mail
 * disabled merging (its Note 1). Delayed extents (dirty blocks not yet
 * allocated) must stay; written, unwritten and hole extents may be
 * reclaimed by the shrinker under memory pressure. The mail's five variants
 * are cumulative; the sixth is what 6.12 runs:
 *
 *   baseline  3.18: hits stamp i_touch_when without a lock; the shrinker
 *             holds s_es_lock for the whole call, skips inodes touched since
 *             the last sort, sorts the whole list and retries once if it
 *             freed nothing; per inode it walks from rb_first until 128 are
 *             freed, walking past the delayed ones.
 *   es-cache  + patch 3: the delayed-allocation path caches the hole it
 *             missed on ([EOF, end) for an appending file).
 *   es-slist  + patch 4: round robin over the list, s_es_lock dropped while
 *             an inode is reclaimed; no timestamps, no sort.
 *   es-ilist  + patch 5: a per-inode list of the reclaimable extents, popped
 *             from its head. NEVER MERGED: reconstructed from the cover
 *             letter (memo 1.3), FIFO by the time an extent became
 *             reclaimable.
 *   es-gc     + patch 6: inactive/active lists and an ACCESSED flag; the
 *             active list is reclaimed only when a first round freed
 *             nothing. NEVER MERGED: reconstructed from the cover letter.
 *   upstream  6.12 (Jan Kara's v3.19 rework): round robin, a budget of 128
 *             extents *scanned* with a per-inode resume position
 *             (i_es_shrink_lblk), the REFERENCED second chance, and two
 *             lookups per delayed block in ext4_da_map_blocks().
 *
 * Simplifications, each kept because it does not move what the shrinker
 * walks or holds:
 * - Merging is off, as in the mail; there is no switch to turn it on
 *   (with it a sequential file's delayed run is one extent). Written
 *   ranges are still one extent per writeback mapping: merging joins
 *   separate inserts, and ext4_map_blocks() inserts a mapped range once.
 * - A writer does WRITE_BATCH appends under one hold of i_es_lock (the
 *   kernel takes it per lookup and insert); i_data_sem is left out (one
 *   writer per file; the flusher orders itself by i_es_lock).
 * - The inode joins s_es_list after i_es_lock is dropped, not under it, so
 *   no writer waits for s_es_lock holding i_es_lock; the shrinker's
 *   write_trylock is a check and a take at one virtual instant.
 * - Extent objects do not count against memory; no PRECACHED inodes, no
 *   3.18 locked_ei shrink on a failed GFP_ATOMIC allocation (rare).
 * - The reader maps a readahead window with one lookup and one extent.
 *
 * The workload is the mail's fio cases a, b and c scaled down (memo 1.8):
 * buffered sequential 4k appends make delayed extents; a flusher writes the
 * oldest dirty blocks back at the disk's bandwidth between the mail's 60 %
 * background and 80 % dirty limit, converting delayed extents to written
 * ones; writers are throttled at the limit; page-cache allocations consume
 * free memory, and kswapd and direct reclaim call shrink_slab, which calls
 * the extent status shrinker in batches of 128.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(JC_YOURS_EXTENT_STATUS) && defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

#include "co.h"
#include "lab.h"
#include "list.h"
#include "rbtree.h"
#include "sim.h"
#include "extent-status.h"
#include "extent-status-yours.h"
#include "extent-status.h"

static const char *const es_variants[] = {
	"baseline", "es-cache", "es-slist", "es-ilist", "es-gc", "upstream",
#ifdef JC_YOURS_EXTENT_STATUS
	"yours",
#endif
};

static const char *const es_cases[] = { "a", "b", "c" };
static const char *const es_on_off[] = { "on", "off" };

static const struct param_spec es_params[] = {
	CHOICE_PARAM("case", es_cases, 0,
		     "the mail's fio case: a (few huge trees), b (a long inode list), c (a reader beside streaming writers)"),
	INT_PARAM("runtime_ms", "ms", 100, 300000, 5000,
		  "virtual run time (the mail: 300 s; memory turns over about 25 times faster here, 256 MiB against 24 GB at the same disk)"),
	INT_PARAM("mem_mb", "MiB", 0, 24576, 0,
		  "memory; 0: the case's own (a, b: 256 MiB; c: 128 MiB, the mail halved it for c)"),
	INT_PARAM("jobs", "", 1, 100, 8,
		  "sequential fio writers, 2 files each (the mail: 100 jobs x 5 files)"),
	INT_PARAM("small_files", "", 0, 400000, 8192,
		  "case b: small inodes, written 4k-on 4k-off by 4 jobs (the mail: 400000)"),
	CHOICE_PARAM("laid_out", es_on_off, 0,
		     "case b's small and case c's reader files start written back, their extents cached and their inodes on the list, as the mail's run found them; off: nothing cached (the ablation)"),
};

/*
 * The cost table: 2.4 GHz Westmere-EP (the mail's machine), DRAM ~90 ns,
 * LLC ~17 ns (memo 1.5).
 */
static const struct {
	u64 node_ns;		/* rb_next() onto a cold 40-byte extent_status in a multi-MB tree: a DRAM miss, partly prefetched */
	u64 free_ns;		/* rb_erase() + kmem_cache_free() + percpu counters */
	u64 list_visit_ns;	/* one s_es_list entry: ext4_inode_info is ~1 KiB, a cache miss per inode */
	u64 sort_cmp_ns;	/* one list_sort() compare: two ei->i_touch_when loads, partly prefetched */
	u64 lookup_ns;		/* ext4_es_lookup_extent(): cache_es or a log2(n) descent in a hot tree */
	u64 ext_map_ns;		/* a miss: ext4_ext_map_blocks() walks the on-disk extent tree in the buffer cache */
	u64 insert_ns;		/* __es_remove_extent() + __es_insert_extent(): a descent, an allocation, a rebalance */
	u64 write_syscall_ns;	/* pwrite() entry, generic_perform_write() per 4k, copy_from_user of 4k */
	u64 page_alloc_ns;	/* a page-cache page: __alloc_pages fast path + add_to_page_cache_lru */
	u64 page_reclaim_ns;	/* shrink_page_list() on one clean page: unmap from the mapping, free */
	u64 read_syscall_ns;	/* pread() of 4k from the page cache: entry, copy_to_user */
} es_cost = {
	.node_ns = 80,
	.free_ns = 200,
	.list_visit_ns = 80,
	.sort_cmp_ns = 50,
	.lookup_ns = 200,
	.ext_map_ns = 1500,
	.insert_ns = 300,
	.write_syscall_ns = 1000,
	.page_alloc_ns = 500,
	.page_reclaim_ns = 300,
	.read_syscall_ns = 800,
};

#define ES_NR_CPUS	8
#define PAGE_BYTES	4096
#define SHRINK_BATCH	128	/* the shrinker's batch: ext4 leaves .batch 0 */
#define DEFAULT_SEEKS	2
#define DEF_PRIORITY	12
#define SWAP_CLUSTER_MAX 32	/* a direct reclaimer's target, pages */
#define DIRTY_RATIO	80	/* vm.dirty_ratio in the mail's Note 2 */
#define DIRTY_BG_RATIO	60	/* vm.dirty_background_ratio */
#define WRITE_BATCH	8	/* appends per simulated event (memo 1.8: 16-32); latency is per 4k */
#define WB_CHUNK	256	/* blocks the flusher maps and submits per inode per turn (MAX_WRITEBACK_PAGES scaled) */
#define READ_AHEAD	32	/* the reader's readahead window, blocks (128 KiB) */
#define DISK_BPS	(150ULL << 20)	/* the mail's HDD: 100 x 4k / 2.7 ms = 150 MB/s sequential */
#define DISK_REQ_NS	(50 * NSEC_PER_USEC)	/* per request: the elevator sorts and merges, so no full seek */
#define SMALL_JOBS	4	/* case b's [rand] jobs (the mail: 20) */
#define SMALL_BLOCKS	4	/* written blocks each small file starts with */
#define READER_FILES	10	/* case c's reader (the mail: 50 x 1 GB) */
#define READER_BLOCKS	8192
/* The whole model of one run: struct es_model (extent-status.h). */
struct es_model es;

static void inode_heat_add(const struct es_inode *ei, u64 at)
{
	if (es.inode_heat.bins)
		sim_heat_count(&es.inode_heat, ei->heat_row, 0, at, 1);
}

bool lru_variant(void)
{
	return es.variant <= V_ES_CACHE;
}

static bool ilist_variant(void)
{
	return es.variant == V_ES_ILIST || es.variant == V_ES_GC;
}

/* 6.12's lookups, list and round robin: upstream, and yours built on it */
static bool upstream_variant(void)
{
	return es.variant >= V_UPSTREAM;
}

static bool es_reclaimable(const struct extent_status *e)
{
	return !ext4_es_must_keep(e);
}

/*
 * The exercise's build runs the student's code under AddressSanitizer: a
 * freed extent stays poisoned until it is allocated again, so that a read
 * of one after es_scan_free() is reported at the student's line instead of
 * finding the slab's stale copy.
 */
#if defined(JC_YOURS_EXTENT_STATUS) && defined(__SANITIZE_ADDRESS__)
#define es_poison(e)	ASAN_POISON_MEMORY_REGION((e), sizeof(*(e)))
#define es_unpoison(e)	ASAN_UNPOISON_MEMORY_REGION((e), sizeof(*(e)))
#else
#define es_poison(e)	((void)(e))
#define es_unpoison(e)	((void)(e))
#endif

static struct extent_status *es_alloc(void)
{
	struct extent_status *e = es.free_es;

	if (e) {
		es_unpoison(e);
		es.free_es = (struct extent_status *)e->rb_node.rb_left;
		memset(e, 0, sizeof(*e));
		return e;
	}
	return sim_alloc(es.s, sizeof(*e));
}

static void es_free(struct extent_status *e)
{
	e->rb_node.rb_left = (struct rb_node *)es.free_es;
	es.free_es = e;
	es_poison(e);
}

/* the counters and lists that ext4_es_init_extent()/ext4_es_free_extent() keep */
static void es_account_add(struct es_inode *ei, struct extent_status *e)
{
	ei->i_es_all_nr++;
	es.all_cnt++;
	if (!es_reclaimable(e)) {
		ei->i_es_delayed_nr++;
		return;
	}
	ei->i_es_shk_nr++;
	es.shk_cnt++;
	if (ilist_variant()) {
		e->active = false;
		list_add_tail(&e->es_list, &ei->i_es_inactive);
	}
}

static void es_account_del(struct es_inode *ei, struct extent_status *e)
{
	ei->i_es_all_nr--;
	es.all_cnt--;
	if (!es_reclaimable(e)) {
		ei->i_es_delayed_nr--;
		return;
	}
	ei->i_es_shk_nr--;
	es.shk_cnt--;
	if (ilist_variant())
		list_del_init(&e->es_list);
}

u32 es_end(const struct extent_status *e)
{
	return e->es_lblk + e->es_len - 1;
}

/* __es_tree_search - the extent containing @lblk, else the first after it */
static struct extent_status *__es_tree_search(struct es_inode *ei, u32 lblk)
{
	struct rb_node *n = ei->root.rb_node;
	struct extent_status *e = NULL;

	while (n) {
		e = rb_entry(n, struct extent_status, rb_node);
		if (lblk < e->es_lblk)
			n = n->rb_left;
		else if (lblk > es_end(e))
			n = n->rb_right;
		else
			return e;
	}
	if (e && lblk < e->es_lblk)
		return e;
	if (e && lblk > es_end(e)) {
		n = rb_next(&e->rb_node);
		return n ? rb_entry(n, struct extent_status, rb_node) : NULL;
	}
	return NULL;
}

static void __es_insert(struct es_inode *ei, struct extent_status *new)
{
	struct rb_node **p = &ei->root.rb_node, *parent = NULL;

	while (*p) {
		struct extent_status *e = rb_entry(*p, struct extent_status, rb_node);

		parent = *p;
		p = new->es_lblk < e->es_lblk ? &(*p)->rb_left : &(*p)->rb_right;
	}
	rb_link_node(&new->rb_node, parent, p);
	rb_insert_color(&new->rb_node, &ei->root);
	es_account_add(ei, new);
}

static void __es_erase(struct es_inode *ei, struct extent_status *e)
{
	if (ei->cache_es == e)
		ei->cache_es = NULL;
	es_account_del(ei, e);
	rb_erase(&e->rb_node, &ei->root);
	es_free(e);
}

/* ext4_es_insert_extent() of one block of @status at @lblk (len for holes) */
static void es_insert_extent(struct es_inode *ei, u32 lblk, u32 len, int status)
{
	struct extent_status *e = es_alloc();

	if (!e)
		return;
	e->es_lblk = lblk;
	e->es_len = len;
	e->status = (unsigned char)status;
	INIT_LIST_HEAD(&e->es_list);
	__es_insert(ei, e);
}

/*
 * __es_remove_block - __es_remove_extent() for one block: what covers @lblk
 * is shortened or split (a cached hole, before a delayed block goes in).
 * The split keeps the flags, as the kernel's copies es_pblk.
 */
static void __es_remove_block(struct es_inode *ei, u32 lblk)
{
	struct extent_status *e = __es_tree_search(ei, lblk), *tail;
	u32 end;

	if (!e || e->es_lblk > lblk)
		return;
	end = es_end(e);
	if (e->es_len == 1) {
		__es_erase(ei, e);
	} else if (e->es_lblk == lblk) {
		e->es_lblk++;
		e->es_len--;
	} else if (end == lblk) {
		e->es_len--;
	} else {
		e->es_len = lblk - e->es_lblk;
		tail = es_alloc();
		if (!tail)
			return;
		tail->es_lblk = lblk + 1;
		tail->es_len = end - lblk;
		tail->status = e->status;
		tail->referenced = e->referenced;
		INIT_LIST_HEAD(&tail->es_list);
		__es_insert(ei, tail);
	}
}

/*
 * ext4_es_lookup_extent - under i_es_lock (read, or write here), the hit or
 * miss counted where 6.12 counts it, and each variant's mark of a hit:
 * i_touch_when (baseline, es-cache: a plain store, no lock), _ACCESSED
 * (es-gc), REFERENCED (upstream).
 */
static struct extent_status *ext4_es_lookup_extent(struct es_inode *ei, u32 lblk,
						   u64 now, u64 *cost)
{
	struct extent_status *e = ei->cache_es;

	*cost += es_cost.lookup_ns;
	if (!e || lblk < e->es_lblk || lblk > es_end(e)) {
		e = __es_tree_search(ei, lblk);
		if (e && e->es_lblk > lblk)
			e = NULL;
	}
	if (!e) {
		es.misses++;
		return NULL;
	}
	ei->cache_es = e;
	es.hits++;
	if (!upstream_variant())
		ei->lru_pending = true;
	if (lru_variant())
		ei->i_touch_when = now;
	else if (es.variant == V_ES_GC || upstream_variant())
		e->referenced = true;
	return e;
}

/*
 * ext4_da_map_blocks - the delayed-allocation write path for one new block,
 * under i_es_lock; *@hit says whether its first lookup hit. 3.18 looks up
 * once and, on a miss, walks the extent tree with NO_PUT_HOLE (nothing
 * cached). es-cache and later cache the hole it found ([lblk, EOF-to-
 * infinity) for an append); 6.12 looks up again under i_data_sem before
 * inserting the delayed block.
 */
static u64 ext4_da_map_blocks(struct es_inode *ei, u32 lblk, u64 now, bool *hit)
{
	u64 cost = 0;
	struct extent_status *e, *next;

	e = ext4_es_lookup_extent(ei, lblk, now, &cost);
	*hit = e != NULL;
	if (!e) {
		cost += es_cost.ext_map_ns;
		if (es.variant != V_BASELINE) {
			/* ext4_determine_insert_hole(): up to the next cached extent */
			next = __es_tree_search(ei, lblk);
			es_insert_extent(ei, lblk, next ? next->es_lblk - lblk :
					 EXT_MAX_BLOCKS - lblk, ES_HOLE);
			cost += es_cost.insert_ns;
		}
	}
	if (upstream_variant())
		(void)ext4_es_lookup_extent(ei, lblk, now, &cost);
	__es_remove_block(ei, lblk);
	es_insert_extent(ei, lblk, 1, ES_DELAYED);
	cost += es_cost.insert_ns;
	return cost;
}

/* ---------------------------------------------------------------------
 * Per-inode reclaim, one coroutine per variant; the caller holds
 * i_es_lock for write, so no other task changes the tree while one of
 * them stands on an extent. Each visit is charged and is a step, so the
 * animation can follow the cursor; f->nr_to_scan is the call's remaining
 * budget, f->ifreed and f->ivisits count this inode's work.
 * ------------------------------------------------------------------- */

static void es_reclaim_one(struct sim *s, struct task *t, struct es_task *f,
			   struct extent_status *e)
{
	(void)s;
	if (!es_reclaimable(e))
		es.freed_delayed++;
	__es_erase(f->ei, e);
	sim_charge(t, es_cost.free_ns);
	f->ifreed++;
	inode_heat_add(f->ei, sim_clock(s, t));
}

/* the extent at f->node, stepped onto: its block is the cursor */
static struct extent_status *es_visit(struct task *t, struct es_task *f,
				      struct rb_node *n)
{
	struct extent_status *e = rb_entry(n, struct extent_status, rb_node);

	f->ivisits++;
	f->lblk = e->es_lblk;
	sim_charge(t, es_cost.node_ns);
	return e;
}

/*
 * __es_try_to_reclaim_extents - 3.18..es-slist: walk from rb_first,
 * freeing non-delayed extents until nr_to_scan are freed (the budget
 * counts freed objects), walking past the delayed ones at full cost.
 */
static int __es_try_to_reclaim_extents(struct sim *s, struct task *t,
				       struct es_task *f)
{
	struct co *co = &f->co_inode;
	struct extent_status *e;

	CO_BEGIN(co);
	if (!f->ei->i_es_shk_nr)
		CO_EXIT(co);
	f->node = rb_first(&f->ei->root);
	while (f->node && f->nr_to_scan > 0) {
		e = es_visit(t, f, f->node);
		f->node = rb_next(f->node);
		if (!es_reclaimable(e)) {
			es.delayed_skipped++;
			STEP(t, EK_KEEP, f->ei->ino, f->lblk);
			continue;
		}
		es_reclaim_one(s, t, f, e);
		f->nr_to_scan--;
		STEP(t, EK_FREE, f->ei->ino, f->lblk);
	}
	f->ei->cache_es = NULL;
	CO_END(co);
}

/*
 * es_ilist_reclaim - es-ilist (reconstructed): pop the per-inode list of
 * reclaimable extents. es-gc (reconstructed): the inactive list, moving
 * ACCESSED extents to the active tail; in the second round (f->gc_second)
 * the active list too, whatever its flags.
 */
static int es_ilist_reclaim(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_inode;
	struct extent_status *e;

	CO_BEGIN(co);
	f->todo = f->ei->i_es_shk_nr;	/* each extent at most once per call */
	while (f->nr_to_scan > 0 && f->todo-- > 0 && !list_empty(&f->ei->i_es_inactive)) {
		e = list_first_entry(&f->ei->i_es_inactive, struct extent_status, es_list);
		e = es_visit(t, f, &e->rb_node);
		if (es.variant == V_ES_GC && e->referenced) {
			e->referenced = false;
			e->active = true;
			list_move_tail(&e->es_list, &f->ei->i_es_active);
			STEP(t, EK_AGE, f->ei->ino, f->lblk);
			continue;
		}
		es_reclaim_one(s, t, f, e);
		f->nr_to_scan--;
		STEP(t, EK_FREE, f->ei->ino, f->lblk);
	}
	while (f->gc_second && f->nr_to_scan > 0 && !list_empty(&f->ei->i_es_active)) {
		e = list_first_entry(&f->ei->i_es_active, struct extent_status, es_list);
		e = es_visit(t, f, &e->rb_node);
		es_reclaim_one(s, t, f, e);
		f->nr_to_scan--;
		STEP(t, EK_FREE, f->ei->ino, f->lblk);
	}
	f->ei->cache_es = NULL;
	CO_END(co);
}

/*
 * es_do_reclaim_extents - 6.12: from i_es_shrink_lblk up to f->end, every
 * extent visited costs budget; delayed ones stay, REFERENCED ones lose
 * the bit (second chance). Sets f->more when the budget ran out with
 * extents left (the resume position then points at the next one).
 */
static int es_do_reclaim_extents(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_range;
	struct extent_status *e;

	CO_BEGIN(co);
	f->more = false;
	e = __es_tree_search(f->ei, f->ei->i_es_shrink_lblk);
	f->node = e ? &e->rb_node : NULL;
	while (f->node) {
		e = rb_entry(f->node, struct extent_status, rb_node);
		if (f->nr_to_scan <= 0) {
			f->ei->i_es_shrink_lblk = e->es_lblk;
			f->more = true;
			CO_EXIT(co);
		}
		if (e->es_lblk > f->end) {
			f->ei->i_es_shrink_lblk = f->end + 1;
			CO_EXIT(co);
		}
		f->nr_to_scan--;
		e = es_visit(t, f, f->node);
		f->node = rb_next(f->node);
		if (!es_reclaimable(e)) {
			es.delayed_skipped++;
			STEP(t, EK_KEEP, f->ei->ino, f->lblk);
		} else if (e->referenced) {
			e->referenced = false;
			STEP(t, EK_AGE, f->ei->ino, f->lblk);
		} else {
			es_reclaim_one(s, t, f, e);
			STEP(t, EK_FREE, f->ei->ino, f->lblk);
		}
	}
	f->ei->i_es_shrink_lblk = 0;	/* out_wrap */
	CO_END(co);
}

/* es_reclaim_extents - 6.12: to the end of the file, then wrap to the start */
static int es_reclaim_extents(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_inode;

	CO_BEGIN(co);
	if (!f->ei->i_es_shk_nr)
		CO_EXIT(co);
	f->start_lblk = f->ei->i_es_shrink_lblk;
	f->end = EXT_MAX_BLOCKS;
	CO_CALL(co, es_do_reclaim_extents(s, t, f));
	if (!f->more && f->start_lblk != 0) {
		f->end = f->start_lblk - 1;
		CO_CALL(co, es_do_reclaim_extents(s, t, f));
	}
	f->ei->cache_es = NULL;
	CO_END(co);
}

#ifdef JC_YOURS_EXTENT_STATUS
/* ---------------------------------------------------------------------
 * The exercise's variant: the walk yours_reclaim_extents() is lent, the
 * checks of each call, and the replay of its scan as steps. The student's
 * function runs whole; every extent it goes past is charged as it goes,
 * in upstream's order (the node, then its free), and shown afterwards one
 * step each, as es_do_reclaim_extents() shows them.
 * ------------------------------------------------------------------- */

/* one extent the walk handed out in the running call */
struct es_visit {
	struct extent_status *e;
	u32 lblk, end;		/* its blocks when handed out */
	int kind;		/* its step: EK_FREE, EK_AGE or EK_KEEP */
	bool scanned;		/* gone past: charged, and a step */
	bool freed;
	bool referenced, delayed;	/* when handed out */
};

struct es_scan {
	struct sim *s;
	struct task *t;
	struct es_task *f;
	long max;		/* hand-outs allowed: each extent twice, and two more */
};

static void es_yours_fail(struct es_scan *sc, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	sim_fail_check(sc->s, 3, "yours_reclaim_extents", "yours_reclaim_extents() %s (inode %d, step %llu)", msg,
		       sc->f->ei->ino, (unsigned long long)sc->s->steps);
}

/* es_target - the extent a scan from @lblk starts at: found there, else the first */
static struct extent_status *es_target(struct es_inode *ei, u32 lblk)
{
	struct extent_status *e = __es_tree_search(ei, lblk);
	struct rb_node *n;

	if (e)
		return e;
	n = rb_first(&ei->root);
	return n ? rb_entry(n, struct extent_status, rb_node) : NULL;
}

/* the latest hand-out of @e in this call, -1 if none: never a dereference of @e */
static long es_yours_find(const struct extent_status *e)
{
	long i;

	for (i = es.yv_nr - 1; i >= 0; i--)
		if (es.yv[i].e == e)
			return i;
	return -1;
}

/* the extent handed out last is gone past: it was scanned */
static void es_yours_go_past(struct es_scan *sc)
{
	struct es_visit *v = es.yv_nr ? &es.yv[es.yv_nr - 1] : NULL;

	if (!v || v->scanned)
		return;
	v->scanned = true;
	sc->f->ivisits++;
	sim_charge(sc->t, es_cost.node_ns);
}

static struct extent_status *es_yours_hand_out(struct es_scan *sc, struct extent_status *e)
{
	struct es_visit *v;

	if (!e)
		return NULL;
	if (es.yv_nr >= sc->max) {
		es_yours_fail(sc, "was handed %ld extents of a tree of %d: a scan goes past each extent once, or twice when one spans the block it began at",
			      es.yv_nr, sc->f->ei->i_es_all_nr);
		return NULL;
	}
	if (es.yv_nr == es.yv_cap) {
		long cap = es.yv_cap ? 2 * es.yv_cap : 256;
		struct es_visit *yv = sim_alloc(sc->s, sizeof(*yv) * (size_t)cap);

		if (!yv)
			return NULL;
		if (es.yv_nr)
			memcpy(yv, es.yv, sizeof(*yv) * (size_t)es.yv_nr);
		es.yv = yv;
		es.yv_cap = cap;
	}
	v = &es.yv[es.yv_nr++];
	memset(v, 0, sizeof(*v));
	v->e = e;
	v->lblk = e->es_lblk;
	v->end = es_end(e);
	v->referenced = e->referenced;
	v->delayed = ext4_es_must_keep(e);
	v->kind = EK_KEEP;
	return e;
}

struct extent_status *es_scan_search(struct es_scan *sc, u32 lblk)
{
	if (sc->s->error)
		return NULL;
	es_yours_go_past(sc);
	return es_yours_hand_out(sc, __es_tree_search(sc->f->ei, lblk));
}

struct extent_status *es_scan_next(struct es_scan *sc, struct extent_status *es_)
{
	long i = es_yours_find(es_);
	struct rb_node *n;

	if (sc->s->error)
		return NULL;
	if (i < 0) {
		es_yours_fail(sc, "gave es_scan_next() %s, not an extent the walk handed out in this call",
			      es_ ? "a pointer" : "NULL");
		return NULL;
	}
	if (es.yv[i].freed) {
		es_yours_fail(sc, "gave es_scan_next() the extent at block %u after freeing it: take the next extent first",
			      es.yv[i].lblk);
		return NULL;
	}
	es_yours_go_past(sc);
	n = rb_next(&es_->rb_node);
	return es_yours_hand_out(sc, n ? rb_entry(n, struct extent_status, rb_node) : NULL);
}

void es_scan_free(struct es_scan *sc, struct extent_status *es_)
{
	long i = es_yours_find(es_);
	struct es_visit *v;

	if (sc->s->error)
		return;
	if (i < 0) {
		es_yours_fail(sc, "gave es_scan_free() %s, not an extent the walk handed out in this call",
			      es_ ? "a pointer" : "NULL");
		return;
	}
	v = &es.yv[i];
	if (v->freed) {
		es_yours_fail(sc, "freed the extent at block %u twice", v->lblk);
		return;
	}
	if (v->delayed) {
		es_yours_fail(sc, "freed the delayed extent at block %u: its data is dirty and not allocated yet, the only record of it (ext4_es_must_keep())",
			      v->lblk);
		return;
	}
	if (es_->referenced && sc->s->check_every) {
		es_yours_fail(sc, "freed the REFERENCED extent at block %u: a lookup used it since the last scan; clear the bit and keep it, its second chance",
			      v->lblk);
		return;
	}
	if (i == es.yv_nr - 1)
		es_yours_go_past(sc);
	v->freed = true;
	v->kind = EK_FREE;
	es_reclaim_one(sc->s, sc->t, sc->f, es_);
}

/*
 * es_yours_check - what the call did, against 6.12: @first the extent it
 * had to start at (at block @first_lblk, named by i_es_shrink_lblk @from),
 * @budget and @left its budget before and after, @ret its answer, @all and
 * @shk the inode's extents when it began.
 */
static void es_yours_check(struct es_scan *sc, struct extent_status *first, u32 first_lblk,
			   u32 from, int budget, int left, int ret, int all, int shk)
{
	struct es_inode *ei = sc->f->ei;
	struct es_visit *last = NULL;
	struct extent_status *want, *got;
	long i;

	if (left < 0 || left > budget) {
		es_yours_fail(sc, "left *nr_to_scan at %d, from %d: the budget only counts down, by one for each extent scanned, to 0",
			      left, budget);
		return;
	}
	/* the rules of 6.12's scan, checked when the invariants are */
	if (!sc->s->check_every)
		return;
	if (ret != sc->f->ifreed) {
		es_yours_fail(sc, "returned %d, but freed %ld extents", ret, sc->f->ifreed);
		return;
	}
	if (es.yv_nr && es.yv[0].e != first) {
		es_yours_fail(sc, "began at the extent at block %u, but i_es_shrink_lblk %u names the one at block %u: resume where the last scan stopped",
			      es.yv[0].lblk, from, first_lblk);
		return;
	}
	for (i = 0; i < es.yv_nr; i++)
		if (es.yv[i].scanned)
			last = &es.yv[i];
	if (!left && last) {
		/* the next scan must start at the extent after the last one scanned */
		want = last->end == EXT_MAX_BLOCKS ? NULL : __es_tree_search(ei, last->end + 1);
		if (!want)
			want = es_target(ei, 0);
		got = es_target(ei, ei->i_es_shrink_lblk);
		if (got != want) {
			es_yours_fail(sc, "spent its budget at the extent at block %u and left i_es_shrink_lblk at %u, which names the extent at block %u: the next scan must resume at block %u, the extent after",
				      last->lblk, ei->i_es_shrink_lblk, got ? got->es_lblk : 0,
				      want ? want->es_lblk : 0);
			return;
		}
	}
	if (left && shk && sc->f->ivisits < (u64)all) {
		es_yours_fail(sc, "kept %d of its budget but scanned %llu of the inode's %d extents: with budget left, a scan goes on to the end of the file, wraps to its start and stops where it began",
			      left, (unsigned long long)sc->f->ivisits, all);
		return;
	}
	for (i = 0; i < es.yv_nr; i++) {
		struct es_visit *v = &es.yv[i];

		if (!v->scanned || v->freed || v->delayed || !v->referenced)
			continue;
		/* still in the tree? found by its block, never read through v->e */
		if (__es_tree_search(ei, v->lblk) == v->e && v->e->referenced) {
			es_yours_fail(sc, "kept the REFERENCED extent at block %u without clearing the bit: its second chance is used up once, or it is never reclaimed",
				      v->lblk);
			return;
		}
	}
}

/*
 * es_yours_reclaim - the student's yours_reclaim_extents() on f->ei, with
 * what is left of the call's budget; then its scan as steps.
 */
static int es_yours_reclaim(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_range;
	struct es_scan sc = { .s = s, .t = t, .f = f };
	struct extent_status *first;
	struct es_visit *v;
	int budget, left, ret, all, shk;
	u32 first_lblk, from;
	long i;

	CO_BEGIN(co);
	sc.max = 2L * f->ei->i_es_all_nr + 2;
	all = f->ei->i_es_all_nr;
	shk = f->ei->i_es_shk_nr;
	from = f->ei->i_es_shrink_lblk;
	first = es_target(f->ei, from);
	first_lblk = first ? first->es_lblk : 0;
	budget = left = (int)f->nr_to_scan;
	es.yv_nr = 0;
	ret = yours_reclaim_extents(&sc, f->ei, &left);
	if (!s->error)
		es_yours_check(&sc, first, first_lblk, from, budget, left, ret, all, shk);
	f->nr_to_scan = left < 0 ? 0 : left;
	for (i = 0; i < es.yv_nr; i++) {
		v = &es.yv[i];
		if (!v->scanned || v->freed)
			continue;
		if (v->delayed)
			es.delayed_skipped++;
		v->kind = !v->delayed && v->referenced ? EK_AGE : EK_KEEP;
	}
	if (shk)
		f->ei->cache_es = NULL;
	for (f->yi = 0; f->yi < es.yv_nr; f->yi++) {
		if (!es.yv[f->yi].scanned)
			continue;
		f->lblk = es.yv[f->yi].lblk;
		STEP(t, es.yv[f->yi].kind, f->ei->ino, f->lblk);
	}
	CO_END(co);
}
#endif /* JC_YOURS_EXTENT_STATUS */

/* es_reclaim_inode - the variant's per-inode reclaim of f->ei */
static int es_reclaim_inode(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_reclaim_inode;

	CO_BEGIN(co);
	f->ifreed = 0;
	f->ivisits = 0;
	f->lblk = -1;
	STEP(t, EK_INODE, f->ei->ino, f->ei->i_es_shk_nr);
	/*
	 * if, not switch: a CO_CALL's resume label inside a switch would be
	 * that switch's case, out of CO_BEGIN's reach, and a task halted in
	 * the reclaim (jc_advance) would resume past its end.
	 */
	if (es.variant == V_ES_ILIST || es.variant == V_ES_GC)
		CO_CALL(co, es_ilist_reclaim(s, t, f));
	else if (es.variant == V_UPSTREAM)
		CO_CALL(co, es_reclaim_extents(s, t, f));
#ifdef JC_YOURS_EXTENT_STATUS
	else if (es.variant == V_YOURS)
		CO_CALL(co, es_yours_reclaim(s, t, f));
#endif
	else
		CO_CALL(co, __es_try_to_reclaim_extents(s, t, f));
	f->lblk = -1;
	es.last_reclaimed = f->ei;
	f->shrunk += f->ifreed;
	es.visited += f->ivisits;
	STEP(t, EK_RECLAIM, f->ei->ino, f->ifreed);
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * The shrinker
 * ------------------------------------------------------------------- */

/*
 * write_trylock(): the simulator's write_lock yields, so the check and
 * the take happen at one virtual instant (the caller lets its time pass
 * first). Writers never wait for s_es_lock while holding i_es_lock, so a
 * lost race costs a short spin, never a deadlock.
 */
static bool rwlock_is_free(const struct rwlock *l)
{
	return !l->lk.owner && !l->lk.readers && !l->lk.nr_waiters;
}

static int cmp_touch(const void *a, const void *b)
{
	const struct es_inode *x = *(struct es_inode *const *)a;
	const struct es_inode *y = *(struct es_inode *const *)b;

	if (x->i_touch_when != y->i_touch_when)
		return x->i_touch_when < y->i_touch_when ? -1 : 1;
	return x->ino - y->ino;
}

/*
 * list_sort(s_es_lru, by i_touch_when): the list rebuilt in that order.
 * list_sort() is a merge sort: about n log2 n compares, each two inodes'
 * i_touch_when loads. Returns the compares.
 */
static u64 es_list_sort(void)
{
	struct es_inode *ei;
	long n = 0, i, lg = 0;

	list_for_each_entry(ei, &es.s_es_list, struct es_inode, i_es_list)
		es.sort_buf[n++] = ei;
	qsort(es.sort_buf, (size_t)n, sizeof(*es.sort_buf), cmp_touch);
	for (i = 0; i < n; i++)
		list_move_tail(&es.sort_buf[i]->i_es_list, &es.s_es_list);
	while ((1L << lg) < n)
		lg++;
	es.sorts++;
	es.sort_cmps += (u64)(n * lg);
	return (u64)(n * lg);
}

static void es_list_del(struct es_inode *ei)
{
	ei->lru_pending = false;
	if (!ei->on_list)
		return;
	list_del_init(&ei->i_es_list);
	ei->on_list = false;
	es.s_es_nr_inode--;
}

/*
 * es_stats_update - the end of __es_shrink(): s_es_stats' EWMAs, new =
 * (t + 3 old) / 4 with the first call taken as is, and the maximum; the
 * call count and sum for the true mean are the model's own.
 */
void es_stats_update(u64 scan_ns, u64 shrunk)
{
	es.scan_time_ewma = es.scan_time_ewma ? (scan_ns + 3 * es.scan_time_ewma) / 4 : scan_ns;
	if (scan_ns > es.max_scan_time)
		es.max_scan_time = scan_ns;
	es.shrunk_ewma = es.shrunk_ewma ? (shrunk + 3 * es.shrunk_ewma) / 4 : shrunk;
	es.calls++;
	es.scan_time_sum += scan_ns;
	es.freed += shrunk;
}

/*
 * __es_shrink - one call of the shrinker's scan with f->nr_to_scan. The
 * scan time runs from before s_es_lock is taken (its spinning included)
 * to the end, as ktime_get() brackets it in the kernel.
 */
static int __es_shrink(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_shrink;
	struct es_inode *ei;

	CO_BEGIN(co);
	f->start = sim_clock(s, t);
	f->shrunk = 0;
	f->retried = false;
	f->gc_second = false;
	f->in_shrink = true;
	f->sort_ns = 0;
	f->phase = PH_SPIN;
	STEP(t, EK_SHRINK_BEGIN, f->nr_to_scan, es.s_es_nr_inode);
	if (!lru_variant())
		goto round_robin;

	/* baseline, es-cache: __ext4_es_shrink() of 3.18 */
	spin_lock(t, &es.s_es_lock);
retry_lru:
	f->phase = PH_WALK;
	f->skipped = 0;
	INIT_LIST_HEAD(&f->skipped_list);
	f->pos = es.s_es_list.next;
	while (f->pos != &es.s_es_list && es.shk_cnt > 0) {
		ei = list_entry(f->pos, struct es_inode, i_es_list);
		f->next = f->pos->next;
		sim_charge(t, es_cost.list_visit_ns);
		if (es.last_sorted < ei->i_touch_when) {
			/* touched since the last sort: too new, skip it */
			f->skipped++;
			list_move_tail(&ei->i_es_list, &f->skipped_list);
			f->pos = f->next;
			STEP(t, EK_LIST_SKIP, ei->ino, (s64)(ei->i_touch_when / NSEC_PER_MSEC));
			continue;
		}
		if (!ei->i_es_shk_nr) {
			f->pos = f->next;
			continue;
		}
		f->ei = ei;
		sim_elapse(t);
		if (!rwlock_is_free(&f->ei->i_es_lock)) {
			f->pos = f->next;
			continue;
		}
		write_lock(t, &f->ei->i_es_lock);
		f->phase = PH_RECLAIM;
		CO_CALL(co, es_reclaim_inode(s, t, f));
		f->phase = PH_WALK;
		if (!f->ei->i_es_shk_nr)
			es_list_del(f->ei);
		write_unlock(t, &f->ei->i_es_lock);
		f->pos = f->next;
		if (f->nr_to_scan <= 0)
			break;
	}
	f->ei = NULL;
	list_splice_tail_init(&f->skipped_list, &es.s_es_list);
	if (!f->shrunk && f->skipped && !f->retried) {
		f->retried = true;
		f->phase = PH_SORT;
		f->sort_cmps = es_list_sort();
		f->sort_ns = f->sort_cmps * es_cost.sort_cmp_ns;
		sim_charge(t, f->sort_ns);
		STEP(t, EK_SORT, es.s_es_nr_inode, (s64)f->sort_cmps);
		es.last_sorted = sim_clock(s, t);
		goto retry_lru;
	}
	spin_unlock(t, &es.s_es_lock);
	goto out;

round_robin:
	/*
	 * es-slist and later: round robin, s_es_lock dropped while an inode
	 * is reclaimed (edaa53cac8fd's __es_shrink()).
	 */
	spin_lock(t, &es.s_es_lock);
	f->phase = PH_WALK;
	f->skipped = 0;
	f->nr_to_walk = es.s_es_nr_inode;
	while (f->nr_to_walk-- > 0 && !list_empty(&es.s_es_list)) {
		ei = list_first_entry(&es.s_es_list, struct es_inode, i_es_list);
		list_move_tail(&ei->i_es_list, &es.s_es_list);
		sim_charge(t, es_cost.list_visit_ns);
		/*
		 * es-gc (reconstructed): the first round reclaims inactive
		 * lists only, so an inode with none is passed over under
		 * s_es_lock without taking its i_es_lock.
		 */
		if (es.variant == V_ES_GC && !f->gc_second &&
		    list_empty(&ei->i_es_inactive))
			continue;
		f->ei = ei;
		sim_elapse(t);
		if (!rwlock_is_free(&f->ei->i_es_lock)) {
			f->skipped++;
			continue;
		}
		write_lock(t, &f->ei->i_es_lock);
		spin_unlock(t, &es.s_es_lock);
		f->phase = PH_RECLAIM;
		CO_CALL(co, es_reclaim_inode(s, t, f));
		write_unlock(t, &f->ei->i_es_lock);
		/*
		 * 6.12: ext4_es_free_extent() takes the inode off the list with
		 * its last reclaimable extent, under s_es_lock; the model does
		 * it here, with the lock taken for that alone when the budget
		 * is spent (the kernel's goto out).
		 */
		if (f->nr_to_scan <= 0 &&
		    !(upstream_variant() && !f->ei->i_es_shk_nr))
			goto rr_done;
		f->phase = PH_SPIN;
		spin_lock(t, &es.s_es_lock);
		f->phase = PH_WALK;
		if (upstream_variant() && !f->ei->i_es_shk_nr)
			es_list_del(f->ei);
		if (f->nr_to_scan <= 0)
			break;
	}
	spin_unlock(t, &es.s_es_lock);
rr_done:
	f->ei = NULL;
	if (f->nr_to_scan > 0 && !f->shrunk && f->skipped && !f->retried) {
		f->retried = true;
		goto round_robin;
	}
	if (es.variant == V_ES_GC && f->nr_to_scan > 0 && !f->shrunk && !f->gc_second) {
		/* "high memory pressure": the active lists go too */
		f->gc_second = true;
		goto round_robin;
	}
out:
	f->in_shrink = false;
	if (sim_clock(s, t) - f->start > es.max_scan_time)
		es.max_scan_sort_ns = f->sort_ns;
	es_stats_update(sim_clock(s, t) - f->start, (u64)f->shrunk);
	sim_heat_add(&es.reclaim_heat, t->cpu, 0, f->start, sim_clock(s, t));
	STEP(t, EK_SHRINK_END, (s64)((sim_clock(s, t) - f->start) / NSEC_PER_USEC), f->shrunk);
	CO_END(co);
}

/*
 * do_shrink_slab - 3.18's formula: scan the shrinker's objects in the
 * proportion of the page LRU that reclaim scanned, twice over for
 * seeks = 2, in calls of SHRINK_BATCH; what is left is deferred.
 */
static int do_shrink_slab(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_slab;
	long freeable, delta;

	CO_BEGIN(co);
	freeable = es.shk_cnt;		/* ext4_es_count() */
	if (!freeable)
		CO_EXIT(co);
	delta = (4 * f->nr_scanned / DEFAULT_SEEKS) * freeable / (f->lru + 1);
	f->total_scan = es.shrink_deferred + delta;
	es.shrink_deferred = 0;
	if (f->total_scan > 2 * freeable)
		f->total_scan = 2 * freeable;
	while (f->total_scan > 0 &&
	       (f->total_scan >= SHRINK_BATCH || f->total_scan >= es.shk_cnt)) {
		f->nr_to_scan = f->total_scan < SHRINK_BATCH ? f->total_scan : SHRINK_BATCH;
		f->total_scan -= SHRINK_BATCH;
		CO_CALL(co, __es_shrink(s, t, f));
		if (!es.shk_cnt)
			break;
	}
	if (f->total_scan > 0)
		es.shrink_deferred += f->total_scan;
	CO_END(co);
}

/*
 * shrink_zone - reclaim at rising priority (12 down to 0): scan lru >> prio
 * pages, free the clean ones (the oldest pages are the written-back ones),
 * and shrink the slab in proportion. kswapd stops at the high watermark, a
 * direct reclaimer once it has SWAP_CLUSTER_MAX pages.
 */
static int shrink_zone(struct sim *s, struct task *t, struct es_task *f)
{
	struct co *co = &f->co_reclaim;
	long got;

	CO_BEGIN(co);
	f->reclaimed = 0;
	for (f->prio = DEF_PRIORITY; f->prio >= 0; f->prio--) {
		f->lru = es.clean + es.dirty + es.wb;
		f->nr_scanned = f->lru >> f->prio;
		if (f->nr_scanned < SWAP_CLUSTER_MAX)
			f->nr_scanned = SWAP_CLUSTER_MAX;
		got = f->nr_scanned < es.clean ? f->nr_scanned : es.clean;
		es.clean -= got;
		es.free += got;
		f->reclaimed += got;
		sim_charge(t, (u64)got * es_cost.page_reclaim_ns);
		CO_CALL(co, do_shrink_slab(s, t, f));
		if (f->direct ? f->reclaimed >= SWAP_CLUSTER_MAX : es.free >= es.wm_high)
			break;
	}
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Tasks
 * ------------------------------------------------------------------- */

static bool es_running(const struct sim *s)
{
	return s->now < es.end_ns;
}

/*
 * es_list_wants - whether @ei joins s_es_list after an operation on its
 * tree. 3.18 and the mail's patches call ext4_es_lru_add() from
 * ext4_map_blocks() and ext4_da_map_blocks() on a lookup hit (a miss adds
 * nothing); 6.12 adds the inode when it holds a reclaimable extent
 * (ext4_es_init_extent() -> ext4_es_list_add()). Called after i_es_lock
 * is dropped; the caller takes s_es_lock for es_list_add().
 */
static bool es_list_wants(struct es_inode *ei)
{
	if (ei->on_list) {
		ei->lru_pending = false;
		return false;
	}
	return upstream_variant() ? ei->i_es_shk_nr > 0 : ei->lru_pending;
}

/* the tail of ext4_es_lru_add()/ext4_es_list_add(), under s_es_lock */
static void es_list_add(struct es_inode *ei)
{
	ei->lru_pending = false;
	if (ei->on_list)
		return;
	list_add_tail(&ei->i_es_list, &es.s_es_list);
	ei->on_list = true;
	es.s_es_nr_inode++;
}

static void es_dirty_inode(struct es_inode *ei)
{
	if (!ei->on_dirty) {
		ei->on_dirty = true;
		list_add_tail(&ei->i_dirty, &es.b_dirty);
	}
}

/*
 * fio_writer - psync 4k appends round robin over its files, one 4k write
 * per file in turn (fio's file_service_type=roundrobin), WRITE_BATCH
 * writes per event: the pages are allocated (direct reclaim below the min
 * watermark), each write maps its block with ext4_da_map_blocks() under
 * that file's i_es_lock, then balance_dirty_pages() at the dirty limit.
 */
static int fio_writer(struct sim *s, struct task *t)
{
	struct es_task *w = t->priv;
	struct co *co = &w->co_main;
	struct es_inode *ei;
	u64 lat;
	u32 lblk;

	CO_BEGIN(co);
	while (es_running(s)) {
		w->t0 = sim_clock(s, t);
		/* +-10 %: where the user buffer and the page sit in the caches */
		sim_charge(t, sim_jitter(s, WRITE_BATCH * (es_cost.write_syscall_ns +
							   es_cost.page_alloc_ns), 10));
		es.free -= WRITE_BATCH;
		es.alloc += WRITE_BATCH;
		if (es.free < es.wm_low && !list_empty(&es.kswapd_wait.head))
			wake_up_all(t, &es.kswapd_wait);
		if (es.free < es.wm_min) {
			es.direct_reclaims++;
			w->direct = true;
			CO_CALL(co, shrink_zone(s, t, w));
		}
		for (w->k = 0; w->k < WRITE_BATCH; w->k++) {
			w->ei = w->files[w->cur];
			w->cur = (w->cur + 1) % w->nr_files;
			write_lock(t, &w->ei->i_es_lock);
			ei = w->ei;
			lblk = ei->i_size + (ei->small ? 1 : 0);
			sim_charge(t, ext4_da_map_blocks(ei, lblk, sim_clock(s, t), &w->hit));
			ei->i_size += ei->small ? 2 : 1;
			es.alloc--;
			es.dirty++;
			w->lblk = lblk;
			STEP(t, w->hit ? EK_HIT : EK_MISS, w->ei->ino, w->lblk);
			STEP(t, EK_DELAY, w->ei->ino, w->lblk);
			write_unlock(t, &w->ei->i_es_lock);
			if (es_list_wants(w->ei)) {
				spin_lock(t, &es.s_es_lock);
				es_list_add(w->ei);
				spin_unlock(t, &es.s_es_lock);
			}
			es_dirty_inode(w->ei);
		}
		if (es.dirty > es.dirty_bg && !list_empty(&es.flusher_wait.head))
			wake_up_all(t, &es.flusher_wait);
		if (es.dirty + es.wb > es.dirty_limit) {
			es.throttles++;
			wait_event(t, &es.throttle_wait,
				   es.dirty + es.wb <= es.dirty_limit || !es_running(s));
		}
		sim_elapse(t);
		lat = sim_clock(s, t) - w->t0;
		es.w_lat_sum += lat;
		es.w_blocks += WRITE_BATCH;
		if (lat > es.w_lat_max)
			es.w_lat_max = lat;
	}
	CO_END(co);
}

/*
 * fio_reader - case c's sequential reader: per 4k block a lookup (a miss
 * walks the extent tree and caches a written extent), the page added to
 * the cache, one readahead I/O per READ_AHEAD blocks.
 */
static int fio_reader(struct sim *s, struct task *t)
{
	struct es_task *w = t->priv;
	struct co *co = &w->co_main;
	struct es_inode *ei;
	u64 cost, lat;

	CO_BEGIN(co);
	while (es_running(s)) {
		w->ei = w->files[w->cur];
		if (w->ei->i_size >= READER_BLOCKS) {
			w->ei->i_size = 0;	/* fio starts the file again */
			w->cur = (w->cur + 1) % w->nr_files;
			continue;
		}
		w->t0 = sim_clock(s, t);
		es.free -= READ_AHEAD;
		es.clean += READ_AHEAD;
		if (es.free < es.wm_low && !list_empty(&es.kswapd_wait.head))
			wake_up_all(t, &es.kswapd_wait);
		if (es.free < es.wm_min) {
			es.direct_reclaims++;
			w->direct = true;
			CO_CALL(co, shrink_zone(s, t, w));
			w->ei = w->files[w->cur];	/* reclaim used w->ei */
		}
		write_lock(t, &w->ei->i_es_lock);
		ei = w->ei;
		cost = READ_AHEAD * (es_cost.read_syscall_ns + es_cost.page_alloc_ns);
		/*
		 * ext4_mpage_readpages() maps the readahead window with one
		 * ext4_map_blocks(): one lookup; a miss caches the mapping it
		 * found as one written extent.
		 */
		w->lblk = ei->i_size;
		w->hit = ext4_es_lookup_extent(ei, ei->i_size, sim_clock(s, t), &cost) != NULL;
		if (!w->hit) {
			cost += es_cost.ext_map_ns + es_cost.insert_ns;
			es_insert_extent(ei, ei->i_size, READ_AHEAD, ES_WRITTEN);
		}
		ei->i_size += READ_AHEAD;
		sim_charge(t, cost);
		STEP(t, w->hit ? EK_HIT : EK_MISS, w->ei->ino, w->lblk);
		write_unlock(t, &w->ei->i_es_lock);
		if (es_list_wants(w->ei)) {
			spin_lock(t, &es.s_es_lock);
			es_list_add(w->ei);
			spin_unlock(t, &es.s_es_lock);
		}
		submit_bio_wait(t, &es.disk, READ_AHEAD * PAGE_BYTES, false);
		lat = sim_clock(s, t) - w->t0;
		es.r_lat_sum += lat;
		es.r_blocks += READ_AHEAD;
		if (lat / READ_AHEAD > es.r_lat_max)
			es.r_lat_max = lat / READ_AHEAD;
	}
	CO_END(co);
}

/* kswapd - woken below the low watermark, reclaims up to the high one */
static int kswapd(struct sim *s, struct task *t)
{
	struct es_task *w = t->priv;
	struct co *co = &w->co_main;

	CO_BEGIN(co);
	while (es_running(s)) {
		wait_event_deadline(t, &es.kswapd_wait,
				    es.free < es.wm_low || !es_running(s), es.end_ns);
		if (!es_running(s))
			break;
		w->direct = false;
		CO_CALL(co, shrink_zone(s, t, w));
		cond_resched(t);
	}
	CO_END(co);
}

/*
 * flusher - the writeback worker: above the background threshold it takes
 * the inode dirtied longest ago, maps up to WB_CHUNK of its oldest delayed
 * blocks (ext4_map_blocks: one lookup per contiguous delayed run, a hit,
 * then delayed -> written), writes them and requeues the inode.
 */
static int flusher(struct sim *s, struct task *t)
{
	struct es_task *w = t->priv;
	struct co *co = &w->co_main;
	struct es_inode *ei;
	struct extent_status *e;
	struct rb_node *n;
	u64 cost;

	CO_BEGIN(co);
	while (es_running(s)) {
		wait_event_deadline(t, &es.flusher_wait,
				    es.dirty > es.dirty_bg || !es_running(s), es.end_ns);
		if (!es_running(s) || list_empty(&es.b_dirty))
			continue;
		w->ei = list_first_entry(&es.b_dirty, struct es_inode, i_dirty);
		write_lock(t, &w->ei->i_es_lock);
		ei = w->ei;
		cost = 0;
		w->n = 0;
		e = __es_tree_search(ei, ei->wb_lblk);
		while (e && w->n < WB_CHUNK) {
			u32 start, len = 0;

			while (e && e->status != ES_DELAYED) {
				n = rb_next(&e->rb_node);
				e = n ? rb_entry(n, struct extent_status, rb_node) : NULL;
			}
			if (!e)
				break;
			/* ext4_map_blocks(): one lookup (a hit on the delayed block) per run */
			(void)ext4_es_lookup_extent(ei, e->es_lblk, sim_clock(s, t), &cost);
			start = e->es_lblk;
			while (e && e->status == ES_DELAYED && e->es_lblk == start + len &&
			       w->n < WB_CHUNK) {
				n = rb_next(&e->rb_node);
				__es_erase(ei, e);
				cost += es_cost.free_ns;
				len++;
				w->n++;
				e = n ? rb_entry(n, struct extent_status, rb_node) : NULL;
			}
			/*
			 * ext4_es_insert_extent() of the mapped range: ONE written
			 * extent for the whole run, merging or not (merging joins
			 * separate inserts; this is one insert).
			 */
			es_insert_extent(ei, start, len, ES_WRITTEN);
			cost += es_cost.insert_ns;
			ei->wb_lblk = start + len;
			e = __es_tree_search(ei, ei->wb_lblk);
		}
		es.dirty -= w->n;
		es.wb += w->n;
		sim_charge(t, cost);
		STEP(t, EK_WRITEBACK, w->ei->ino, w->n);
		write_unlock(t, &w->ei->i_es_lock);
		list_del_init(&w->ei->i_dirty);
		w->ei->on_dirty = false;
		if (w->ei->i_es_delayed_nr)
			es_dirty_inode(w->ei);
		if (!w->n)
			continue;
		if (es_list_wants(w->ei)) {
			spin_lock(t, &es.s_es_lock);
			es_list_add(w->ei);
			spin_unlock(t, &es.s_es_lock);
		}
		submit_bio_wait(t, &es.disk, (u64)w->n * PAGE_BYTES, false);
		es.wb -= w->n;
		es.clean += w->n;
		wake_up_all(t, &es.throttle_wait);
	}
	wake_up_all(t, &es.throttle_wait);
	CO_END(co);
}

/* ---------------------------------------------------------------------
 * Set-up
 * ------------------------------------------------------------------- */

static int es_nr_cpus(const long long *p)
{
	(void)p;
	return ES_NR_CPUS;
}

static int es_check(const long long *p, char *msg, size_t len)
{
	if (p[P_MEM_MB] && p[P_MEM_MB] < 32) {
		snprintf(msg, len, "mem_mb %lld is too small: 0 (the case's own) or 32..24576 MiB",
			 p[P_MEM_MB]);
		return -1;
	}
	return 0;
}

static struct es_task *es_new_task(struct sim *s, enum es_kind kind, int cpu,
				   const char *name, task_fn fn)
{
	struct es_task *w = &es.tasks[es.nr_tasks++];

	w->kind = kind;
	w->t = sim_task_create(s, cpu % ES_NR_CPUS, name, fn, w, 0);
	return w;
}

static void es_init_inode(struct sim *s, struct es_inode *ei, int ino)
{
	ei->ino = ino;
	ei->root = RB_ROOT;
	rwlock_init(s, &ei->i_es_lock, "i_es_lock");
	INIT_LIST_HEAD(&ei->i_es_list);
	INIT_LIST_HEAD(&ei->i_es_inactive);
	INIT_LIST_HEAD(&ei->i_es_active);
	INIT_LIST_HEAD(&ei->i_dirty);
}

/*
 * es_heat_rows - the next @n inodes (in index order) onto at most @max
 * rows of the inode heatmap, labelled by their inode numbers
 */
static void es_heat_rows(int n, const char *what, int max)
{
	int rows = n < max ? n : max, first = es.heat_next, r, i;

	for (r = 0; r < rows; r++) {
		int lo = first + r * n / rows, hi = first + (r + 1) * n / rows - 1;

		for (i = lo; i <= hi; i++)
			es.inodes[i].heat_row = es.heat_rows;
		if (lo == hi)
			snprintf(es.heat_label[es.heat_rows], sizeof(es.heat_label[0]),
				 "%sino %d", what, es.inodes[lo].ino);
		else
			snprintf(es.heat_label[es.heat_rows], sizeof(es.heat_label[0]),
				 "%sino %d-%d", what, es.inodes[lo].ino, es.inodes[hi].ino);
		es.heat_rows++;
	}
	es.heat_next += n;
}

/*
 * es_laid_out - a file as the mail's run found it: written before the
 * measured run began, written back, its extents cached by writeback's
 * mapping (ext4_map_blocks() inserts each mapped range as one written
 * extent) and the inode put on the list by that mapping's lookup hit
 * (3.18's ext4_es_lru_add()), touched before the last sort.
 *
 * Case b's small files: its 20 [rand] jobs write each of their 20000
 * files every ~70 s (about 280 writes a second a job), so by the time the
 * averages are read every file has been written and written back, one
 * extent per block, 4k apart; the mail's 375 ms maximum is list_sort()
 * of a list that long (memo 1.5). The variants that cache holes on the
 * write path (es-cache and later) also hold the hole each skipped block
 * left, and [EOF, end).
 *
 * Case c's reader files: fio lays them out before it starts the jobs
 * (create_on_open; the [read] job's files must exist to be read), one
 * written extent per WB_CHUNK blocks of writeback; the reader's lookups
 * hit them (3.18 then touches the inode) until the shrinker frees one,
 * and a miss maps a readahead window again.
 */
static void es_laid_out(struct es_inode *ei)
{
	u32 b;

	if (ei->small) {
		for (b = 0; b < SMALL_BLOCKS; b++) {
			es_insert_extent(ei, 2 * b, 1, ES_WRITTEN);
			if (es.variant != V_BASELINE)
				es_insert_extent(ei, 2 * b + 1, b + 1 < SMALL_BLOCKS ? 1 :
						 EXT_MAX_BLOCKS - (2 * b + 1), ES_HOLE);
		}
	} else {
		for (b = 0; b < READER_BLOCKS; b += WB_CHUNK)
			es_insert_extent(ei, b, WB_CHUNK, ES_WRITTEN);
	}
	es_list_add(ei);
}

static int es_setup(struct sim *s, int variant, const long long *p)
{
	int kase = (int)p[P_CASE], jobs = (int)p[P_JOBS], i, j, ino = 0;
	int nr_small = kase == 1 ? (int)p[P_SEED_FILES] : 0;
	int nr_read = kase == 2 ? READER_FILES : 0;
	bool laid_out = p[P_LAID_OUT] == 0;
	long long mem_mb = p[P_MEM_MB] ? p[P_MEM_MB] : kase == 2 ? 128 : 256;
	char name[24];
	struct es_task *w;

	memset(&es, 0, sizeof(es));
	es.s = s;
	es.variant = variant;
	es.kase = kase;
	spin_lock_init(s, &es.s_es_lock, "s_es_lock");
	INIT_LIST_HEAD(&es.s_es_list);
	INIT_LIST_HEAD(&es.b_dirty);
	init_waitqueue_head(&es.kswapd_wait, "kswapd_wait");
	init_waitqueue_head(&es.flusher_wait, "flusher_wait");
	init_waitqueue_head(&es.throttle_wait, "throttle_wait");
	blkdev_init(&es.disk, "sdb", 1, DISK_REQ_NS, DISK_BPS, 0);

	/*
	 * Memory in pages. The run starts warm: free memory at the high
	 * watermark, the rest clean page cache (fio's layout phase and
	 * earlier runs), so that reclaim works from the first writes on.
	 * The watermarks are 1 / 1.25 / 1.5 % of memory (min_free_kbytes
	 * of a machine this size, scaled).
	 */
	es.mem = (long)(mem_mb << 20) / PAGE_BYTES;
	es.wm_min = es.mem / 100;
	es.wm_low = es.wm_min * 5 / 4;
	es.wm_high = es.wm_min * 3 / 2;
	es.dirty_limit = es.mem * DIRTY_RATIO / 100;
	es.dirty_bg = es.mem * DIRTY_BG_RATIO / 100;
	es.free = es.wm_high;
	es.clean = es.mem - es.free;
	es.end_ns = (u64)p[P_RUNTIME_MS] * NSEC_PER_MSEC;

	es.nr_inodes = jobs * 2 + nr_small + nr_read;
	es.inodes = sim_alloc(s, sizeof(*es.inodes) * (size_t)es.nr_inodes);
	es.sort_buf = sim_alloc(s, sizeof(*es.sort_buf) * (size_t)es.nr_inodes);
	es.tasks = sim_alloc(s, sizeof(*es.tasks) * (size_t)(jobs + SMALL_JOBS + 3));
	if (!es.inodes || !es.sort_buf || !es.tasks)
		return -1;
	for (i = 0; i < es.nr_inodes; i++)
		es_init_inode(s, &es.inodes[i], i + 12);

	for (i = 0; i < jobs; i++) {
		snprintf(name, sizeof(name), "fio/%d", i);
		w = es_new_task(s, T_WRITER, i, name, fio_writer);
		w->files = sim_alloc(s, 2 * sizeof(*w->files));
		if (!w->files)
			return -1;
		w->nr_files = 2;
		for (j = 0; j < 2; j++)
			w->files[j] = &es.inodes[ino++];
	}
	/*
	 * Case b's small files exist from the start with SMALL_BLOCKS blocks
	 * written 4k apart, and the run starts where the mail's had been for
	 * minutes: each file's blocks written back and their extents cached,
	 * the inode on the list (es_laid_out()). Four jobs append
	 * 4k-on 4k-off round robin over them.
	 */
	for (i = 0; i < (nr_small ? SMALL_JOBS : 0); i++) {
		snprintf(name, sizeof(name), "rand/%d", i);
		w = es_new_task(s, T_WRITER, jobs + i, name, fio_writer);
		w->nr_files = (nr_small + SMALL_JOBS - 1 - i) / SMALL_JOBS;
		w->files = sim_alloc(s, (size_t)(w->nr_files ? w->nr_files : 1) * sizeof(*w->files));
		if (!w->files)
			return -1;
		for (j = 0; j < w->nr_files; j++) {
			struct es_inode *ei = &es.inodes[ino + i + j * SMALL_JOBS];

			w->files[j] = ei;
			ei->small = true;
			ei->i_size = 2 * SMALL_BLOCKS - 1;
			ei->wb_lblk = ei->i_size;
			if (laid_out)
				es_laid_out(ei);
		}
	}
	ino += nr_small;
	if (nr_read) {
		w = es_new_task(s, T_READER, jobs, "fio/read", fio_reader);
		w->files = sim_alloc(s, (size_t)nr_read * sizeof(*w->files));
		if (!w->files)
			return -1;
		w->nr_files = nr_read;
		for (j = 0; j < nr_read; j++) {
			w->files[j] = &es.inodes[ino++];
			if (laid_out)
				es_laid_out(w->files[j]);
		}
	}
	es_new_task(s, T_KSWAPD, 0, "kswapd0", kswapd);
	es_new_task(s, T_FLUSHER, 1, "kworker/flush", flusher);
	es_heat_rows(jobs * 2, "", 16);
	es_heat_rows(nr_small, "small ", 12);
	es_heat_rows(nr_read, "read ", 4);
	if (sim_heat_alloc(s, &es.reclaim_heat, ES_NR_CPUS, 1, s->heat.buckets) ||
	    sim_heat_alloc(s, &es.inode_heat, es.heat_rows, 1, s->heat.buckets))
		return -1;
	return s->error ? -1 : 0;
}

/* ---------------------------------------------------------------------
 * Metrics
 * ------------------------------------------------------------------- */

enum {
	M_AVG_SCAN, M_MAX_SCAN, M_HITS, M_MISSES, M_USER_AVG, M_USER_MAX,
	M_MEAN_SCAN, M_CALLS, M_SHRUNK_PER_CALL, M_VISITED, M_DELAYED_SKIPPED,
	M_SORTS, M_MAX_SORT, M_SPIN, M_READ_AVG, M_DIRECT, M_EXTENTS, M_INODES_ON_LIST,
	ES_NR_METRICS,
};

static const struct metric_spec es_metrics[] = {
	[M_AVG_SCAN] = { "avg_scan_us", "us", "es_stats_scan_time at the end: the kernel's EWMA (t + 3 old) / 4 over shrinker calls, as es_shrinker_info prints it" },
	[M_MAX_SCAN] = { "max_scan_us", "us", "the longest shrinker call, from before s_es_lock to the end" },
	[M_HITS] = { "hits", "", "ext4_es_lookup_extent() calls that found an extent" },
	[M_MISSES] = { "misses", "", "ext4_es_lookup_extent() calls that found none" },
	[M_USER_AVG] = { "user_avg_latency_us", "us", "the writers' mean latency per 4k write (fio clat)" },
	[M_USER_MAX] = { "user_max_latency_us", "us", "the writers' longest write (a batch of 8 charged to one write)" },
	[M_MEAN_SCAN] = { "mean_scan_us", "us", "the true mean of the shrinker calls' scan times" },
	[M_CALLS] = { "shrinker_calls", "", "calls of the extent status shrinker's scan" },
	[M_SHRUNK_PER_CALL] = { "shrunk_per_call", "", "extents freed per call (mean)" },
	[M_VISITED] = { "nodes_visited", "", "extents the shrinker visited, all calls" },
	[M_DELAYED_SKIPPED] = { "delayed_skipped", "", "delayed extents the shrinker walked past" },
	[M_SORTS] = { "list_sorts", "", "list_sort() calls on the inode list (baseline, es-cache)" },
	[M_MAX_SORT] = { "max_scan_sort_us", "us", "the list sort's share of the longest call (baseline, es-cache: list_sort() under s_es_lock)" },
	[M_SPIN] = { "list_lock_spin_us", "us", "time all CPUs spent spinning on s_es_lock" },
	[M_READ_AVG] = { "read_avg_latency_us", "us", "case c: the reader's mean latency per 4k read" },
	[M_DIRECT] = { "direct_reclaims", "", "allocations that entered direct reclaim" },
	[M_EXTENTS] = { "extents", "", "extents cached at the end" },
	[M_INODES_ON_LIST] = { "inodes_on_list", "", "inodes on s_es_list at the end" },
};

static void es_collect(struct sim *s, double *out)
{
	(void)s;
	out[M_AVG_SCAN] = (double)es.scan_time_ewma / 1000.0;
	out[M_MAX_SCAN] = (double)es.max_scan_time / 1000.0;
	out[M_HITS] = (double)es.hits;
	out[M_MISSES] = (double)es.misses;
	out[M_USER_AVG] = es.w_blocks ? (double)es.w_lat_sum / (double)es.w_blocks / 1000.0 : 0;
	out[M_USER_MAX] = (double)es.w_lat_max / 1000.0;
	out[M_MEAN_SCAN] = es.calls ? (double)es.scan_time_sum / (double)es.calls / 1000.0 : 0;
	out[M_CALLS] = (double)es.calls;
	out[M_SHRUNK_PER_CALL] = es.calls ? (double)es.freed / (double)es.calls : 0;
	out[M_VISITED] = (double)es.visited;
	out[M_DELAYED_SKIPPED] = (double)es.delayed_skipped;
	out[M_SORTS] = (double)es.sorts;
	out[M_MAX_SORT] = (double)es.max_scan_sort_ns / 1000.0;
	out[M_SPIN] = (double)es.s_es_lock.lk.spin_ns / 1000.0;
	out[M_READ_AVG] = es.r_blocks ? (double)es.r_lat_sum / (double)es.r_blocks / 1000.0 : 0;
	out[M_DIRECT] = (double)es.direct_reclaims;
	out[M_EXTENTS] = (double)es.all_cnt;
	out[M_INODES_ON_LIST] = (double)es.s_es_nr_inode;
}

/* ---------------------------------------------------------------------
 * The invariant checker, apart from the model
 * ------------------------------------------------------------------- */

static int es_check_inode(const struct es_inode *ei, char *msg, size_t len)
{
	const struct rb_node *n;
	const struct extent_status *e, *prev = NULL;
	const char *why;
	int all = 0, shk = 0, del = 0, onl = 0;
	bool cache_in_tree = !ei->cache_es;

	if (rb_check(&ei->root, &why) < 0) {
		snprintf(msg, len, "inode %d: rb-tree broken: %s", ei->ino, why);
		return -1;
	}
	for (n = rb_first(&ei->root); n; n = rb_next(n)) {
		e = rb_entry(n, const struct extent_status, rb_node);
		if (!e->es_len || e->status > ES_HOLE) {
			snprintf(msg, len, "inode %d: extent at %u has len %u status %d",
				 ei->ino, e->es_lblk, e->es_len, e->status);
			return -1;
		}
		if (prev && prev->es_lblk + prev->es_len - 1 >= e->es_lblk) {
			snprintf(msg, len, "inode %d: extents [%u,+%u) and [%u,+%u) overlap or are out of order",
				 ei->ino, prev->es_lblk, prev->es_len, e->es_lblk, e->es_len);
			return -1;
		}
		if (e == ei->cache_es)
			cache_in_tree = true;
		all++;
		if (e->status == ES_DELAYED)
			del++;
		else
			shk++;
		prev = e;
	}
	if (!cache_in_tree) {
		snprintf(msg, len, "inode %d: cache_es is not in the tree", ei->ino);
		return -1;
	}
	if (all != ei->i_es_all_nr || shk != ei->i_es_shk_nr || del != ei->i_es_delayed_nr) {
		snprintf(msg, len, "inode %d: counts all %d shk %d delayed %d, tree has %d %d %d",
			 ei->ino, ei->i_es_all_nr, ei->i_es_shk_nr, ei->i_es_delayed_nr,
			 all, shk, del);
		return -1;
	}
	if (ilist_variant()) {
		const struct list_head *l;
		int pass;

		for (pass = 0; pass < 2; pass++) {
			const struct list_head *h = pass ? &ei->i_es_active : &ei->i_es_inactive;

			for (l = h->next; l != h; l = l->next) {
				e = list_entry(l, const struct extent_status, es_list);
				if (e->status == ES_DELAYED) {
					snprintf(msg, len, "inode %d: delayed extent at %u on the reclaim list",
						 ei->ino, e->es_lblk);
					return -1;
				}
				onl++;
			}
		}
		if (onl != shk) {
			snprintf(msg, len, "inode %d: %d extents on its reclaim lists, %d reclaimable",
				 ei->ino, onl, shk);
			return -1;
		}
	}
	return 0;
}

static int es_invariants(struct sim *s, bool final, char *msg, size_t len)
{
	long all = 0, shk = 0, delayed = 0, on = 0;
	int i;

	(void)s;
	(void)final;
	if (es.freed_delayed) {
		snprintf(msg, len, "the shrinker freed %llu delayed extents",
			 (unsigned long long)es.freed_delayed);
		return -1;
	}
	for (i = 0; i < es.nr_inodes; i++) {
		const struct es_inode *ei = &es.inodes[i];

		if (es_check_inode(ei, msg, len))
			return -1;
		all += ei->i_es_all_nr;
		shk += ei->i_es_shk_nr;
		delayed += ei->i_es_delayed_nr;
		on += ei->on_list;
	}
	if (all != es.all_cnt || shk != es.shk_cnt) {
		snprintf(msg, len, "es_stats_all_cnt %ld shk_cnt %ld, the trees hold %ld %ld",
			 es.all_cnt, es.shk_cnt, all, shk);
		return -1;
	}
	/* every dirty page is a delayed extent, until writeback maps it */
	if (delayed != es.dirty) {
		snprintf(msg, len, "%ld dirty pages but %ld delayed extents", es.dirty, delayed);
		return -1;
	}
	if (es.free + es.alloc + es.clean + es.dirty + es.wb != es.mem) {
		snprintf(msg, len, "pages: free %ld clean %ld dirty %ld writeback %ld != %ld",
			 es.free, es.clean, es.dirty, es.wb, es.mem);
		return -1;
	}
	/* the list is whole while no shrinker holds it (the 3.18 one moves entries aside) */
	if (!es.s_es_lock.lk.owner) {
		long n = (long)list_count(&es.s_es_list);

		if (n != es.s_es_nr_inode || n != on) {
			snprintf(msg, len, "s_es_list holds %ld inodes, s_es_nr_inode %ld, %ld marked on it",
				 n, es.s_es_nr_inode, on);
			return -1;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------------
 * The lab
 * ------------------------------------------------------------------- */

static const struct step_kind es_kinds[] = {
	[EK_SHRINK_BEGIN - SK_LAB] = { "shrink_begin", "nr_to_scan", "list_len" },
	[EK_LIST_SKIP - SK_LAB] = { "list_skip", "ino", "touch_ms" },
	[EK_SORT - SK_LAB] = { "sort", "inodes", "compares" },
	[EK_INODE - SK_LAB] = { "inode", "ino", "shk" },
	[EK_FREE - SK_LAB] = { "es_free", "ino", "lblk" },
	[EK_KEEP - SK_LAB] = { "es_keep", "ino", "lblk" },
	[EK_AGE - SK_LAB] = { "es_age", "ino", "lblk" },
	[EK_RECLAIM - SK_LAB] = { "reclaim", "ino", "freed" },
	[EK_SHRINK_END - SK_LAB] = { "shrink_end", "scan_us", "freed" },
	[EK_HIT - SK_LAB] = { "hit", "ino", "lblk" },
	[EK_MISS - SK_LAB] = { "miss", "ino", "lblk" },
	[EK_DELAY - SK_LAB] = { "delay", "ino", "lblk" },
	[EK_WRITEBACK - SK_LAB] = { "writeback", "ino", "blocks" },
};

#include "extent-status-mail.gen.h"

/*
 * The mail's table has five columns and struct paper_row two (before,
 * after) and one row_metric: each row holds baseline and the variant the
 * mail credits for that avg scan time figure (mails/extent-status.json's
 * rows). The other figures (max scan
 * time, hits, latencies) do not fit this shape; the calibration test
 * checks them.
 */
static const struct paper_row es_rows[] = {
	{ MAIL_EXTENT_STATUS_ROW_1, .params = "case=a",
	  .note = "avg_scan_us; 8 jobs x 2 files, 256 MiB, 5 s (the mail: 100 x 5, 24 GB, 300 s); after = es-ilist" },
	{ MAIL_EXTENT_STATUS_ROW_2, .params = "case=b",
	  .note = "avg_scan_us; case a plus 8192 small inodes by 4 jobs, laid out (the mail: 400000 by 20); after = es-slist; unreproduced: the mail's 57x needs sorts every few calls, here the shrinker drains the list (docs/labs/extent-status.md)" },
	{ MAIL_EXTENT_STATUS_ROW_3, .params = "case=c",
	  .note = "avg_scan_us; a reader over 10 x 32 MiB laid out beside case a's writers, 128 MiB (the mail: 50 x 1 GB, 12 GB); after = es-slist, the mail's direction (laid_out=off: against it); es-cache's 29.5x regression unreproduced (docs/labs/extent-status.md)" },
};

static const char *const es_check_params[] = { "mem_mb" };

const struct lab lab_extent_status = {
	.id = "extent-status",
	.title = "ext4 extent status tree shrinker: LRU to round robin, reclaim lists, aging, hole caching",
	.source = "extent-status/extent-status.c",
	.test_params = "case=b;runtime_ms=100;mem_mb=32;small_files=16",
	.variants = es_variants,
	.nr_variants = ARRAY_SIZE(es_variants),
	.params = es_params,
	.nr_params = ES_NR_PARAMS,
	.metrics = es_metrics,
	.nr_metrics = ES_NR_METRICS,
	.kinds = es_kinds,
	.nr_kinds = ARRAY_SIZE(es_kinds),
	.rows = es_rows,
	.nr_rows = ARRAY_SIZE(es_rows),
	.row_metric = "avg_scan_us",
	.row_unit = "us",
	.row_scale = 1.0,
	.cite = MAIL_EXTENT_STATUS_CITATION,
	.nr_cpus = es_nr_cpus,
	.check = es_check,
	.check_params = es_check_params,
	.nr_check_params = ARRAY_SIZE(es_check_params),
	.setup = es_setup,
	.collect = es_collect,
	.snapshot = es_snapshot,
	.invariants = es_invariants,
};

/* ---------------------------------------------------------------------
 * Hooks for test-extent-status.c (extent-status.h): one inode built
 * by hand, outside any run.
 * ------------------------------------------------------------------- */

static struct sim es_test_sim;
static struct es_inode es_test_inode;

int es_test_build(int variant, const char *layout)
{
	struct es_inode *ei = &es_test_inode;
	u32 i;

	if (es.s == &es_test_sim)
		sim_destroy(&es_test_sim);
	memset(&es, 0, sizeof(es));
	memset(ei, 0, sizeof(*ei));
	sim_init(&es_test_sim, 1, 1);
	es_test_sim.max_mem = 64u << 20;
	es.s = &es_test_sim;
	es.variant = variant;
	INIT_LIST_HEAD(&es.s_es_list);
	es_init_inode(&es_test_sim, ei, 12);
	es.inodes = ei;
	es.nr_inodes = 1;
	for (i = 0; layout[i]; i++) {
		char c = layout[i];
		int st = (c == 'W' || c == 'w') ? ES_WRITTEN : (c == 'D' || c == 'd') ?
			 ES_DELAYED : (c == 'H' || c == 'h') ? ES_HOLE : -1;

		if (st < 0)
			continue;
		es_insert_extent(ei, i, 1, st);
		if (c >= 'a')
			__es_tree_search(ei, i)->referenced = true;
		if (st == ES_DELAYED)
			es.dirty++;
	}
	es.mem = es.dirty;
	return es_test_sim.error ? -1 : 0;
}

long es_test_reclaim(long budget, bool second, char *out, size_t len, u64 *visits)
{
	static struct task t;
	static struct es_task f;
	struct es_inode *ei = &es_test_inode;
	struct rb_node *n;
	long freed;
	u32 i, max = 0;

	memset(&t, 0, sizeof(t));
	memset(&f, 0, sizeof(f));
	t.priv = &f;
	f.t = &t;
	f.ei = ei;
	f.nr_to_scan = budget;
	f.gc_second = second;
	while (es_reclaim_inode(&es_test_sim, &t, &f) != CO_DONE)
		;
	*visits = f.ivisits;
	freed = f.ifreed;
	for (n = rb_first(&ei->root); n; n = rb_next(n))
		max = es_end(rb_entry(n, struct extent_status, rb_node)) + 1;
	for (i = 0; i < max && i + 1 < len; i++) {
		struct extent_status *e = __es_tree_search(ei, i);

		out[i] = !e || e->es_lblk > i ? '.' : "WUDH"[e->status] +
			 (e->referenced ? 'a' - 'A' : 0);
	}
	out[i] = '\0';
	return freed;
}

int es_test_lookup(u32 lblk)
{
	u64 cost = 0, h = es.hits;

	(void)ext4_es_lookup_extent(&es_test_inode, lblk, 1, &cost);
	return es.hits > h;
}

void es_test_insert(u32 lblk, int written)
{
	es_insert_extent(&es_test_inode, lblk, 1, written ? ES_WRITTEN : ES_HOLE);
}

int es_test_invariants(char *msg, size_t len)
{
	return es_invariants(&es_test_sim, false, msg, len);
}

void es_test_stats(u64 *ewma, u64 *max, u64 *calls, u64 *sum, u64 *hits, u64 *misses)
{
	*ewma = es.scan_time_ewma;
	*max = es.max_scan_time;
	*calls = es.calls;
	*sum = es.scan_time_sum;
	*hits = es.hits;
	*misses = es.misses;
}
