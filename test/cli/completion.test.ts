// `nettoolbox completion <shell>`: the printed scripts loaded into real bash, fish and zsh, asked
// what they would complete.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from './run-cli.ts'

const run = promisify(execFile)
const shellAt = (name: string) => [`/usr/bin/${name}`, `/bin/${name}`].find((p) => existsSync(p))
const fish = shellAt('fish')
const zsh = shellAt('zsh')
if (!fish || !zsh) console.warn('SKIPPED: fish and zsh completion tests need the Debian packages fish and zsh')

let dir: string
const scripts: Record<string, string> = {}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-completion-'))
  await Promise.all(
    ['bash', 'zsh', 'fish'].map(async (shell) => {
      const printed = await runCli(['completion', shell])
      expect(printed.code).toBe(0)
      scripts[shell] = path.join(dir, `nettoolbox.${shell}`)
      await writeFile(scripts[shell] as string, printed.stdout)
    }),
  )
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('bash completion', () => {
  /** What bash offers for the last word of the command line. */
  async function complete(...words: string[]): Promise<string[]> {
    const script = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _nettoolbox; printf '%s\\n' "\${COMPREPLY[@]}"`
    const { stdout } = await run('bash', ['-c', script, 'bash', scripts.bash as string, 'nettoolbox', ...words])
    return stdout.split('\n').filter(Boolean)
  }

  it('offers every tool command, then the options and values of the command typed', async () => {
    const commands = await complete('')
    for (const name of ['ping', 'traceroute', 'dns', 'ssl', 'website-check', 'whatismyip', 'phone', 'completion']) {
      expect(commands).toContain(name)
    }
    expect(await complete('w')).toEqual(['whois', 'website-check', 'whatismyip'])
    expect(await complete('dns', 'example.com', '--type', 'M')).toEqual(['MX'])
    expect(await complete('ping', 'example.com', '--mo')).toEqual(['--mode'])
    expect(await complete('traceroute', 'example.com', '-P', '')).toEqual(['icmp', 'udp', 'tcp'])
  })

  it('skips the values of global options when it looks for the command', async () => {
    expect(await complete('--server', 'http://127.0.0.1:8080', '--timeout', '5', 'd')).toEqual(['dns'])
    expect(await complete('--server', 'http://127.0.0.1:8080', 'dns', 'x', '--js')).toEqual(['--json'])
  })
})

describe.skipIf(!fish)('fish completion', () => {
  async function complete(line: string): Promise<string[]> {
    const { stdout } = await run(fish as string, [
      '-c',
      `source $argv[1]; complete -C '${line}'`,
      scripts.fish as string,
    ])
    return stdout.split('\n').filter(Boolean)
  }

  it('offers commands with their descriptions, then options and their values', async () => {
    expect(await complete('nettoolbox d')).toEqual(['dns\tQuery DNS records (A, AAAA, MX, NS, TXT, CNAME and more)'])
    expect(await complete('nettoolbox dns x --type M')).toEqual([
      'MX\trecord type, any case, by name or as TYPE<number> (default A, AAAA, MX, NS, TXT and CNAME)',
    ])
    expect(await complete('nettoolbox ping x --c')).toEqual(['--count\tprobes to send (1-10)'])
  })
})

describe.skipIf(!zsh)('zsh completion', () => {
  it('loads in zsh and registers its function for nettoolbox', async () => {
    const script = `autoload -U compinit; compinit -u -d "$2"; source "$1"; print -r -- $_comps[nettoolbox]`
    const { stdout } = await run(zsh as string, [
      '-c',
      script,
      'zsh',
      scripts.zsh as string,
      path.join(dir, 'zcompdump'),
    ])
    expect(stdout.trim()).toBe('_nettoolbox')
  })
})
