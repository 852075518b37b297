// npm test: type-check, lint, build the web bundle if stale, run every Vitest test (unit, integration,
// lab, end-to-end), then print one summary line "tests: N passed, N failed, N skipped". Arguments go to
// Vitest: `npm test -- --project lab` runs one project.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWebBundle } from './web-bundle.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)

console.log('Type-checking...')
const tsc = spawnSync(bin('tsc'), ['--noEmit'], { stdio: 'inherit' })
if (tsc.status !== 0) {
  console.error('Type check failed.')
  console.log('tests: 0 passed, 1 failed')
  process.exit(1)
}

console.log('Linting...')
const biome = spawnSync(bin('biome'), ['check', '--reporter=summary', '.'], { stdio: 'inherit' })
if (biome.status !== 0) {
  console.error('Lint or format check failed (npx biome check --write . fixes most of it).')
  console.log('tests: 0 passed, 1 failed')
  process.exit(1)
}

// Only the projects that open the site in Chromium (e2e, lighthouse, and lab: the speed test and the
// probe lab's permalink page) serve the built bundle: `npm test -- --project unit` skips the build.
const projects = process.argv
  .slice(2)
  .flatMap((arg, i, args) =>
    arg === '--project' ? [args[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [],
  )
if (projects.length === 0 || projects.some((name) => name === 'e2e' || name === 'lighthouse' || name === 'lab'))
  await ensureWebBundle(root)

const report = path.join(root, 'test-results', 'vitest.json')
rmSync(report, { force: true })
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]
const vitest = spawnSync(bin('vitest'), args, { stdio: 'inherit' })

let summary = 'tests: 0 passed, 1 failed'
try {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
    numTodoTests: number
  }
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`
} catch {
  console.error('No test report was written.')
}
console.log(summary)
process.exit(vitest.status ?? 1)
