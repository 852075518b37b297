// History as the home page draws it: the history panel, handed the measurements' text of a
// measurement from several places through its slot (History imports no other feature).
import { HistoryPanel, type HistoryPanelProps } from '../../features/history/history-panel.tsx'
import { storedMeasurementLines } from '../../features/measurements/index.ts'
import { StoredMeasurementTextContext } from '../../lib/stored-measurement-text.ts'

export function HistorySection(props: HistoryPanelProps) {
  return (
    <StoredMeasurementTextContext.Provider value={storedMeasurementLines}>
      <HistoryPanel {...props} />
    </StoredMeasurementTextContext.Provider>
  )
}
