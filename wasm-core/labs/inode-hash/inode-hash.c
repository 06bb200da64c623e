// SPDX-License-Identifier: GPL-2.0
/*
 * inode-hash.c - the VFS inode hash, and iget's first lookup under RCU.
 *
 * The mail: Mateusz Guzik, "[PATCH v3 0/2] rcu-based inode lookup for
 * iget*", linux-fsdevel, June 2024; upstream as 7180f8d91fcb (v6.11) with
 * btrfs's switch to iget5_locked_rcu(), and the follow-up b40c8e7a033f
 * ("vfs: handle __wait_on_freeing_inode() and evict() race"). In Linux 6.12
 * the code is iget_locked(), iget5_locked_rcu(), inode_insert5(),
 * find_inode_fast(), find_inode(), __wait_on_freeing_inode() and evict() in
 * fs/inode.c.
 *
 * What is modelled. Every in-core inode of every file system hangs on one
 * global hash table of hlist chains, and one spinlock, inode_hash_lock,
 * serialises every change to any chain. Inodes are freed through RCU, so a
 * walker inside rcu_read_lock() may read a chain while it changes. An inode
 * being set up carries I_NEW until its file system has read it from disk;
 * one being torn down carries I_FREEING until evict() has unhashed it.
 *
 * On a cache miss iget has to look the inode up, allocate one, and hash it
 * unless another task hashed the same inode meanwhile:
 * - before (up to 6.10): the first lookup walks the chain under
 *   inode_hash_lock, and the insert takes the lock again and walks again:
 *   two acquisitions and two walks under the lock per miss;
 * - after (6.11 on): the first lookup walks the chain under RCU alone; only
 *   the insert takes the lock.
 * A lookup that finds its inode I_FREEING waits until evict() has unhashed
 * it and looks up again. Without the lock, the lookup may meet the inode
 * after evict() has already unhashed it and woken the waiters; sleeping then
 * would be for ever, so (since b40c8e7a033f) it checks, under the inode's
 * i_lock, whether the inode is still hashed, and if not retries at once.
 *
 * Both take the insert's lock in the same way: inode_insert5() and
 * iget_locked() walk the chain again, hash the new inode under its i_lock,
 * then put it on its super block's list with inode_sb_list_add(), which
 * takes s_inode_list_lock nested inside inode_hash_lock; evict() takes
 * s_inode_list_lock too (inode_sb_list_del()), before the hash lock. The
 * insert's second walk finds the chain's lines in the CPU's cache, where the
 * first walk, a moment before, left them.
 *
 * The two file systems of the mail differ in iget and in what they do
 * around it:
 * - ext4 calls iget_locked(), which compares i_ino along the chain
 *   (find_inode_fast()), and reads the inode from its inode table;
 * - btrfs (btrfs_lookup_dentry()) searches its subvolume tree for the dir
 *   item, calls iget5_locked() (before) or iget5_locked_rcu() (after),
 *   whose walk (find_inode()) compares through a test callback and whose
 *   set callback, btrfs_init_locked_inode(), takes a reference on the root
 *   (btrfs_grab_root(), an atomic on root->refs) inside inode_hash_lock;
 *   for a new inode, btrfs_read_locked_inode() looks for its delayed node
 *   and searches the tree for its inode item, and the inode goes into its
 *   root's index of in-core inodes before unlock_new_inode();
 *   btrfs_destroy_inode() takes it out again and drops the root's
 *   reference. A tree search read-locks each extent buffer on its way down
 *   (btrfs_tree_read_lock(), a down_read() of eb->lock) and references it:
 *   the root node's rw_semaphore and reference count are written by every
 *   CPU, a level-2 node's by the threads whose keys it spans (see struct
 *   extent_buffer).
 *
 * That index is where the kernels differ (the btrfs_inodes parameter):
 * - 6.10, the mail's kernel (rbtree): root->inode_tree, a red-black tree of
 *   the in-core inodes by number, under the spinlock root->inode_lock:
 *   inode_tree_add() walks down it and links the new inode under the lock,
 *   inode_tree_del() erases an evicted one under it, and
 *   btrfs_get_delayed_node() takes the same lock to look in
 *   root->delayed_nodes. Three acquisitions per inode, one of them held for
 *   a walk as deep as the mail's 16.8M in-core inodes make the tree;
 * - 6.11 on (6.12, the kernel lab's; xarray): root->inodes, an xarray under
 *   its own xa_lock (btrfs_add_inode_to_root(): xa_reserve() then
 *   xa_store(); btrfs_del_inode_from_root()), and root->delayed_nodes under
 *   its own; each held ~40 ns.
 *
 * "btrfs bottlenecks itself on its own locks here", says the mail of its
 * -16.7%. In 6.10 that lock is root->inode_lock: once the patch takes
 * inode_hash_lock out of the lookups, the walkers queue on inode_lock
 * instead, and the patch cuts btrfs's walk less than ext4's. 6.12's
 * xarray has no such lock (its tree's read locks are shared and no walker
 * write-locks them), and there the patch cuts btrfs about as much as ext4.
 * What 6.12's btrfs pays beyond ext4 is its shared lines, 17 atomics per
 * stat on lines other CPUs write (the root's and a level-2 node's
 * reference counts and lock words, root->refs), a fixed cost per stat, not
 * a lock that saturates.
 *
 * The workload is the mail's: `threads` threads, each walking its own tree
 * of `dirs` directories of `files` files and stat(2)-ing every file, with a
 * cold cache, so that every lookup misses. The inode cache holds at most
 * `icache` inodes: beyond that kswapd (and, when it falls behind, the
 * allocating walkers themselves) evict the least recently used ones. With
 * `passes` > 1 the walk starts over, and its lookups meet the inodes that
 * reclaim is tearing down. With `shared` = 1 the trees hold hard links to
 * one set of files, so that the threads race to iget the same inodes.
 *
 * Simplifications, each named where it is made: a file's dentry is pruned
 * with its inode; a directory stays cached once looked up (its children's
 * dentries pin it); i_lock and the LRU's lock are charged as uncontended,
 * not modelled as locks; of btrfs's tree, only the lines that several CPUs
 * write are modelled (the engine's struct sim_line, served to one CPU at a
 * time), the private levels' work is a charge; 6.10's root->inode_tree
 * holds the model's in-core inodes, 2^(21 - hash_bits) times fewer than the
 * mail's, and inode_tree_add() charges the levels the mail's tree has
 * beyond it (MAIL_HASH_BITS), so that inode_lock is held as long as there.
 *
 * Model functions are coroutines (co.h): whatever lives across a lock, a
 * sleep or a node of a walk is kept in struct ih_task, the task's frame.
 */
#include <stdio.h>
#include <string.h>

#include "hlist.h"
#include "lab.h"
#include "inode-hash-yours.h"
#include "inode-hash.h"

/*
 * inode_hash_fault - a deliberate bug, for the tests of the invariant
 * checker only (test-inode-hash.c); 0 in every other run.
 *   1: the insert does not look the chain up again under the lock
 *   2: destroy_inode() frees at once instead of after a grace period
 *   3: __wait_on_freeing_inode() sleeps without checking that the inode is
 *      still hashed (fs/inode.c before b40c8e7a033f)
 *   4: btrfs_del_inode_from_root() leaves the inode in root->inodes (6.12),
 *      inode_tree_del() in root->inode_tree (6.10)
 */
int inode_hash_fault;
enum {
	FAULT_NONE,
	FAULT_INSERT_WITHOUT_RECHECK,
	FAULT_FREE_WITHOUT_GRACE,
	FAULT_SLEEP_ON_UNHASHED,
	FAULT_KEEP_IN_ROOT,
};

/* ---------------------------------------------------------------------- */
/* The costs, in ns, each with its physical basis                         */

/*
 * struct ih_costs - CPU time charged for the work done.
 *
 * The machine is the mail's: a 32-vCPU virtual machine of 2024 (2-3 GHz),
 * where a miss to DRAM costs ~100 ns and a page walk under nested paging
 * about twice what it costs on bare metal. The mail's tree (20M files, 24
 * GiB of RAM) is far larger than any cache, so every inode a chain walk
 * visits is a DRAM miss; the simulator's tree is smaller but keeps the
 * mail's inodes per bucket (see the paper rows), so it charges the same.
 * For scale: the mail measured 19.9 us of system time per stat after the
 * patch (397.73 s over 20M stats), spinning included, which bounds what
 * one stat may cost; the charges below add up to about 11 us of a miss
 * outside the lock.
 */
static const struct ih_costs {
	/* the walker's own loop per file: 3.24-3.77 s of user time over 20M
	 * stats in the mail, 0.16-0.19 us each */
	u64 user_ns;
	/* fstatat: syscall entry and exit with speculation mitigations in a
	 * VM (~0.3 us), getname() copying the path into a names_cache
	 * buffer, generic_fillattr() and cp_new_stat() */
	u64 syscall_ns;
	/* the path walk: RCU walk of the directory, a dcache miss on the
	 * file's name, unlazy, d_alloc_parallel() allocating the dentry
	 * (~0.5 us) under the parent's i_rwsem taken shared, d_splice_alias()
	 * afterwards, and this file's share of the getdents() that listed it */
	u64 path_walk_ns;
	/* a dcache hit on the file's name: RCU walk only */
	u64 dcache_hit_ns;
	/* the file system's search for the name in its directory: ext4's
	 * htree probe and the scan of a 4 KiB leaf block in the page cache
	 * (~60 entries, memcmp on each name); for btrfs the CPU part of its
	 * dir-item lookup beside the search below */
	u64 dir_search_ns[2];
	/* alloc_inode(): a slab object of ~1.1 KiB (ext4_inode_info,
	 * btrfs_inode), fresh slab pages under memory pressure, the memcg
	 * charge, and inode_init_always() setting ~20 lines of it */
	u64 alloc_inode_ns;
	/* reading the on-disk inode: ext4 finds its inode table block in the
	 * buffer cache (sb_getblk), checks the crc32c of the 256-byte inode
	 * and decodes it; btrfs copies the inode item out of the leaf its
	 * search found (the search is charged below) */
	u64 read_inode_ns[2];
	/* unlock_new_inode(): clear I_NEW and wake its waiters (a barrier
	 * and a look at the bit wait queue) */
	u64 unlock_new_ns;
	/* btrfs_search_slot(): the binary searches down the four levels of
	 * the subvolume tree (~9 key compares in each 16 KiB node: hot lines
	 * in the two upper levels, a few cold ones in the level-1 node and
	 * the leaf) and the reference and read-lock atomics on the level-1
	 * node and the leaf, lines that only this CPU writes. The two upper
	 * levels' shared lines are modelled apart (struct extent_buffer) */
	u64 btrfs_search_ns;
	/* loading the bucket head: the mail's table has 2^21 heads of 8 bytes
	 * (16 MiB), always a DRAM miss */
	u64 bucket_ns;
	/* one node of a chain walk: the lines of i_hash and i_ino/i_sb of a
	 * cold inode, fetched together: one DRAM miss */
	u64 node_ns;
	/* a bucket head or a node that this iget's walk of the chain loaded
	 * a few microseconds before, unchanged since: the insert's second
	 * walk finds it in the CPU's L1 or L2 (4-14 cycles at 2-3 GHz) */
	u64 hit_ns;
	/* btrfs's test callback (btrfs_find_actor) called through a
	 * retpoline for each node compared, instead of an inline compare */
	u64 test_cb_ns;
	/* spin_lock/unlock of an inode's i_lock by the CPU that owns its
	 * line (evict(), and iget's insert on the inode it has just set up):
	 * one atomic; a lookup taking it pays a line transfer instead.
	 * Uncontended: charged, not modelled as a lock */
	u64 i_lock_ns;
	/* one xarray operation under its xa_lock (xa_reserve(), xa_store(),
	 * __xa_cmpxchg() on btrfs's root->inodes): xas_load() from xa_head
	 * (in the lock's own line) down the five levels that the mail's
	 * inode numbers need (2^24 < 20M < 2^30), four upper nodes that every
	 * CPU reads and none writes, L2 hits of ~5 ns, then the slot's line
	 * in the leaf node, last written by this CPU for the inode before
	 * (consecutive inode numbers share a leaf of 64), and the store */
	u64 xa_op_ns;
	/* one level of 6.10's inode_tree_add() walk down root->inode_tree:
	 * the rb_node's line and the line of location.objectid that
	 * btrfs_ino() compares (two lines of the 1,064-byte btrfs_inode,
	 * loaded together once the parent's child pointer is read), found in
	 * the LLC or moved from a neighbouring core, ~30 ns at 2-3 GHz; the
	 * rebalancing rewrites lines the walk has just loaded. Measured:
	 * Filipe Manana timed inode_tree_add() with 5M open inodes (the
	 * commit that replaced it, "btrfs: use an xarray to track open inodes
	 * in a root", 6.11): median 729 ns, mean 776 ns, for about 23 levels
	 * (log2 of 5M) with the lock's acquisition, ~30 ns a level */
	u64 inode_tree_level_ns;
	/* 6.10's inode_tree_del(): rb_erase() of a least recently used
	 * inode's node, whose line and its parent's are cold (two DRAM
	 * misses); the successor and sibling the rebalancing reads are its
	 * neighbours by number, evicted just before it and still in the
	 * evicting CPU's cache */
	u64 inode_tree_del_ns;
	/* hlist_add_head_rcu(): the head's line and the old first node's
	 * pprev, both loaded by the walk just done */
	u64 insert_ns;
	/* hlist_del_init_rcu(): the lines of both neighbours, cold */
	u64 unhash_ns;
	/* taking an inode off the LRU for reclaim (list_lru walk, i_lock,
	 * setting I_FREEING) and pruning its dentry */
	u64 isolate_ns;
	/* evict() up to the unhash, beside inode_sb_list_del() (modelled):
	 * the file system's evict_inode (truncate_inode_pages_final() on an
	 * empty mapping, clear_inode()), dentry teardown */
	u64 evict_ns;
	/* the RCU callback returning an inode to its slab */
	u64 free_ns;
	/* percent of jitter on the larger CPU costs, so threads drift apart */
	unsigned int jitter_pct;
} ih_cost = {
	.user_ns = 180,
	.syscall_ns = 900,
	.path_walk_ns = 3000,
	.dcache_hit_ns = 400,
	.dir_search_ns = { 2000, 1000 },
	.alloc_inode_ns = 1500,
	.read_inode_ns = { 3000, 1500 },
	.unlock_new_ns = 80,
	.btrfs_search_ns = 1200,
	.bucket_ns = 100,
	.node_ns = 100,
	.hit_ns = 5,
	.test_cb_ns = 15,
	.i_lock_ns = 40,
	.xa_op_ns = 40,
	.inode_tree_level_ns = 30,
	.inode_tree_del_ns = 200,
	.insert_ns = 60,
	.unhash_ns = 150,
	.isolate_ns = 150,
	.evict_ns = 2500,
	.free_ns = 100,
	.jitter_pct = 10,
};

/*
 * Reclaim: kswapd is woken once the cache holds more than icache inodes and
 * evicts SHRINK_BATCH at a time (the kernel's 128, scaled down with the
 * cache) until it holds icache/KSWAPD_LOW_DEN fewer; a walker that finds
 * it icache/DIRECT_RECLAIM_DEN over (kswapd falling behind) reclaims a
 * batch itself before it allocates, as direct reclaim does.
 */
#define SHRINK_BATCH		32
#define KSWAPD_LOW_DEN		16	/* kswapd stops at icache - icache/16 */
#define DIRECT_RECLAIM_DEN	8	/* walkers reclaim above icache + icache/8 */

/*
 * The mail's inode hash had 2^21 chains (sized at boot from its 24 GiB:
 * alloc_large_system_hash("Inode-cache", ..., ihash_entries = 0) gives one
 * chain per 16 KiB of memory, 24 GiB / 16 KiB = 1.5M, rounded up to a power
 * of two), and about 8 in-core inodes a chain, 16.8M in all. The model keeps
 * the inodes a chain with a table 2^(21 - hash_bits) times smaller, so its
 * cache is that much smaller too: 6.10's root->inode_tree, a red-black tree
 * whose walk is about log2 of its inodes long, is 21 - hash_bits levels
 * shallower than the mail's (2,048 inodes: 11 levels, against 24).
 * inode_tree_add() charges those levels beside the ones it walks.
 */
#define MAIL_HASH_BITS	21

/* the entry xa_reserve() leaves: the index is taken, nothing is there yet */
static struct inode xa_zero_entry;
#define XA_ZERO_ENTRY	(&xa_zero_entry)

/* each kind's a and b by name; btrfs_search's item is 0 dir item, 1 inode item */
static const struct step_kind ih_kinds[] = {
	[IK_PATH_WALK - SK_LAB]		= { "path_walk", "dir_ino", "ino" },
	[IK_DCACHE_HIT - SK_LAB]	= { "dcache_hit", "bucket", "ino" },
	[IK_LOOKUP_RCU - SK_LAB]	= { "lookup_rcu", "bucket", "ino" },
	[IK_LOOKUP_LOCKED - SK_LAB]	= { "lookup_locked", "bucket", "ino" },
	[IK_HIT - SK_LAB]		= { "hit", "bucket", "ino" },
	[IK_MISS - SK_LAB]		= { "miss", "bucket", "ino" },
	[IK_WAIT_FREEING - SK_LAB]	= { "wait_freeing", "bucket", "ino" },
	[IK_RETRY - SK_LAB]		= { "retry", "bucket", "ino" },
	[IK_WAIT_NEW - SK_LAB]		= { "wait_new", "bucket", "ino" },
	[IK_ALLOC_INODE - SK_LAB]	= { "alloc_inode", "bucket", "ino" },
	[IK_INSERT - SK_LAB]		= { "insert", "bucket", "ino" },
	[IK_INSERT_RACE - SK_LAB]	= { "insert_race", "bucket", "ino" },
	[IK_READ_INODE - SK_LAB]	= { "read_inode", "bucket", "ino" },
	[IK_UNLOCK_NEW - SK_LAB]	= { "unlock_new", "bucket", "ino" },
	[IK_STAT - SK_LAB]		= { "stat", "bucket", "ino" },
	[IK_BTRFS_SEARCH - SK_LAB]	= { "btrfs_search", "item", "ino" },
	[IK_ISOLATE - SK_LAB]		= { "isolate", "bucket", "ino" },
	[IK_EVICT - SK_LAB]		= { "evict", "bucket", "ino" },
	[IK_UNHASH - SK_LAB]		= { "unhash", "bucket", "ino" },
	[IK_CALL_RCU - SK_LAB]		= { "call_rcu", "bucket", "ino" },
	[IK_GRACE_PERIOD - SK_LAB]	= { "grace_period", "gp", "inodes" },
	[IK_FREE_RCU - SK_LAB]		= { "free_rcu", "bucket", "ino" },
	[IK_INODE_TREE_ADD - SK_LAB]	= { "inode_tree_add", "levels", "ino" },
	[IK_INODE_TREE_DEL - SK_LAB]	= { "inode_tree_del", "bucket", "ino" },
};

/* The whole model of one run: struct ih_model (inode-hash.h). */
struct ih_model ih;

static struct inode_slot *slot_of(struct inode *inode)
{
	return inode->i_slot;
}

/*
 * hash - the chain of (sb, hashval): a multiplicative hash, so that
 * consecutive inode numbers spread evenly over the table.
 */
static u32 hash(const struct super_block *sb, u64 hashval)
{
	u64 x = (hashval ^ sb->s_hash_salt) * 0x9e3779b97f4a7c15ULL;

	return (u32)(x >> (64 - ih.hash_bits));
}

long chain_len(u32 bucket)
{
	struct inode *inode;
	long n = 0;

	hlist_for_each_entry(inode, &ih.inode_hashtable[bucket], struct inode, i_hash)
		n++;
	return n;
}

/* Time on a chain for the chain heatmap: [from, from + ns) on @bucket. */
static void chain_heat_add(u32 bucket, u64 from, u64 ns)
{
	int row = (int)((u64)bucket * (u64)ih.heat_rows / ih.nr_buckets);

	sim_heat_add(&ih.chain_heat, row, 0, from, from + ns);
}

/* charge - @ns of work of @t, jittered when @jitter */
static void charge(struct sim *s, struct task *t, u64 ns, bool jitter)
{
	sim_charge(t, jitter ? sim_jitter(s, ns, ih_cost.jitter_pct) : ns);
}

/* charge_chain - charge @ns of work on chain @bucket, for the heatmap too */
static void charge_chain(struct sim *s, struct task *t, u32 bucket, u64 ns)
{
	chain_heat_add(bucket, s->now + t->pending_ns, ns);
	sim_charge(t, ns);
}

/*
 * hash_line_written - @node is about to leave its chain, or has just been
 * added to one: note that its line and its neighbours' (a node's or the
 * bucket head's) are written now, for head_cost() and node_cost().
 */
static void hash_line_written(struct sim *s, struct task *t, struct hlist_node *node)
{
	u64 now = sim_clock(s, t);
	struct hlist_head *head;

	container_of(node, struct inode, i_hash)->i_hash_wtime = now;
	if (node->next)
		container_of(node->next, struct inode, i_hash)->i_hash_wtime = now;
	head = &ih.inode_hashtable[container_of(node, struct inode, i_hash)->i_bucket];
	if (node->pprev == &head->first)
		ih.bucket_wtime[head - ih.inode_hashtable] = now;
	else
		container_of((struct hlist_node **)node->pprev, struct inode,
			     i_hash.next)->i_hash_wtime = now;
}

/* ---------------------------------------------------------------------- */
/* The slab and RCU freeing                                                */

#define SLOT_CHUNK	256

/* alloc a slot, from the free list (most recently freed first) or fresh */
static struct inode *slab_alloc(struct sim *s)
{
	struct inode_slot *slot = ih.free_slots;
	struct inode *inode;
	u32 gen;
	int i;

	if (!slot) {
		struct inode_slot *chunk = sim_alloc(s, sizeof(*chunk) * SLOT_CHUNK);

		if (!chunk)
			return NULL;
		for (i = SLOT_CHUNK - 1; i >= 0; i--) {
			init_waitqueue_head(&chunk[i].bit_wq, "inode_bit_wq");
			chunk[i].inode.i_slot = &chunk[i];
			chunk[i].inode.i_freed = true;
			chunk[i].next_free = ih.free_slots;
			ih.free_slots = &chunk[i];
		}
		slot = ih.free_slots;
	}
	ih.free_slots = slot->next_free;
	inode = &slot->inode;
	gen = inode->i_gen + 1;
	memset(inode, 0, sizeof(*inode));
	inode->i_gen = gen;
	inode->i_slot = slot;
	inode->i_sb = &ih.sb;
	INIT_HLIST_NODE(&inode->i_hash);
	INIT_LIST_HEAD(&inode->i_lru);
	INIT_LIST_HEAD(&inode->i_sb_list);
	sim_line_init(&slot->i_sb_line);
	RB_CLEAR_NODE(&slot->rb_node);		/* btrfs_alloc_inode() */
	ih.nr_inodes++;
	return inode;
}

/*
 * i_callback - give @inode's memory back. The slot's wait queue stays: a
 * task may still be asleep on it. The poison makes a walker that still
 * follows the inode leave the chain, which the checker reports.
 */
static void i_callback(struct inode *inode)
{
	struct inode_slot *slot = slot_of(inode);

	inode->i_freed = true;
	inode->i_ino = 0x6b6b6b6b6b6b6b6bULL;
	inode->i_hash.next = NULL;
	slot->next_free = ih.free_slots;
	ih.free_slots = slot;
	ih.nr_inodes--;
}

/* ---------------------------------------------------------------------- */
/* The walk over one chain                                                 */

/*
 * step_on - make @w stand on @inode (or on nothing: the walk ends), noting
 * the slot's generation to tell, later, whether it was freed meanwhile.
 */
static void step_on(struct ih_task *w, struct inode *inode)
{
	w->pos = inode;
	w->pos_gen = inode ? inode->i_gen : 0;
	if (inode)
		w->pos_idx++;
}

/*
 * stale - whether the node @w stands on was freed since it stepped on it:
 * a use after free. RCU must make this impossible for a walker inside
 * rcu_read_lock(); the model counts it, and the checker fails the run.
 */
static bool stale(struct ih_task *w)
{
	if (!w->pos->i_freed && w->pos->i_gen == w->pos_gen)
		return false;
	if (!ih.uaf++)
		snprintf(ih.uaf_msg, sizeof(ih.uaf_msg),
			 "task %d walking chain %u stood on inode slot after it was freed",
			 w->t->id, w->bucket);
	return true;
}

/*
 * head_cost, node_cost - loading chain w->bucket's head, or @inode, in a walk:
 * a miss to memory, or an L1/L2 hit if this iget's walk loaded the line
 * before and nobody has written it since (hlist_add_head_rcu() and
 * hlist_del_init_rcu() write the head's and the neighbours' lines).
 */
static u64 head_cost(struct sim *s, struct ih_task *w)
{
	bool warm = w->head_seen_at && ih.bucket_wtime[w->bucket] < w->head_seen_at;

	w->head_seen_at = sim_clock(s, w->t);
	return warm ? ih_cost.hit_ns : ih_cost.bucket_ns;
}

static u64 node_cost(struct sim *s, struct ih_task *w, struct inode *inode)
{
	struct walk_seen *seen = w->seen;
	bool warm;
	int i;

	for (i = 0; i < w->nr_seen; i++)
		if (seen[i].inode == inode && seen[i].gen == inode->i_gen)
			break;
	warm = i < w->nr_seen && inode->i_hash_wtime < seen[i].at;
	if (i == w->nr_seen && w->nr_seen < WALK_SEEN_MAX) {
		seen[i].inode = inode;
		seen[i].gen = inode->i_gen;
		w->nr_seen++;
	}
	if (i < w->nr_seen)
		seen[i].at = sim_clock(s, w->t);
	return warm ? ih_cost.hit_ns : ih_cost.node_ns;
}

/*
 * kernel_verdict - what find_inode_fast() of Linux 6.12 does with @inode,
 * whose number matches, once it holds its i_lock: take it, or, if it is
 * being freed, sleep in __wait_on_freeing_inode() until evict() has
 * unhashed it, unless evict() has done so already (b40c8e7a033f): the
 * wakeup is then given or about to be, and sleeping could be for ever.
 */
static enum ih_verdict kernel_verdict(const struct inode *inode)
{
	if (!(inode->i_state & I_FREEING))
		return IH_HIT;
	if (hlist_unhashed(&inode->i_hash) &&
	    inode_hash_fault != FAULT_SLEEP_ON_UNHASHED)
		return IH_RETRY;
	return IH_WAIT;
}

#ifdef JC_YOURS_INODE_HASH
/* The exercise's variant: the student's answers, checked before they are done */

static const char *const ih_verdict_names[] = {
	[IH_NEXT] = "IH_NEXT", [IH_HIT] = "IH_HIT",
	[IH_WAIT] = "IH_WAIT", [IH_RETRY] = "IH_RETRY",
};

static const char *const ih_lookup_names[] = {
	[IH_LOOKUP_RCU] = "IH_LOOKUP_RCU", [IH_LOOKUP_LOCKED] = "IH_LOOKUP_LOCKED",
	[IH_LOCK_INSERT] = "IH_LOCK_INSERT",
};

static const char *inode_state_words(const struct inode *inode)
{
	if (!(inode->i_state & I_FREEING))
		return inode->i_state & I_NEW ? "I_NEW" : "live";
	return hlist_unhashed(&inode->i_hash) ? "I_FREEING, unhashed" : "I_FREEING, hashed";
}

/*
 * yours_verdict - the student's yours_find_inode_fast() for @inode, the
 * node w->pos that the walk stands on. An answer that would follow a wrong
 * pointer or never end fails the run and is replaced by the kernel's; a
 * skip (IH_NEXT) or a wait for an unhashed inode is done as asked, and the
 * invariant checker judges what follows (an inode hashed twice, a lost
 * wakeup).
 */
static enum ih_verdict yours_verdict(struct sim *s, struct ih_task *w, struct inode *inode)
{
	bool match = inode->i_ino == w->ino && inode->i_sb == &ih.sb;
	enum ih_verdict v = yours_find_inode_fast(inode, &ih.sb, w->ino, w->locked);
	enum ih_verdict want = match ? kernel_verdict(inode) : IH_NEXT;
	const char *why = NULL;

	switch (v) {
	case IH_NEXT:
		return v;
	case IH_HIT:
		if (!match)
			why = "a hit on another number";
		else if (inode->i_state & I_FREEING)
			why = "a hit on an inode being freed: evict() tears it down under the reference";
		break;
	case IH_WAIT:
		if (!(inode->i_state & I_FREEING))
			why = "a wait for an inode nobody frees: nothing would wake it";
		else if (!match)
			why = "a wait for an inode of another number";
		break;
	case IH_RETRY:
		if (!(inode->i_state & I_FREEING))
			why = "a retry on an inode not being freed: the walk would find it again for ever";
		else if (w->locked && !hlist_unhashed(&inode->i_hash))
			why = "evict() needs inode_hash_lock to unhash it: the retries would go round for ever";
		else if (!match)
			why = "a retry on an inode of another number";
		break;
	default:
		sim_fail_check(s, 3, "yours_find_inode_fast", "yours_find_inode_fast() returned %d for inode %llu (looking up %llu, step %llu): allowed: IH_NEXT, IH_HIT, IH_WAIT, IH_RETRY",
			       (int)v, (unsigned long long)inode->i_ino,
			       (unsigned long long)w->ino, (unsigned long long)s->steps);
		return want;
	}
	if (!why)
		return v;
	sim_fail_check(s, 3, "yours_find_inode_fast", "yours_find_inode_fast() returned %s for inode %llu (%s) looking up %llu %s, step %llu: %s",
		       ih_verdict_names[v], (unsigned long long)inode->i_ino,
		       inode_state_words(inode), (unsigned long long)w->ino,
		       w->locked ? "under inode_hash_lock" : "under RCU",
		       (unsigned long long)s->steps, why);
	return want;
}

/*
 * yours_lookup - the student's yours_iget_lookup(): how the first lookup
 * goes (@missed false), or the one after a miss. An answer not allowed
 * there fails the run and is replaced by Linux 6.12's.
 */
static enum ih_lookup yours_lookup(struct sim *s, struct ih_task *w, bool missed)
{
	enum ih_lookup how = yours_iget_lookup(missed);
	const char *why = NULL;

	if (how != IH_LOOKUP_RCU && how != IH_LOOKUP_LOCKED && how != IH_LOCK_INSERT) {
		sim_fail_check(s, 3, "yours_iget_lookup", "yours_iget_lookup(%s) returned %d (inode %llu, step %llu): allowed: %s",
			       missed ? "true" : "false", (int)how, (unsigned long long)w->ino,
			       (unsigned long long)s->steps,
			       missed ? "IH_LOOKUP_LOCKED, IH_LOCK_INSERT" : "IH_LOOKUP_RCU, IH_LOOKUP_LOCKED");
		return missed ? IH_LOOKUP_LOCKED : IH_LOOKUP_RCU;
	}
	if (!missed && how == IH_LOCK_INSERT)
		why = "no new inode to hash before the first lookup; allowed: IH_LOOKUP_RCU, IH_LOOKUP_LOCKED";
	else if (missed && how == IH_LOOKUP_RCU)
		why = "a miss under RCU proves nothing: another CPU may hash the inode before the insert; allowed: IH_LOOKUP_LOCKED, IH_LOCK_INSERT";
	if (!why)
		return how;
	sim_fail_check(s, 3, "yours_iget_lookup", "yours_iget_lookup(%s) returned %s (inode %llu, step %llu): %s",
		       missed ? "true" : "false", ih_lookup_names[how],
		       (unsigned long long)w->ino, (unsigned long long)s->steps, why);
	return missed ? IH_LOOKUP_LOCKED : IH_LOOKUP_RCU;
}
#endif

/*
 * find_inode - find (sb, w->ino) on chain w->bucket and take a reference.
 * find_inode_fast() (ext4) and find_inode() (btrfs) in fs/inode.c: the same
 * walk, but btrfs compares each node through its test callback. Sets
 * w->found to the inode, or NULL.
 *
 * With w->locked the caller holds inode_hash_lock, and nobody can change
 * the chain meanwhile; without it the walk runs under rcu_read_lock() alone
 * and nodes may be unhashed, or added at the head, while it goes.
 */
static int find_inode(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_find;
	struct hlist_head *head = &ih.inode_hashtable[w->bucket];
	struct inode *inode;
	int kind = w->locked ? IK_LOOKUP_LOCKED : IK_LOOKUP_RCU;
	enum ih_verdict v;

	CO_BEGIN(co);
	ih.walks++;
	ih.chain_len_sum += (u64)chain_len(w->bucket);
	rcu_read_lock(t);
repeat:
	charge_chain(s, t, w->bucket, head_cost(s, w));
	w->pos_idx = -1;
	step_on(w, hlist_entry_safe(head->first, struct inode, i_hash));
	w->walking = true;
	while (w->pos) {
		charge_chain(s, t, w->bucket, node_cost(s, w, w->pos) +
			     (ih.fs == FS_BTRFS ? ih_cost.test_cb_ns : 0));
		STEP(t, kind, w->bucket, (s64)w->pos->i_ino);
		sim_elapse(t);
		if (stale(w))
			break;
		inode = w->pos;
		if (inode->i_ino != w->ino || inode->i_sb != &ih.sb) {
#ifdef JC_YOURS_INODE_HASH
			/* the student's compare: anything but IH_NEXT fails the run */
			if (ih.variant == VARIANT_YOURS)
				yours_verdict(s, w, inode);
#endif
			step_on(w, hlist_entry_safe(inode->i_hash.next, struct inode, i_hash));
			continue;
		}
		/* spin_lock(&inode->i_lock): its line was last written elsewhere */
		charge(s, t, s->costs.line_transfer_ns, false);
		sim_elapse(t);
		if (stale(w))
			break;
		inode = w->pos;
#ifdef JC_YOURS_INODE_HASH
		if (ih.variant == VARIANT_YOURS)
			v = yours_verdict(s, w, inode);
		else
#endif
			v = kernel_verdict(inode);
		if (v == IH_NEXT) {
			/* the student skipped its own inode */
			step_on(w, hlist_entry_safe(inode->i_hash.next, struct inode, i_hash));
			continue;
		}
		if (v != IH_HIT) {
			/* __wait_on_freeing_inode() */
			if (v == IH_RETRY) {
				/* evict() has unhashed it, so its wakeup is given
				 * or about to be: sleeping could be for ever */
				ih.rcu_retries++;
				if (hlist_unhashed(&inode->i_hash))
					ih.unhashed_retries++;
				STEP(t, IK_RETRY, w->bucket, (s64)w->ino);
				goto repeat;
			}
			w->wait_slot = slot_of(inode);
			w->wait_gen = inode->i_gen;
			w->wait_seq = w->wait_slot->bit_wq.wake_seq;
			w->walking = false;
			rcu_read_unlock(t);
			if (w->locked)
				spin_unlock(t, &ih.inode_hash_lock);
			ih.freeing_waits++;
			STEP(t, IK_WAIT_FREEING, w->bucket, (s64)w->ino);
			wait_event(t, &w->wait_slot->bit_wq,
				   w->wait_slot->bit_wq.wake_seq != w->wait_seq);
			w->wait_slot = NULL;
			if (w->locked)
				spin_lock(t, &ih.inode_hash_lock);
			rcu_read_lock(t);
			ih.rcu_retries++;
			goto repeat;
		}
		/* __iget(): an inode with references is off the LRU */
		if (!inode->i_count++)
			list_del_init(&inode->i_lru);
		w->found = inode;
		w->walking = false;
		STEP(t, IK_HIT, w->bucket, (s64)w->ino);
		rcu_read_unlock(t);
		CO_EXIT(co);
	}
	w->found = NULL;
	w->walking = false;
	STEP(t, IK_MISS, w->bucket, (s64)w->ino);
	rcu_read_unlock(t);
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* Reclaim                                                                 */

static struct inode *dentry_slot(long thread, long dir, long file)
{
	return ih.dentry[(thread * ih.dirs + dir) * ih.files + file];
}

/* the index of file inode @ino among the files */
static long file_index(u64 ino)
{
	return (long)(ino - ih.file_base);
}

/*
 * drop_dentries - prune the dentries of @inode (the model prunes a file's
 * dentries with its inode; the kernel prunes them first, and the inode
 * follows once unreferenced).
 */
static void drop_dentries(struct inode *inode)
{
	long k = file_index(inode->i_ino), th, d, f;

	if (ih.shared) {
		d = k / ih.files;
		f = k % ih.files;
		for (th = 0; th < ih.threads; th++)
			if (dentry_slot(th, d, f) == inode)
				ih.dentry[(th * ih.dirs + d) * ih.files + f] = NULL;
		return;
	}
	if (ih.dentry[k] == inode)
		ih.dentry[k] = NULL;
}

/*
 * sb_list_add - list_add() of @inode at the head of the super block's list:
 * the head is in the lock's line, @inode's own line is this CPU's, and the
 * old first inode's i_sb_list.prev is on that inode's line. The caller holds
 * s_inode_list_lock.
 */
static u64 sb_list_add(struct sim *s, struct task *t, struct inode *inode)
{
	struct list_head *head = &ih.sb.s_inodes;
	u64 ns = sim_line_write(s, t, &slot_of(inode)->i_sb_line, 0);

	if (!list_empty(head))
		ns += sim_line_write(s, t, &slot_of(list_first_entry(head, struct inode,
								     i_sb_list))->i_sb_line, 0);
	list_add(&inode->i_sb_list, head);
	return ns;
}

/*
 * sb_list_del - list_del_init() of @inode's i_sb_list: its own line and its
 * two neighbours', whose stores the CPU issues together (the time of one
 * move). The caller holds s_inode_list_lock.
 */
static u64 sb_list_del(struct sim *s, struct task *t, struct inode *inode)
{
	struct list_head *head = &ih.sb.s_inodes;
	u64 ns = sim_line_write(s, t, &slot_of(inode)->i_sb_line, 0), n;

	if (inode->i_sb_list.prev != head) {
		n = sim_line_write(s, t, &slot_of(list_entry(inode->i_sb_list.prev, struct inode,
							     i_sb_list))->i_sb_line, 0);
		ns = n > ns ? n : ns;
	}
	if (inode->i_sb_list.next != head) {
		n = sim_line_write(s, t, &slot_of(list_entry(inode->i_sb_list.next, struct inode,
							     i_sb_list))->i_sb_line, 0);
		ns = n > ns ? n : ns;
	}
	list_del_init(&inode->i_sb_list);
	return ns;
}

/*
 * btrfs_del_inode_from_root - btrfs_destroy_inode()'s first step for an
 * inode of the model: take w->victim out of root->inodes, unless a new inode
 * of the same number has taken its place there meanwhile (__xa_cmpxchg()
 * under xa_lock). Then btrfs_put_root().
 */
static int btrfs_del_inode_from_root(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_root;
	struct inode **slot;

	CO_BEGIN(co);
	xa_lock(t, &ih.root.inodes);
	charge(s, t, ih_cost.xa_op_ns, false);
	sim_elapse(t);
	slot = &ih.root.inodes_slot[w->victim->i_ino - ih.first_ino];
	if (*slot == w->victim && inode_hash_fault != FAULT_KEEP_IN_ROOT)
		*slot = NULL;
	xa_unlock(t, &ih.root.inodes);
	line_atomic(t, &ih.root.refs);
	CO_END(co);
}

/*
 * inode_tree_del - 6.10's btrfs_destroy_inode()'s step for an inode of the
 * model: take w->victim out of root->inode_tree under root->inode_lock,
 * unless an inode of the same number read in meanwhile has replaced it
 * there (inode_tree_add() cleared its node). Then btrfs_put_root(). (The
 * kernel then, if the tree is empty and the root deleted, queues the root
 * for cleaning: this root is never deleted.)
 */
static int inode_tree_del(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_root;
	struct rb_node *node;

	CO_BEGIN(co);
	spin_lock(t, &ih.root.inode_lock);
	node = &slot_of(w->victim)->rb_node;
	if (!RB_EMPTY_NODE(node) && inode_hash_fault != FAULT_KEEP_IN_ROOT) {
		rb_erase(node, &ih.root.inode_tree);
		RB_CLEAR_NODE(node);
		charge(s, t, ih_cost.inode_tree_del_ns, false);
	}
	STEP(t, IK_INODE_TREE_DEL, w->victim->i_bucket, (s64)w->victim->i_ino);
	sim_elapse(t);
	spin_unlock(t, &ih.root.inode_lock);
	line_atomic(t, &ih.root.refs);
	CO_END(co);
}

/*
 * evict - tear down w->victim, which carries I_FREEING and is on no list
 * but the super block's: take it off that (s_inode_list_lock), unhash it
 * (inode_hash_lock), wake whoever waits for that, let the file system let
 * go of it (btrfs: root->inode_lock and its rb-tree in 6.10, root->inodes'
 * xa_lock in 6.12) and free it after a grace period. The locks are taken
 * one after another, none inside another.
 */
static int evict(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_evict;
	struct inode *inode = w->victim;

	CO_BEGIN(co);
	/* inode_sb_list_del() */
	spin_lock(t, &ih.sb.s_inode_list_lock);
	sim_elapse(t);
	sim_charge(t, sb_list_del(s, t, w->victim));
	sim_elapse(t);
	spin_unlock(t, &ih.sb.s_inode_list_lock);
	inode = w->victim;
	charge(s, t, ih_cost.evict_ns, true);
	STEP(t, IK_EVICT, inode->i_bucket, (s64)inode->i_ino);
	sim_elapse(t);
	/* remove_inode_hash(): the neighbours' lines first, then the stores */
	spin_lock(t, &ih.inode_hash_lock);
	charge_chain(s, t, w->victim->i_bucket, ih_cost.unhash_ns);
	sim_elapse(t);
	inode = w->victim;
	hash_line_written(s, t, &inode->i_hash);
	hlist_del_init_rcu(&inode->i_hash);
	ih.nr_cached--;
	inode->i_state |= I_CLEAR;
	STEP(t, IK_UNHASH, inode->i_bucket, (s64)inode->i_ino);
	spin_unlock(t, &ih.inode_hash_lock);
	/* wake __wait_on_freeing_inode() under i_lock */
	charge(s, t, ih_cost.i_lock_ns, false);
	wake_up_all(t, &slot_of(w->victim)->bit_wq);
	w->victim->i_woken = true;
	ih.evictions++;
	/* destroy_inode(): the file system's destroy_inode, then call_rcu(i_callback) */
	if (ih.fs == FS_BTRFS && ih.btrfs_inodes == BTRFS_RBTREE)
		CO_CALL(co, inode_tree_del(s, w));
	else if (ih.fs == FS_BTRFS)
		CO_CALL(co, btrfs_del_inode_from_root(s, w));
	inode = w->victim;
	STEP(t, IK_CALL_RCU, inode->i_bucket, (s64)inode->i_ino);
	if (inode_hash_fault == FAULT_FREE_WITHOUT_GRACE) {
		i_callback(inode);
		CO_EXIT(co);
	}
	list_add_tail(&inode->i_lru, &ih.rcu_pending);
	if (!ih.rcu_active)
		wake_up_all(t, &ih.rcu_wait);
	CO_END(co);
}

/*
 * prune_icache_sb - isolate up to w->nr_to_scan unreferenced inodes from
 * the head of the LRU (the least recently used), mark them I_FREEING, and
 * evict each in turn (dispose_list()).
 */
static int prune_icache_sb(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_prune;
	struct inode *inode;
	int n = 0;

	CO_BEGIN(co);
	while (n < w->nr_to_scan && !list_empty(&ih.lru)) {
		inode = list_first_entry(&ih.lru, struct inode, i_lru);
		list_move_tail(&inode->i_lru, &w->dispose);
		inode->i_state |= I_FREEING;
		drop_dentries(inode);
		charge(s, t, ih_cost.isolate_ns, false);
		n++;
	}
	if (n) {
		inode = list_first_entry(&w->dispose, struct inode, i_lru);
		STEP(t, IK_ISOLATE, inode->i_bucket, (s64)inode->i_ino);
		sim_elapse(t);
	}
	while (!list_empty(&w->dispose)) {
		w->victim = list_first_entry(&w->dispose, struct inode, i_lru);
		list_del_init(&w->victim->i_lru);
		CO_CALL(co, evict(s, w));
	}
	CO_END(co);
}

/* kswapd - evict batches while the cache is over icache. */
static int kswapd(struct sim *s, struct task *t)
{
	struct ih_task *w = t->priv;
	struct co *co = &w->co_main;

	CO_BEGIN(co);
	for (;;) {
		/* sleep until a walker finds the cache over icache */
		ih.kswapd_active = false;
		w->wait_seq = ih.kswapd_wait.wake_seq;
		wait_event(t, &ih.kswapd_wait,
			   ih.kswapd_wait.wake_seq != w->wait_seq || !ih.walkers_left);
		ih.kswapd_active = true;
		if (!ih.walkers_left)
			break;
		/* what is not on the LRU is in use: it cannot be evicted */
		while (ih.nr_cached > ih.icache - ih.icache / KSWAPD_LOW_DEN &&
		       !list_empty(&ih.lru)) {
			w->nr_to_scan = SHRINK_BATCH;
			CO_CALL(co, prune_icache_sb(s, w));
		}
	}
	ih.kswapd_done = true;
	wake_up_all(t, &ih.rcu_wait);
	CO_END(co);
}

/*
 * rcu_nocb_kthread - the thread that runs RCU callbacks: it takes what
 * destroy_inode() queued, waits for a grace period, then frees all of it.
 */
static int rcu_nocb_kthread(struct sim *s, struct task *t)
{
	struct ih_task *w = t->priv;
	struct co *co = &w->co_main;

	CO_BEGIN(co);
	for (;;) {
		ih.rcu_active = false;
		wait_event(t, &ih.rcu_wait,
			   !list_empty(&ih.rcu_pending) || ih.kswapd_done);
		ih.rcu_active = true;
		if (list_empty(&ih.rcu_pending))
			break;
		list_splice_tail_init(&ih.rcu_pending, &ih.rcu_batch);
		ih.gp_running = true;
		ih.gp_id++;
		ih.gp_epoch = s->rcu_epoch;
		ih.gp_started = s->now + t->pending_ns;
		STEP(t, IK_GRACE_PERIOD, (s64)ih.gp_id, (s64)list_count(&ih.rcu_batch));
		synchronize_rcu(t);
		ih.gp_running = false;
		ih.grace_periods++;
		while (!list_empty(&ih.rcu_batch)) {
			w->victim = list_first_entry(&ih.rcu_batch, struct inode, i_lru);
			list_del_init(&w->victim->i_lru);
			charge(s, t, ih_cost.free_ns, false);
			STEP(t, IK_FREE_RCU, w->victim->i_bucket, (s64)w->victim->i_ino);
			i_callback(w->victim);
		}
		sim_elapse(t);
	}
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* iget                                                                    */

/*
 * alloc_inode - a fresh inode for w->new_inode; reclaims first when kswapd
 * has fallen behind.
 */
static int alloc_inode(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_alloc;

	CO_BEGIN(co);
	if (ih.nr_cached > ih.icache + ih.icache / DIRECT_RECLAIM_DEN &&
	    !list_empty(&ih.lru)) {
		w->nr_to_scan = SHRINK_BATCH;
		CO_CALL(co, prune_icache_sb(s, w));
	}
	charge(s, t, ih_cost.alloc_inode_ns, true);
	STEP(t, IK_ALLOC_INODE, w->bucket, (s64)w->ino);
	sim_elapse(t);
	w->new_inode = slab_alloc(s);
	if (!w->new_inode)
		CO_EXIT(co);	/* out of the memory budget: the run fails */
	slot_of(w->new_inode)->i_sb_line.cpu = t->cpu;	/* inode_init_always() wrote it */
	CO_END(co);
}

/*
 * iget_locked - the inode (sb, w->ino) in w->inode, referenced: found in
 * the hash, or new, hashed with I_NEW for the caller to read in.
 *
 * ext4's iget_locked() and btrfs's iget5_locked() / iget5_locked_rcu() with
 * inode_insert5() have one shape, written once here: look up; on a miss
 * allocate, take the lock, look up again (another task may have hashed the
 * inode meanwhile), and insert. Before the patch the first lookup holds
 * inode_hash_lock too.
 */
static int iget_locked(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_iget;
	struct inode *inode;

	CO_BEGIN(co);
	ih.lookups++;
	w->inode = NULL;
	w->inserted = false;
	w->nr_seen = 0;
	w->head_seen_at = 0;
	w->locked = ih.variant == VARIANT_BEFORE;
#ifdef JC_YOURS_INODE_HASH
	if (ih.variant == VARIANT_YOURS)
		w->locked = yours_lookup(s, w, false) == IH_LOOKUP_LOCKED;
#endif
	if (w->locked)
		spin_lock(t, &ih.inode_hash_lock);
	CO_CALL(co, find_inode(s, w));
	if (w->locked)
		spin_unlock(t, &ih.inode_hash_lock);
	if (w->found)
		goto found;
	ih.misses++;
	CO_CALL(co, alloc_inode(s, w));
	if (!w->new_inode)
		CO_EXIT(co);
#ifdef JC_YOURS_INODE_HASH
	if (ih.variant == VARIANT_YOURS)
		w->how = yours_lookup(s, w, true);
#endif
	w->locked = true;
	spin_lock(t, &ih.inode_hash_lock);
	/* We released the lock, so look again. */
	if (inode_hash_fault != FAULT_INSERT_WITHOUT_RECHECK
#ifdef JC_YOURS_INODE_HASH
	    && !(ih.variant == VARIANT_YOURS && w->how == IH_LOCK_INSERT)
#endif
	    )
		CO_CALL(co, find_inode(s, w));
	else
		w->found = NULL;
	if (!w->found) {
		/* btrfs's set(), btrfs_init_locked_inode(): btrfs_grab_root() */
		if (ih.fs == FS_BTRFS)
			line_atomic(t, &ih.root.refs);
		inode = w->new_inode;
		inode->i_ino = w->ino;
		inode->i_bucket = w->bucket;
		inode->is_dir = w->is_dir;
		inode->i_state = I_NEW;
		inode->i_count = 1;
		hlist_add_head_rcu(&inode->i_hash, &ih.inode_hashtable[w->bucket]);
		hash_line_written(s, t, &inode->i_hash);
		ih.nr_cached++;
		if (chain_len(w->bucket) > ih.chain_max)
			ih.chain_max = chain_len(w->bucket);
		/* under the new inode's i_lock, which this CPU has just written */
		charge_chain(s, t, w->bucket, ih_cost.i_lock_ns + ih_cost.insert_ns);
		ih.inserts++;
		STEP(t, IK_INSERT, w->bucket, (s64)w->ino);
		/* inode_sb_list_add(), inside inode_hash_lock */
		spin_lock(t, &ih.sb.s_inode_list_lock);
		sim_elapse(t);
		sim_charge(t, sb_list_add(s, t, w->new_inode));
		sim_elapse(t);
		spin_unlock(t, &ih.sb.s_inode_list_lock);
		spin_unlock(t, &ih.inode_hash_lock);
		w->inode = w->new_inode;
		w->new_inode = NULL;
		w->inserted = true;
		if (ih.nr_cached > ih.icache && !ih.kswapd_active)
			wake_up_all(t, &ih.kswapd_wait);
		CO_EXIT(co);
	}
	/*
	 * Somebody else hashed it under us: use theirs. Ours was never
	 * hashed, so no walker can hold it and it is freed at once (the
	 * kernel still passes it through call_rcu()).
	 */
	spin_unlock(t, &ih.inode_hash_lock);
	ih.insert_races++;
	STEP(t, IK_INSERT_RACE, w->bucket, (s64)w->ino);
	i_callback(w->new_inode);
	w->new_inode = NULL;
found:
	ih.hits++;
	/* wait_on_inode(): until its reader clears I_NEW */
	if (w->found->i_state & I_NEW) {
		ih.new_waits++;
		STEP(t, IK_WAIT_NEW, w->bucket, (s64)w->ino);
		wait_event(t, &slot_of(w->found)->bit_wq, !(w->found->i_state & I_NEW));
	}
	w->inode = w->found;
	CO_END(co);
}

/* the level-2 node whose keys hold directory @dir of walker @w's tree */
static struct extent_buffer *l2_node(const struct ih_task *w, long dir)
{
	long k = (long)w->id * ih.dirs + dir;

	return &ih.root.l2[k * BTRFS_L2_NODES / (ih.threads * ih.dirs)];
}

/*
 * btrfs_search_slot - a read-only search of the subvolume tree for the
 * @item (0: the dir item, 1: the inode item) of w->ino, and the
 * btrfs_free_path() after its caller has copied the item out.
 *
 * The root node first (btrfs_read_lock_root_node(): btrfs_root_node() takes
 * a reference, btrfs_tree_read_lock() its read lock); then each level's
 * child is referenced and read-locked (read_block_for_search(),
 * btrfs_tree_read_lock()) before the parent's read lock is dropped
 * (btrfs_tree_unlock_rw() at the top of the next level). The references
 * stay until the path is freed. Each of these is an atomic on a line of the
 * node's extent_buffer that the other CPUs write too.
 */
static int btrfs_search_slot(struct sim *s, struct ih_task *w, int item)
{
	struct task *t = w->t;
	struct co *co = &w->co_search;
	struct extent_buffer *root = &ih.root.node;

	CO_BEGIN(co);
	STEP(t, IK_BTRFS_SEARCH, item, (s64)w->ino);
	/* btrfs_read_lock_root_node() */
	line_atomic(t, &root->refs);
	down_read(t, &root->lock);
	/* the level-2 child: find_extent_buffer(), btrfs_tree_read_lock() */
	line_atomic(t, &w->l2->refs);
	line_atomic(t, &w->l2->lock_line);
	/* level 2: the root's read lock goes */
	up_read(t, &root->lock);
	/* level 1 locked, the level-2 node's read lock goes; then the leaf */
	line_atomic(t, &w->l2->lock_line);
	charge(s, t, ih_cost.btrfs_search_ns, true);
	/* btrfs_free_path(): free_extent_buffer() of each node */
	line_atomic(t, &root->refs);
	line_atomic(t, &w->l2->refs);
	CO_END(co);
}

/*
 * btrfs_get_delayed_node - btrfs_fill_inode()'s look for the inode's pending
 * changes: xa_load() of root->delayed_nodes, under root->inode_lock in 6.10
 * and under the xarray's own xa_lock in 6.12. The xarray is empty (xa_head
 * is NULL): the lock is the cost.
 */
static int btrfs_get_delayed_node(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_root;

	CO_BEGIN(co);
	if (ih.btrfs_inodes == BTRFS_RBTREE) {
		spin_lock(t, &ih.root.inode_lock);
		spin_unlock(t, &ih.root.inode_lock);
		CO_EXIT(co);
	}
	xa_lock(t, &ih.root.delayed_nodes);
	xa_unlock(t, &ih.root.delayed_nodes);
	CO_END(co);
}

/*
 * inode_tree_add - 6.10's btrfs_iget_path(), after btrfs_read_locked_inode()
 * and before unlock_new_inode(): link the new inode w->inode into
 * root->inode_tree under root->inode_lock, walking down from the root and
 * comparing inode numbers (btrfs_ino()), then rebalancing. An inode of the
 * same number still there is one being evicted whose inode_tree_del() has
 * not run yet: rb_replace_node() puts the new one in its place (the kernel
 * WARNs unless it is I_FREEING or I_WILL_FREE) and clears its node, so that
 * inode_tree_del() leaves the tree alone. (In these walks that does not
 * happen: evict() calls inode_tree_del() right after unhashing, and the
 * task that reads the number in again takes inode_lock first for its
 * delayed node, behind it in the lock's FIFO queue.) The lock is held for the walk:
 * the levels of the model's tree and the mail's further ones (MAIL_HASH_BITS).
 */
static int inode_tree_add(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_root;
	struct rb_node **p, *parent = NULL, *new;
	struct inode *entry;
	u64 ino;
	long levels = MAIL_HASH_BITS - ih.hash_bits;

	CO_BEGIN(co);
	spin_lock(t, &ih.root.inode_lock);
	ino = w->inode->i_ino;
	new = &slot_of(w->inode)->rb_node;
	p = &ih.root.inode_tree.rb_node;
	while (*p) {
		parent = *p;
		entry = &rb_entry(parent, struct inode_slot, rb_node)->inode;
		levels++;
		if (ino < entry->i_ino) {
			p = &parent->rb_left;
		} else if (ino > entry->i_ino) {
			p = &parent->rb_right;
		} else {
			if (!(entry->i_state & I_FREEING))
				ih.root_replaced_live++;	/* the kernel's WARN_ON */
			rb_replace_node(parent, new, &ih.root.inode_tree);
			RB_CLEAR_NODE(parent);
			break;
		}
	}
	if (!*p) {	/* not replaced: *p is then the new node */
		rb_link_node(new, parent, p);
		rb_insert_color(new, &ih.root.inode_tree);
	}
	charge(s, t, (u64)levels * ih_cost.inode_tree_level_ns, false);
	STEP(t, IK_INODE_TREE_ADD, levels, (s64)ino);
	sim_elapse(t);
	spin_unlock(t, &ih.root.inode_lock);
	CO_END(co);
}

/*
 * btrfs_add_inode_to_root - index the new inode w->inode in root->inodes,
 * after btrfs_read_locked_inode() and before unlock_new_inode():
 * xa_reserve() (a cmpxchg of NULL to XA_ZERO_ENTRY under xa_lock, which may
 * allocate with GFP_NOFS), then xa_store() under xa_lock again (GFP_ATOMIC).
 * An inode of the same number still there is one being evicted, whose
 * btrfs_del_inode_from_root() will then leave the new one in place.
 */
static int btrfs_add_inode_to_root(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_root;
	struct inode **slot, *existing;

	CO_BEGIN(co);
	xa_lock(t, &ih.root.inodes);
	charge(s, t, ih_cost.xa_op_ns, false);
	sim_elapse(t);
	slot = &ih.root.inodes_slot[w->inode->i_ino - ih.first_ino];
	if (!*slot)
		*slot = XA_ZERO_ENTRY;
	xa_unlock(t, &ih.root.inodes);
	xa_lock(t, &ih.root.inodes);
	charge(s, t, ih_cost.xa_op_ns, false);
	sim_elapse(t);
	slot = &ih.root.inodes_slot[w->inode->i_ino - ih.first_ino];
	existing = *slot;
	*slot = w->inode;
	if (existing && existing != XA_ZERO_ENTRY && existing != w->inode &&
	    !(existing->i_state & I_FREEING))
		ih.root_replaced_live++;	/* the kernel's WARN_ON */
	xa_unlock(t, &ih.root.inodes);
	CO_END(co);
}

/*
 * fs_lookup - ext4_lookup() / btrfs_lookup(): find the name in its
 * directory, iget the inode and, if it is new, read it from disk and
 * unlock_new_inode(). Leaves the referenced inode in w->inode.
 *
 * btrfs_lookup_dentry(): btrfs_inode_by_name() searches the tree for the
 * dir item; btrfs_iget() calls iget5_locked() (iget5_locked_rcu() after the
 * patch) and, for a new inode, btrfs_read_locked_inode() (btrfs_fill_inode()
 * then a search for the inode item) and btrfs_add_inode_to_root().
 */
static int fs_lookup(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_lookup;
	struct inode *inode;

	CO_BEGIN(co);
	charge(s, t, ih_cost.dir_search_ns[ih.fs], true);
	sim_elapse(t);
	if (ih.fs == FS_BTRFS) {
		w->l2 = l2_node(w, w->dir);
		CO_CALL(co, btrfs_search_slot(s, w, 0));
	}
	w->bucket = hash(&ih.sb, w->ino);
	CO_CALL(co, iget_locked(s, w));
	if (!w->inode || !w->inserted)
		CO_EXIT(co);
	/* a new inode: read it in, then unlock_new_inode() */
	if (ih.fs == FS_BTRFS) {
		CO_CALL(co, btrfs_get_delayed_node(s, w));
		CO_CALL(co, btrfs_search_slot(s, w, 1));
	}
	charge(s, t, ih_cost.read_inode_ns[ih.fs], true);
	STEP(t, IK_READ_INODE, w->bucket, (s64)w->ino);
	sim_elapse(t);
	if (ih.fs == FS_BTRFS && ih.btrfs_inodes == BTRFS_RBTREE)
		CO_CALL(co, inode_tree_add(s, w));
	else if (ih.fs == FS_BTRFS)
		CO_CALL(co, btrfs_add_inode_to_root(s, w));
	charge(s, t, ih_cost.unlock_new_ns, false);
	sim_elapse(t);
	inode = w->inode;
	inode->i_state &= ~I_NEW;
	STEP(t, IK_UNLOCK_NEW, w->bucket, (s64)w->ino);
	wake_up_all(t, &slot_of(w->inode)->bit_wq);
	CO_END(co);
}

/* iput - drop a reference; an unreferenced inode goes to the LRU's tail */
static void iput(struct inode *inode)
{
	if (!--inode->i_count && !inode->is_dir)
		list_add_tail(&inode->i_lru, &ih.lru);
}

/* the file inode that this walker's file (dir, file) names */
static u64 file_ino(const struct ih_task *w)
{
	long k = w->dir * ih.files + w->file;

	if (!ih.shared)
		k += (long)w->id * ih.dirs * ih.files;
	return ih.file_base + (u64)k;
}

/*
 * vfs_fstatat - stat(2) of file (w->dir, w->file) of this walker's tree:
 * the path walk, a dcache hit or the file system's lookup, the attributes.
 */
static int vfs_fstatat(struct sim *s, struct ih_task *w)
{
	struct task *t = w->t;
	struct co *co = &w->co_stat;
	struct inode **dentry;
	long k;

	CO_BEGIN(co);
	w->ino = file_ino(w);
	w->is_dir = false;
	sim_charge(t, ih_cost.user_ns);
	ih.user_ns += ih_cost.user_ns;
	charge(s, t, ih_cost.syscall_ns + ih_cost.path_walk_ns, true);
	STEP(t, IK_PATH_WALK, (s64)w->dir_ino, (s64)w->ino);
	sim_elapse(t);
	dentry = &ih.dentry[((long)w->id * ih.dirs + w->dir) * ih.files + w->file];
	if (*dentry) {
		/* the dentry is cached: no lookup, it pins its inode */
		w->inode = *dentry;
		if (!w->inode->i_count++)
			list_del_init(&w->inode->i_lru);
		ih.dcache_hits++;
		charge(s, t, ih_cost.dcache_hit_ns, false);
		STEP(t, IK_DCACHE_HIT, w->inode->i_bucket, (s64)w->ino);
	} else {
		CO_CALL(co, fs_lookup(s, w));
		if (!w->inode)
			CO_EXIT(co);
		/* d_splice_alias() */
		ih.dentry[((long)w->id * ih.dirs + w->dir) * ih.files + w->file] = w->inode;
	}
	sim_elapse(t);
	if (w->inode->i_ino != w->ino || (w->inode->i_state & I_FREEING))
		ih.wrong_inode++;
	k = file_index(w->inode->i_ino);
	if (k >= 0 && k < ih.nr_files)
		ih.found[k]++;
	ih.stats++;
	STEP(t, IK_STAT, w->inode->i_bucket, (s64)w->inode->i_ino);
	iput(w->inode);
	w->inode = NULL;
	CO_END(co);
}

/*
 * stat_walker - one of the mail's threads: walk its tree `passes` times,
 * opening each directory (a lookup of its own on the first pass) and
 * stat-ing every file in it.
 */
static int stat_walker(struct sim *s, struct task *t)
{
	struct ih_task *w = t->priv;
	struct co *co = &w->co_main;

	CO_BEGIN(co);
	for (w->pass = 0; w->pass < ih.passes; w->pass++) {
		for (w->dir = 0; w->dir < ih.dirs; w->dir++) {
			w->dir_ino = ih.first_ino + (u64)w->id * ih.dirs + w->dir;
			if (!w->pass) {
				w->ino = w->dir_ino;
				w->is_dir = true;
				charge(s, t, ih_cost.syscall_ns + ih_cost.path_walk_ns, true);
				STEP(t, IK_PATH_WALK, (s64)ih.first_ino - 1, (s64)w->ino);
				sim_elapse(t);
				CO_CALL(co, fs_lookup(s, w));
				if (!w->inode)
					CO_EXIT(co);
				w->inode = NULL;	/* its dentry keeps it */
			}
			for (w->file = 0; w->file < ih.files; w->file++)
				CO_CALL(co, vfs_fstatat(s, w));
		}
	}
	w->done_ns = s->now + t->pending_ns;
	if (!--ih.walkers_left)
		wake_up_all(t, &ih.kswapd_wait);
	CO_END(co);
}

/* ---------------------------------------------------------------------- */
/* The lab's table, set-up and outputs                                     */

/* the fs parameter's names, by FS_* value */
static const char *const ih_fs_names[] = { [FS_EXT4] = "ext4", [FS_BTRFS] = "btrfs" };
/* the btrfs_inodes parameter's names, by BTRFS_* value */
static const char *const ih_btrfs_inodes_names[] = {
	[BTRFS_RBTREE] = "rbtree", [BTRFS_XARRAY] = "xarray",
};

static const struct param_spec ih_params[] = {
	CHOICE_PARAM("fs", ih_fs_names, FS_EXT4,
		     "file system: ext4 (iget_locked), or btrfs (iget5_locked with a test callback; its tree's shared read locks, its root's reference count and its xarray of inodes)"),
	INT_PARAM("threads", "threads", 1, 64, 20,
		  "stat walkers in parallel, one CPU each, each with its own tree (the mail: 20)"),
	INT_PARAM("dirs", "dirs", 1, 4096, 4,
		  "directories per tree (the mail: 1000)"),
	INT_PARAM("files", "files", 1, 4096, 32,
		  "files per directory (the mail: 1000)"),
	INT_PARAM("hash_bits", "log2 buckets", 4, 16, 8,
		  "size of the inode hash table: 2^hash_bits chains (the mail's VM: 2^21)"),
	INT_PARAM("icache", "inodes", 16, 1048576, 2400,
		  "inodes the cache holds before reclaim evicts the least recently used (the mail's 24 GiB held about 8 per chain); the default, just under one pass over the default trees, makes the second pass meet the inodes reclaim is freeing"),
	INT_PARAM("passes", "passes", 1, 4, 2,
		  "times each thread walks its tree; from the second pass on, lookups meet inodes that reclaim is freeing"),
	INT_PARAM("shared", "", 0, 1, 0,
		  "1: the trees hold hard links to one set of files, so the threads race to iget the same inodes"),
	CHOICE_PARAM("btrfs_inodes", ih_btrfs_inodes_names, BTRFS_RBTREE,
		     "btrfs's index of its in-core inodes, by kernel (ext4 has none): rbtree, 6.10's (the mail's kernel): root->inode_tree under the spinlock root->inode_lock, which the delayed-node lookup takes too; xarray, 6.11's on (6.12, the kernel lab's): root->inodes under its own xa_lock"),
};
#define IH_NR_PARAMS ((int)(sizeof(ih_params) / sizeof(ih_params[0])))
enum { P_FS, P_THREADS, P_DIRS, P_FILES, P_HASH_BITS, P_ICACHE, P_PASSES, P_SHARED,
       P_BTRFS_INODES };

/* what ih_check() reads */
static const char *const ih_check_params[] = { "threads", "dirs", "files" };

#define IH_MAX_FILES	(1LL << 20)

static const struct metric_spec ih_metrics[] = {
	{ "total_s", "s", "virtual time until the last walker finished (the mail's total)" },
	{ "sys_s", "s", "system time of the walkers, all CPUs: running in the kernel or spinning" },
	{ "user_s", "s", "user time of the walkers, all CPUs: an input, not a measurement (180 ns per stat, the mail's 3.24-3.77 s of user time over its 20M stats)" },
	{ "cpu_pct", "%", "(user + system) / total, as time(1) prints it" },
	{ "hash_lock_spin_s", "s", "time all CPUs spent spinning on inode_hash_lock" },
	{ "hash_lock_acq_per_stat", "", "inode_hash_lock acquisitions per stat (lookups, inserts and reclaim's unhashing)" },
	{ "hash_lock_acquisitions", "", "times inode_hash_lock was taken" },
	{ "btrfs_lock_spin_s", "s", "time all CPUs spent waiting for btrfs's own locks: root->inode_lock (6.10, btrfs_inodes=rbtree) or the xa_locks of root->inodes and root->delayed_nodes (6.12, xarray), and the root node's read lock (0 for ext4)" },
	{ "avg_chain_len", "inodes", "inodes on a chain when a lookup began walking it, averaged over the walks" },
	{ "max_chain_len", "inodes", "the longest chain the table had" },
	{ "lookups", "", "iget calls (inode cache lookups)" },
	{ "hits", "", "iget calls that found the inode hashed" },
	{ "misses", "", "iget calls whose first lookup found nothing" },
	{ "inserts", "", "inodes hashed new" },
	{ "insert_races", "", "misses whose second lookup, under the lock, found the inode another task had just hashed" },
	{ "rcu_retries", "", "lookups that met an inode being freed and looked up again, after waiting or at once" },
	{ "freeing_waits", "", "lookups that slept until an I_FREEING inode was unhashed" },
	{ "unhashed_retries", "", "lookups that met an I_FREEING inode already unhashed and retried without sleeping" },
	{ "new_waits", "", "igets that waited for another task to read the inode in (I_NEW)" },
	{ "stats", "", "files stat-ed" },
	{ "dcache_hits", "", "stats whose dentry was still cached: no inode lookup" },
	{ "evictions", "", "inodes evicted by reclaim" },
	{ "grace_periods", "", "RCU grace periods that freed evicted inodes" },
	{ "kthread_s", "s", "CPU time of kswapd and the RCU callback thread" },
	{ "sb_list_lock_spin_s", "s", "time all CPUs spent spinning on s_inode_list_lock (inode_sb_list_add() inside inode_hash_lock, inode_sb_list_del() in evict())" },
	{ "line_wait_s", "s", "time all CPUs waited for a cache line that another CPU was writing: the locks' words, btrfs's tree nodes' reference counts and lock words, its root's reference count, the super block's inode list" },
};
#define IH_NR_METRICS ((int)(sizeof(ih_metrics) / sizeof(ih_metrics[0])))

/* one CPU per walker, one for kswapd, one for the RCU callback thread */
static int ih_nr_cpus(const long long *p)
{
	return (int)p[P_THREADS] + 2;
}

static int ih_check(const long long *p, char *msg, size_t len)
{
	long long total = p[P_THREADS] * p[P_DIRS] * p[P_FILES];

	if (total > IH_MAX_FILES) {
		snprintf(msg, len,
			 "threads x dirs x files = %lld files; the simulator takes at most %lld per run",
			 total, IH_MAX_FILES);
		return -1;
	}
	return 0;
}

static struct ih_task *kthread_frame(struct sim *s)
{
	struct ih_task *w = sim_alloc(s, sizeof(*w));

	if (!w)
		return NULL;
	w->id = -1;
	INIT_LIST_HEAD(&w->dispose);
	return w;
}

/* the subvolume: its lock classes named as lockdep names them */
static int btrfs_root_init(struct sim *s)
{
	struct btrfs_root *root = &ih.root;
	size_t nr = (size_t)(ih.file_base - ih.first_ino) + (size_t)ih.nr_files;
	int i;

	init_rwsem(s, &root->node.lock, "btrfs-tree-03");
	if (ih.btrfs_inodes == BTRFS_RBTREE) {
		spin_lock_init(s, &root->inode_lock, "root->inode_lock");
		root->inode_tree = RB_ROOT;
	} else {
		spin_lock_init(s, &root->inodes.xa_lock, "root->inodes.xa_lock");
		spin_lock_init(s, &root->delayed_nodes.xa_lock, "root->delayed_nodes.xa_lock");
	}
	sim_line_init(&root->node.refs);
	for (i = 0; i < BTRFS_L2_NODES; i++) {
		sim_line_init(&root->l2[i].refs);
		sim_line_init(&root->l2[i].lock_line);
	}
	sim_line_init(&root->refs);
	root->inodes_slot = sim_alloc(s, sizeof(*root->inodes_slot) * nr);
	return root->inodes_slot ? 0 : -1;
}

static int ih_setup(struct sim *s, int variant, const long long *p)
{
	long long i, nr_dentries;
	char name[24];
	int cpu;

	memset(&ih, 0, sizeof(ih));
	ih.variant = variant;
	ih.fs = (int)p[P_FS];
	ih.btrfs_inodes = (int)p[P_BTRFS_INODES];
	ih.threads = p[P_THREADS];
	ih.dirs = p[P_DIRS];
	ih.files = p[P_FILES];
	ih.hash_bits = (int)p[P_HASH_BITS];
	ih.icache = p[P_ICACHE];
	ih.passes = p[P_PASSES];
	ih.shared = p[P_SHARED];
	ih.nr_buckets = 1U << ih.hash_bits;
	ih.heat_rows = ih.nr_buckets < 64 ? (int)ih.nr_buckets : 64;

	/*
	 * Inode numbers: ext4's first free inode is 12 (11 is lost+found),
	 * btrfs's first free objectid 257. Directories first, then files.
	 */
	ih.first_ino = ih.fs == FS_EXT4 ? 12 : 257;
	ih.sb.s_hash_salt = ih.fs == FS_EXT4 ? 0x5eb1 : 0xb7f5;
	ih.file_base = ih.first_ino + (u64)(ih.threads * ih.dirs);
	ih.nr_files = (long)((ih.shared ? 1 : ih.threads) * ih.dirs * ih.files);
	nr_dentries = ih.threads * ih.dirs * ih.files;

	spin_lock_init(s, &ih.inode_hash_lock, "inode_hash_lock");
	spin_lock_init(s, &ih.sb.s_inode_list_lock, "s_inode_list_lock");
	INIT_LIST_HEAD(&ih.sb.s_inodes);
	if (ih.fs == FS_BTRFS && btrfs_root_init(s))
		return -1;
	init_waitqueue_head(&ih.kswapd_wait, "kswapd_wait");
	init_waitqueue_head(&ih.rcu_wait, "rcu_nocb_wait");
	INIT_LIST_HEAD(&ih.lru);
	INIT_LIST_HEAD(&ih.rcu_pending);
	INIT_LIST_HEAD(&ih.rcu_batch);

	ih.inode_hashtable = sim_alloc(s, sizeof(*ih.inode_hashtable) * ih.nr_buckets);
	ih.bucket_wtime = sim_alloc(s, sizeof(*ih.bucket_wtime) * ih.nr_buckets);
	ih.dentry = sim_alloc(s, sizeof(*ih.dentry) * (size_t)nr_dentries);
	ih.found = sim_alloc(s, sizeof(*ih.found) * (size_t)ih.nr_files);
	ih.ino_seen = sim_alloc(s, (size_t)(ih.file_base - ih.first_ino) + (size_t)ih.nr_files);
	ih.walkers = sim_alloc(s, sizeof(*ih.walkers) * (size_t)ih.threads);
	if (!ih.inode_hashtable || !ih.bucket_wtime || !ih.dentry || !ih.found || !ih.ino_seen || !ih.walkers)
		return -1;
	for (i = 0; i < ih.nr_buckets; i++)
		INIT_HLIST_HEAD(&ih.inode_hashtable[i]);
	if (sim_heat_alloc(s, &ih.chain_heat, ih.heat_rows, 1, s->heat.buckets))
		return -1;

	ih.walkers_left = (int)ih.threads;
	for (i = 0; i < ih.threads; i++) {
		struct ih_task *w = &ih.walkers[i];

		w->id = (int)i;
		INIT_LIST_HEAD(&w->dispose);
		snprintf(name, sizeof(name), "stat/%d", (int)i);
		w->t = sim_task_create(s, (int)i, name, stat_walker, w,
				       sim_rand(s) % (2 * NSEC_PER_USEC));
		if (!w->t)
			return -1;
	}
	cpu = (int)ih.threads;
	ih.kswapd = kthread_frame(s);
	ih.rcuo = kthread_frame(s);
	if (!ih.kswapd || !ih.rcuo)
		return -1;
	ih.kswapd->t = sim_task_create(s, cpu, "kswapd0", kswapd, ih.kswapd, 0);
	ih.rcuo->t = sim_task_create(s, cpu + 1, "rcuo", rcu_nocb_kthread, ih.rcuo, 0);
	if (!ih.kswapd->t || !ih.rcuo->t)
		return -1;
	return 0;
}

/* time the waiters of @lk spent spinning or asleep */
static u64 lock_wait_ns(const struct sim_lock *lk)
{
	return lk->spin_ns + lk->sleep_ns;
}

static void ih_collect(struct sim *s, double *m)
{
	u64 end = 0, busy = 0, kthreads = 0;
	long long i;
	int cpu;

	for (i = 0; i < ih.threads; i++)
		if (ih.walkers[i].done_ns > end)
			end = ih.walkers[i].done_ns;
	for (cpu = 0; cpu < ih.threads; cpu++)
		busy += s->cpu_ns[cpu][CPU_RUN] + s->cpu_ns[cpu][CPU_SPIN];
	m[0] = (double)end / 1e9;
	m[1] = (double)(busy - ih.user_ns) / 1e9;
	m[2] = (double)ih.user_ns / 1e9;
	m[3] = end ? 100.0 * (double)busy / (double)end : 0;
	m[4] = (double)ih.inode_hash_lock.lk.spin_ns / 1e9;
	m[5] = ih.stats ? (double)ih.inode_hash_lock.lk.acquisitions / (double)ih.stats : 0;
	m[6] = (double)ih.inode_hash_lock.lk.acquisitions;
	m[7] = ih.fs != FS_BTRFS ? 0 :
	       (double)(lock_wait_ns(&ih.root.inodes.xa_lock.lk) +
			lock_wait_ns(&ih.root.delayed_nodes.xa_lock.lk) +
			lock_wait_ns(&ih.root.inode_lock.lk) +
			lock_wait_ns(&ih.root.node.lock.lk)) / 1e9;
	m[8] = ih.walks ? (double)ih.chain_len_sum / (double)ih.walks : 0;
	m[9] = (double)ih.chain_max;
	m[10] = (double)ih.lookups;
	m[11] = (double)ih.hits;
	m[12] = (double)ih.misses;
	m[13] = (double)ih.inserts;
	m[14] = (double)ih.insert_races;
	m[15] = (double)ih.rcu_retries;
	m[16] = (double)ih.freeing_waits;
	m[17] = (double)ih.unhashed_retries;
	m[18] = (double)ih.new_waits;
	m[19] = (double)ih.stats;
	m[20] = (double)ih.dcache_hits;
	m[21] = (double)ih.evictions;
	m[22] = (double)ih.grace_periods;
	for (cpu = (int)ih.threads; cpu < s->nr_cpus; cpu++)
		kthreads += s->cpu_ns[cpu][CPU_RUN] + s->cpu_ns[cpu][CPU_SPIN];
	m[23] = (double)kthreads / 1e9;
	m[24] = (double)ih.sb.s_inode_list_lock.lk.spin_ns / 1e9;
	m[25] = (double)s->line_wait_ns / 1e9;
}

/* The invariant checker                                                   */

#define FAIL(...)	do { snprintf(msg, len, __VA_ARGS__); return -1; } while (0)

/*
 * Every chain is well linked, holds only live slots in the right bucket,
 * and no (sb, ino) is hashed twice; the count matches nr_cached.
 */
static int check_chains(char *msg, size_t len)
{
	struct hlist_node **pprev;
	struct inode *inode;
	long hashed = 0;
	u64 ino_max = ih.file_base + (u64)ih.nr_files;
	int rc = 0;
	u32 b;

	for (b = 0; b < ih.nr_buckets && !rc; b++) {
		pprev = &ih.inode_hashtable[b].first;
		hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash) {
			if (inode->i_hash.pprev != pprev)
				FAIL("chain %u: inode %llu's pprev does not point at its predecessor",
				     b, (unsigned long long)inode->i_ino);
			pprev = &inode->i_hash.next;
			if (inode->i_freed)
				FAIL("chain %u holds a freed inode", b);
			if (inode->i_sb != &ih.sb || inode->i_ino < ih.first_ino ||
			    inode->i_ino >= ino_max)
				FAIL("chain %u holds inode %llu, which no file has",
				     b, (unsigned long long)inode->i_ino);
			if (hash(inode->i_sb, inode->i_ino) != b)
				FAIL("inode %llu is on chain %u, its hash is %u",
				     (unsigned long long)inode->i_ino, b,
				     hash(inode->i_sb, inode->i_ino));
			if (ih.ino_seen[inode->i_ino - ih.first_ino]++) {
				rc = -1;
				snprintf(msg, len, "inode %llu is hashed twice (chain %u)",
					 (unsigned long long)inode->i_ino, b);
				break;
			}
			if ((inode->i_state & I_NEW) && (inode->i_state & I_FREEING))
				FAIL("inode %llu is both new and being freed",
				     (unsigned long long)inode->i_ino);
			hashed++;
		}
	}
	for (b = 0; b < ih.nr_buckets; b++)
		hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash)
			if (!inode->i_freed && inode->i_ino >= ih.first_ino && inode->i_ino < ino_max)
				ih.ino_seen[inode->i_ino - ih.first_ino] = 0;
	if (rc)
		return rc;
	if (hashed != ih.nr_cached)
		FAIL("%ld inodes are hashed, the cache counts %ld", hashed, ih.nr_cached);
	return 0;
}

/* Walkers: none stands on a freed inode, none sleeps for a wake already given. */
static int check_walkers(char *msg, size_t len)
{
	long long i;

	if (ih.uaf)
		FAIL("use after free in the RCU walk: %s (%llu walks)", ih.uaf_msg,
		     (unsigned long long)ih.uaf);
	for (i = 0; i < ih.threads; i++) {
		const struct ih_task *w = &ih.walkers[i];
		const struct inode *inode;

		if (w->walking && w->pos && (w->pos->i_freed || w->pos->i_gen != w->pos_gen))
			FAIL("task %d stands on a freed inode on chain %u", w->t->id, w->bucket);
		if (!w->wait_slot || w->t->state != TASK_SLEEP ||
		    list_empty(&w->t->wait_entry))
			continue;
		inode = &w->wait_slot->inode;
		if (inode->i_gen != w->wait_gen || inode->i_woken)
			FAIL("lost wakeup: task %d sleeps for inode %llu's eviction, which already woke its waiters",
			     w->t->id, (unsigned long long)w->ino);
	}
	return 0;
}

/* The LRU, the dentries and the RCU lists agree with the inodes' states. */
static int check_lists(char *msg, size_t len)
{
	struct inode *inode;
	long long k, nr = ih.threads * ih.dirs * ih.files;

	list_for_each_entry(inode, &ih.lru, struct inode, i_lru)
		if (inode->i_count || inode->i_state || hlist_unhashed(&inode->i_hash) ||
		    inode->i_freed)
			FAIL("inode %llu is on the LRU but in use, not live or not hashed",
			     (unsigned long long)inode->i_ino);
	list_for_each_entry(inode, &ih.rcu_pending, struct inode, i_lru)
		if (!(inode->i_state & I_FREEING) || !hlist_unhashed(&inode->i_hash) ||
		    inode->i_freed)
			FAIL("inode %llu waits for a grace period but is hashed or not being freed",
			     (unsigned long long)inode->i_ino);
	list_for_each_entry(inode, &ih.rcu_batch, struct inode, i_lru)
		if (!(inode->i_state & I_FREEING) || !hlist_unhashed(&inode->i_hash) ||
		    inode->i_freed)
			FAIL("inode %llu in the grace period is hashed or not being freed",
			     (unsigned long long)inode->i_ino);
	for (k = 0; k < nr; k++) {
		inode = ih.dentry[k];
		if (inode && (inode->i_freed || (inode->i_state & I_FREEING) ||
			      hlist_unhashed(&inode->i_hash)))
			FAIL("a dentry points at inode %llu, which is being freed or gone",
			     (unsigned long long)inode->i_ino);
	}
	return 0;
}

/* At the end: every file was found once per pass per link, by its own inode. */
static int check_final(char *msg, size_t len)
{
	long want = (long)ih.passes * (ih.shared ? (long)ih.threads : 1);
	long k;

	if (ih.wrong_inode)
		FAIL("%llu stats got an inode that was not theirs",
		     (unsigned long long)ih.wrong_inode);
	for (k = 0; k < ih.nr_files; k++)
		if (ih.found[k] != want)
			FAIL("file inode %llu was found %d times, expected %ld",
			     (unsigned long long)(ih.file_base + (u64)k), ih.found[k], want);
	if (ih.lookups != ih.hits + ih.inserts)
		FAIL("%llu lookups but %llu hits and %llu inserts",
		     (unsigned long long)ih.lookups, (unsigned long long)ih.hits,
		     (unsigned long long)ih.inserts);
	if (!list_empty(&ih.rcu_pending) || !list_empty(&ih.rcu_batch))
		FAIL("inodes were never freed after their grace period");
	if (ih.nr_inodes != ih.nr_cached)
		FAIL("%ld inodes allocated at the end, %ld of them hashed",
		     ih.nr_inodes, ih.nr_cached);
	return 0;
}

/*
 * The super block's list holds every hashed inode but those evict() has
 * begun to tear down (it takes them off first) and those still being
 * hashed (iget adds them under inode_hash_lock just after hashing them);
 * nothing on it is unhashed or freed.
 */
static int check_sb_list(char *msg, size_t len)
{
	struct inode *inode;
	long on_list = 0, hashed = 0;
	u32 b;

	list_for_each_entry(inode, &ih.sb.s_inodes, struct inode, i_sb_list) {
		if (inode->i_freed || hlist_unhashed(&inode->i_hash))
			FAIL("inode %llu is on the super block's list but unhashed or freed",
			     (unsigned long long)inode->i_ino);
		on_list++;
	}
	for (b = 0; b < ih.nr_buckets; b++)
		hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash) {
			if (!list_empty(&inode->i_sb_list)) {
				hashed++;
				continue;
			}
			if (!(inode->i_state & (I_NEW | I_FREEING)))
				FAIL("inode %llu is hashed and live but not on the super block's list",
				     (unsigned long long)inode->i_ino);
		}
	if (hashed != on_list)
		FAIL("%ld inodes on the super block's list, %ld of them hashed", on_list, hashed);
	return 0;
}

/*
 * btrfs 6.10: root->inode_tree is a valid red-black tree in the order of
 * the inode numbers, each number once, of in-core inodes only; every
 * hashed inode that has been read in and is not being freed is in it.
 */
static int check_inode_tree(char *msg, size_t len)
{
	u64 ino_max = ih.file_base + (u64)ih.nr_files, prev = 0;
	const char *why = NULL;
	struct rb_node *node;
	struct inode *inode;
	u32 b;

	if (ih.root_replaced_live)
		FAIL("inode_tree_add() replaced a live inode %llu times",
		     (unsigned long long)ih.root_replaced_live);
	if (rb_check(&ih.root.inode_tree, &why) < 0)
		FAIL("root->inode_tree is not a red-black tree: %s", why ? why : "?");
	for (node = rb_first(&ih.root.inode_tree); node; node = rb_next(node)) {
		inode = &rb_entry(node, struct inode_slot, rb_node)->inode;
		if (inode->i_freed || inode->i_ino < ih.first_ino || inode->i_ino >= ino_max)
			FAIL("root->inode_tree holds a freed inode or one no file has (%llu)",
			     (unsigned long long)inode->i_ino);
		if (prev && inode->i_ino <= prev)
			FAIL("root->inode_tree holds %llu after %llu: out of order or twice",
			     (unsigned long long)inode->i_ino, (unsigned long long)prev);
		prev = inode->i_ino;
	}
	for (b = 0; b < ih.nr_buckets; b++)
		hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash)
			if (!(inode->i_state & (I_NEW | I_FREEING)) &&
			    RB_EMPTY_NODE(&slot_of(inode)->rb_node))
				FAIL("inode %llu is in core but not in root->inode_tree",
				     (unsigned long long)inode->i_ino);
	return 0;
}

/*
 * btrfs 6.12: root->inodes points only at in-core inodes of the right
 * number, and at every hashed inode that has been read in and is not being
 * freed.
 */
static int check_btrfs_root(char *msg, size_t len)
{
	u64 ino_max = ih.file_base + (u64)ih.nr_files, ino;
	struct inode *inode, *entry;
	u32 b;

	if (ih.root_replaced_live)
		FAIL("btrfs_add_inode_to_root() replaced a live inode %llu times",
		     (unsigned long long)ih.root_replaced_live);
	for (ino = ih.first_ino; ino < ino_max; ino++) {
		entry = ih.root.inodes_slot[ino - ih.first_ino];
		if (!entry || entry == XA_ZERO_ENTRY)
			continue;
		if (entry->i_freed || entry->i_ino != ino)
			FAIL("root->inodes holds a freed inode at %llu",
			     (unsigned long long)ino);
	}
	for (b = 0; b < ih.nr_buckets; b++)
		hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash)
			if (!(inode->i_state & (I_NEW | I_FREEING)) &&
			    ih.root.inodes_slot[inode->i_ino - ih.first_ino] != inode)
				FAIL("inode %llu is in core but not in root->inodes",
				     (unsigned long long)inode->i_ino);
	return 0;
}

static int ih_invariants(struct sim *s, bool final, char *msg, size_t len)
{
	(void)s;
	if (check_chains(msg, len) || check_walkers(msg, len) || check_lists(msg, len) ||
	    check_sb_list(msg, len) ||
	    (ih.fs == FS_BTRFS && ih.btrfs_inodes == BTRFS_XARRAY && check_btrfs_root(msg, len)) ||
	    (ih.fs == FS_BTRFS && ih.btrfs_inodes == BTRFS_RBTREE && check_inode_tree(msg, len)))
		return -1;
	return final ? check_final(msg, len) : 0;
}

#undef FAIL

static const char *const ih_variants[] = {
	"before", "after",
#ifdef JC_YOURS_INODE_HASH
	"yours",
#endif
};

#include "inode-hash-mail.gen.h"

/*
 * The mail's table: both file systems at 20 threads, its figures
 * mails/inode-hash.json's. The simulator's tree is
 * the mail's scaled down by keeping what sets the chains' length: the mail
 * walks 20 x 1000 x 1000 files into a table of 2^21 chains (about 9.5 per
 * chain) and its 24 GiB hold about 8 inodes per chain; here 20 x 4 x 32
 * files go into 2^8 chains (10 per chain) with room for 2048 (8 per chain).
 * Each thread walks 128 files instead of 1,000,000, so the row's total_s is
 * compared after scaling by 1,000,000 / 128 = 7812.5 (row_scale). btrfs's
 * row is 6.10's, the kernel the mail measured: btrfs_inodes' default, so
 * that the rows differ in fs alone.
 */
#define IH_ROW_SHAPE "threads=20;dirs=4;files=32;hash_bits=8;icache=2048;passes=1;shared=0"

static const struct paper_row ih_rows[] = {
	{ MAIL_INODE_HASH_ROW_1, .params = "fs=ext4;" IH_ROW_SHAPE,
	  .note = "total_s x 7812.5: each thread walks 4 x 32 files (the mail: 1000 x 1000); 2^8 chains, 2048 cached inodes, as many per chain as the mail's 2^21 and 24 GiB" },
	{ MAIL_INODE_HASH_ROW_2, .params = "fs=btrfs;" IH_ROW_SHAPE,
	  .note = "total_s x 7812.5: each thread walks 4 x 32 files (the mail: 1000 x 1000); 2^8 chains, 2048 cached inodes, as many per chain as the mail's 2^21 and 24 GiB" },
};

/*
 * The thread sweep: each row again at these thread counts, its tree per
 * thread unchanged; where inode_hash_lock starts to hurt, and the mail's 20.
 */
static const long long ih_sweep_threads[] = { 1, 2, 4, 8, 16, 20, 32 };

const struct lab lab_inode_hash = {
	.id = "inode-hash",
	.title = "RCU inode lookup for iget: the global inode_hash_lock",
	.source = "inode-hash/inode-hash.c",
	.test_params = "threads=4;files=8;dirs=2",
	.variants = ih_variants,
	.nr_variants = ARRAY_SIZE(ih_variants),
	.params = ih_params,
	.nr_params = IH_NR_PARAMS,
	.metrics = ih_metrics,
	.nr_metrics = IH_NR_METRICS,
	.kinds = ih_kinds,
	.nr_kinds = ARRAY_SIZE(ih_kinds),
	.rows = ih_rows,
	.nr_rows = (int)(sizeof(ih_rows) / sizeof(ih_rows[0])),
	.row_metric = "total_s",
	.row_unit = "s (total, the mail's tree)",
	.row_scale = 128.0 / 1000000.0,
	.cite = MAIL_INODE_HASH_CITATION,
	.sweep_param = "threads",
	.sweep_values = ih_sweep_threads,
	.nr_sweep_values = ARRAY_SIZE(ih_sweep_threads),
	.nr_cpus = ih_nr_cpus,
	.check = ih_check,
	.check_params = ih_check_params,
	.nr_check_params = ARRAY_SIZE(ih_check_params),
	.setup = ih_setup,
	.collect = ih_collect,
	.snapshot = ih_snapshot,
	.invariants = ih_invariants,
};
