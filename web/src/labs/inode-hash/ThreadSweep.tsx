/**
 * The thread sweep under the mail's table: the same sweep's runs at 1 to 32
 * threads, total time by threads for ext4 and btrfs before and after, and
 * how much the patch saves at each thread count.
 */
import { memo, useMemo } from 'react';
import { formatChange } from '../../../../lib/format';
import type { SweepResult } from '../../core/sweep';
import { VerdictTag } from '../../viz/paper/PaperTable';
import { MAIL_ROWS, type Fs } from './mail';
import { ThreadSweepChart } from './ThreadSweepChart';
import { afterVsBefore, mailMarks, sweepLines } from './threadSweep';

const MARKS = mailMarks(MAIL_ROWS);
const FS: readonly Fs[] = ['ext4', 'btrfs'];

export const ThreadSweep = memo(function ThreadSweep({ sweep, unit }: { sweep: SweepResult | null; unit: string }) {
  const lines = useMemo(() => (sweep ? sweepLines(sweep) : []), [sweep]);
  const changes = useMemo(() => FS.map((fs) => ({ fs, points: afterVsBefore(lines, fs) })), [lines]);
  const threads = [...new Set(changes.flatMap((c) => c.points.map((p) => p.threads)))].sort((a, b) => a - b);
  return (
    <div className="ih-thread-sweep" data-testid="thread-sweep">
      <h3>The thread sweep: when the lock starts to cost</h3>
      <p className="muted">
        The same sweep runs each row of the mail's table at 1 to 32 threads, every thread with its own tree of the
        row's size, so the work per thread stays the same and only the sharing grows. With one thread the lock is
        never contended and the patch saves little; the more CPUs take <span className="mono">inode_hash_lock</span>{' '}
        twice per miss, the more the single trip through it saves. Crosses mark the mail's own figures at 20 threads.
        Each point is the median over the seeds, its whisker the lowest and highest seed; each change below is taken seed
        by seed with its 95% interval, and reads against the mail's at 20 threads, elsewhere whether it stands out of the
        seeds' noise.
      </p>
      {sweep && lines.length > 0 ? (
        <>
          <ThreadSweepChart lines={lines} marks={MARKS} unit={unit} name="inode-hash-thread-sweep" />
          <div className="table-wrap">
            <table className="paper-table" data-testid="thread-sweep-table">
              <thead>
                <tr>
                  <th>after vs before</th>
                  {threads.map((t) => (
                    <th key={t} className="num">
                      {t} {t === 1 ? 'thread' : 'threads'}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.fs} data-fs={c.fs}>
                    <td className="mono">{c.fs}</td>
                    {threads.map((t) => {
                      const p = c.points.find((x) => x.threads === t);
                      return (
                        <td key={t} className="num diff" data-testid={`thread-change-${c.fs}-${t}`} data-verdict={p?.verdict.kind ?? ''}>
                          {p ? (
                            <>
                              {formatChange(p.changePct)}
                              <VerdictTag verdict={p.verdict} />
                            </>
                          ) : (
                            <span className="muted">—</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <div className="placeholder" data-testid="thread-sweep-empty">
          Run the sweep above to draw total time by threads.
        </div>
      )}
    </div>
  );
});
