/** The btrfs-fsync mail, told in this project's own words, with links to the commit and to the 6.12 source. */
import { memo } from 'react';
import { formatChange, formatNumber } from '../../../../lib/format';
import { mailFigure } from '../../../../lib/mails';
import { FnLink, paramDefault } from '../../app/explainer';
import type { LabData } from '../../app/simHooks';
import { FUNCTIONS, LINKS, type BfFunction } from './links';
import { Sources } from '../../app/Sources';

const Fn = ({ name }: { name: BfFunction }) => <FnLink name={name} href={FUNCTIONS[name]} />;

/** A change the mail states, at 32 clients. */
const stated = (metric: string) =>
  formatChange(mailFigure('btrfs-fsync', { metric: `${metric}_change_pct`, variant: 'after', where: { clients: '32' } })?.value);

/** Static text: memoized so that the page's re-renders while playing skip it. */
export const Explainer = memo(function Explainer({ data }: { data: LabData }) {
  const cpus = paramDefault(data.specs, 'cpus', 12);
  const runtimeS = paramDefault(data.specs, 'runtime_ms', 2500) / 1000;
  const unpinUs = paramDefault(data.specs, 'unpin_ns', 1700) / 1000;
  return (
    <section className="panel explainer" aria-labelledby="mail-heading">
      <h2 id="mail-heading">The mail in short</h2>
      <div className="explainer-cols">
        <div>
          <h3>A transaction, state by state</h3>
          <p>
            btrfs gathers every change to its trees into a running transaction, and writes it out as a whole in{' '}
            <Fn name="btrfs_commit_transaction" />. The committer moves it through its states: <b>COMMIT_PREP</b> (it is
            the committer), <b>COMMIT_START</b> (new <span className="mono">TRANS_START</span> handles sleep in{' '}
            <Fn name="start_transaction" />), <b>COMMIT_DOING</b> (it waits for the handles still open to end, then
            writes the trees in a critical section that even joins must wait out), <b>UNBLOCKED</b> (the next transaction
            may start), then the super block is written with a flush and FUA: <b>SUPER_COMMITTED</b>, the transaction is
            durable. Last the committer unpins every extent freed during the transaction, so the allocator may reuse it,
            about {formatNumber(unpinUs)} µs each; the mail saw two to three thousand extents and 4–5 ms. Then{' '}
            <b>COMPLETED</b>.
          </p>
        </div>
        <div>
          <h3>fsync, and who waits for what</h3>
          <p>
            <Fn name="btrfs_sync_file" /> writes the inode into a log tree and syncs that, batched across concurrent fsyncs
            (<Fn name="btrfs_sync_log" />). When the transaction is marked as needing a full commit (a logged inode
            renamed, a block group allocated, no space) the log cannot be used: the fsync commits the whole transaction,
            and every concurrent fsync of that transaction follows it. Under <span className="mono">notreelog</span>, what
            the kernel lab mounts, every fsync commits.
          </p>
          <p>
            An fsync that finds another task committing waits in <Fn name="wait_for_commit" />. Up to 5.11 it waited for
            COMPLETED, through the unpin it has no use for; so did a committer whose predecessor was still committing.{' '}
            <a href={LINKS.mail} target="_blank" rel="noreferrer" className="mono">
              d0c2f4fa555e
            </a>{' '}
            (5.12) lets both wait for SUPER_COMMITTED when the handle is an fsync's, so the next commit overlaps the last
            one's unpin. The unpin never blocked a new transaction; it only delays those who wait for it.
          </p>
        </div>
        <div>
          <h3>One patch of seven, and 6.12</h3>
          <p>
            The mail's dbench figures ({stated('throughput_mb_s')} throughput and {stated('max_latency_ms')} max latency at 32 clients) are for a series of
            seven patches; the other six cut the work of logging an inode. The model has this one patch, so it shows the
            part of the change that waiting less explains; the section under the mail's table says how much that is.
            A third variant, <b>6.12</b>, is what Linux runs today: a later fix sends a fast fsync's fallback through a
            fresh handle that waits for COMPLETED again.
          </p>
          <p>
            Scaled: {cpus} CPUs as the mail's machine, dbench's load file run by each client against its own files,
            {` ${formatNumber(runtimeS)}`} s of virtual time of which the first fifth is warmup (the mail: 300 s with
            60 s), an NVMe-like device. Absolute figures are the model's; what to compare is how the variants differ.
            In the animation the lanes are tasks: grey while committing, coloured while waiting by the state they want,
            outlined in red while they wait after the super block is already on disk.
          </p>
          <Sources
            read={
              <>
                Read the commit:{' '}
                <a href={LINKS.mail} target="_blank" rel="noreferrer">
                  btrfs: make concurrent fsyncs wait less when waiting for a transaction commit
                </a>
              </>
            }
            code={[{ file: 'fs/btrfs/transaction.c', href: LINKS.transaction }, { file: 'fs/btrfs/file.c', href: LINKS.file }, { file: 'fs/btrfs/tree-log.c', href: LINKS.treeLog }]}
            citation={data.rows.citation}
          />
        </div>
      </div>
    </section>
  );
});
