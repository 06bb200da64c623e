/**
 * The buttons over each view of a lab page: copy the link of the view's
 * embed, copy the <iframe> that embeds it (as large as the view is drawn on
 * the page), and present the view. What was
 * copied stays in a field beside them, selected, for when the clipboard
 * refused it.
 */
import { useRef, useState } from 'react';
import { copyText } from '../../viz/kernel/clipboard';
import { PRESENT_LABELS, type PresentView } from '../presenter/views';
import { DEFAULT_EMBED_SIZE, embedSnippet, embedUrl, viewSize } from './mode';
import './embed.css';

export interface ShareButtonsProps {
  lab: string;
  view: PresentView;
  /** the page's query as the URL holds it */
  query: readonly [string, string][];
  onPresent(view: PresentView): void;
}

function pageBase(): string {
  return `${window.location.origin}${window.location.pathname}${window.location.search}`;
}

export function ShareButtons({ lab, view, query, onPresent }: ShareButtonsProps) {
  const [copied, setCopied] = useState<{ what: string; text: string; ok: boolean } | null>(null);
  const bar = useRef<HTMLDivElement | null>(null);
  const copy = async (what: 'link' | 'embed') => {
    const url = embedUrl(pageBase(), lab, view, query);
    /* the iframe is as large as the view is drawn here: at that width it lays out the same, whole */
    const size = (bar.current && viewSize(bar.current)) ?? DEFAULT_EMBED_SIZE;
    const text = what === 'link' ? url : embedSnippet(url, `${lab}: ${PRESENT_LABELS[view]}`, size);
    const ok = await copyText(text);
    setCopied({ what, text, ok });
  };
  return (
    <div ref={bar} className="share-bar" data-testid={`share-${view}`} data-view={view}>
      <span className="muted">{PRESENT_LABELS[view]}:</span>
      <button type="button" className="small" data-testid="present-view" onClick={() => onPresent(view)} title="Present this view full screen, in large type (Esc leaves)">
        present
      </button>
      <button type="button" className="small" data-testid="copy-link" onClick={() => void copy('link')} title="Copy the link of this view alone, without the page around it">
        copy link
      </button>
      <button type="button" className="small" data-testid="copy-embed" onClick={() => void copy('embed')} title="Copy an <iframe> that shows this view on a slide or a page">
        copy embed
      </button>
      {copied && (
        <label className="share-copied">
          <span role="status">{copied.ok ? `${copied.what} copied` : `copy the ${copied.what} by hand`}</span>
          <input type="text" readOnly value={copied.text} data-testid="share-text" onFocus={(e) => e.target.select()} aria-label={`the ${copied.what}`} />
        </label>
      )}
    </div>
  );
}
