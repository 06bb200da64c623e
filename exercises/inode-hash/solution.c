// SPDX-License-Identifier: GPL-2.0
/*
 * The inode-hash exercise: iget_locked()'s first lookup under RCU alone.
 *
 * Every in-core inode hangs on one global hash table, and one spinlock,
 * inode_hash_lock, serialises every change to any chain. Up to Linux 6.10,
 * iget_locked() took that lock for its first lookup too, although a lookup
 * changes nothing: with 20 threads stat-ing files, they queue on the lock.
 * Linux 6.11 (7180f8d91fcb) walks the chain under rcu_read_lock() alone and
 * takes the lock only to insert. Your two functions are that patch:
 * how each lookup of iget_locked() goes, and what its walk does with the
 * inode it stands on.
 *
 * The rules (inode-hash-yours.h says the rest):
 * - without the lock, other CPUs hash and unhash inodes while you walk:
 *   a miss under RCU proves nothing by the time you insert;
 * - an inode being freed is waited for, as __wait_on_freeing_inode() does,
 *   but evict() may already have unhashed it and woken its waiters;
 * - neither function sleeps or allocates: the model does what you return.
 */
#include "inode-hash-yours.h"

/*
 * yours_iget_lookup - how iget_locked() looks the inode up: before its
 * first lookup (@missed false), or after a lookup found nothing and a new
 * inode was allocated (@missed true), which a lookup under the lock then
 * hashes with I_NEW if it finds nothing either.
 */
enum ih_lookup yours_iget_lookup(bool missed)
{
	/* TODO 1/2: the first lookup without inode_hash_lock; after a miss, the insert's */
	if (!missed)
		return IH_LOOKUP_RCU;
	/* the lock was not held: another CPU may have hashed it meanwhile */
	return IH_LOOKUP_LOCKED;
#if SKELETON
	/* Linux 6.10: every lookup under inode_hash_lock */
	(void)missed;
	return IH_LOOKUP_LOCKED;
#endif /* TODO 1/2 */
}

/*
 * yours_find_inode_fast - find_inode_fast()'s verdict on @inode, the node
 * the walk for (@sb, @ino) stands on; its i_lock is held if its number
 * matches. @is_inode_hash_locked says whether inode_hash_lock is held too.
 */
enum ih_verdict yours_find_inode_fast(struct inode *inode, const struct super_block *sb,
				      uint64_t ino, bool is_inode_hash_locked)
{
	if (inode->i_ino != ino || inode->i_sb != sb)
		return IH_NEXT;
	if (inode->i_state & (I_FREEING | I_WILL_FREE)) {
		/* TODO 2/2: wait for it, unless evict() has already unhashed it */
		(void)is_inode_hash_locked;
		if (hlist_unhashed(&inode->i_hash))
			return IH_RETRY;
		return IH_WAIT;
#if SKELETON
		/* Linux 6.10: under inode_hash_lock it is still hashed */
		(void)is_inode_hash_locked;
		return IH_WAIT;
#endif /* TODO 2/2 */
	}
	return IH_HIT;
}
