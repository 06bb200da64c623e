/** The kernel-lab bundle this build of the site offers, or null; vite.config.ts defines it at build time. */
declare const __JC_BUNDLE__: import('./bundleManifest').BundleManifest | null;
