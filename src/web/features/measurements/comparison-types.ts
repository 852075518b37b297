// The shape of a side-by-side table: columns of text per location, a verdict, marked rows.
import type { MeasurementRow } from '../../../shared/measurements.ts'

/** A row of a measurement as it stands: undefined until the probe's first event arrives. */
export type RowSlot = MeasurementRow | undefined

export interface ComparisonColumn {
  header: string
  /** The cell as text; "" when the row has no value (not answered yet, or failed). */
  text(row: RowSlot, index: number): string
  numeric?: boolean
}

export interface ComparisonTable {
  /** Names the table ("Round trips by location", "A answers by location"). */
  caption: string
  columns: ComparisonColumn[]
  /** One line above the table: whether the locations agree, and what they answered. */
  verdict?: string
  /** Rows that stand out, with the word that says why ("Differs"), by row index. */
  marks?: ReadonlyMap<number, string>
}
