// A throwaway Redis server on a free loopback port (Debian package redis-server), for tests.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from '../net/ports.ts'

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find((p) => existsSync(p))

export const redisAvailable = REDIS_SERVER !== undefined

export interface RedisServer {
  url: string
  /** Stops the server (SIGTERM) and waits for it to exit; safe to call more than once. */
  stop(): Promise<void>
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

export async function startRedis(): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed (Debian package redis-server)')
  const port = await freePort()
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)))
  })
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      child.kill('SIGTERM')
      await exited(child)
    })()
    return stopping
  }
  try {
    await ready
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `redis://127.0.0.1:${port}`, stop }
}
