import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type Column, DataTable } from './data-table.tsx'

interface Hop {
  host: string
  loss: number
}

const columns: Column<Hop>[] = [
  { header: 'Host', cell: (hop) => hop.host, rowHeader: true },
  { header: 'Loss', cell: (hop) => `${hop.loss}%`, className: (hop) => (hop.loss > 0 ? 'text-red-400' : '') },
]
const rows: Hop[] = [
  { host: 'r1.lab.test', loss: 0 },
  { host: 'r2.lab.test', loss: 50 },
]

const html = (props: Partial<Parameters<typeof DataTable<Hop>>[0]> = {}) =>
  renderToStaticMarkup(<DataTable caption="Hops" columns={columns} rows={rows} rowKey={(hop) => hop.host} {...props} />)

describe('DataTable', () => {
  it('names the table with its caption and gives every header a scope', () => {
    const markup = html()
    expect(markup).toMatch(/<caption class="[^"]*">Hops<\/caption>/)
    expect(markup).toContain('<th scope="col" class="py-1 pr-4 last:pr-0 font-medium">Host</th>')
    expect(markup.match(/scope="col"/g)).toHaveLength(2)
    expect(markup).toMatch(/<th scope="row"[^>]*>r1\.lab\.test<\/th><td[^>]*>0%<\/td>/)
  })

  it('draws one row per item in order, with classes that vary by row', () => {
    const markup = html()
    expect(markup.indexOf('r1.lab.test')).toBeLessThan(markup.indexOf('r2.lab.test'))
    expect(markup).toMatch(/<td class="[^"]*text-red-400[^"]*">50%<\/td>/)
    expect(markup).not.toMatch(/<td class="[^"]*text-red-400[^"]*">0%<\/td>/)
  })

  it('keeps a hidden caption and hidden headers for screen readers', () => {
    const markup = html({ captionHidden: true, headerHidden: true })
    expect(markup).toContain('<caption class="sr-only">Hops</caption>')
    expect(markup).toContain('<thead class="sr-only">')
  })

  it('scrolls sideways inside its own box rather than widening the page', () => {
    expect(html()).toMatch(/^<div class="overflow-x-auto"><table/)
  })

  it('says so in one row across the table when there are no rows, and nothing when no text is given', () => {
    expect(html({ rows: [], empty: 'No hops.' })).toMatch(/<td colspan="2"[^>]*>No hops\.<\/td>/i)
    expect(html({ rows: [] })).not.toContain('<td')
  })
})
