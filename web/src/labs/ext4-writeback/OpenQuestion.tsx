/**
 * The open question the thread ended on, in this project's words: whether
 * fsync could batch on purpose what the old extra pass batched by accident,
 * with what the simulator shows of the trade (handles per transaction,
 * transactions, latency against IOPS), mail beside model, and where the
 * model's IOPS go the other way: unreproduced, with the measured interval.
 */
import { memo, useMemo } from 'react';
import { formatChange, formatDuration } from '../../../../lib/format';
import type { LabSectionProps } from '../../app/LabPage';
import { evidenceRows } from './compare';
import { EvidenceTable } from './EvidenceTable';
import { LINKS } from './links';
import { MAIL_POINT } from './measured';

export const OpenQuestion = memo(function OpenQuestion({ runs }: LabSectionProps) {
  const before = runs.before?.result.metrics;
  const after = runs.after?.result.metrics;
  const rows = useMemo(() => evidenceRows(before, after), [before, after]);
  const iops = rows.find((r) => r.metric === 'iops_per_s');
  const runtimeMs = Number(runs.before?.result.params.runtime_ms ?? runs.after?.result.params.runtime_ms ?? NaN);
  return (
    <section className="panel" aria-labelledby="ewb-open-heading" data-testid="ewb-open-question">
      <div className="panel-head">
        <h2 id="ewb-open-heading">An open question: batching fsyncs on purpose</h2>
      </div>
      <div className="explainer-cols">
        <div>
          <p>
            The thread ended without a fix. The extra pass made the jobs meet: an fsync that also wrote its neighbours'
            fresh pages kept them waiting for the same writeback and the same commit, so more handles rode in each
            transaction and fewer commits were paid for. That is throughput bought with latency, and the maintainers kept
            the commit because the pass also made an overwriter wait on a journal others kept busy. Getting the batching
            back without the pass, say by letting an fsync that arrives while a commit is being formed wait a little to
            join it, was set aside as a research project rather than a patch (
            <a href={LINKS.thread} target="_blank" rel="noreferrer">
              the thread
            </a>
            ). jbd2 already shares one commit among fsyncs of the same transaction; the question is how long to hold a
            commit open for the next one, and who pays for the wait.
          </p>
        </div>
        <div>
          <p>
            What the simulator can say. The table holds this page's two runs beside the mail's. The batching side
            follows the mail: before puts more handles in each transaction and commits fewer of them, and its write
            latency is higher on average and at the maximum. The throughput side does not:{' '}
            <b data-testid="ewb-iops-direction">
              {iops?.sim.change === undefined
                ? 'run both variants to compare their IOPS'
                : iops.agrees === false
                  ? `the model's IOPS go the other way (after ${formatChange(iops.sim.change)} against before, the mail ${formatChange(iops.mail.change)})`
                  : `here after moves IOPS ${formatChange(iops.sim.change)} against before, the mail ${formatChange(iops.mail.change)}`}
            </b>
            . Over {MAIL_POINT.seeds} seeds of the mail's 60 s the model's after against before is{' '}
            {formatChange(MAIL_POINT.change.point)} (95%: {formatChange(MAIL_POINT.change.low)} to{' '}
            {formatChange(MAIL_POINT.change.high)}), after ahead on {MAIL_POINT.afterAheadOn} of {MAIL_POINT.seeds} seeds: the
            mail's direction is unreproduced. The device serves the same requests a second in both variants; before needs more of
            them per write (its extra pass's scans meet the other jobs' scans on the same tagged pages and send slots in
            pieces, calls of 2-3 pages), and the mail's histogram has almost none of those. Run it with fdatasync, where no
            job waits for a commit: before still loses, so the model's cost sits in the extra pass's writeback, not in the
            commits. A batching fsync would have to gather whole writes, not pieces.
          </p>
        </div>
      </div>
      <EvidenceTable before={before} after={after} label="this run" testId="ewb-evidence-table" />
      <p className="muted">
        Changes are after against before, in % of before, as the mail's figures are. The runs are this page's parameters
        {Number.isNaN(runtimeMs) ? '' : `, ${formatDuration(runtimeMs * 1e6)} of virtual time with a fifth of it warmup`} (the mail
        ran 60 s): short runs are noisy. The sweep under the mail's table gives the same figures as medians over seeds at
        the model's default length, and draws every seed's latency against its IOPS.
      </p>
    </section>
  );
});
