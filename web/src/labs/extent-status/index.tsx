/** The extent-status lab page: the shared lab page with this lab's manifest. */
import { LabPage } from '../../app/LabPage';
import { manifest } from './manifest';

export default function ExtentStatusPage() {
  return <LabPage manifest={manifest} />;
}
