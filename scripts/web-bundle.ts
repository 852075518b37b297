// Builds the web bundle when it is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json']

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
  if (!existsSync(index)) return true
  const built = statSync(index).mtimeMs
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built)
}

export async function ensureWebBundle(root: string): Promise<void> {
  if (!webBundleIsStale(root)) return
  console.log('Building the web bundle...')
  const { build } = await import('vite')
  await build({ root: path.join(root, 'src/web'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' })
}
