/**
 * The downloadable bundle, when this build of the site carries one (known
 * at build time, see vite.config.ts), and how to run a lab from it.
 */
import { formatBytes } from '../../../../lib/format';
import type { KernelLab } from '../../../../lib/kernel-results';
import { bundleHref, type BundleManifest } from './bundleManifest';
import { CommandList, CopyCommand } from './CommandList';
import { bundleCommands, PACKAGE_COMMAND } from './commands';

/** This build's bundle, or null. */
export const BUILD_BUNDLE: BundleManifest | null = typeof __JC_BUNDLE__ === 'undefined' ? null : __JC_BUNDLE__;

export function BundleInfo({ lab, bundle = BUILD_BUNDLE }: { lab: KernelLab; bundle?: BundleManifest | null }) {
  return (
    <div className="kp-bundle">
      <h3>Without a kernel tree: the bundle</h3>
      {bundle ? (
        <p data-testid="kernel-bundle">
          <a href={bundleHref(bundle, import.meta.env.BASE_URL)} download className="kp-download">
            {bundle.file}
          </a>{' '}
          <span className="muted">
            ({formatBytes(bundle.bytes)}, Linux {bundle.kernel}, made {bundle.created.slice(0, 10)})
          </span>
          <br />
          <span className="small-text">
            sha256 <code className="mono kp-sha">{bundle.sha256}</code>: compare with the output of{' '}
            <span className="mono">sha256sum {bundle.file}</span> before you run it.
          </span>
        </p>
      ) : (
        <div data-testid="kernel-no-bundle">
          <p>This build of the site carries no bundle. In a checkout with the kernel and the guest image built, this makes one for the next build:</p>
          <ul className="kp-commands">
            <CopyCommand command={PACKAGE_COMMAND} testId="kernel-package-command" />
          </ul>
        </div>
      )}
      <p>
        It holds the kernel, the guest image and its disks, a <span className="mono">run</span> script, a manifest and
        SHA256SUMS, and needs only <span className="mono">qemu-system-x86_64</span>:
      </p>
      <CommandList commands={bundleCommands(lab, bundle?.file)} testId="kernel-bundle-commands" />
    </div>
  );
}
