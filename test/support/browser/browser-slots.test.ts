// Browser slots across processes: the third taker waits until a slot is given back, and a slot whose
// owner died is taken over.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SLOTS = fileURLToPath(new URL('./browser-slots.ts', import.meta.url))
const DIR = path.join(tmpdir(), 'nettoolbox-browser-slots')

/** A process that takes a slot, says so on stdout, and holds it until its stdin ends. */
function holder(run: string) {
  const script = `import { takeBrowserSlot } from ${JSON.stringify(SLOTS)}
const give = await takeBrowserSlot()
process.stdout.write('taken\\n')
process.stdin.resume()
process.stdin.on('end', () => { give(); process.exit(0) })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, NETTOOLBOX_TEST_RUN: run, TEST_BROWSER_SLOTS: '2' },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let taken = false
  const tookIt = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('taken')) {
        taken = true
        resolve()
      }
    })
  })
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    tookIt,
    isHolding: () => taken,
    giveBack: async () => {
      child.stdin.end()
      await ended
    },
    kill: async () => {
      child.kill('SIGKILL')
      await ended
    },
  }
}

const runName = () => `slots-test-${process.pid}-${Math.random().toString(36).slice(2)}`

describe('browser slots', () => {
  it('lets two processes hold a slot and makes the third wait until one is given back', async () => {
    const run = runName()
    const a = holder(run)
    const b = holder(run)
    await Promise.all([a.tookIt, b.tookIt])
    const c = holder(run)
    // c tries every 250 ms: after several rounds it still holds nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(c.isHolding()).toBe(false)
    await a.giveBack()
    await c.tookIt
    await Promise.all([b.giveBack(), c.giveBack()])
    expect(readdirSync(DIR).filter((name) => name.startsWith(run))).toEqual([])
  }, 20_000)

  it('takes over a slot whose owner died without giving it back', async () => {
    const run = runName()
    // Slot 0 is left behind by a process that was killed holding it; slot 1 is held by this live
    // test process. A new taker can only get a slot by taking over the dead one.
    const dead = holder(run)
    await dead.tookIt
    await dead.kill()
    expect(existsSync(path.join(DIR, `${run}-0`))).toBe(true)
    writeFileSync(path.join(DIR, `${run}-1`), String(process.pid))
    const next = holder(run)
    await next.tookIt
    await next.giveBack()
    expect(readdirSync(DIR).filter((name) => name.startsWith(run))).toEqual([`${run}-1`])
    rmSync(path.join(DIR, `${run}-1`))
  }, 20_000)

  it('counts the slot within a process: a second take holds no second slot', async () => {
    const run = runName()
    const file = path.join(DIR, `${run}-1`)
    mkdirSync(DIR, { recursive: true })
    // Slot 1 is held by this (live) test process, so a taker may only have slot 0.
    writeFileSync(file, String(process.pid))
    const script = `import { takeBrowserSlot } from ${JSON.stringify(SLOTS)}
const one = await takeBrowserSlot()
const two = await takeBrowserSlot()
process.stdout.write('both\\n')
two(); one()`
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, NETTOOLBOX_TEST_RUN: run, TEST_BROWSER_SLOTS: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    await new Promise((resolve) => child.once('exit', resolve))
    expect(out).toBe('both\n')
    expect(existsSync(path.join(DIR, `${run}-0`))).toBe(false)
    rmSync(file)
  }, 20_000)
})
