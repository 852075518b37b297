// The head of a shared result's page (/r/<id>): its title and a one-line summary, which link
// previews (Open Graph, Twitter cards) and search engines read without running the web app.
import { findEntry } from '../../../shared/catalogue.ts'
import { type PageHead, pageMeta } from '../../../shared/page-meta.ts'
import { resultPath, type SharedResult } from '../../../shared/results.ts'

const MAX_SUMMARY = 200

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

export function resultPageHead(shared: SharedResult): PageHead {
  const name = findEntry(shared.tool)?.name ?? shared.tool
  const subject = shared.input ? ` for ${shared.input}` : ''
  const outcome =
    shared.status === 'ok'
      ? shorten(shared.lines.slice(0, 4).join(' · ') || 'Completed', MAX_SUMMARY)
      : `Failed: ${shorten(shared.error ?? 'no result', MAX_SUMMARY)}`
  const when = `${shared.createdAt.slice(0, 16).replace('T', ' ')} UTC`
  return {
    title: shorten(`${name} result${subject} | NetToolbox`, 120),
    description: `${outcome} — measured by ${shared.server} on ${when}.`,
    keywords: `${name.toLowerCase()}, shared result, network diagnostics`,
    path: resultPath(shared.id),
    // Shares are public to whoever has the link, not meant for search results.
    noindex: true,
  }
}

/** The head of /r/<id> when no live share has that id. */
export function missingResultHead(id: string): PageHead {
  return { ...pageMeta.notFound, title: 'Result not found | NetToolbox', path: resultPath(id), noindex: true }
}
