/** Shell commands, one per line, each with a copy button. */
import { useEffect, useRef, useState } from 'react';
import { commandText, type Command } from './commands';
import { copyText, selectContents } from './clipboard';

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyCommand({ command, testId }: { command: Command; testId?: string }) {
  const text = commandText(command.argv);
  const codeRef = useRef<HTMLElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const onCopy = async () => {
    const ok = await copyText(text);
    if (!ok && codeRef.current) selectContents(codeRef.current);
    setState(ok ? 'copied' : 'failed');
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), ok ? 1500 : 4000);
  };

  return (
    <li className="kp-command" data-testid={testId}>
      <div className="kp-command-line">
        <code ref={codeRef} className="mono kp-command-text">
          {text}
        </code>
        <button
          type="button"
          className="small kp-copy"
          onClick={() => void onCopy()}
          aria-label={`copy: ${text}`}
          title="Copy this command"
        >
          {state === 'copied' ? 'copied' : 'copy'}
        </button>
        <span className="kp-copy-status" role="status">
          {state === 'failed' ? 'this browser would not copy: the command is selected, press Ctrl+C' : ''}
        </span>
      </div>
      <div className="kp-command-help muted">{command.help}</div>
    </li>
  );
}

export function CommandList({ commands, testId }: { commands: readonly Command[]; testId?: string }) {
  return (
    <ol className="kp-commands" data-testid={testId}>
      {commands.map((c, i) => (
        <CopyCommand key={c.argv.join(' ')} command={c} testId={testId ? `${testId}-${i}` : undefined} />
      ))}
    </ol>
  );
}
