/**
 * Shared code names no lab: a lab's id (say page-cache), its C form
 * (page_cache) and so its C symbols (lab_page_cache) appear only in the
 * lab's own folders (wasm-core/labs/<id>/, web/src/labs/<id>/,
 * kernel-lab/labs/<id>/, exercises/<id>/), its mail data file
 * (mails/<id>.json), the generated registries (*.gen.*), README.md's
 * generated list and docs/.
 *
 * A shared test shows a generic behaviour on labs it takes from the registry;
 * a test of one lab's numbers lives in that lab's folder.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labs, ROOT } from '../../scripts/registry.mjs';

const TEXT = /\.(c|h|ts|tsx|mjs|js|json|sh|css|md|config|txt|patch|mk)$|(^|\/)(Makefile|run|host-run|init)$/;

/** The tracked files that name a lab outside that lab's own places. */
export function sharedFilesNamingLabs(): string[] {
  const ids = labs().map((l) => l.id);
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const own = (f: string, id: string) =>
    [`wasm-core/labs/${id}/`, `web/src/labs/${id}/`, `kernel-lab/labs/${id}/`, `exercises/${id}/`].some((d) => f.startsWith(d)) ||
    f === `mails/${id}.json`;
  const exempt = (f: string) =>
    f.startsWith('docs/') || f === 'README.md' || /\.gen\.[a-z]+$/.test(f) || f === 'package-lock.json';
  const out: string[] = [];
  for (const f of files) {
    if (exempt(f) || !TEXT.test(f)) continue;
    let text: string;
    try {
      text = readFileSync(join(ROOT, f), 'utf8');
    } catch {
      continue;
    }
    const names = ids.filter((id) => !own(f, id) && (text.includes(id) || text.includes(id.replace(/-/g, '_'))));
    if (names.length > 0) out.push(f);
  }
  return out.sort();
}

describe('lab names in shared files', () => {
  it('no shared file names a lab', () => {
    expect(sharedFilesNamingLabs()).toEqual([]);
  });
});
