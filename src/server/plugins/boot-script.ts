// The page's theme is set before its first paint, and its script starts after it. A page whose
// HTML shows only its outline (header, heading and lead) is painted first and only then fetches and
// runs the bundle; otherwise a fast connection delivers the bundle before the first frame and the
// outline waits for the app's first render. A page the server rendered whole (#root carries
// data-rendered) starts the bundle at once: the browser paints that markup while the bundle loads,
// and the sooner the app takes it over, the sooner a click on it counts (the page's load event now
// waits for the app's script, as it always did before this loader). A hidden tab (opened in the
// background) has no frames to wait for and starts at once. The theme (stored under localStorage
// "theme", else the system's preference: src/web/lib/theme.ts, which the app applies again) is set
// from the head, so the first paint is already in the visitor's theme. Both are fixed inline
// scripts, allowed by their hashes in the Content-Security-Policy; the bundle's entry and the
// modules to preload ride on the loader's data attributes.
import { createHash } from 'node:crypto'

export const BOOT_SCRIPT =
  '(function(d){var c=d.currentScript,done=false;function go(){if(done)return;done=true;' +
  "(c.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;" +
  "var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});" +
  "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=c.getAttribute('data-entry');" +
  "d.head.appendChild(s)}var r=d.getElementById('root');" +
  "if(d.visibilityState!=='visible'||(r&&r.hasAttribute('data-rendered')))go();" +
  'else{requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,250)}})(document)'

export const THEME_SCRIPT =
  "(function(r){var t=null;try{t=localStorage.getItem('theme')}catch(e){}" +
  "if(t!=='light'&&t!=='dark')t=window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "r.classList.toggle('dark',t==='dark');r.classList.toggle('light',t==='light');r.style.colorScheme=t})(document.documentElement)"

const sourceOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

/** The Content-Security-Policy sources that allow exactly THEME_SCRIPT and BOOT_SCRIPT. */
export const INLINE_SCRIPT_SOURCES = [sourceOf(THEME_SCRIPT), sourceOf(BOOT_SCRIPT)]

const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/
const PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g

/**
 * `html` (the built index.html) with the theme script in its head and its module script and module
 * preloads replaced by the loader at the end of the body; unchanged when it has no module script of
 * the bundle.
 */
export function startAfterFirstPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1]
  if (!entry) return html
  const preload = [...html.matchAll(PRELOAD)].map((m) => m[1])
  const loader = `<script data-entry="${entry}" data-preload="${preload.join(' ')}">${BOOT_SCRIPT}</script>`
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace('</head>', () => `  <script>${THEME_SCRIPT}</script>\n  </head>`)
    .replace('</body>', () => `${loader}\n  </body>`)
}
