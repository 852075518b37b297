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

export interface RedisOptions {
  /** Address to listen on (default 127.0.0.1). */
  host?: string
  /** Port (default: a free loopback port). */
  port?: number
  /** Clients must authenticate with this (needed to accept clients beyond loopback). */
  password?: string
  /** Starts the server another way, e.g. inside a lab namespace; must pipe stdout. */
  spawn?: (file: string, args: string[]) => ChildProcess
}

export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed (Debian package redis-server)')
  const host = options.host ?? '127.0.0.1'
  const port = options.port ?? (await freePort())
  const args = ['--port', String(port), '--bind', host, '--save', '', '--appendonly', 'no']
  if (options.password) args.push('--requirepass', options.password)
  const child = options.spawn
    ? options.spawn(REDIS_SERVER, args)
    : spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] })
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
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : ''
  return { url: `redis://${auth}${host.includes(':') ? `[${host}]` : host}:${port}`, stop }
}
