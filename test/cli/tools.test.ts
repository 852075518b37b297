// Every tool command of the real `nettoolbox` process against the app on loopback, with real peers:
// Knot DNS, HTTPS sites of a test CA, a loopback RDAP service, DNSBL zones, ping and mtr.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliWorld, startCliWorld, worldAvailable } from './cli-world.ts'
import { expectOk } from './expect-ok.ts'
import { cliAt } from './run-cli.ts'

if (!worldAvailable) console.warn('SKIPPED: CLI tool tests need knotd (Debian knot) and openssl')

describe
  .skipIf(!worldAvailable)
  .concurrent('nettoolbox <tool> against the app on loopback', { timeout: 120_000 }, () => {
    let world: CliWorld
    let cli: ReturnType<typeof cliAt>

    beforeAll(async () => {
      world = await startCliWorld()
      cli = cliAt(world.url)
    })
    afterAll(async () => {
      await world?.close()
    })

    it('dns prints the record the name server holds, dig-like, and exits 0', async () => {
      const run = await cli(['dns', 'good.example.test', '--type', 'A'])
      expect(run.stderr).toBe('')
      expectOk(run)
      expect(run.stdout).toContain('good.example.test.\t300\tIN\tA\t127.0.0.11')
      expect(run.stdout).toContain(`;; SERVER: ${world.knot.endpoint} (UDP)`)
    })

    it('dns exits 1 for a name that does not exist, and says it is the target that failed', async () => {
      const run = await cli(['dns', 'missing.example.test', '-t', 'MX'])
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('status: NXDOMAIN')
      expect(run.stderr).toBe(
        `Failed (the target failed): missing.example.test does not exist (NXDOMAIN from resolver ${world.knot.endpoint})\n`,
      )
    })

    it('ping streams each reply line before the run ends, then the statistics', async () => {
      const run = await cli(['ping', '127.0.0.1', '--count', '3'])
      expectOk(run)
      const lines = run.stdout.split('\n')
      expect(lines[0]).toBe('PING 127.0.0.1 (127.0.0.1) 56(84) bytes of data.')
      expect(lines.filter((l) => /^64 bytes from 127\.0\.0\.1: icmp_seq=\d ttl=64 time=/.test(l))).toHaveLength(3)
      expect(run.stdout).toContain('3 packets transmitted, 3 received, 0% packet loss')
      // Replies come one second apart: the first was written out long before the statistics.
      const first = run.chunks.findIndex((c) => c.includes('icmp_seq=1'))
      const statistics = run.chunks.findIndex((c) => c.includes('ping statistics'))
      expect(first).toBeGreaterThanOrEqual(0)
      expect(statistics).toBeGreaterThan(first)
    })

    it('traceroute prints the header and the hop to the loopback target', async () => {
      const run = await cli(['traceroute', '127.0.0.1', '--count', '1'])
      expectOk(run)
      const lines = run.stdout.split('\n')
      expect(lines[0]).toBe('traceroute to 127.0.0.1 (127.0.0.1), 30 hops max, 60 byte packets')
      expect(lines.some((l) => /^ 1 {2}127\.0\.0\.1 +0\.0% +1 /.test(l))).toBe(true)
    })

    it('whois prints the registration data from RDAP', async () => {
      const run = await cli(['whois', 'example-shop.test'])
      expectOk(run)
      expect(run.stdout).toContain('Registrar: Example Registrar, Inc.')
      expect(run.stdout).toContain('Name servers: ns1.example-dns.test, ns2.example-dns.test')
    })

    it('rdns prints the PTR name of an address', async () => {
      const run = await cli(['rdns', '198.51.100.10'])
      expectOk(run)
      expect(run.stdout).toContain('10.100.51.198.in-addr.arpa.\t7200\tIN\tPTR\texample.test.')
    })

    it('ssl grades a valid certificate and exits 0', async () => {
      const run = await cli(['ssl', `good.example.test:${world.good.port}`])
      expectOk(run)
      expect(run.stdout).toContain(`SSL/TLS check of good.example.test:${world.good.port} (127.0.0.11)`)
      expect(run.stdout).toContain('Subject:        CN=good.example.test')
    })

    it('ssl exits 1 for an expired certificate', async () => {
      const run = await cli(['ssl', `expired.example.test:${world.expired.port}`])
      expect(run.code).toBe(1)
      expect(run.stdout).toContain('Grade: T')
      expect(run.stderr).toContain('Failed (the target failed): SSL certificate check failed: Certificate has expired')
    })

    it('geolocation locates an address from the offline database', async () => {
      const run = await cli(['geolocation', '1.1.1.1'])
      expectOk(run)
      expect(run.stdout).toContain('Country: Australia (AU)')
    })

    it('blacklist names the lists an address is on', async () => {
      const run = await cli(['blacklist', '198.51.100.10'])
      expectOk(run)
      expect(run.stdout).toContain('Listed on 2 of 32 reachable lists')
      expect(run.stdout).toMatch(/^LISTED +Spamhaus ZEN \(zen\.spamhaus\.org\)/m)
    })

    it('website-check reports the site up with its status', async () => {
      const url = `https://good.example.test:${world.good.port}/`
      const run = await cli(['website-check', url])
      expectOk(run)
      expect(run.stdout).toContain('Status: UP (200 OK)')
      expect(run.stdout).toContain(`Final URL: ${url}`)
    })

    it('asn prints the origin AS and the registry network', async () => {
      const run = await cli(['asn', '1.1.1.1'])
      expectOk(run)
      expect(run.stdout).toContain('ASN: AS13335')
      expect(run.stdout).toContain('Network name: APNIC-LABS')
    })

    it('abuse scores a listed address', async () => {
      const run = await cli(['abuse', '198.51.100.10'])
      expectOk(run)
      expect(run.stdout).toContain('Abuse score: 55/100 (Medium risk)')
      expect(run.stdout).toContain('Block lists: Listed on 2 of 32 reachable lists')
    })

    it('mail reports a domain without mail servers as failed checks, with what could not be checked', async () => {
      const run = await cli(['mail', 'example.test'])
      expectOk(run)
      expect(run.stdout).toContain('Mail test for example.test')
      expect(run.stdout).toMatch(/\[FAIL\] MX records +no MX records and no usable address/)
      expect(run.stdout).toMatch(/\[SKIP\] DMARC +not checked/)
    })

    it('whatismyip shows the address the server sees and why location is missing', async () => {
      const run = await cli(['whatismyip'])
      expectOk(run)
      expect(run.stdout).toContain('Your IP: 127.0.0.1')
      expect(run.stdout).toContain('Note: No location is known for 127.0.0.1 in the DB-IP database')
    })

    it('phone prints the numbering-plan facts of a number', async () => {
      const run = await cli(['phone', '+1 212 555 0123'])
      expectOk(run)
      expect(run.stdout.split('\n')).toEqual(
        expect.arrayContaining(['Number: +1 212 555 0123', 'Valid: Yes', 'Location: New York, NY, United States']),
      )
    })

    it('phone exits 2 with the site message for a number of the wrong form', async () => {
      const run = await cli(['phone', '12'])
      expect(run.code).toBe(2)
      expect(run.stderr).toBe('nettoolbox phone: Please enter a valid phone number\n')
    })
  })
