/**
 * What the page says when the simulator died under it (its worker threw or
 * was terminated, or the module crashed inside a run): what happened, that a
 * new simulator was started, and that the parameters are still as set. The
 * runs are not started again by themselves, since a run that killed the
 * simulator would kill the new one too: "run again" does it.
 */
import { memo } from 'react';
import { useSimRestarts } from './simHooks';

export const SimRestartBanner = memo(function SimRestartBanner() {
  const { restart, dismiss, runAgain } = useSimRestarts();
  if (!restart) return null;
  return (
    <div className="banner error" role="alert" data-testid="sim-restarted" data-cause={restart.cause}>
      <b>The simulator stopped</b> ({restart.message}). A new one was started; your parameters are kept as you set
      them, but the runs under way were lost.{' '}
      <button type="button" className="small" data-testid="sim-run-again" onClick={runAgain}>
        run again
      </button>{' '}
      <button type="button" className="small" onClick={dismiss}>
        dismiss
      </button>
    </div>
  );
});
