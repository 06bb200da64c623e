/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ext4-writeback-yours.h - what a student's fsync batching policy sees: a
 * read-only view of the ext4-writeback lab's file, jobs, journal and device
 * at one fsync, and the two functions the variant "yours" calls.
 *
 * The lab's model (labs/ext4-writeback/ext4-writeback.c) keeps everything else: fio's
 * jobs, i_rwsem, the page cache and its marks, ext4_writepages' first pass,
 * the fdatawait, jbd2 and the 500-IOPS device. Built with
 * -DJC_YOURS_EXT4_WRITEBACK, its variant "yours" calls
 *
 *   yours_fsync_begin()  where ext4_sync_file() starts, before
 *                        file_write_and_wait_range(): write back now,
 *                        wait a while and be asked again, or skip this
 *                        fsync's own writeback;
 *   yours_extra_pass()   where 6b8ed62008a4 changed ext4_do_writepages():
 *                        the first pass (no handle) has reached the end of
 *                        the file; true starts a handle and rescans from
 *                        the page after the last one it submitted, as
 *                        v4.17-v5.7 did ("before"); false stops there, as
 *                        v5.8 on does ("after").
 *
 * Both run whole, as plain C: they cannot sleep. A wait is asked for by
 * returning EWB_WAIT with its length; the model sleeps the fsync that long
 * (or until a write ends, whichever is first) and calls yours_fsync_begin()
 * again with a fresh view. Whatever you decide, the lab's checker audits
 * every fsync when it returns: each page dirtied before it began must be on
 * disk, and the transaction that holds its mtime committed.
 */
#ifndef JC_YOURS_EXT4_WRITEBACK_H
#define JC_YOURS_EXT4_WRITEBACK_H

#include <stdbool.h>
#include <stdint.h>

/* An fsync's view of the model when it asks you; every count is exact. */
struct ewb_view {
	uint64_t now_ns;		/* virtual time */
	uint64_t jiffy_ns;		/* 1/HZ: mtime moves at most once a jiffy */
	int job, nr_jobs;		/* this fio job, and how many there are */

	/* what the other jobs are doing right now */
	int writing;			/* in write(), i_rwsem held: dirtying its pages */
	int write_queued;		/* in write(), waiting for i_rwsem */
	int in_writeback;		/* in ext4_writepages (scans, handle, waits) */
	int in_fdatawait;		/* waiting for pages under writeback */
	int in_commit_wait;		/* waiting for a jbd2 commit (or a flush) */
	int batching;			/* waiting on yours_fsync_begin()'s word */

	/* the file: 4 KiB pages */
	uint64_t nr_pages;
	uint64_t nr_dirty;		/* dirty, not yet under writeback */
	uint64_t nr_writeback;		/* under writeback (submitted, not done) */
	uint64_t owed;			/* dirtied before this fsync began and not
					 * yet submitted: what it must still write */
	uint64_t mine_dirty;		/* pages of this job's last write still dirty */

	/* the journal */
	uint64_t running_tid;		/* 0: no running transaction */
	uint64_t committing_tid;	/* 0: no commit in progress */
	uint64_t need_tid;		/* the transaction this fsync must see committed */

	/* the device: one FIFO */
	uint64_t device_queued_ns;	/* work queued ahead of a new request */

	/* this fsync */
	uint64_t waited_ns;		/* how long it has waited on your word */
	int asked;			/* calls of yours_fsync_begin() for it so far */
	/* yours_extra_pass() only */
	uint64_t pages_written;		/* pages this call's first pass submitted */
};

enum ewb_fsync_action {
	EWB_WRITEBACK,		/* run ext4_writepages now */
	EWB_WAIT,		/* sleep *wait_ns (at most EWB_MAX_WAIT_NS), then ask again */
	EWB_SKIP_WRITEBACK,	/* do not call ext4_writepages: go to fdatawait */
};

/* One wait: at most 10 ms. One fsync: at most 100 ms of waits in all. */
#define EWB_MAX_WAIT_NS		10000000ULL
#define EWB_MAX_HOLD_NS		100000000ULL

/* The student's code. */
enum ewb_fsync_action yours_fsync_begin(const struct ewb_view *v,
					uint64_t *wait_ns);
bool yours_extra_pass(const struct ewb_view *v);

#endif /* JC_YOURS_EXT4_WRITEBACK_H */
