/**
 * The sources line under a lab's explainer: where to read the mail (the
 * lab's own words and links), the files of the code in Linux 6.12, anything
 * the lab adds after them, and the citation of the figures.
 */
import { Fragment, type ReactNode } from 'react';
import { citationText } from '../../../lib/format';

export interface SourceFile {
  /** the file's path in the kernel tree, as shown */
  file: string;
  href: string;
}

export interface SourcesProps {
  /** what to read first: the mail, the commit or the thread, with its links */
  read: ReactNode;
  /** the files of the code in Linux 6.12 */
  code: readonly SourceFile[];
  /** what follows the files on the same line */
  after?: ReactNode;
  citation: { author: string; list: string; date: string };
}

export function Sources({ read, code, after, citation }: SourcesProps) {
  return (
    <p className="sources">
      {read} · the code in Linux 6.12:{' '}
      {code.map((c, i) => (
        <Fragment key={c.file}>
          {i > 0 && ', '}
          <a href={c.href} target="_blank" rel="noreferrer" className="mono">
            {c.file}
          </a>
        </Fragment>
      ))}
      {after}
      <br />
      Figures: <span data-testid="citation">{citationText(citation)}</span>.
    </p>
  );
}
