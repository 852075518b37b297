// The site-process helper when its port is taken between choosing it and the child's listening:
// another server answering /healthz there must not pass for the child.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../net/ports.ts'
import { listensOn, startServerProcess } from './server-process.ts'

describe('startServerProcess on a port another server took first', () => {
  let dataDir: string
  let other: Server
  let otherPort: number

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'server-process-'))
    // Another server on loopback that answers 200 to everything, /healthz included.
    other = createServer((_request, response) => response.end('ok'))
    otherPort = await freePort()
    await new Promise<void>((resolve) => other.listen(otherPort, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await new Promise((resolve) => other?.close(resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  it('tells the process that holds a listening port from any other', async () => {
    expect(await listensOn(process.pid, otherPort)).toBe(true)
    expect(await listensOn(process.ppid, otherPort)).toBe(false)
    expect(await listensOn(process.pid, await freePort())).toBe(false)
  })

  it('starts the site on another port, and hands back the site, not the server that answered first', async () => {
    const offered = [otherPort]
    const server = await startServerProcess(
      { DATA_DIR: dataDir },
      { choosePort: async () => offered.shift() ?? freePort() },
    )
    try {
      const port = Number(new URL(server.url).port)
      expect(port).not.toBe(otherPort)
      expect(server.child.pid && (await listensOn(server.child.pid, port))).toBe(true)
      const health = await fetch(`${server.url}/healthz`)
      expect(health.status).toBe(200)
      expect(await health.text()).not.toBe('ok')
    } finally {
      await server.kill('SIGTERM')
    }
  })
})
