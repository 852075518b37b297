// A successful run: exit 0 and nothing on stderr, with what it printed in the message otherwise.
import { expect } from 'vitest'
import type { CliRun } from './run-cli.ts'

export function expectOk(run: CliRun): void {
  expect({ code: run.code, stderr: run.stderr }, `stdout:\n${run.stdout.slice(0, 2000)}`).toEqual({
    code: 0,
    stderr: '',
  })
}
