// Browser files take turns. Vitest runs three files at a time on a two-core machine, because most
// integration files spend their time waiting (a site process starting, a monitor's one-second
// minute, a probe reconnecting); a browser file keeps both cores busy instead (Chromium, the site,
// the test process). At most two browser files run at once, each holding a slot from its start to
// its end, so a third file beside them is one that mostly waits, and a page step never competes
// with two other browsers for the cores.
//
// A slot is a file created exclusively (O_EXCL) in the temporary directory, named after the test
// run (set once by the run's main process, see vitest.config.ts) and holding the owner's process
// id: a slot whose owner has died is taken over. Within one process a slot is counted, so a file
// that opens two browsers holds one slot.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { processAlive } from '../app/process-alive.ts'

/** How many browser files may run at once. */
export const BROWSER_SLOTS = Number(process.env.TEST_BROWSER_SLOTS ?? 2)

const RUN = process.env.NETTOOLBOX_TEST_RUN ?? String(process.ppid)
const DIR = path.join(tmpdir(), 'nettoolbox-browser-slots')

let held: { file: string; count: number } | undefined

/** Tries each slot once; returns the file taken, or undefined when all are held by live processes. */
function tryTake(): string | undefined {
  mkdirSync(DIR, { recursive: true })
  for (let i = 0; i < BROWSER_SLOTS; i++) {
    const file = path.join(DIR, `${RUN}-${i}`)
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return file
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let owner = Number.NaN
      try {
        owner = Number(readFileSync(file, 'utf8'))
      } catch {
        // Released between the two calls: the next round takes it.
      }
      // An owner that died without releasing (a killed worker) leaves its slot to the next file.
      if (Number.isInteger(owner) && owner > 0 && !processAlive(owner)) {
        try {
          unlinkSync(file)
        } catch {}
      }
    }
  }
  return undefined
}

function release(): void {
  if (!held) return
  held.count -= 1
  if (held.count > 0) return
  try {
    unlinkSync(held.file)
  } catch {}
  held = undefined
}

/** Waits for a browser slot; the returned function gives it back (once). */
export async function takeBrowserSlot(): Promise<() => void> {
  if (held) {
    held.count += 1
  } else {
    for (;;) {
      const file = tryTake()
      if (file) {
        held = { file, count: 1 }
        break
      }
      await sleep(250)
    }
  }
  let given = false
  return () => {
    if (given) return
    given = true
    release()
  }
}

// A process that ends while holding a slot gives it back.
process.once('exit', () => {
  if (held) held.count = 1
  release()
})
