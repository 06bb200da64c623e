/**
 * Copying a command: the asynchronous clipboard API where the page may use
 * it (a secure context that grants the permission), else the older
 * execCommand('copy') on a selected, off-screen textarea.
 */

async function viaClipboardApi(text: string): Promise<boolean> {
  if (!window.isSecureContext || !navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function viaExecCommand(text: string): boolean {
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.top = '0';
  ta.style.left = '-10000px';
  document.body.appendChild(ta);
  const active = document.activeElement as HTMLElement | null;
  ta.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  } finally {
    ta.remove();
    active?.focus?.();
  }
  return ok;
}

/** Copies `text`; false when neither way worked (the caller then selects the text for the reader). */
export async function copyText(text: string): Promise<boolean> {
  return (await viaClipboardApi(text)) || viaExecCommand(text);
}

/** Selects the text of an element, so that the reader can copy it by hand. */
export function selectContents(el: Element): void {
  const sel = window.getSelection();
  if (!sel) return;
  const range = document.createRange();
  range.selectNodeContents(el);
  sel.removeAllRanges();
  sel.addRange(range);
}
