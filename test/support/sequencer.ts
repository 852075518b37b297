// The order test files start in. Vitest's own order runs the projects one after another (by name:
// e2e, integration, lab, unit), so a run ended with the few long lab files on an otherwise idle
// machine. Here the lab's files start first, beside one another, then the other files longest
// first across projects (longest-processing-time-first scheduling), so both workers stay busy until
// the last file. The files of RATE_FILES measure rates that busy neighbours slowed below their bars
// (a shaped 20 Mbit/s link's upload measured at 16.7-16.9 against a bar of 17): they run ahead of
// the other files in the kernel's scheduler (runAhead() in test/support/app/priority.ts) and start
// once the other lab files have, among the long files, so the machine stays busy beside them.
// A file's length is its duration in Vitest's results cache when there is one (a machine that ran
// the suite before), else its figure below (seconds on a two-core machine; a hint, not a limit:
// refresh it from test-results/vitest.json when files change a lot), else its project's typical one.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Files of ten seconds or more in a full run. */
const KNOWN_SECONDS: Record<string, number> = {
  'test/e2e/layout.test.ts': 101,
  'test/e2e/lighthouse.test.ts': 87,
  'test/lab/speedtest.lab.test.ts': 58,
  'test/e2e/accounts.test.ts': 43,
  'test/monitors/redis-scheduling.test.ts': 40,
  'test/e2e/monitors.test.ts': 37,
  'test/e2e/name-tools-depth.test.ts': 33,
  'test/e2e/accessibility.test.ts': 31,
  'test/monitors/database-scheduling.test.ts': 31,
  'test/accounts/two-factor.test.ts': 27,
  'test/e2e/tool-panels.test.ts': 27,
  'test/e2e/speed-test.test.ts': 26,
  'test/lab/probes-faults.lab.test.ts': 26,
  'test/e2e/routes.test.ts': 23,
  'test/lab/probes.lab.test.ts': 21,
  'test/speed/speed-engine.test.ts': 21,
  'test/tools/dns-partial-results.test.ts': 21,
  'test/cli/behaviour.test.ts': 20,
  'test/e2e/reading.test.ts': 20,
  'test/e2e/tool-links-and-bulk.test.ts': 20,
  'test/lab/ping.lab.test.ts': 19,
  'test/resilience/crash-safety.test.ts': 19,
  'test/tools/dns-propagation.test.ts': 19,
  'test/accounts/sign-in-throttle.test.ts': 18,
  'test/e2e/results-and-tokens.test.ts': 17,
  'test/lab/traceroute.lab.test.ts': 17,
  'test/resilience/graceful-shutdown.test.ts': 17,
  'test/tools/dns-resolver-attribution.test.ts': 17,
  'test/cli/tools.test.ts': 16,
  'test/e2e/measurements.test.ts': 16,
  'test/e2e/two-factor-and-token-scopes.test.ts': 16,
  'test/tools/whois-failure-attribution.test.ts': 15,
  'test/db/tool-results-repository.test.ts': 14,
  'test/e2e/home.test.ts': 14,
  'test/accounts/mail-flows.test.ts': 13,
  'test/probes/probe-socket-door.test.ts': 13,
  'test/resilience/database-loss.test.ts': 13,
  'test/tools/mail.test.ts': 13,
  'test/e2e/email-verification.test.ts': 12,
  'test/limits/redis-shared-caps.test.ts': 12,
  'test/server/connection-guard.test.ts': 12,
  'test/cli/package.test.ts': 11,
  'test/e2e/phone-lookup.test.ts': 11,
  'test/probes/probe-token-revocation.test.ts': 11,
  'test/security/legacy-ipv4-spellings.test.ts': 10,
}

/** Lab files that measure rates: they start among the long files, not beside the other lab files. */
const RATE_FILES = ['test/lab/speedtest.lab.test.ts']
/** Files at least this long (seconds) start before the short ones. */
const LONG_SECONDS = 10

/** A file's expected seconds when nothing else is known, by project. */
const PROJECT_SECONDS: Record<string, number> = {
  lab: 20,
  e2e: 15,
  'integration-fenced': 6,
  integration: 3,
  unit: 0.5,
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = `${this.ctx.config.root}/`
    const expected = (spec: TestSpecification) => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration
      if (cached !== undefined && cached > 0) return cached / 1000
      return KNOWN_SECONDS[spec.moduleId.replace(root, '')] ?? PROJECT_SECONDS[spec.project.name] ?? 3
    }
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder ?? 0
    /** 0: the lab; 1: other long files; 2: the short files; 3: the unit tests. */
    const stage = (spec: TestSpecification) => {
      if (RATE_FILES.includes(spec.moduleId.replace(root, ''))) return 1
      if (spec.project.name === 'unit') return 3
      if (spec.project.name === 'lab') return 0
      return expected(spec) >= LONG_SECONDS ? 1 : 2
    }
    const sorted = [...files].sort((a, b) => group(a) - group(b) || stage(a) - stage(b) || expected(b) - expected(a))
    // Within each stage, browser files and the others alternate in proportion to their expected
    // time: browser files take turns two at a time (browser-slots.ts), so a run of them in a row
    // would leave the third worker waiting for a slot instead of running a file that mostly waits.
    const blocks = new Map<string, TestSpecification[]>()
    for (const spec of sorted) {
      const key = `${group(spec)}:${stage(spec)}`
      const block = blocks.get(key)
      if (block) block.push(spec)
      else blocks.set(key, [spec])
    }
    return [...blocks.values()].flatMap((block) =>
      interleave(
        block.filter((spec) => spec.project.name === 'e2e'),
        block.filter((spec) => spec.project.name !== 'e2e'),
        expected,
      ),
    )
  }
}

/** Merges two longest-first lists so that each list's share of the expected time grows evenly. */
function interleave<T>(first: T[], second: T[], seconds: (item: T) => number): T[] {
  const total = (list: T[]) => list.reduce((sum, item) => sum + seconds(item), 0)
  const [firstTotal, secondTotal] = [total(first), total(second)]
  const merged: T[] = []
  let [i, j, firstDone, secondDone] = [0, 0, 0, 0]
  while (i < first.length || j < second.length) {
    const takeFirst = j >= second.length || (i < first.length && firstDone / firstTotal <= secondDone / secondTotal)
    const item = takeFirst ? first[i++] : second[j++]
    if (item === undefined) break
    merged.push(item)
    if (takeFirst) firstDone += seconds(item)
    else secondDone += seconds(item)
  }
  return merged
}
