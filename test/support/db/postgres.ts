// A throwaway PostgreSQL server on a random loopback port, for tests.
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

export interface PostgresServer {
  /** Superuser connection URL of the `postgres` database (trust auth, no password). */
  url: string
  /** Creates an empty database and returns its connection URL. */
  createDatabase(): Promise<string>
  /** Stops the server (immediate mode) and deletes its files; safe to call more than once. */
  stop(): Promise<void>
  /** Shuts the server down (fast mode: connected clients are told and cut off), keeping its files. */
  pause(): Promise<void>
  /** Starts a paused server again, on the same port with the same data. */
  resume(): Promise<void>
}

interface Installation {
  binDir: string
  /** The account the server runs as when we are root (PostgreSQL refuses to run as root). */
  user?: { uid: number; gid: number }
}

/** Why a PostgreSQL server cannot be started here, or undefined when it can. */
export function postgresUnavailableReason(): string | undefined {
  const found = findInstallation()
  return typeof found === 'string' ? found : undefined
}

export interface PostgresOptions {
  /** Address to listen on (default 127.0.0.1). */
  host?: string
  /** Port (default: a free loopback port). */
  port?: number
  /**
   * Runs every server command behind this prefix, e.g. `['ip', 'netns', 'exec', ns]` to start the
   * server inside a network namespace (as root, switching to the postgres user after the prefix).
   * Databases are then created through the server's Unix socket.
   */
  commandPrefix?: string[]
  /** Networks (CIDRs) whose clients may connect without a password, besides loopback. */
  clients?: string[]
}

/** Starts a server; null (after a console.warn saying why) when PostgreSQL is not installed. */
export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer | null> {
  const found = findInstallation()
  if (typeof found === 'string') {
    console.warn(`PostgreSQL tests skipped: ${found}`)
    return null
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-pg-'))
  if (found.user) chownSync(dir, found.user.uid, found.user.gid)
  const dataDir = path.join(dir, 'data')
  const logFile = path.join(dir, 'server.log')
  const exec = (name: string, args: string[]) => {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' }
    const binary = path.join(found.binDir, name)
    const [prefixFile, ...prefixArgs] = options.commandPrefix ?? []
    if (!prefixFile) return run(binary, args, { cwd: dir, env, ...found.user })
    const { user } = found
    const asUser = user
      ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', binary]
      : [binary]
    return run(prefixFile, [...prefixArgs, ...asUser, ...args], { cwd: dir, env })
  }
  const killOnExit = () => killPostmaster(dataDir)
  process.once('exit', killOnExit)
  const cleanUp = async () => {
    process.off('exit', killOnExit)
    await exec('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']).catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await exec('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-locale',
      '-E',
      'UTF8',
      '--no-sync',
    ]).catch((error) => Promise.reject(describeFailure('initdb failed', error)))
    const host = options.host ?? '127.0.0.1'
    const port = options.port ?? (await findFreePort())
    await appendFile(path.join(dataDir, 'postgresql.conf'), serverSettings(host, port, dir))
    const clientLines = (options.clients ?? []).map((cidr) => `host all all ${cidr} trust\n`)
    if (clientLines.length > 0) await appendFile(path.join(dataDir, 'pg_hba.conf'), clientLines.join(''))
    await exec('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60']).catch(async (error) =>
      Promise.reject(describeFailure('pg_ctl start failed', error, await readLog(logFile))),
    )
    await exec('pg_isready', ['-h', host, '-p', String(port), '-t', '30']).catch(async (error) =>
      Promise.reject(describeFailure('server not ready', error, await readLog(logFile))),
    )
    const urlHost = host.includes(':') ? `[${host}]` : host
    const url = `postgres://postgres@${urlHost}:${port}/postgres`
    // Behind a prefix (another network namespace) the server's address may be out of our reach.
    const admin: pg.ClientConfig = options.commandPrefix
      ? { host: dir, port, user: 'postgres', database: 'postgres' }
      : { connectionString: url }
    let stopping: Promise<void> | undefined
    let databases = 0
    return {
      url,
      createDatabase: async () => {
        const name = `test_${++databases}`
        await runAdminQuery(admin, `create database ${name}`)
        return `postgres://postgres@${urlHost}:${port}/${name}`
      },
      stop: () => {
        stopping ??= cleanUp()
        return stopping
      },
      pause: async () => {
        await exec('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w'])
      },
      resume: async () => {
        await exec('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60']).catch(async (error) =>
          Promise.reject(describeFailure('pg_ctl start failed', error, await readLog(logFile))),
        )
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}

function findInstallation(): Installation | string {
  const binDir = findBinDir()
  if (!binDir) return 'PostgreSQL server binaries (initdb, pg_ctl, postgres) are not installed'
  if (process.getuid?.() !== 0) return { binDir }
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return { binDir, user: { uid, gid } }
  } catch {
    return 'running as root and there is no "postgres" system user to run the server as'
  }
}

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  const candidates = [
    ...versions.map((v) => path.join(root, v, 'bin')),
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ]
  return candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'pg_isready', 'postgres'].every((b) => existsSync(path.join(dir, b))),
  )
}

function serverSettings(host: string, port: number, socketDir: string): string {
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`
  return [
    '',
    `listen_addresses = ${quote(host)}`,
    `port = ${port}`,
    `unix_socket_directories = ${quote(socketDir)}`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    '',
  ].join('\n')
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function runAdminQuery(config: pg.ClientConfig, text: string): Promise<void> {
  const client = new pg.Client(config)
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

function describeFailure(what: string, error: unknown, log = ''): Error {
  const stderr = (error as { stderr?: string }).stderr ?? ''
  const details = [stderr.trim(), log.trim()].filter(Boolean).join('\n--- server log ---\n')
  return new Error(`${what}${details ? `:\n${details}` : ''}`, { cause: error })
}

async function readLog(file: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => '')
}

/** Last resort when the test process exits without stop(): SIGQUIT is PostgreSQL's immediate shutdown. */
function killPostmaster(dataDir: string): void {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    if (pid > 0) process.kill(pid, 'SIGQUIT')
  } catch {
    // not running
  }
}
