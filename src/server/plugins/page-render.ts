// Pages' first screens rendered by the web app itself on the server. The renderer is the bundle
// `npm run build` writes to dist/ssr beside the browser's (from src/web/entry-server.tsx): the same
// components, signed out, in the light theme, with the tool's panel waited for. The browser paints
// that markup before any script runs and the app hydrates it (src/web/main.tsx), so a tool page's
// form is on screen with the HTML and is not drawn a second time.
//
// Rendered: the home page and every tool page, asked for without a query string (a query, such as
// a tool run from a link, is the browser's to read). A visitor without a session cookie cannot be
// signed in, so their page is drawn signed out (the home page's tools at once); with one, the page
// waits for the sign-in check as the browser's own first render would. Each page is rendered once
// per kind of visitor, on its first request, and kept. A page that cannot be rendered (no renderer built, a render error) is sent with the
// outline of its header and heading (page-shell.ts), which the app replaces when it starts.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PageHead } from '../../shared/page-meta.ts'
import { escapeHtml } from './page-html.ts'

export type RenderPage = (
  pathname: string,
  options: { signedOut: boolean; site: { reportIssueUrl?: string } },
) => Promise<string>

/**
 * The renderer built beside `webDist` (dist/web → dist/ssr/entry-server.js), or null when there is
 * none or it cannot load (it imports React from node_modules: an install without the web app's
 * packages serves every page outlined, and says so once).
 */
export async function loadPageRenderer(
  webDist: string,
  warn: (message: string) => void = () => undefined,
): Promise<RenderPage | null> {
  const file = path.resolve(webDist, '..', 'ssr', 'entry-server.js')
  if (!existsSync(file)) return null
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderPage?: unknown }
    if (typeof module.renderPage === 'function') return module.renderPage as RenderPage
    warn(`${file} has no renderPage: pages are sent outlined`)
  } catch (error) {
    warn(`the page renderer ${file} did not load (${(error as Error).message}): pages are sent outlined`)
  }
  return null
}

/**
 * The markup, when it is complete in itself. React leaves an inline script (and a template) in it
 * for a part it could not finish; the Content-Security-Policy would refuse that script, so such a
 * render is not used.
 */
export function completeMarkup(markup: string): string {
  if (/<script|<template/i.test(markup)) throw new Error('the render left a part for an inline script to finish')
  return markup
}

/** Whether the server renders this page's first screen: the home page and the tools' own pages. */
export function isRenderedPage(head: PageHead & { found: boolean }): boolean {
  return head.found && (head.path === '/' || head.entry?.kind === 'tool')
}

/**
 * `html` with `markup` inside its empty #root, marked with the path it shows (the app hydrates only
 * that path) and, when drawn signed out, with that.
 */
export function withRenderedPage(html: string, pagePath: string, markup: string, signedOut: boolean): string {
  const auth = signedOut ? ' data-auth="signed-out"' : ''
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-rendered="${escapeHtml(pagePath)}"${auth}>${markup}</div>`,
  )
}
