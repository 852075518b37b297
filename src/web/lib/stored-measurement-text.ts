// A measurement from several places, as History keeps it, read as text: its side-by-side tables, then
// each location's own lines. The measurements feature writes that text; the page that draws History
// fills this slot (src/web/pages/home/history-section.tsx), so History imports no other feature.
import { createContext, useContext } from 'react'
import type { StoredMeasurement } from '../../shared/measurements.ts'

export type StoredMeasurementText = (stored: StoredMeasurement) => string[]

export const StoredMeasurementTextContext = createContext<StoredMeasurementText | null>(null)

/** The text writer the page handed down, or null when none was (History then reads the fields). */
export function useStoredMeasurementText(): StoredMeasurementText | null {
  return useContext(StoredMeasurementTextContext)
}
