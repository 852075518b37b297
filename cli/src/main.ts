#!/usr/bin/env node
// Entry point of the `nettoolbox` command (docs/cli.md).
import { runCli } from './program.ts'
import type { Io } from './run-tool.ts'

/** A passing status is drawn on a terminal's stderr only, and wiped before the next line. */
function terminalIo(): Io {
  let statusShown = false
  const clear = () => {
    if (statusShown) process.stderr.write('\r\x1b[K')
    statusShown = false
  }
  return {
    out(line) {
      clear()
      process.stdout.write(`${line}\n`)
    },
    err(line) {
      clear()
      process.stderr.write(`${line}\n`)
    },
    status(text) {
      if (!process.stderr.isTTY) return
      clear()
      process.stderr.write(`${text}…`)
      statusShown = true
    },
  }
}

process.exitCode = await runCli(process.argv, terminalIo())
