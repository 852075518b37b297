// A throwaway CA and server certificates made with openssl for the mail test's TLS peers.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface ServerCertificate {
  key: string
  cert: string
}

export interface MailTestCa {
  /** The CA certificate (PEM), for clients that should trust the servers. */
  ca: string
  /** The scratch directory, removed by remove(). */
  directory: string
  /** A server certificate for the names (the first is the subject CN). */
  issue(...hostnames: string[]): ServerCertificate
  remove(): void
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']

export function createMailTestCa(): MailTestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-test-ca-'))
  openssl(
    [
      'req',
      '-x509',
      ...EC_KEY,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=NetToolbox Mail Test CA',
    ],
    dir,
  )
  let serial = 0
  return {
    ca: readFileSync(path.join(dir, 'ca.pem'), 'utf8'),
    directory: dir,
    issue(...hostnames) {
      const name = `leaf-${++serial}`
      writeFileSync(
        path.join(dir, `${name}.ext`),
        `subjectAltName=${hostnames.map((h) => `DNS:${h}`).join(',')}\nextendedKeyUsage=serverAuth\n`,
      )
      openssl(['req', ...EC_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${hostnames[0]}`], dir)
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${name}.csr`,
          '-CA',
          'ca.pem',
          '-CAkey',
          'ca.key',
          '-set_serial',
          String(1000 + serial),
          '-days',
          '2',
          '-out',
          `${name}.pem`,
          '-extfile',
          `${name}.ext`,
        ],
        dir,
      )
      return {
        key: readFileSync(path.join(dir, `${name}.key`), 'utf8'),
        cert: readFileSync(path.join(dir, `${name}.pem`), 'utf8'),
      }
    },
    remove() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
