// The HTML each page is served with: the built index.html with the page's own title, description,
// keywords, canonical URL, Open Graph and Twitter tags, robots directive, and for tool pages
// schema.org WebApplication data. Search engines and link previews read them without JavaScript.
import { createHash } from 'node:crypto'
import type { PageHead } from '../../shared/page-meta.ts'

const SITE_NAME = 'NetToolbox'

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** JSON inside <script>: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

function structuredData(head: PageHead, url: string): string | null {
  const entry = head.entry
  if (!entry || !['tool', 'speed', 'phone'].includes(entry.kind)) return null
  return scriptJson({
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: entry.name,
    description: head.description,
    url,
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any',
    browserRequirements: 'Requires JavaScript',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    publisher: { '@type': 'Organization', name: SITE_NAME },
  })
}

/** Settings of this server the web app reads from the page (src/web/lib/site-settings.ts). */
export interface PageSiteSettings {
  reportIssueUrl?: string
}

/** `template` is the built index.html; `origin` the site's public origin (PUBLIC_URL). */
export function renderPageHtml(template: string, head: PageHead, origin: string, site: PageSiteSettings = {}): string {
  const url = new URL(head.path, origin).href
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta name="robots" content="${head.noindex ? 'noindex, follow' : 'index, follow'}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ]
  if (site.reportIssueUrl)
    tags.push(`<meta name="ntb:report-issue-url" content="${escapeHtml(site.reportIssueUrl)}" />`)
  const data = structuredData(head, url)
  if (data) tags.push(`<script type="application/ld+json">${data}</script>`)
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace(
      /<meta name="keywords" content="[^"]*"\s*\/?>/,
      `<meta name="keywords" content="${escapeHtml(head.keywords)}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`)
}

export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n')
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(new URL(p, origin).href)}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
