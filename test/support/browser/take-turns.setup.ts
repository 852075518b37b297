// Set up before every browser test file: the file waits for a browser slot before its own hooks
// run and gives it back after them (test/support/browser/browser-slots.ts).
import { afterAll, beforeAll } from 'vitest'
import { takeBrowserSlot } from './browser-slots.ts'

let giveBack: (() => void) | undefined

// Waiting for a slot may last as long as the two longest browser files together.
beforeAll(async () => {
  giveBack = await takeBrowserSlot()
}, 30 * 60_000)

afterAll(() => {
  giveBack?.()
  giveBack = undefined
})
