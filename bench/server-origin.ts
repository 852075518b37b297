// The base URL a site process started by a benchmark listens on, read from its log.
import type { ChildProcess } from 'node:child_process'

/** Resolves with the server's "Server listening at http://127.0.0.1:<port>" URL; rejects if it exits first. */
export function listeningOrigin(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let log = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8')
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)))
  })
}
