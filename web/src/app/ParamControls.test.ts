import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ParamSpec } from '../core/types';
import { ParamControls, paramTitle } from './ParamControls';

const specs: ParamSpec[] = [
  { name: 'fs', type: 'choice', unit: '', min: 0, max: 1, default: 0, default_name: 'ext4', choices: ['ext4', 'btrfs'], help: 'file system' },
  { name: 'threads', type: 'int', unit: 'threads', min: 1, max: 64, default: 20, help: 'walkers' },
];

function render(values: Record<string, number>, drafts: Record<string, string> = {}, invalid: string[] = [], message: string | null = null): string {
  return renderToStaticMarkup(
    createElement(ParamControls, { specs, values, drafts, invalid: new Set(invalid), message, onDraft: () => {}, onApply: () => {} }),
  );
}

describe('ParamControls', () => {
  it('shows a choice parameter as a select of its names, the applied one chosen', () => {
    const html = render({ fs: 1, threads: 8 });
    expect(html).toMatch(/<select data-testid="param-fs" name="fs"[^>]*>/);
    expect(html).toContain('<option value="ext4">ext4</option>');
    expect(html).toContain('<option value="btrfs" selected="">btrfs</option>');
    expect(html).toMatch(/<input type="text" inputMode="numeric"[^>]*data-testid="param-threads"[^>]*min="1" max="64"[^>]*value="8"/);
  });

  it('shows a draft in place of the applied value, and marks a refused one', () => {
    const html = render({ fs: 0, threads: 8 }, { fs: 'btrfs' }, ['fs']);
    expect(html).toContain('<option value="btrfs" selected="">btrfs</option>');
    expect(html).toMatch(/class="param invalid"[^>]*><span class="param-name">fs<\/span><select[^>]*aria-invalid="true"/);
  });

  it('keeps a refused typed value in its field, the message beside the first refused one', () => {
    const msg = 'parameter threads: "1e" is not a number or a name';
    const html = render({ fs: 0, threads: 8 }, { threads: '1e' }, ['threads'], msg);
    expect(html).toMatch(/<input[^>]*data-testid="param-threads"[^>]*>/);
    const input = html.match(/<input[^>]*data-testid="param-threads"[^>]*>/)![0];
    expect(input).toContain('value="1e"');
    expect(input).toContain('aria-invalid="true"');
    expect(html).toContain('data-testid="param-message-threads"');
    expect(html).toContain('is not a number or a name</span></label>');
    expect(html).not.toContain('param-message-fs');
    const two = render({ fs: 0, threads: 8 }, { fs: 'btrfs', threads: '99' }, ['threads', 'fs'], 'fs and threads together');
    expect(two.match(/param-message-/g)).toHaveLength(1);
    expect(two).toContain('param-message-fs');
  });

  it('shows no message without a refusal', () => {
    expect(render({ fs: 0, threads: 8 }, {}, [], null)).not.toContain('param-message');
    expect(render({ fs: 0, threads: 8 }, { threads: '9' }, [], 'stale')).not.toContain('param-message');
  });

  it('titles each control with its help, what it takes and its default', () => {
    expect(paramTitle(specs[0]!)).toBe('file system (one of ext4, btrfs, default ext4)');
    expect(paramTitle(specs[1]!)).toBe('walkers (1..64 threads, default 20)');
  });
});
