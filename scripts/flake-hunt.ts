// The flake hunt: every browser, lab and timing-sensitive integration file run several times in a
// row, each run a fresh Vitest process, while a busy loop holds one of the machine's two cores (as a
// loaded CI machine would). Prints a table: file, runs, failures, and the names of the tests that
// failed; writes it to test-results/flake-hunt.md. A file that fails once in the table is a defect to
// fix at its cause. Needs `npm run build` first (the browser and lab files serve dist/web), and root
// for the lab.
// Run: node scripts/flake-hunt.ts [--runs 5] [--no-burner] [file …]
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

/** Integration files whose outcome depends on timing: windows, clocks, schedules, races between processes. */
const TIMING_SENSITIVE = [
  'test/accounts/sign-in-throttle.test.ts',
  'test/accounts/enumeration.test.ts',
  'test/accounts/mail-flows.test.ts',
  'test/monitors/redis-scheduling.test.ts',
  'test/monitors/database-scheduling.test.ts',
  'test/server/connection-guard.test.ts',
  'test/limits/redis-shared-caps.test.ts',
  'test/limits/redis-outage.test.ts',
  'test/limits/concurrency-caps.test.ts',
  'test/limits/redis-two-processes.test.ts',
  'test/probes/probe-socket-door.test.ts',
  'test/probes/probe-lost.test.ts',
  'test/resilience/crash-safety.test.ts',
  'test/resilience/graceful-shutdown.test.ts',
  'test/resilience/database-loss.test.ts',
  'test/speed/speed-engine.test.ts',
  'test/cli/behaviour.test.ts',
]

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, 'no-burner': { type: 'boolean', default: false } },
})
const runs = Number(values.runs)
const root = path.resolve(import.meta.dirname, '..')
const listed = (dir: string, suffix: string) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith(suffix) && name !== 'lighthouse.test.ts')
    .map((name) => `${dir}/${name}`)
    .sort()
const files =
  positionals.length > 0
    ? positionals
    : [...listed('test/e2e', '.test.ts'), ...listed('test/lab', '.lab.test.ts'), ...TIMING_SENSITIVE]

/** A busy loop pinned to the last core, every thread (taskset, util-linux); none when asked or on one core. */
function startBurner(): ChildProcess | null {
  if (values['no-burner'] || availableParallelism() < 2) return null
  const core = String(availableParallelism() - 1)
  const burner = spawn('taskset', ['-c', core, process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' })
  return burner
}

interface Outcome {
  passed: boolean
  failed: string[]
  seconds: number
}

/** One run of one file in a fresh Vitest process; the names of the tests that failed. */
function runOnce(file: string): Outcome {
  const report = path.join(tmpdir(), `flake-hunt-${process.pid}.json`)
  rmSync(report, { force: true })
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', file, '--reporter=json', `--outputFile=${report}`],
    { cwd: root, stdio: 'ignore', env: process.env, timeout: 20 * 60_000 },
  )
  const seconds = (performance.now() - started) / 1000
  if (!existsSync(report))
    return { passed: false, failed: [`no report (exit ${result.status ?? result.signal})`], seconds }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: Array<{ message?: string; assertionResults: Array<{ fullName: string; status: string }> }>
  }
  const failed = json.testResults.flatMap((file) => [
    ...file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
    ...(file.assertionResults.length === 0 && file.message ? [`file: ${file.message.split('\n')[0]}`] : []),
  ])
  return { passed: result.status === 0 && failed.length === 0, failed, seconds }
}

const burner = startBurner()
const rows: string[] = []
let flaky = 0
try {
  console.log(
    `${files.length} files × ${runs} runs${burner ? ', a busy loop holding one core' : ', no busy loop'} (started ${new Date().toISOString()})`,
  )
  for (const file of files) {
    const outcomes: Outcome[] = []
    for (let i = 0; i < runs; i++) outcomes.push(runOnce(file))
    const failures = outcomes.filter((o) => !o.passed)
    if (failures.length > 0) flaky++
    const names = [...new Set(failures.flatMap((o) => o.failed))]
    const seconds = outcomes.map((o) => o.seconds.toFixed(0)).join('/')
    const row = `| ${file} | ${runs} | ${failures.length} | ${seconds} | ${names.join('; ') || '—'} |`
    rows.push(row)
    console.log(row)
  }
} finally {
  burner?.kill()
}
const table = [
  '| file | runs | failures | seconds per run | failed tests |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n')
mkdirSync(path.join(root, 'test-results'), { recursive: true })
writeFileSync(path.join(root, 'test-results/flake-hunt.md'), `${table}\n`)
console.log(`flake hunt: ${flaky} of ${files.length} files failed at least once; table in test-results/flake-hunt.md`)
