import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDataDirProbe } from './data-dir-probe.ts'

describe('createDataDirProbe()', () => {
  let scratch: string
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'nettoolbox-probe-'))
  })
  afterAll(async () => rm(scratch, { recursive: true, force: true }))

  it('answers true for a writable directory and leaves no file behind', async () => {
    const dir = path.join(scratch, 'data')
    const probe = createDataDirProbe(dir)
    expect(await Promise.all([probe(), probe()])).toEqual([true, true])
    expect(await readdir(dir)).toEqual([])
  })

  it('answers false when the data directory is a file, or lies under one', async () => {
    const file = path.join(scratch, 'not-a-directory')
    await writeFile(file, 'x')
    expect(await createDataDirProbe(file)()).toBe(false)
    expect(await createDataDirProbe(path.join(file, 'data'))()).toBe(false)
  })
})
