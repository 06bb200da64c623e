/**
 * Who waited for what, by variant: the runs' counts of each wait site and
 * of the state the waits wanted, the time they spent after
 * SUPER_COMMITTED, and the commit itself, which no variant changes. What
 * 6.12 does differently is read off the same table.
 */
import { memo } from 'react';
import { formatNumber } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { FUNCTIONS, LINKS } from './links';

const ROWS: [metric: string, label: string][] = [
  ['fallbacks', 'fsyncs that fell back to a transaction commit'],
  ['full_sync_fallbacks', '… of an inode needing a full sync'],
  ['join_waits', 'waits for a commit another task runs (site 1)'],
  ['prev_waits', "committers' waits for the previous commit (site 2)"],
  ['attach_waits', "6.12's waits through the attach barrier"],
  ['completed_waits', 'fsync waits that wanted COMPLETED'],
  ['super_waits', 'waits that wanted SUPER_COMMITTED only'],
  ['wait_after_super_ms', 'time waiters spent after SUPER_COMMITTED, ms (summed)'],
  ['starts_during_unpin', 'handle starts while an older transaction unpinned'],
  ['commits', 'transaction commits'],
  ['commit_avg_ms', "commit time, average, ms (commit_stats)"],
  ['unpin_avg_ms', 'unpin per commit, ms'],
  ['pinned_per_commit', 'extents unpinned per commit'],
];

export const WaitSection = memo(function WaitSection({ variants, runs }: LabSectionProps) {
  return (
    <section className="panel" aria-labelledby="bf-waits-heading" data-testid="bf-wait-section">
      <div className="panel-head">
        <h2 id="bf-waits-heading">Who waited for what, and what 6.12 changed</h2>
      </div>
      <p className="muted">
        The patch changes whom the unpin delays, not the commit: the committer's own time, its unpin and the extents it
        unpins stay as they were, and a new transaction starts during an unpin in every variant. What moves is the state
        waiters want. In <b>before</b> every fsync that meets a commit wants COMPLETED and sits through the unpin; in{' '}
        <b>after</b> it wants SUPER_COMMITTED. Linux 6.12 (and the kernel lab) runs <b>6.12</b>: since{' '}
        <a href={LINKS.attachBarrier} target="_blank" rel="noreferrer" className="mono">
          2496bb92a818
        </a>{' '}
        a fast fsync that falls back ends its handle and commits through{' '}
        <a href={FUNCTIONS.btrfs_attach_transaction_barrier} target="_blank" rel="noreferrer" className="mono">
          btrfs_attach_transaction_barrier()
        </a>
        , a fresh handle without in_fsync, which waits for COMPLETED again; only fsyncs of an inode that needs a full sync
        keep the short wait. Under notreelog every fsync commits through its own handle and 6.12 is after.
      </p>
      <div className="table-wrap">
        <table className="metrics-table" data-testid="bf-waits-table">
          <thead>
            <tr>
              <th>this page's runs</th>
              {variants.map((v) => (
                <th key={v}>{v}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([metric, label]) => (
              <tr key={metric} data-metric={metric}>
                <th scope="row">{label}</th>
                {variants.map((v) => {
                  const value = runs[v]?.result.metrics[metric];
                  return (
                    <td key={v} className="num">
                      {value === undefined ? '—' : formatNumber(value, { digits: 4 })}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});
