// The one place tests make certificates: a throwaway PKI made with the openssl binary at test start —
// a root CA (the trust anchor tests hand to the app), an intermediate that signs leaves with chosen
// names, dates and keys, self-signed leaves, stapled OCSP responses — and DH parameters.
// Other helpers (TLS sites, mail peers) take what this module issues.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const OPENSSL = ['/usr/bin/openssl', '/usr/local/bin/openssl'].find((p) => existsSync(p))

export const opensslAvailable = OPENSSL !== undefined

export interface LeafOptions {
  /** DNS names for subjectAltName; the first is the common name. */
  names: string[]
  notBefore?: Date
  notAfter?: Date
  /** openssl -newkey argument (default "rsa:2048"; "EC" with keyOptions for a curve). */
  key?: string
  /** Extra -pkeyopt values, e.g. ["ec_paramgen_curve:P-256"]. */
  keyOptions?: string[]
  /** Signature digest of the issuing CA (default sha256), e.g. "sha1". */
  digest?: string
}

export interface IssuedCert {
  key: string
  cert: string
  /** Leaf then intermediate, as a server sends it. */
  chain: string
  certFile: string
}

export interface TestCaOptions {
  /** Common name of the intermediate that signs the leaves, as a checked server's issuer reads. */
  issuerName?: string
  /** Common name of the root; a second CA needs its own so verifiers do not take one for the other. */
  rootName?: string
}

export interface TestCa {
  /** PEM file of the root CA: the trust anchor to hand to the app (EXTRA_CA_FILE). */
  rootFile: string
  /**
   * PEM of the root and the intermediate: what a client is told to trust when the servers it checks
   * send only their leaf (the mail peers do, as many mail servers do).
   */
  anchors: string
  /** The CA's scratch directory (removed by remove()), for files a test writes beside the keys. */
  directory: string
  issue(options: LeafOptions): Promise<IssuedCert>
  selfSigned(names: string[]): Promise<IssuedCert>
  /** A DER OCSP response, signed by the intermediate, saying the leaf is good. */
  ocspResponse(leaf: IssuedCert): Promise<Buffer>
  remove(): Promise<void>
}

const CA_CONFIG = `[ ca ]
default_ca = leaf_ca
[ leaf_ca ]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
unique_subject = no
copy_extensions = none
[ any ]
commonName = supplied
[ leaf ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = $ENV::SAN
`

const DAY = 86_400_000

/** openssl ca's date format: YYYYMMDDHHMMSSZ */
function caDate(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`
}

export async function createTestCa(options: TestCaOptions = {}): Promise<TestCa> {
  if (!OPENSSL) throw new Error('openssl is not installed')
  const openssl = OPENSSL
  const dir = await mkdtemp(path.join(tmpdir(), 'test-ca-'))
  const file = (name: string) => path.join(dir, name)
  const ssl = (args: string[], env: Record<string, string> = {}) =>
    run(openssl, args, { cwd: dir, env: { ...process.env, ...env } })
  let counter = 0

  await writeFile(file('index.txt'), '')
  await writeFile(file('serial'), '1000\n')
  await writeFile(file('ca.cnf'), CA_CONFIG)
  await writeFile(
    file('int.ext'),
    'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n',
  )
  /** A self-signed certificate `<name>.pem` with its key `<name>.key`. */
  const selfSign = (name: string, commonName: string, days: number, extensions: string[]) =>
    ssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      String(days),
      '-subj',
      `/CN=${commonName}`,
      ...extensions.flatMap((extension) => ['-addext', extension]),
    ])
  await selfSign('root', options.rootName ?? 'NetToolbox Test Root CA', 3650, [
    'basicConstraints=critical,CA:TRUE',
    'keyUsage=critical,keyCertSign,cRLSign',
  ])
  await ssl([
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'int.key',
    '-out',
    'int.csr',
    '-subj',
    `/CN=${options.issuerName ?? 'NetToolbox Test Intermediate CA'}`,
  ])
  await ssl([
    'x509',
    '-req',
    '-in',
    'int.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-set_serial',
    '2',
    '-days',
    '3650',
    '-extfile',
    'int.ext',
    '-out',
    'int.pem',
  ])
  const intermediate = await readFile(file('int.pem'), 'utf8')
  const root = await readFile(file('root.pem'), 'utf8')

  const read = async (name: string, withChain: boolean): Promise<IssuedCert> => {
    const key = await readFile(file(`${name}.key`), 'utf8')
    const cert = await readFile(file(`${name}.pem`), 'utf8')
    return { key, cert, chain: withChain ? cert + intermediate : cert, certFile: file(`${name}.pem`) }
  }

  return {
    rootFile: file('root.pem'),
    anchors: root + intermediate,
    directory: dir,
    async issue(options) {
      const name = `leaf-${++counter}`
      const now = Date.now()
      const notBefore = options.notBefore ?? new Date(now - DAY)
      const notAfter = options.notAfter ?? new Date(now + 365 * DAY)
      await ssl([
        'req',
        '-new',
        '-newkey',
        options.key ?? 'rsa:2048',
        ...(options.keyOptions ?? []).flatMap((option) => ['-pkeyopt', option]),
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        `/CN=${options.names[0]}`,
      ])
      await ssl(
        [
          'ca',
          '-batch',
          '-config',
          'ca.cnf',
          '-cert',
          'int.pem',
          '-keyfile',
          'int.key',
          '-in',
          `${name}.csr`,
          '-out',
          `${name}.pem`,
          '-startdate',
          caDate(notBefore),
          '-enddate',
          caDate(notAfter),
          '-extensions',
          'leaf',
          '-notext',
          ...(options.digest ? ['-md', options.digest] : []),
        ],
        { SAN: options.names.map((n) => `DNS:${n}`).join(',') },
      )
      return read(name, true)
    },
    async selfSigned(names) {
      const name = `self-${++counter}`
      await selfSign(name, names[0] ?? '', 365, [`subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`])
      return read(name, false)
    },
    async ocspResponse(leaf) {
      const out = `ocsp-${++counter}.der`
      await ssl([
        'ocsp',
        '-index',
        'index.txt',
        '-CA',
        'int.pem',
        '-rsigner',
        'int.pem',
        '-rkey',
        'int.key',
        '-issuer',
        'int.pem',
        '-cert',
        leaf.certFile,
        '-respout',
        out,
        '-ndays',
        '7',
      ])
      return readFile(file(out))
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}

/** The mail peers' CA: mail test reports name its intermediate as the servers' issuer. */
export const MAIL_TEST_CA: TestCaOptions = { issuerName: 'NetToolbox Mail Test CA' }

/** A mail server's certificate for the names (the first is the subject CN), on a P-256 key. */
export const mailServerCert = (...names: string[]): LeafOptions => ({
  names,
  key: 'EC',
  keyOptions: ['ec_paramgen_curve:prime256v1'],
})

/** PEM DH parameters of the given size (openssl dhparam: a few seconds for 1024 bits). */
export async function makeDhParams(bits: number): Promise<string> {
  if (!OPENSSL) throw new Error('openssl is not installed')
  const { stdout } = await run(OPENSSL, ['dhparam', String(bits)], { timeout: 60_000 })
  return stdout
}
