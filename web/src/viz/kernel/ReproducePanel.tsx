/**
 * "Reproduce on a real kernel": on every lab page, the switch the lab adds
 * to Linux 6.12, the commands that run the mail's benchmark in QEMU (from a
 * checkout or from the bundle), and the import of the runs' results, put
 * beside the mail's own change and the simulator's.
 */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { KERNEL_LAB_SPECS } from '../../../../kernel-lab/labs.gen';
import type { KernelLab } from '../../../../lib/kernel-results';
import { BundleInfo } from './BundleInfo';
import { CommandList } from './CommandList';
import { checkoutCommands, resultsPath } from './commands';
import { compareMetrics } from './compare';
import { applyImport, clearImports, dismissProblems, EMPTY_IMPORTS, removeRun, type ImportState } from './imports';
import { ImportDrop, readFiles } from './ImportResults';
import { ComparisonNotes, MetricComparison, RunContext } from './KernelResultsView';
import { mailChange, type MailChangeLookup } from './mailChanges';
import { SwitchInfo } from './SwitchInfo';
import type { SimulatorRuns } from './simulatorMetrics';

/** A section of the same page that holds the simulator's answer to the mail. */
export interface SimulatorSection {
  /** the element id to scroll to */
  id: string;
  label: string;
}

export interface ReproducePanelProps {
  lab: KernelLab;
  /** where the page shows the simulator's table */
  simulatorSection: SimulatorSection;
  /** the mail's change per metric; the project's table by default */
  mailChanges?: MailChangeLookup;
  /** the simulator's runs at the page's configuration, for the table's simulator column (asked for once runs are imported) */
  simulator?: SimulatorRuns | null;
  /** told how many kernel runs are imported, so that the page runs the simulator's column only when there is a table */
  onImported?(count: number): void;
}

function SimulatorNote({ section }: { section: SimulatorSection }) {
  return (
    <p className="kp-sim" data-testid="kernel-sim-link">
      The simulator's answer to the same mail, higher on this page:{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => document.getElementById(section.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      >
        {section.label}
      </button>
      <br />
      <span className="muted">
        The simulator counts virtual time on a model of the mail's machine, the kernel runs in QEMU on this one: compare the
        direction and the size of the change, not the absolute figures.
      </span>
    </p>
  );
}

export const ReproducePanel = memo(function ReproducePanel({
  lab,
  simulatorSection,
  mailChanges = mailChange,
  simulator,
  onImported,
}: ReproducePanelProps) {
  const spec = KERNEL_LAB_SPECS[lab];
  const [state, setState] = useState<ImportState>(EMPTY_IMPORTS);
  const [busy, setBusy] = useState(false);
  const imported = state.runs.length;
  useEffect(() => onImported?.(imported), [imported, onImported]);

  const onFiles = useCallback(
    async (files: File[]) => {
      setBusy(true);
      try {
        const texts = await readFiles(files);
        setState((s) => applyImport(s, lab, texts));
      } finally {
        setBusy(false);
      }
    },
    [lab],
  );

  const rows = useMemo(() => compareMetrics(state.runs, mailChanges), [state.runs, mailChanges]);
  const headingId = `kernel-heading-${lab}`;

  return (
    <section className="panel kernel-panel" aria-labelledby={headingId} data-testid="kernel-panel" data-lab={lab}>
      <div className="panel-head">
        <h2 id={headingId}>Reproduce on a real kernel</h2>
        <span className="muted">Linux 6.12 in QEMU: one kernel, one switch, both variants</span>
      </div>

      <SwitchInfo spec={spec} />

      <div className="kp-cols">
        <div>
          <h3>In a checkout</h3>
          <CommandList commands={checkoutCommands(lab)} testId="kernel-commands" />
          <p className="small-text muted">
            Each run writes its results to <span className="mono">{resultsPath(lab, '<variant>')}</span> and a{' '}
            <span className="mono">reproduce.sh</span> beside them; QEMU uses KVM when it works, else TCG, and the results say which.
          </p>
        </div>
        <BundleInfo lab={lab} />
      </div>

      <h3>Import results</h3>
      <ImportDrop lab={lab} onFiles={(f) => void onFiles(f)} busy={busy} />

      {state.problems.length > 0 && (
        <div className="banner error" role="alert" data-testid="kernel-import-error">
          <b>
            {state.problems.length === 1 ? 'One file was not imported' : `${state.problems.length} files were not imported`}
            {state.runs.length > 0 ? ' (the runs imported before are kept)' : ''}:
          </b>
          <ul>
            {state.problems.map((p, i) => (
              <li key={`${p.file}-${i}`}>{p.message}</li>
            ))}
          </ul>
          <button type="button" className="small" onClick={() => setState(dismissProblems)}>
            dismiss
          </button>
        </div>
      )}

      {state.runs.length > 0 && (
        <div className="kp-imported" data-testid="kernel-imported">
          <div className="kp-imported-head">
            <span>
              {state.runs.length} run{state.runs.length === 1 ? '' : 's'} imported (kept on this page only, not in the URL)
            </span>
            <button type="button" className="small" data-testid="kernel-clear" onClick={() => setState(clearImports)}>
              clear
            </button>
          </div>
          <MetricComparison rows={rows} lab={lab} simulator={simulator} />
          <ComparisonNotes runs={state.runs} />
          <RunContext runs={state.runs} spec={spec} onRemove={(id) => setState((s) => removeRun(s, id))} />
        </div>
      )}

      <SimulatorNote section={simulatorSection} />
    </section>
  );
});
