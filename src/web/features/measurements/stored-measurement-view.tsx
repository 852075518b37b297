// A stored measurement (a permalink's page): the same side-by-side view as the live one, finished.
import type { StoredMeasurement } from '../../../shared/measurements.ts'
import { MeasurementOutput } from './measurement-output.tsx'
import { stateOfStored } from './measurement-state.ts'
import type { RenderAnswer } from './measurement-view.tsx'

export interface StoredMeasurementViewProps {
  stored: StoredMeasurement
  /** The tool's own view of each location's answer, once the tool's module has loaded. */
  renderAnswer?: RenderAnswer
}

export function StoredMeasurementView({ stored, renderAnswer }: StoredMeasurementViewProps) {
  return <MeasurementOutput state={stateOfStored(stored)} renderAnswer={renderAnswer} shareable={false} />
}
