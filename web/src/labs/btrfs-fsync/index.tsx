/** The btrfs-fsync lab page: the shared lab page with this lab's manifest. */
import { LabPage } from '../../app/LabPage';
import { manifest } from './manifest';

export default function BtrfsFsyncPage() {
  return <LabPage manifest={manifest} />;
}
