import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../core/types';
import { ParamControls, paramTitle } from './ParamControls';

const specs: ParamSpec[] = [
  { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, default_name: 'ext4', choices: ['ext4', 'btrfs'], help: 'file system' },
  { name: 'threads', type: 'int', unit: 'threads', min: 1, max: 64, default: 20, help: 'walkers' },
];

function render(values: Record<string, number>, drafts: Record<string, string> = {}, invalid: string[] = []): string {
  return renderToStaticMarkup(
    createElement(ParamControls, { specs, values, drafts, invalid: new Set(invalid), onDraft: () => {}, onApply: () => {} }),
  );
}

describe('ParamControls', () => {
  it('shows a choice parameter as a select of its names, the applied one chosen', () => {
    const html = render({ fs: 1, threads: 8 });
    expect(html).toMatch(/<select data-testid="param-fs" name="fs"[^>]*>/);
    expect(html).toContain('<option value="ext4">ext4</option>');
    expect(html).toContain('<option value="btrfs" selected="">btrfs</option>');
    expect(html).toMatch(/<input type="number"[^>]*data-testid="param-threads"[^>]*min="1" max="64"[^>]*value="8"/);
  });

  it('shows a draft in place of the applied value, and marks a refused one', () => {
    const html = render({ fs: 0, threads: 8 }, { fs: 'btrfs' }, ['fs']);
    expect(html).toContain('<option value="btrfs" selected="">btrfs</option>');
    expect(html).toMatch(/class="param invalid"[^>]*><span class="param-name">fs<\/span><select[^>]*aria-invalid="true"/);
  });

  it('titles each control with its help, what it takes and its default', () => {
    expect(paramTitle(specs[0]!)).toBe('file system (one of ext4, btrfs, default ext4)');
    expect(paramTitle(specs[1]!)).toBe('walkers (1..64 threads, default 20)');
  });
});
