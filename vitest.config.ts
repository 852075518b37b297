import { defineConfig } from 'vitest/config'

// Four tiers, each runnable alone (`npm test -- --project lab`), and Lighthouse on its own:
//   unit         pure code beside its source (src/**)
//   integration  the app and real local peers on loopback (test/**, but not lab or e2e)
//   lab          real network paths in network namespaces (test/lab, root and iproute2)
//   e2e          the built site in Chromium (test/e2e)
//   lighthouse   page speed and quality scores of the built site (test/e2e/lighthouse.test.ts)
// docs/architecture.md ("Tests") says where each tier's helpers and fixtures live.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: ['test/lab/**', 'test/e2e/**'] },
      },
      { extends: true, test: { name: 'lab', include: ['test/lab/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: ['test/e2e/lighthouse.test.ts'] },
      },
      // Page speed is measured on a quiet machine: this project starts once every other one is done.
      {
        extends: true,
        test: { name: 'lighthouse', include: ['test/e2e/lighthouse.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
})
