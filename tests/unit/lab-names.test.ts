/**
 * Shared code names no lab: a lab's id (say page-cache), its C form
 * (page_cache) and so its C symbols (lab_page_cache) appear only in the
 * lab's own folders (wasm-core/labs/<id>/, web/src/labs/<id>/,
 * kernel-lab/labs/<id>/, exercises/<id>/), its mail data file
 * (mails/<id>.json), the generated registries (*.gen.*), README.md's
 * generated list and docs/.
 *
 * SHARED_FILES_NAMING_LABS lists the shared files that still name a lab,
 * each to be moved into its lab's folder or made to take its labs from the
 * registry. The test fails on a file that names a lab and is not listed (a
 * lab leaking into shared code) and on a listed file that no longer names
 * one (the list only shrinks).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labs, ROOT } from '../../scripts/registry.mjs';

export const SHARED_FILES_NAMING_LABS: readonly string[] = [
  'tests/kernel/faults.test.ts',
];

const TEXT = /\.(c|h|ts|tsx|mjs|js|json|sh|css|md|config|txt|patch|mk)$|(^|\/)(Makefile|run|host-run|init)$/;

/** The tracked files that name a lab outside that lab's own places. */
export function sharedFilesNamingLabs(): string[] {
  const ids = labs().map((l) => l.id);
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const own = (f: string, id: string) =>
    [`wasm-core/labs/${id}/`, `web/src/labs/${id}/`, `kernel-lab/labs/${id}/`, `exercises/${id}/`].some((d) => f.startsWith(d)) ||
    f === `mails/${id}.json`;
  /* this file's list names the files, whose paths may hold a lab's id */
  const exempt = (f: string) =>
    f.startsWith('docs/') || f === 'README.md' || /\.gen\.[a-z]+$/.test(f) || f === 'package-lock.json' || f === 'tests/unit/lab-names.test.ts';
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
  const found = sharedFilesNamingLabs();
  it('no shared file names a lab, beyond the files listed to be moved', () => {
    expect(found.filter((f) => !SHARED_FILES_NAMING_LABS.includes(f))).toEqual([]);
  });
  it('every listed file still names a lab (take a file off the list once it no longer does)', () => {
    expect(SHARED_FILES_NAMING_LABS.filter((f) => !found.includes(f))).toEqual([]);
  });
});
