// The one table of tool results: a caption that names it, column headers with scope, one row per item.
// It scrolls sideways inside its own box when it cannot fit (on phones, the output box's
// `.result-tables` rule keeps cells from breaking words in the middle; see styles.css).
import type { ReactNode } from 'react'

export interface Column<Row> {
  header: string
  cell: (row: Row, index: number) => ReactNode
  /** The column that names each row: its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean
  /** Classes of this column's cells: alignment, wrapping, colour (a function to vary them by row). */
  className?: string | ((row: Row) => string)
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => string
  /** Names the table for everyone; with `captionHidden`, for screen readers only (a heading nearby says it). */
  caption: string
  captionHidden?: boolean
  /** Column headers for screen readers only, when the caption and the values say enough. */
  headerHidden?: boolean
  /** "output": light on the dark output box; "card": the page's own colours. */
  tone?: 'output' | 'card'
  /** "compact" for wide tables: less space between columns. */
  density?: 'normal' | 'compact'
  /** One row across the table when there are no rows. */
  empty?: ReactNode
  rowClassName?: (row: Row) => string
  /** Classes of the table itself (font, size). */
  className?: string
}

const tones = {
  output: {
    caption: 'pb-1 text-left font-sans text-xs uppercase tracking-wide text-zinc-400',
    head: 'font-sans text-xs uppercase tracking-wide text-zinc-400',
    row: 'border-t border-zinc-800 align-top',
    empty: 'text-zinc-400',
  },
  card: {
    caption: 'mb-1 text-left font-medium',
    head: 'text-xs text-muted-foreground',
    row: 'border-t border-border align-top',
    empty: 'text-muted-foreground',
  },
} as const

const join = (...classes: (string | undefined | false)[]) => classes.filter(Boolean).join(' ')

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  headerHidden = false,
  tone = 'output',
  density = 'normal',
  empty,
  rowClassName,
  className,
}: DataTableProps<Row>) {
  const style = tones[tone]
  const gap = density === 'compact' ? 'py-1 pr-3 last:pr-0' : 'py-1 pr-4 last:pr-0'
  return (
    <div className="overflow-x-auto">
      <table className={join('w-full border-collapse text-left', className)}>
        <caption className={captionHidden ? 'sr-only' : style.caption}>{caption}</caption>
        <thead className={headerHidden ? 'sr-only' : style.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={join(gap, 'font-medium')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined && (
            <tr className={style.row}>
              <td colSpan={columns.length} className={join('py-1', style.empty)}>
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={join(style.row, rowClassName?.(row))}>
              {columns.map((column) => {
                const classes = join(
                  gap,
                  typeof column.className === 'function' ? column.className(row) : column.className,
                )
                return column.rowHeader ? (
                  <th key={column.header} scope="row" className={join(classes, 'font-normal')}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.header} className={classes}>
                    {column.cell(row, index)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
