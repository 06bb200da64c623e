/** The lab's own sections after the CPU heatmaps: the shrinker's two heatmaps, then all six variants at once. */
import type { LabSectionProps } from '../../app/LabPage';
import { AllVariants } from './AllVariants';
import { HeatSection } from './HeatSection';

export function Sections(props: LabSectionProps) {
  return (
    <>
      <HeatSection {...props} />
      <AllVariants {...props} />
    </>
  );
}
