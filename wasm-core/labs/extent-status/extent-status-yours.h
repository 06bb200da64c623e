/* SPDX-License-Identifier: GPL-2.0 */
/*
 * extent-status-yours.h - what a student's es_reclaim_extents() sees: the
 * extent-status lab's extent and inode, the walk of one inode's tree that
 * the variant "yours" lends it, and the function it calls.
 *
 * The lab's model (labs/extent-status/extent-status.c) keeps everything else: the
 * writers, the flusher and reclaim, shrink_slab's batches, s_es_list and
 * its round robin, s_es_lock, and the REFERENCED bit that lookups set (as
 * in 6.12). Built with -DJC_YOURS_EXTENT_STATUS, its variant "yours" is
 * upstream with one difference: where __es_shrink() reclaims one inode,
 * it calls
 *
 *   yours_reclaim_extents()  with i_es_lock held for write and s_es_lock
 *                            dropped, *nr_to_scan > 0 the call's budget
 *                            left; it returns the extents it freed.
 *
 * It runs under a lock: it must not sleep, and it cannot. The tree is the
 * inode's alone while it runs. Reach its extents only through the walk:
 * es_scan_search() and es_scan_next() hand out extents, es_scan_free()
 * frees one. Each extent handed out and then gone past (a later call of
 * either, or es_scan_free() of it) is an extent scanned: it costs the
 * shrinking CPU a node's memory access, is shown in the animation and
 * counted by the checker. The last one handed out and not gone past (the
 * next extent, read only to remember where to resume) costs nothing.
 *
 * The model checks every call (a failure names the step and the inode):
 * es_scan_free() only of an extent handed out in this call, once, and not
 * delayed; *nr_to_scan only counts down. With the lab's invariant checker
 * on (check_every, as the exercise's invariants check runs it), it holds
 * the call to 6.12's rules too: no REFERENCED extent freed, and each one
 * scanned and kept has lost the bit; the return value is what was freed;
 * the scan starts at the extent i_es_shrink_lblk names; when the budget is
 * spent, i_es_shrink_lblk names the extent after the last one scanned;
 * when it is not, every extent of the tree was scanned. "The extent
 * i_es_shrink_lblk names" is the one es_scan_search() finds there, or the
 * first of the tree when it finds none (the scan wraps). Without it, a run
 * shows what the code does, so that the scaling and the scan time measure
 * even code that breaks the rules.
 */
#ifndef JC_YOURS_EXTENT_STATUS_H
#define JC_YOURS_EXTENT_STATUS_H

#include <stdbool.h>
#include <stdint.h>

#include "list.h"
#include "rbtree.h"
#include "sim.h"

#define EXT_MAX_BLOCKS	0xffffffffu

enum es_status { ES_WRITTEN, ES_UNWRITTEN, ES_DELAYED, ES_HOLE };

/*
 * struct extent_status - one cached mapping (extents_status.h): blocks
 * es_lblk to es_lblk + es_len - 1. The kernel keeps the status and
 * REFERENCED in the top bits of es_pblk; the physical block plays no part
 * in the shrinker, so it is left out.
 * @es_list: es-ilist/es-gc only, the reconstructed per-inode list link
 */
struct extent_status {
	struct rb_node rb_node;
	uint32_t es_lblk;
	uint32_t es_len;
	unsigned char status;
	bool referenced;	/* 6.12's EXTENT_STATUS_REFERENCED; es-gc's _ACCESSED */
	bool active;		/* es-gc: on the active list */
	struct list_head es_list;
};

/*
 * struct es_inode - an inode's extent status state (ext4_inode_info's
 * i_es_* fields) and what the lab's workload keeps beside it. The scan
 * reads i_es_shk_nr and i_es_all_nr and reads and writes i_es_shrink_lblk.
 */
struct es_inode {
	int ino;
	struct rb_root root;
	struct extent_status *cache_es;
	struct rwlock i_es_lock;
	struct list_head i_es_list;	/* on es.s_es_list */
	bool on_list;
	int i_es_all_nr;		/* extents in the tree */
	int i_es_shk_nr;		/* of them reclaimable: not delayed */
	int i_es_delayed_nr;
	uint32_t i_es_shrink_lblk;	/* 6.12: where the next scan resumes */
	uint64_t i_touch_when;		/* baseline/es-cache: last hit, ns */
	bool lru_pending;		/* a hit since the last ext4_es_lru_add() */
	struct list_head i_es_inactive;	/* es-ilist: the reclaimable list; es-gc: inactive */
	struct list_head i_es_active;	/* es-gc */
	uint32_t i_size;		/* blocks: the next append goes here */
	uint32_t wb_lblk;		/* the flusher's position */
	bool on_dirty;
	struct list_head i_dirty;	/* on es.b_dirty */
	bool small;			/* case b: written 4k on, 4k off */
	int heat_row;			/* its row in the inode heatmap */
};

/* ext4_es_must_keep - a delayed extent holds dirty data not yet allocated */
static inline bool ext4_es_must_keep(const struct extent_status *es)
{
	return es->status == ES_DELAYED;
}

/* the bit a lookup hit sets, and the shrinker's second chance clears */
static inline bool ext4_es_is_referenced(const struct extent_status *es)
{
	return es->referenced;
}

static inline void ext4_es_clear_referenced(struct extent_status *es)
{
	es->referenced = false;
}

/* The shrinking CPU's walk of one inode's tree. */
struct es_scan;

/* __es_tree_search(): the extent holding @lblk, else the first after it; NULL when none is */
struct extent_status *es_scan_search(struct es_scan *sc, uint32_t lblk);
/* the extent after @es in block order, NULL after the last */
struct extent_status *es_scan_next(struct es_scan *sc, struct extent_status *es);
/* rb_erase() and ext4_es_free_extent(): @es leaves the tree and is freed; do not touch it after */
void es_scan_free(struct es_scan *sc, struct extent_status *es);

/* The student's code: es_reclaim_extents() of fs/ext4/extents_status.c. */
int yours_reclaim_extents(struct es_scan *sc, struct es_inode *ei, int *nr_to_scan);

#endif /* JC_YOURS_EXTENT_STATUS_H */
