import { accessSync, constants } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './test/support/sequencer.ts'

// Four tiers, each runnable alone (`npm test -- --project lab`), and Lighthouse on its own:
//   unit         pure code beside its source (src/**)
//   integration  the app and real local peers on loopback (test/**, but not lab or e2e), and
//                integration-fenced, its security corpora (`--project 'integration*'` runs both)
//   lab          real network paths in network namespaces (test/lab, root and iproute2)
//   e2e          the built site in Chromium (test/e2e)
//   lighthouse   page speed and quality scores of the built site (test/e2e/lighthouse.test.ts)
// test/README.md says where each tier's helpers and fixtures live.
/** Integration files that replace modules with vi.mock, which only a fresh module cache honours. */
const FENCED = ['test/security/fuzz.test.ts', 'test/security/ssrf.test.ts']

/**
 * The tests' throwaway files (SQLite databases, PostgreSQL clusters, data directories, browser
 * profiles) go to memory when the machine has a writable tmpfs at /dev/shm. The server syncs every
 * SQLite commit to disk, as it should in production: on a disk that costs a fresh database's
 * migrations about half a second, on a tmpfs about 20 ms, and the suite creates hundreds of them.
 * Set here, in the main process, so that workers and every process they start inherit it.
 */
function useMemoryForTemporaryFiles() {
  if (process.env.TMPDIR || process.platform !== 'linux') return
  try {
    accessSync('/dev/shm', constants.W_OK)
    process.env.TMPDIR = '/dev/shm'
  } catch {
    // No tmpfs: the system's temporary directory it is.
  }
}
useMemoryForTemporaryFiles()

/**
 * The tests start a Node.js process more than a hundred times (site processes, probes, the CLI), and
 * each compiles the same modules again: about 2.2 s of CPU to import the app on a two-core machine.
 * Node's compile cache keeps V8's compiled code on disk, keyed by each source's contents, and cuts
 * that to about 1.6 s; a changed file is simply compiled again. Inherited by every process started.
 */
function cacheCompiledModules() {
  if (process.env.NODE_COMPILE_CACHE) return
  process.env.NODE_COMPILE_CACHE = path.join(process.env.TMPDIR ?? tmpdir(), 'nettoolbox-test-compile-cache')
}
cacheCompiledModules()

/** Names this run for what its workers share by file: the browser slots (test/support/browser/browser-slots.ts). */
process.env.NETTOOLBOX_TEST_RUN ??= `${process.pid}-${Date.now()}`

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    // Three files at a time on two cores: most integration files wait more than they compute, and
    // the browser files, which keep the cores busy, take turns two at a time (browser-slots.ts).
    maxWorkers: 3,
    // Longest files first, across projects (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Pure code: the files of one worker share its process and module cache (each test restores
      // what it stubs), which saves a process and a fresh import of the same modules per file.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      // The app against real peers: here too one worker's files share a process and module cache
      // (each file starts and stops its own app, databases and peers).
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/lab/**', 'test/e2e/**', ...FENCED],
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
      // The security corpora replace modules (the egress fence around the target policy, the spawn
      // recorder): each file gets its own process and module cache, so the fence is always in place.
      {
        extends: true,
        test: { name: 'integration-fenced', include: FENCED },
      },
      { extends: true, test: { name: 'lab', include: ['test/lab/**/*.test.ts'] } },
      // Each browser file starts its own site and browser; the files of one worker share its process
      // and module cache (Playwright, the app), which saves a process and an import per file.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/lighthouse.test.ts'],
          isolate: false,
          setupFiles: ['test/support/browser/take-turns.setup.ts'],
        },
      },
      // Page speed is measured on a quiet machine: this project starts once every other one is done.
      {
        extends: true,
        test: { name: 'lighthouse', include: ['test/e2e/lighthouse.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
})
