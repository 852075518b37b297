// A saved run of a tool whose input spans lines (the email header analyzer's pasted headers): History
// never puts that input in an address, so it opens the tool empty and offers no Run again.
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { findEntry } from '../../../shared/catalogue.ts'
import type { HistoryItem } from '../../../shared/history.ts'
import { mailHeadersContract } from '../../../shared/tools/mail-headers/index.ts'
import { HistoryEntry, toolLink } from './history-entry.tsx'

const headers = mailHeadersContract.example.input

const item: HistoryItem = {
  id: 'h1',
  toolName: 'mail-headers',
  inputValue: headers,
  options: null,
  status: 'ok',
  error: null,
  failureSource: null,
  resultData: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  runId: null,
  share: null,
}

function entryHtml(saved: HistoryItem): string {
  const noop = () => undefined
  return renderToStaticMarkup(
    <MemoryRouter>
      <HistoryEntry item={saved} expanded={false} onToggle={noop} onDelete={noop} deleting={false} />
    </MemoryRouter>,
  )
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '')

describe('a saved email header analysis in History', () => {
  it('links to its tool without the headers in the address, run or not', () => {
    const entry = findEntry('mail-headers')
    if (!entry) throw new Error('mail-headers is in the catalogue')
    expect(headers).toContain('\n')
    expect(toolLink(entry, headers, false)).toBe(`/${entry.route}`)
    expect(toolLink(entry, headers, true)).toBe(`/${entry.route}`)
  })

  it('offers Open in tool to the empty page and no Run again; a one-line input still gets both', () => {
    const html = entryHtml(item)
    expect(html).toContain('Open in tool')
    expect(html).not.toContain('Run again')
    const links = hrefs(html)
    expect(links).toEqual(['/email-headers'])
    for (const link of links) expect(decodeURIComponent(link)).not.toContain('Received')

    const oneLine = hrefs(entryHtml({ ...item, toolName: 'dns', inputValue: 'example.com' }))
    expect(oneLine).toEqual(['/dns-lookup?input=example.com', '/dns-lookup?q=example.com'])
  })
})
