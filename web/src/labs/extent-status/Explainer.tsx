/** The extent-status mail, told in this project's own words, with links to it and to the 6.12 source. */
import { memo } from 'react';
import { formatNumber } from '../../../../lib/format';
import { FnLink, paramDefault } from '../../app/explainer';
import type { LabData } from '../../app/simHooks';
import { FUNCTIONS, LINKS, type EsFunction } from './links';
import { Sources } from '../../app/Sources';

const Fn = ({ name }: { name: EsFunction }) => <FnLink name={name} href={FUNCTIONS[name]} />;

/** Static text: memoized so that the page's re-renders while playing skip it. */
export const Explainer = memo(function Explainer({ data }: { data: LabData }) {
  const jobs = paramDefault(data.specs, 'jobs', 8);
  const small = paramDefault(data.specs, 'small_files', 8192);
  const runtimeS = paramDefault(data.specs, 'runtime_ms', 20000) / 1000;
  return (
    <section className="panel explainer" aria-labelledby="mail-heading">
      <h2 id="mail-heading">The mail in short</h2>
      <div className="explainer-cols">
        <div>
          <h3>A cache of mappings, and who may free it</h3>
          <p>
            ext4 remembers, per inode, what it learnt about the file's blocks in a small rb-tree of{' '}
            <span className="mono">extent_status</span> objects: this range is <b>written</b> on disk, this one is a{' '}
            <b>hole</b>, this one is <b>delayed</b> (dirty in the page cache, no disk block chosen yet). Every write and
            read asks the tree first (<Fn name="ext4_es_lookup_extent" />, called from <Fn name="ext4_da_map_blocks" /> for
            each block a buffered write adds). Delayed extents must stay until writeback allocates them; the others are a
            cache and may go.
          </p>
          <p>
            When memory runs short, kswapd or an allocating task calls the file system's shrinker,{' '}
            <Fn name="__es_shrink" />, asking it to free 128 objects at a time. Which inode it picks, how it walks that
            inode's tree, and how long it holds the list's lock is what the mail is about. In 2014 the shrinker kept its
            inodes on an LRU list: a hit stamped the inode, the shrinker skipped the ones stamped since its last sort,
            and when that freed nothing it sorted the whole list under its spinlock. In the inode it picked it walked the
            tree from the first extent, stepping over every delayed one, until 128 were freed.
          </p>
        </div>
        <div>
          <h3>Four patches, five columns, and what landed</h3>
          <p>
            The mail measures its series cumulatively: <b>baseline</b> (statistics only), <b>es-cache</b> (the write path
            caches the hole it looked up, so every append hits the hole past EOF; but that hole sits behind all the
            delayed extents, and the old walker crosses them all to free it), <b>es-slist</b> (round robin over the
            inodes, the list lock dropped while an inode is reclaimed), <b>es-ilist</b> (a per-inode list of the
            reclaimable extents, so delayed ones are never walked) and <b>es-gc</b> (inactive and active lists, an
            extent used since the last scan moving to the active one).
          </p>
          <p>
            <b>es-ilist and es-gc never landed.</b> Their code is not public; the model reconstructs them from the cover
            letter (in the animation they draw the per-inode lists). Linux 3.19 took the hole cache and the round robin (
            <a href={LINKS.roundRobin} target="_blank" rel="noreferrer" className="mono">
              edaa53cac8fd
            </a>
            ) and, in place of the last two, Jan Kara's changes: a budget of 128 extents <i>scanned</i> with a resume
            position per inode (
            <a href={LINKS.scanLimit} target="_blank" rel="noreferrer" className="mono">
              dd4759255188
            </a>
            , <Fn name="es_do_reclaim_extents" />) and one REFERENCED bit per extent, a second chance (
            <a href={LINKS.aging} target="_blank" rel="noreferrer" className="mono">
              2be12de98a1c
            </a>
            ). That is the sixth column, <b>upstream</b>, what 6.12 runs; the mail never measured it.
          </p>
        </div>
        <div>
          <h3>The cases, scaled</h3>
          <p>
            The mail ran fio on a 16-CPU machine with 24 GB for 300 s: (a) 100 writers appending to 5 files each, few
            huge trees; (b) the same plus 20 writers filling 20,000 small files each with every other block, a list of
            about 400,000 inodes; (c) one reader over 50 files of 1 GB beside 100 streaming writers, with 12 GB.
            Merging of extents was switched off so that each block is one object.
          </p>
          <p>
            The simulator keeps the ratios the modelling memo names and shrinks the rest, as the memo suggests: small
            memory (256 MiB for a and b, 128 MiB for c), {jobs} writers × 2 files, {formatNumber(small)} small files for
            case b and 10 reader files for c, on 8 CPUs, for a {formatNumber(runtimeS)} s virtual run; the batch of 128,
            the EWMA of scan times (3 parts old, 1 new) and the mail's dirty ratios (60 % background, 80 % limit) are
            the kernel's. Absolute times are the model's; what to compare is how each patch moves them.
          </p>
          <p>
            In the animation, one inode's tree is drawn along the file: <b>green</b> written, <b>amber</b> delayed,{' '}
            <b>blue-grey</b> holes, dashed where nothing is cached (never looked up, or reclaimed). The blue cursor is
            the shrinker's position; red ticks are extents it just freed, grey ones delayed extents it walked past. Below:
            the inode list as the variant's shrinker walks it, each shrinker's phase, and{' '}
            <span className="mono">s_es_lock</span>.
          </p>
          <Sources
            read={
              <>
                Read the mail:{' '}
                <a href={LINKS.mail} target="_blank" rel="noreferrer">
                  [PATCH v3 0/6] ext4: extents status tree shrinker improvement
                </a>
              </>
            }
            code={[{ file: 'fs/ext4/extents_status.c', href: LINKS.extentsStatus }, { file: 'fs/ext4/inode.c', href: LINKS.inode }]}
            citation={data.rows.citation}
          />
        </div>
      </div>
    </section>
  );
});
