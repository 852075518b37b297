// Builds the web bundle when it is missing or older than its sources: the browser's bundle
// (dist/web) and the server's renderer of pages' first screens (dist/ssr, from
// src/web/entry-server.tsx; see src/server/plugins/page-render.ts).
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json']
/** Where the server's renderer is built, beside the browser's bundle. */
export const SSR_OUT_DIR = 'dist/ssr'

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry)))
  }
  return newest
}

export function webBundleIsStale(root: string, outDir = 'dist/web'): boolean {
  const index = path.join(root, outDir, 'index.html')
  const renderer = path.join(root, SSR_OUT_DIR, 'entry-server.js')
  if (!existsSync(index) || !existsSync(renderer)) return true
  const built = Math.min(statSync(index).mtimeMs, statSync(renderer).mtimeMs)
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built)
}

/** Builds both: the browser's bundle, then the server's renderer. */
export async function buildWebBundle(root: string, logLevel: 'info' | 'warn' = 'warn'): Promise<void> {
  const { build } = await import('vite')
  const common = { root: path.join(root, 'src/web'), configFile: path.join(root, 'vite.config.ts'), logLevel }
  await build(common)
  await build({
    ...common,
    build: {
      ssr: 'entry-server.tsx',
      outDir: path.join(root, SSR_OUT_DIR),
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
    },
  })
}

export async function ensureWebBundle(root: string): Promise<void> {
  if (!webBundleIsStale(root)) return
  console.log('Building the web bundle...')
  await buildWebBundle(root)
}
