/* SPDX-License-Identifier: GPL-2.0 */
/*
 * extent_status.h - what labs/extent-status.c shows its tests: one inode's
 * extent status tree built by hand from a layout string, one reclaim of it
 * by the variant's own per-inode function, a lookup, and s_es_stats.
 *
 * A layout has one character per 4k block from block 0: W written, D
 * delayed, H hole, lowercase with REFERENCED (es-gc: _ACCESSED) set, '.' no
 * extent. Not for model code: these reset the lab's state.
 */
#ifndef JC_EXTENT_STATUS_H
#define JC_EXTENT_STATUS_H

#include <stdbool.h>
#include <stddef.h>

#include "sim.h"

void es_stats_update(u64 scan_ns, u64 shrunk);
int es_test_build(int variant, const char *layout);
/* one per-inode reclaim with @budget; @out gets the layout after it */
long es_test_reclaim(long budget, bool second, char *out, size_t len, u64 *visits);
/* 1 if ext4_es_lookup_extent() hits @lblk (and counts it), else 0 */
int es_test_lookup(u32 lblk);
void es_test_insert(u32 lblk, int written);
int es_test_invariants(char *msg, size_t len);
void es_test_stats(u64 *ewma, u64 *max, u64 *calls, u64 *sum, u64 *hits, u64 *misses);

#endif /* JC_EXTENT_STATUS_H */
