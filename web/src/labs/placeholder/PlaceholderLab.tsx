/**
 * The page of a lab whose simulator is still to come: the mail in short,
 * its published figures, and how to reproduce it on the real kernel, which
 * works for every lab already.
 */
import { findLab } from '../../app/labs';
import { KERNEL_LABS, type KernelLab } from '../../../../lib/kernel-results';
import { ReproducePanel } from '../../viz/kernel/ReproducePanel';
import { numericColumns } from './figureTable';
import { MAIL_PAGES, type FigureTable } from './mails';

function isKernelLab(id: string): id is KernelLab {
  return (KERNEL_LABS as readonly string[]).includes(id);
}


function Figures({ table, citation, index }: { table: FigureTable; citation: string; index: number }) {
  const numeric = numericColumns(table);
  return (
    <figure className="ph-figure" data-testid={`mail-figures-${index}`}>
      <div className="table-wrap">
        <table className="paper-table">
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((c, i) => (
                <th key={`${c}-${i}`} className={numeric[i] ? 'num' : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((v, i) => (
                  <td key={i} className={numeric[i] ? 'num' : undefined}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="small-text muted">
        {table.notes?.map((n) => (
          <span key={n}>{n} </span>
        ))}
        <span className="ph-cite">Figures: {citation}.</span>
      </figcaption>
    </figure>
  );
}

export default function PlaceholderLab({ id }: { id: string }) {
  const lab = findLab(id);
  const page = isKernelLab(id) ? MAIL_PAGES[id] : undefined;
  if (!lab || !page || !isKernelLab(id))
    return (
      <section className="coming-page">
        <h1>No such lab</h1>
        <p>
          There is no lab <span className="mono">{id}</span>. <a href="#/">Back to the labs</a>
        </p>
      </section>
    );
  return (
    <article className="lab-page placeholder-lab" data-testid="placeholder-lab" data-lab={id}>
      <header className="lab-head">
        <h1>
          {lab.title} <span className="badge coming">coming</span>
        </h1>
        <p className="muted">
          {page.citation} · “{page.subject}”
        </p>
      </header>

      <div className="banner warn" data-testid="simulator-coming">
        <b>This lab's simulator is coming.</b> Its page will animate the code before and after the patch and run the mail's
        table on the simulator, as the <a href="#/lab/fast-commit">fast-commit lab</a> does. The real kernel can reproduce the
        mail already: see below.
      </div>

      <section className="panel explainer" aria-labelledby="ph-mail-heading">
        <h2 id="ph-mail-heading">The mail in short</h2>
        <p className="lab-change">{lab.change}</p>
        <p data-testid="mail-summary">{page.summary.join(' ')}</p>
        <p className="sources">
          Read it:{' '}
          {page.links.map((l, i) => (
            <span key={l.href}>
              {i > 0 && ' · '}
              <a href={l.href} target="_blank" rel="noreferrer">
                {l.label}
              </a>
            </span>
          ))}
        </p>
      </section>

      <section className="panel" aria-labelledby="ph-figures-heading" data-testid="mail-figures">
        <div className="panel-head">
          <h2 id="ph-figures-heading">The mail's figures</h2>
          <span className="muted">as published; the headline to reproduce: {lab.headline}</span>
        </div>
        {page.figures.map((t, i) => (
          <Figures key={t.caption} table={t} citation={page.citation} index={i} />
        ))}
      </section>

      <ReproducePanel lab={id} />
    </article>
  );
}
