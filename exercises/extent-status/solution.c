// SPDX-License-Identifier: GPL-2.0
/*
 * The extent-status exercise: es_reclaim_extents() of Linux 3.19 to 6.12.
 *
 * Under memory pressure the extent status shrinker visits the inodes that
 * hold reclaimable extents in turn, and asks each to give back extents out
 * of a batch of 128. Before 3.19 an inode's scan walked its tree from the
 * first extent until 128 were FREED: a file with thousands of delayed
 * extents (dirty blocks not yet allocated, which must stay) was walked
 * from its start past all of them at every call, and the scans grew with
 * the trees. Your function is the scan that replaced it: 128 extents
 * SCANNED at most, resumed where the last scan stopped, and a second
 * chance for extents a lookup used since.
 *
 * The rules (extent-status-yours.h says the rest):
 * - i_es_lock is held for write: do not sleep; the tree is yours alone;
 * - reach extents only through es_scan_search(), es_scan_next() and
 *   es_scan_free(), and never touch one after freeing it;
 * - every extent scanned costs one unit of *nr_to_scan;
 * - return the number of extents you freed.
 */
#include "extent-status-yours.h"

/*
 * es_do_reclaim_extents - scan from ei->i_es_shrink_lblk up to block @end,
 * freeing what may go, while budget lasts. Returns 1 when the budget ran
 * out first (i_es_shrink_lblk then names the next extent to scan), 0 when
 * the scan reached @end or the end of the tree.
 */
static int es_do_reclaim_extents(struct es_scan *sc, struct es_inode *ei,
				 uint32_t end, int *nr_to_scan, int *nr_shrunk)
{
	struct extent_status *es, *next;

	es = es_scan_search(sc, ei->i_es_shrink_lblk);
	if (!es)
		goto out_wrap;
	while (*nr_to_scan > 0) {
		if (es->es_lblk > end) {
			ei->i_es_shrink_lblk = end + 1;
			return 0;
		}
		/* take the next extent now: a freed one cannot be asked */
		next = es_scan_next(sc, es);
		/* TODO 1/3: every extent scanned costs budget, freed or kept */
		(*nr_to_scan)--;
		if (ext4_es_must_keep(es))
			goto next;
#if SKELETON
		if (ext4_es_must_keep(es))
			goto next;
		/* Linux 3.18: only an extent freed costs budget */
		(*nr_to_scan)--;
#endif /* TODO 1/3 */
		/* TODO 2/3: a REFERENCED extent loses the bit and stays, once */
		if (ext4_es_is_referenced(es)) {
			ext4_es_clear_referenced(es);
			goto next;
		}
#if SKELETON
#endif /* TODO 2/3 */
		es_scan_free(sc, es);
		(*nr_shrunk)++;
next:
		if (!next)
			goto out_wrap;
		es = next;
	}
	ei->i_es_shrink_lblk = es->es_lblk;
	return 1;
out_wrap:
	ei->i_es_shrink_lblk = 0;
	return 0;
}

/*
 * yours_reclaim_extents - reclaim extents of @ei with what is left of the
 * shrinker's budget, *@nr_to_scan; returns how many were freed.
 */
int yours_reclaim_extents(struct es_scan *sc, struct es_inode *ei, int *nr_to_scan)
{
	uint32_t start = ei->i_es_shrink_lblk;
	int nr_shrunk = 0;

	if (!ei->i_es_shk_nr)
		return 0;
	/* TODO 3/3: from where the last scan stopped to the end, then wrap to the start */
	if (!es_do_reclaim_extents(sc, ei, EXT_MAX_BLOCKS, nr_to_scan, &nr_shrunk) &&
	    start != 0)
		es_do_reclaim_extents(sc, ei, start - 1, nr_to_scan, &nr_shrunk);
#if SKELETON
	/* Linux 3.18: every scan from the first extent */
	(void)start;
	ei->i_es_shrink_lblk = 0;
	es_do_reclaim_extents(sc, ei, EXT_MAX_BLOCKS, nr_to_scan, &nr_shrunk);
#endif /* TODO 3/3 */
	return nr_shrunk;
}
