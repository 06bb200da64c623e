/** The inode-hash mail, told in this project's own words, with links to the sources. */
import { memo } from 'react';
import type { LabData } from '../../app/simHooks';
import { LINKS } from './mail';
import { Sources } from '../../app/Sources';

/** Static text: memoized so that the page's re-renders while playing skip it. */
export const Explainer = memo(function Explainer({ data }: { data: LabData }) {
  return (
    <section className="panel explainer" aria-labelledby="mail-heading">
      <h2 id="mail-heading">The mail in short</h2>
      <div className="explainer-cols">
        <div>
          <h3>One table, one lock</h3>
          <p>
            The VFS keeps every in-memory inode of ext4, btrfs and most other file systems in one hash table,{' '}
            <span className="mono">inode_hashtable</span>, keyed by super block and inode number. Each bucket is an
            hlist; all buckets share a single spinlock, <span className="mono">inode_hash_lock</span>.
          </p>
          <p>
            When a path walk reaches a name whose inode is not in memory, ext4 asks{' '}
            <a href={LINKS.igetLocked} target="_blank" rel="noreferrer" className="mono">
              iget_locked()
            </a>{' '}
            for it. That function searches the bucket with{' '}
            <a href={LINKS.findInodeFast} target="_blank" rel="noreferrer" className="mono">
              find_inode_fast()
            </a>
            . On a miss it allocates a fresh inode, searches the bucket once more (another CPU may have added the same
            inode in the meantime), hashes the new one in marked <span className="mono">I_NEW</span>, and only then
            reads it from disk.
          </p>
        </div>
        <div>
          <h3>Two trips through the lock per miss</h3>
          <p>
            Up to Linux 6.10 the first search also ran under <span className="mono">inode_hash_lock</span>. A cold
            stat of a file therefore took the global lock for the search, let it go, and took it again for the insert.
            With many CPUs doing this, the lock's cache line moves from CPU to CPU at every acquisition and the
            others spin in a queue; long chains keep each holder inside longer still.
          </p>
          <p>
            The benchmark is made so that every lookup misses: 20 threads each <span className="mono">stat(2)</span>{' '}
            every file of a private tree of 1000 directories with 1000 files each, 20 million inodes, none cached. The
            mail's author had met the same pattern on a backup server that scans millions of files. On a 32-core
            machine the system time was about 890 s for a 46 s run on either file system.
          </p>
        </div>
        <div>
          <h3>The fix: search under RCU</h3>
          <p>
            The patch (upstream{' '}
            <a href={LINKS.commit} target="_blank" rel="noreferrer" className="mono">
              7180f8d91fcb
            </a>
            , Linux 6.11) makes the first search a read-side RCU walk without the lock. That is safe because chains
            are changed with RCU-aware hlist operations and inodes are freed only after a grace period, so a reader
            never steps onto freed memory; if it meets an inode that is being torn down it waits and searches again.
            The insert keeps the lock, and still searches under it, so two CPUs cannot hash the same inode twice. A
            miss now takes the lock once.
          </p>
          <p>
            ext4 goes through <span className="mono">iget_locked()</span> and gains without a change of its own:
            total time −53%. btrfs compares inodes with a callback of its own through{' '}
            <span className="mono">iget5_locked()</span>; the series adds{' '}
            <a href={LINKS.iget5LockedRcu} target="_blank" rel="noreferrer" className="mono">
              iget5_locked_rcu()
            </a>{' '}
            and switches btrfs to it, for −16.7%: with the hash lock out of the way, btrfs's own locks become the
            bottleneck. In 6.10, the kernel the mail measured, that is <span className="mono">root-&gt;inode_lock</span>:
            btrfs kept each subvolume's in-memory inodes in a red-black tree under that one spinlock, walked down it
            for every new inode (<span className="mono">inode_tree_add()</span>), took it again to erase an evicted one
            and to look for an inode's delayed changes. The simulator's btrfs is 6.10's; the parameter{' '}
            <span className="mono">btrfs_inodes</span> switches it to 6.11's xarray (6.12's, the kernel lab's), whose
            lock is held for a few dozen nanoseconds, and there the patch cuts btrfs as much as ext4. A finer-grained hash lock{' '}
            <a href={LINKS.finerLocking} target="_blank" rel="noreferrer">
              had been proposed before
            </a>{' '}
            and is the long-term answer; this change is the small one that removes most of the cost.
          </p>
          <p>
            In the animation, a <b>dashed green</b> outline is a task searching a chain under RCU, holding no lock; a{' '}
            <b>solid orange</b> one searches while holding <span className="mono">inode_hash_lock</span>. The lock
            shows its holder and the CPUs queued on it. An inode being evicted is hatched on its chain until it is
            unhashed; its memory is freed only after a grace period, drawn with the readers it has to wait for.
          </p>
          <Sources
            read={
              <>
                Read the mail:{' '}
                <a href={LINKS.mail} target="_blank" rel="noreferrer">
                  [PATCH v3 0/2] rcu-based inode lookup for iget*
                </a>
              </>
            }
            code={[{ file: 'fs/inode.c', href: LINKS.source }]}
            after={
              <>
                {' '}
                · the mail's{' '}
                <a href={LINKS.benchmark} target="_blank" rel="noreferrer">
                  benchmark
                </a>
              </>
            }
            citation={data.rows.citation}
          />
        </div>
      </div>
    </section>
  );
});
