// What the rest of the web app uses of measurements: the runs from other places a tool panel offers,
// the view of a stored measurement (permalinks), its text (history) and the choice that measures it
// again.

export { runFromOfStored, writeRunFrom } from '../../lib/run-from.ts'
export { measuredFrom, measurementLines, storedMeasurementLines } from './measurement-export.ts'
export { answerRenderer, MeasurementRuns } from './measurement-runs.tsx'
export { StoredMeasurementView } from './stored-measurement-view.tsx'
