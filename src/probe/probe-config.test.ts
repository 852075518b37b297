import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadProbeConfig } from './probe-config.ts'

const required = { PROBE_SITE_URL: 'https://tools.example', PROBE_TOKEN: 'ntbp_abc' }

describe('loadProbeConfig()', () => {
  it('reads the site addresses, the policy and the location overrides', () => {
    const config = loadProbeConfig({
      ...required,
      PROBE_SITE_URL: 'https://a.example, https://b.example',
      PROBE_TARGET_ALLOW: '10.0.0.0/8',
      PROBE_COUNTRY: 'de',
      PROBE_ASN: 'AS64500',
    })
    expect(config.siteUrls).toEqual(['https://a.example', 'https://b.example'])
    expect(config.targetAllow).toEqual(['10.0.0.0/8'])
    expect(config.overrides).toMatchObject({ country: 'DE', asn: 64500 })
    expect(config.maxConcurrent).toBe(8)
  })

  it('lists every bad setting at once', () => {
    expect(() => loadProbeConfig({ PROBE_TARGET_ALLOW: '10.0.0.0/33', PROBE_COUNTRY: 'Germany' })).toThrow(
      /PROBE_SITE_URL: is required[\s\S]*PROBE_TOKEN: is required[\s\S]*PROBE_TARGET_ALLOW\.0: must be an IP address or CIDR[\s\S]*PROBE_COUNTRY: must be a two-letter country code/,
    )
  })

  it('takes PROBE_CONFIG settings, with the environment winning', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'probe-config-')), 'probe.json')
    writeFileSync(file, JSON.stringify({ city: 'Frankfurt', country: 'DE', targetAllow: ['192.168.0.0/16'] }))
    const config = loadProbeConfig({ ...required, PROBE_CONFIG: file, PROBE_CITY: 'Offenbach' })
    expect(config.overrides).toMatchObject({ city: 'Offenbach', country: 'DE' })
    expect(config.targetAllow).toEqual(['192.168.0.0/16'])
  })

  it('names an unknown setting of PROBE_CONFIG', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'probe-config-')), 'probe.json')
    writeFileSync(file, JSON.stringify({ town: 'Frankfurt' }))
    expect(() => loadProbeConfig({ ...required, PROBE_CONFIG: file })).toThrow(`unknown setting "town" in ${file}`)
  })
})
