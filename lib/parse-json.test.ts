import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonAs } from './parse-json';

const Schema = z.object({ n: z.number(), tags: z.record(z.string().regex(/^[a-z]+$/, 'lower-case letters'), z.number()) });

describe('parseJsonAs', () => {
  it('returns what the schema accepts', () => {
    expect(parseJsonAs(Schema, '{"n": 1, "tags": {"a": 2}}', 'x.json', 'a thing')).toEqual({ n: 1, tags: { a: 2 } });
  });

  it('names the source of text that is not JSON', () => {
    expect(() => parseJsonAs(Schema, '{', 'x.json', 'a thing')).toThrow(/^x\.json is not JSON: /);
  });

  it('names the path and the rule of the first problems, a bad record key by its rule', () => {
    expect(() => parseJsonAs(Schema, '{"n": "1", "tags": {}}', 'x.json', 'a thing')).toThrow(/^x\.json is not a thing: n: /);
    expect(() => parseJsonAs(Schema, '{"n": 1, "tags": {"B": 2}}', 'x.json', 'a thing')).toThrow('x.json is not a thing: tags.B: lower-case letters');
    expect(() => parseJsonAs(Schema, '[]', 'x.json', 'a thing')).toThrow(/^x\.json is not a thing: \(top level\): /);
  });
});
