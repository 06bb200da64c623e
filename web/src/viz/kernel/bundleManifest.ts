/**
 * bundle.json, which `journalclub kernel package` writes beside the bundle in
 * web/public/kernel/. vite.config.ts reads it at build time and hands the
 * parsed manifest (or null) to the page as __JC_BUNDLE__, so that the page
 * never asks the server for a file that may not be there.
 */
import { z } from 'zod';
/* with its extension: vite.config.ts loads this file too */
import { parseJsonAs } from '../../../../lib/parse-json.ts';

export const BUNDLE_DIR = 'kernel';

export const BundleManifest = z.object({
  /** the archive's file name, beside bundle.json */
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.tar\.gz$/, { message: 'a file name ending in .tar.gz, no directories' }),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: '64 lower-case hex digits' }),
  /** the kernel release inside, e.g. 6.12.117 */
  kernel: z.string().regex(/^6\.12(\.\d+)?([-+.~][A-Za-z0-9.+~-]*)?$/, { message: 'a 6.12 kernel release, e.g. 6.12.117' }),
  created: z.string().datetime({ offset: true }),
});
export type BundleManifest = z.infer<typeof BundleManifest>;

/** Parses bundle.json's text; the error names the source and the first problems. */
export function parseBundleManifest(text: string, source = 'bundle.json'): BundleManifest {
  return parseJsonAs(BundleManifest, text, source, 'a kernel-lab bundle manifest');
}

/** The bundle's address on the site, relative to its base. */
export function bundleHref(m: BundleManifest, base = '/'): string {
  return `${base.endsWith('/') ? base : `${base}/`}${BUNDLE_DIR}/${m.file}`;
}
