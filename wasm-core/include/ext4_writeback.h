/* SPDX-License-Identifier: GPL-2.0 */
/* ext4_writeback.h - test hooks of labs/ext4-writeback.c */
#ifndef JC_EXT4_WRITEBACK_H
#define JC_EXT4_WRITEBACK_H

#include "sim.h"

/* The mail's histogram: buckets of width 2 from [0-1] to [28-29], then 30 and up. */
#define EWB_NR_BUCKETS	16

/* ewb_bucket - the histogram bucket of an ext4_writepages call that wrote @pages */
int ewb_bucket(u64 pages);

/*
 * ewb_test_histogram - feed the calls @pages[0..n) through the lab's own
 * accounting (the tracepoint ext4_writepages_result's pages_written) and
 * return their buckets in @buckets[EWB_NR_BUCKETS] and their mean.
 */
double ewb_test_histogram(const u64 *pages, int n, double *buckets);

#endif /* JC_EXT4_WRITEBACK_H */
