/* SPDX-License-Identifier: GPL-2.0 */
/* btrfs_fsync.h - test hooks of labs/btrfs-fsync.c */
#ifndef JC_BTRFS_FSYNC_H
#define JC_BTRFS_FSYNC_H

#include "sim.h"

/*
 * bf_test_max_latency - dbench's max_latency of one client whose operations
 * started at @starts[0..n) (ascending), with the warmup ending at @warmup
 * and the run at @end: the longest gap between two starts counted from the
 * warmup on, or from the last start to the end.
 */
u64 bf_test_max_latency(const u64 *starts, int n, u64 warmup, u64 end);

#endif /* JC_BTRFS_FSYNC_H */
