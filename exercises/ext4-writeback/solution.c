// SPDX-License-Identifier: GPL-2.0
/*
 * The ext4-writeback exercise, an open one: batch fsync writeback so that
 * the device does more writes a second without making any fsync wait
 * longer.
 *
 * Sixteen fio jobs write random 16 KiB slots of one file, each write
 * followed by fsync, on a device that serves 500 requests a second. Every
 * request the device spends on half a slot, a journal block or a flush is
 * a write it does not do. 6b8ed62008a4 dropped the extra pass that
 * v4.17-v5.7 ran under a handle after ext4_writepages' first pass; the
 * mail measured 3% fewer IOPS without it, and Jan Kara called getting the
 * batching back without its latency a research project. Your two
 * functions are the policy: when an fsync starts its writeback (now,
 * after a wait, or not at all), and whether ext4_writepages runs the old
 * extra pass.
 *
 * The rules (ext4-writeback-yours.h says the rest):
 * - both functions run whole: to wait, return EWB_WAIT with its length;
 *   the model sleeps the fsync (a write that ends wakes it early) and asks
 *   again; one wait is at most 10 ms, one fsync's waits 100 ms in all;
 * - an fsync returns only when every page dirtied before it began is on
 *   disk: skip its writeback only when another fsync has already
 *   submitted them all (v->owed is 0). The checker audits every fsync.
 */
#include "ext4-writeback-yours.h"

/* how long one wait for another job's scan lasts, and all of them together */
#define SCAN_WAIT_NS	20000ULL
#define SCAN_WAIT_MAX	200000ULL

/*
 * yours_fsync_begin - an fsync is about to write back the file. Return
 * EWB_WRITEBACK to call ext4_writepages now, EWB_WAIT with *wait_ns to be
 * asked again later, or EWB_SKIP_WRITEBACK to go straight to the wait for
 * the pages under writeback.
 */
enum ewb_fsync_action yours_fsync_begin(const struct ewb_view *v,
					uint64_t *wait_ns)
{
	/* TODO 1/2: piggyback on the writeback other fsyncs already started */
	/*
	 * Another job's scan is under way: it tagged the file when it began,
	 * so it may submit the pages this fsync owes with its own, in the
	 * same requests. Give it a little time, then take what is left.
	 */
	if (!v->owed)
		return EWB_SKIP_WRITEBACK;
	if (v->in_writeback && v->waited_ns + SCAN_WAIT_NS <= SCAN_WAIT_MAX) {
		*wait_ns = SCAN_WAIT_NS;
		return EWB_WAIT;
	}
	return EWB_WRITEBACK;
#if SKELETON
	/* Linux 5.8 on: every fsync writes back at once */
	(void)v;
	(void)wait_ns;
	return EWB_WRITEBACK;
#endif /* TODO 1/2 */
}

/*
 * yours_extra_pass - ext4_writepages' first pass reached the end of the
 * file. True runs v4.17-v5.7's extra pass: a handle, then a rescan from
 * the page after the last one submitted, which writes the pages others
 * dirtied meanwhile and waits, handle held, for those under writeback.
 */
bool yours_extra_pass(const struct ewb_view *v)
{
	/* TODO 2/2: decide when the old extra pass pays */
	/*
	 * On this model the pass costs more than it batches: it holds the
	 * commit in T_LOCKED while it waits, and it sends the slots other
	 * writers are still filling in halves. Never.
	 */
	(void)v;
	return false;
#if SKELETON
	/* Linux 5.8 on (6b8ed62008a4): an overwrite starts no handle */
	(void)v;
	return false;
#endif /* TODO 2/2 */
}
