// SPDX-License-Identifier: GPL-2.0
/*
 * The fast-commit exercise: make ext4_fc_commit_dentry_updates() linear.
 *
 * At every fast commit, ext4 writes each queued create record preceded by
 * the inode it creates. Before Linux 5.18 it found that inode by walking
 * the whole inode queue from its head for every record: with N files
 * created since the last commit, N records times up to N inodes, all of it
 * under s_fc_lock while every other thread waits. Your two functions remove
 * the walk: remember each record's inode when the record is queued, and
 * use what you remembered at commit time.
 *
 * The rules (fast-commit-yours.h says the rest):
 * - both functions are called with s_fc_lock held: they must not sleep;
 * - the commit writes the records in their queue's order, one call each;
 * - return the record's own inode, never NULL;
 * - walk the inode queue only with fc_walk_first()/fc_walk_next(), which
 *   charge each node's memory access to the committing CPU.
 */
#include "fast-commit-yours.h"

/*
 * yours_track_create - __track_dentry_update() has just queued create
 * record @fcd for inode @ei, whose own record it is: one record per inode
 * in this workload, and the cleanup empties every link it finds.
 */
void yours_track_create(struct ext4_fc_dentry_update *fcd,
			struct ext4_inode_info *ei)
{
	/* TODO 1/2: link the record to its inode, as the 5.18 patch does */
	list_add_tail(&fcd->fcd_dilist, &ei->i_fc_dilist);
#if SKELETON
	(void)fcd;
	(void)ei;
#endif /* TODO 1/2 */
}

/*
 * yours_dentry_inode - the inode record @fcd creates, for the commit to
 * write before the record. @w walks the main inode queue if you need to.
 */
struct ext4_inode_info *yours_dentry_inode(struct fc_walk *w,
					   struct ext4_fc_dentry_update *fcd)
{
	/* TODO 2/2: find the inode without walking the queue */
	(void)w;
	return list_first_entry(&fcd->fcd_dilist, struct ext4_inode_info,
				i_fc_dilist);
#if SKELETON
	struct ext4_inode_info *ei;

	/* the walk of Linux 5.17: up to the whole queue, for every record */
	for (ei = fc_walk_first(w); ei; ei = fc_walk_next(w, ei))
		if (ei->vfs_inode.i_ino == fcd->fcd_ino)
			return ei;
	return NULL;
#endif /* TODO 2/2 */
}
