/**
 * A cancel button for runs that take long: shown once the page's runs have
 * been under way for a second (a small configuration finishes before it
 * appears). Cancelling stops the simulator's worker (cancelSim); the runs
 * under way fail with a message that says so, and the parameters stay as
 * they were set, to be changed and run again.
 */
import { useEffect, useState } from 'react';
import { cancelSim } from '../core/client';

/** How long runs go on before the button shows. */
export const CANCEL_AFTER_MS = 1000;

export const CANCELLED_TEXT =
  'the runs were cancelled before they ended, so nothing on the page describes these parameters; change a parameter or the seed to run again';

export function CancelRuns({ running }: { running: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!running) return;
    const t = setTimeout(() => setShown(true), CANCEL_AFTER_MS);
    return () => clearTimeout(t);
  }, [running]);
  if (!running || !shown) return null;
  return (
    <button type="button" className="small" data-testid="cancel-runs" onClick={() => cancelSim(CANCELLED_TEXT)}>
      cancel
    </button>
  );
}
