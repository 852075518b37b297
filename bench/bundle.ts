// Prints the gzipped size of the JavaScript the home page loads up front, and of every chunk,
// against the 150 KB budget. Run after a build: node bench/bundle.ts (npm run bench:bundle).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const dist = path.resolve('dist/web')
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string)

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024

const rows = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, kb: gzipKb(`assets/${f}`), initial: initial.includes(`assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb)

for (const row of rows) console.log(`${row.initial ? '*' : ' '} ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`)
const total = rows.filter((r) => r.initial).reduce((sum, r) => sum + r.kb, 0)
console.log(
  `initial JavaScript (gzip): ${total.toFixed(1)} KB of ${BUDGET_KB} KB budget (ratio ${(total / BUDGET_KB).toFixed(2)})`,
)
console.log(`chunks: ${rows.length}, lazily loaded: ${rows.filter((r) => !r.initial).length}`)
