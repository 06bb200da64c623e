/**
 * "Import results": a file input and a drop zone for results JSON files.
 * Each file is checked on its own; a bad one is named with its problem and
 * the runs imported before stay.
 */
import { useRef, useState, type DragEvent } from 'react';
import type { FileText } from './imports';
import { sizeProblem } from './imports';

/** Reads the files' text; a file refused for its size or unreadable carries why. */
export async function readFiles(files: readonly File[]): Promise<FileText[]> {
  return Promise.all(
    files.map(async (f): Promise<FileText> => {
      const tooBig = sizeProblem(f.size);
      if (tooBig) return { name: f.name, error: tooBig };
      try {
        return { name: f.name, text: await f.text() };
      } catch (e) {
        return { name: f.name, error: `could not be read: ${(e as Error).message || 'the browser refused it'}` };
      }
    }),
  );
}

export function ImportDrop({ lab, onFiles, busy }: { lab: string; onFiles(files: File[]): void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDragOver = (e: DragEvent) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <div
      className={`kp-drop${over ? ' over' : ''}`}
      data-testid="kernel-drop"
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label className="kp-drop-label">
        <span>
          Drop results files here, or{' '}
          <button type="button" className="small" onClick={() => input.current?.click()} disabled={busy}>
            choose files…
          </button>
        </span>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          multiple
          className="kp-file-input"
          data-testid="kernel-import-input"
          aria-label={`import ${lab} results files`}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </label>
      <span className="muted small-text">
        the JSON that <span className="mono">journalclub kernel run</span> or <span className="mono">kernel host-run</span> writes, or
        that <span className="mono">journalclub kernel ingest</span> makes of a bundle run; several at once, before and after runs alike.
        Each run says where it ran: in QEMU (TCG or KVM), on a virtual machine or on real hardware
      </span>
    </div>
  );
}
