/**
 * JSON text read against a zod schema, for the files the project reads from
 * disk or a user's upload (kernel results, the bundle manifest).
 */
import type { z } from 'zod';

/** The first problems of a failed parse, "path: rule; path: rule", never a raw zod dump. */
function problems(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const where = i.path.length ? i.path.join('.') : '(top level)';
      /* zod reports a bad record key only as "Invalid key in record": say the rule */
      const nested = 'issues' in i && Array.isArray(i.issues) ? (i.issues as { message: string }[]) : [];
      const why = i.code === 'invalid_key' && nested.length ? nested.map((n) => n.message).join(', ') : i.message;
      return `${where}: ${why}`;
    })
    .join('; ');
}

/**
 * Parse `text` as JSON that `schema` accepts. Throws an Error naming the
 * source: "<source> is not JSON: ..." or "<source> is not <what>: <problems>".
 */
export function parseJsonAs<S extends z.ZodType>(schema: S, text: string, source: string, what: string): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${source} is not JSON: ${(e as Error).message}`);
  }
  const r = schema.safeParse(json);
  if (!r.success) throw new Error(`${source} is not ${what}: ${problems(r.error)}`);
  return r.data;
}
