import { FcSnapshot } from './schema';

/** Checks a run's raw snapshot against the fast-commit schema. */
export function parseFcSnapshot(raw: unknown): { snap: FcSnapshot; error: null } | { snap: null; error: string } {
  const r = FcSnapshot.safeParse(raw);
  if (r.success) return { snap: r.data, error: null };
  const first = r.error.issues[0];
  return { snap: null, error: `snapshot does not match the fast-commit schema at ${first?.path.join('.') || '(root)'}: ${first?.message}` };
}
