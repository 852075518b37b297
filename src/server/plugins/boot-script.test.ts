import { createHash } from 'node:crypto'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { BOOT_SCRIPT, INLINE_SCRIPT_SOURCES, startAfterFirstPaint, THEME_SCRIPT } from './boot-script.ts'
import { contentSecurityPolicy } from './security-headers.ts'

const BUILT =
  '<html><head><title>x</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-Ab1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-Cd2.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/jsx-Ef3.js">\n' +
  '  </head><body><div id="root"></div>\n  </body></html>'

/** Runs the loader against a minimal document; `visible` says whether the tab is shown. */
function runLoader(html: string, visible: boolean, rendered = false) {
  const script = /<script data-entry="([^"]*)" data-preload="([^"]*)">([^<]*)<\/script>/.exec(html)
  if (!script) throw new Error('no loader in the page')
  const appended: Array<Record<string, string>> = []
  const frames: Array<() => void> = []
  const timers: Array<() => void> = []
  const attributes: Record<string, string> = { 'data-entry': script[1] ?? '', 'data-preload': script[2] ?? '' }
  const document = {
    visibilityState: visible ? 'visible' : 'hidden',
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: { appendChild: (element: Record<string, string>) => appended.push(element) },
    getElementById: (id: string) =>
      id === 'root' ? { hasAttribute: (name: string) => rendered && name === 'data-rendered' } : null,
  }
  vm.runInNewContext(script[3] ?? '', {
    document,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void) => timers.push(f),
  })
  return { appended, frames, timers }
}

describe('startAfterFirstPaint()', () => {
  it('moves the module script and its preloads into the loader at the end of the body', () => {
    const html = startAfterFirstPaint(BUILT)
    const beforeLoader = html.slice(0, html.indexOf('<script data-entry'))
    expect(beforeLoader).not.toContain('<script type="module"')
    expect(beforeLoader).not.toContain('modulepreload')
    expect(html).toContain(
      `<script data-entry="/assets/index-Ab1.js" data-preload="/assets/react-Cd2.js /assets/jsx-Ef3.js">${BOOT_SCRIPT}</script>\n  </body>`,
    )
  })

  it('leaves a page without the bundle as it is', () => {
    const html = '<html><body><div id="root"></div></body></html>'
    expect(startAfterFirstPaint(html)).toBe(html)
  })

  it('starts the bundle after the first frame of a shown tab, once, preloads first', () => {
    const { appended, frames, timers } = runLoader(startAfterFirstPaint(BUILT), true)
    expect(appended).toEqual([])
    for (const frame of frames) frame()
    for (const timer of [...timers]) timer()
    expect(appended).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-Cd2.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/jsx-Ef3.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-Ab1.js' },
    ])
  })

  it('starts at once on a page the server rendered whole', () => {
    const { appended, frames } = runLoader(startAfterFirstPaint(BUILT), true, true)
    expect(frames).toEqual([])
    expect(appended.at(-1)).toMatchObject({ tag: 'script', src: '/assets/index-Ab1.js' })
  })

  it('starts at once in a hidden tab, where no frame comes', () => {
    const { appended, frames } = runLoader(startAfterFirstPaint(BUILT), false)
    expect(frames).toEqual([])
    expect(appended.at(-1)).toMatchObject({ tag: 'script', src: '/assets/index-Ab1.js' })
  })

  it('sets the stored theme, else the system preference, on the root element from the head', () => {
    const html = startAfterFirstPaint(BUILT)
    expect(html).toContain(`<script>${THEME_SCRIPT}</script>\n  </head>`)
    const themeOf = (stored: string | null, prefersDark: boolean, storageFails = false) => {
      const classes = new Set<string>()
      const root = {
        classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
        style: { colorScheme: '' },
      }
      const localStorage = {
        getItem: () => {
          if (storageFails) throw new Error('storage is off')
          return stored
        },
      }
      const matchMedia = () => ({ matches: prefersDark })
      vm.runInNewContext(THEME_SCRIPT, {
        document: { documentElement: root },
        localStorage,
        matchMedia,
        window: { matchMedia },
      })
      return { classes: [...classes], colorScheme: root.style.colorScheme }
    }
    expect(themeOf('dark', false)).toEqual({ classes: ['dark'], colorScheme: 'dark' })
    expect(themeOf('light', true)).toEqual({ classes: ['light'], colorScheme: 'light' })
    expect(themeOf(null, true)).toEqual({ classes: ['dark'], colorScheme: 'dark' })
    expect(themeOf('purple', false)).toEqual({ classes: ['light'], colorScheme: 'light' })
    expect(themeOf(null, true, true)).toEqual({ classes: ['dark'], colorScheme: 'dark' })
  })

  it("are allowed by their hashes in the pages' Content-Security-Policy, and nothing else inline is", () => {
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    expect(INLINE_SCRIPT_SOURCES).toEqual([hash(THEME_SCRIPT), hash(BOOT_SCRIPT)])
    expect(contentSecurityPolicy().scriptSrc).toEqual(["'self'", ...INLINE_SCRIPT_SOURCES])
  })
})
