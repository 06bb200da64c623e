/** The ext4-writeback lab page: the shared lab page with this lab's manifest. */
import { LabPage } from '../../app/LabPage';
import { manifest } from './manifest';

export default function Ext4WritebackPage() {
  return <LabPage manifest={manifest} />;
}
