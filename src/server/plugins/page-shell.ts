// What a page shows before its script has run: the site's header and the page's heading and lead,
// with the markup and classes the web app renders them with (src/web/app/header.tsx and layout.tsx,
// src/web/pages/home/hero.tsx, src/web/pages/tool-page.tsx and src/web/components/panel-frame.tsx).
// The browser paints it from the HTML alone, so the first screen's largest text does not wait for
// the bundle; the app's first render replaces it with the same content in the same place.
import { homeHero, type PageHead } from '../../shared/page-meta.ts'
import { escapeHtml } from './page-html.ts'

const LOGO =
  '<svg viewBox="0 0 32 32" class="hidden size-7 min-[400px]:block" aria-hidden="true">' +
  '<rect width="32" height="32" rx="8" class="fill-primary"></rect>' +
  '<path d="M8 20l5-5 4 4 7-8" fill="none" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" class="stroke-primary-foreground"></path>' +
  '</svg>'

const HEADER =
  '<header class="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">' +
  '<div class="mx-auto flex h-14 max-w-[1600px] items-center justify-between gap-2 px-3 sm:px-6">' +
  `<a href="/" class="focus-ring flex items-center gap-2 rounded-lg font-semibold tracking-tight">${LOGO}<span class="text-base">NetToolbox</span></a>` +
  '</div></header>'

function homeContent(): string {
  return (
    '<div class="space-y-10"><section class="mx-auto max-w-3xl text-center">' +
    `<h1 class="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">${escapeHtml(homeHero.heading)}</h1>` +
    `<p class="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">${escapeHtml(homeHero.lead)}</p>` +
    '</section></div>'
  )
}

function toolContent(name: string, description: string): string {
  return (
    '<div class="mx-auto max-w-5xl space-y-6">' +
    '<a href="/" class="focus-ring inline-flex items-center gap-1.5 rounded text-sm text-muted-foreground hover:text-foreground">' +
    '<span class="size-4" aria-hidden="true"></span>All tools</a>' +
    '<div class="rounded-2xl border border-border bg-card text-foreground shadow-sm p-5 sm:p-6">' +
    '<div class="flex flex-wrap items-start justify-between gap-4"><div class="flex min-w-0 items-start gap-3">' +
    '<span class="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent" aria-hidden="true"></span>' +
    '<div class="min-w-0">' +
    `<h1 class="text-xl font-semibold tracking-tight sm:text-2xl">${escapeHtml(name)}</h1>` +
    `<p class="mt-1 text-sm text-muted-foreground">${escapeHtml(description)}</p>` +
    '</div></div></div></div></div>'
  )
}

/** The markup inside #root for the page whose head is `head`. */
function renderPageShell(head: PageHead): string {
  const content =
    head.path === '/' ? homeContent() : head.entry ? toolContent(head.entry.name, head.entry.description) : ''
  return (
    '<div class="flex min-h-dvh flex-col">' +
    HEADER +
    `<main id="main" class="mx-auto min-h-screen w-full max-w-[1600px] flex-1 px-3 py-8 sm:px-6 sm:py-10">${content}</main>` +
    '</div>'
  )
}

/** `html` (a page's HTML from the built index.html) with the page's shell inside its empty #root. */
export function withPageShell(html: string, head: PageHead): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${renderPageShell(head)}</div>`)
}
