import { describe, expect, it } from 'vitest'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { defaultValues, type FormValues, readForm, valuesOfAnswer } from './monitor-form-values.ts'

const limits = { minIntervalMinutes: 5 }
const website = (changes: Partial<FormValues> = {}): FormValues => ({
  ...defaultValues('website'),
  name: 'Shop',
  target: 'https://shop.example',
  ...changes,
})
const answer = (tool: string, input: string, result: unknown): ToolAnswer => ({
  tool,
  input,
  status: 'ok',
  result,
  lines: [],
  durationMs: 10,
  runId: 'run-1',
})

describe('readForm()', () => {
  it('reads a valid form into what the API takes, leaving blank optional thresholds out', () => {
    const check = readForm(website({ webhookUrl: ' https://hooks.example/in ' }), limits)
    expect(check).toEqual({
      ok: true,
      value: {
        kind: 'website',
        name: 'Shop',
        target: 'https://shop.example/',
        settings: {},
        intervalMinutes: 5,
        confirmations: 2,
        alertEmail: true,
        webhookUrl: 'https://hooks.example/in',
      },
    })
  })

  it('names each invalid field with the shared rule’s message', () => {
    const check = readForm(
      website({
        name: ' ',
        intervalMinutes: '2',
        webhookUrl: 'ftp://x',
        settings: { ...website().settings, maxLatencyMs: '10' },
      }),
      limits,
    )
    expect(check.ok).toBe(false)
    if (check.ok) return
    expect(check.errors).toEqual({
      name: 'Give the monitor a name',
      intervalMinutes: 'Checks run at most every 5 minutes',
      webhookUrl: 'Webhook URL must be an http:// or https:// URL',
      maxLatencyMs: 'Latency threshold must be 50 to 60000 ms',
    })
  })

  it('says a threshold must be a number when it is not one', () => {
    const values = { ...defaultValues('ping'), name: 'Router', target: 'router.example' }
    values.settings.maxLossPercent = 'lots'
    const check = readForm(values, limits)
    expect(check.ok ? null : check.errors).toEqual({ maxLossPercent: 'Loss threshold must be a number' })
  })

  it('checks the target with the tool’s own input rule, unless it comes from a run', () => {
    const bad = website({ target: 'not a url at all' })
    const check = readForm(bad, limits)
    expect(check.ok ? null : Object.keys(check.errors)).toEqual(['target'])
    expect(readForm(bad, { ...limits, targetFixed: true }).ok).toBe(true)
  })

  it('sends an SSL monitor’s grade only when one is chosen', () => {
    const values = { ...defaultValues('ssl'), name: 'TLS', target: 'example.com' }
    const without = readForm(values, limits)
    expect(without.ok && without.value.settings).toEqual({ expiryDays: 14 })
    values.settings.minGrade = 'B'
    values.settings.expiryDays = '30'
    const withGrade = readForm(values, limits)
    expect(withGrade.ok && withGrade.value.settings).toEqual({ expiryDays: 30, minGrade: 'B' })
  })

  it('reports an unknown DNS record type on its field', () => {
    const values = { ...defaultValues('dns'), name: 'Apex', target: 'example.com' }
    values.settings.dnsType = 'NOPE'
    const check = readForm(values, limits)
    expect(check.ok ? null : Object.keys(check.errors)).toEqual(['dnsType'])
  })
})

describe('valuesOfAnswer()', () => {
  it('names the monitor after the kind and the target and keeps the default thresholds', () => {
    const values = valuesOfAnswer(answer('ping', 'router.example', null), 'ping')
    expect(values).toMatchObject({ kind: 'ping', name: 'Ping: router.example', target: 'router.example' })
    expect(values.settings.maxLossPercent).toBe('20')
  })

  it('takes an SSL result’s grade as the lowest accepted one', () => {
    expect(valuesOfAnswer(answer('ssl', 'example.com', { grade: { grade: 'A' } }), 'ssl').settings.minGrade).toBe('A')
    expect(valuesOfAnswer(answer('ssl', 'example.com', { grade: { grade: 'T' } }), 'ssl').settings.minGrade).toBe('')
  })

  it('watches the one record type a DNS lookup asked for', () => {
    const one = answer('dns', 'example.com', { queries: [{ type: 'MX' }] })
    const several = answer('dns', 'example.com', { queries: [{ type: 'A' }, { type: 'MX' }] })
    expect(valuesOfAnswer(one, 'dns').settings.dnsType).toBe('MX')
    expect(valuesOfAnswer(several, 'dns').settings.dnsType).toBe('A')
  })
})
