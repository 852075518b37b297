import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'
import { domainInput, domainOrIpInput, ipAddressInput, messages } from '../../shared/validation.ts'
import { defineTool } from '../lib/tool-parts.tsx'
import {
  checkToolInput,
  describeError,
  failureToast,
  runNote,
  runToast,
  ToolFailure,
  toOutputState,
} from './tool-outcome.ts'

const answer = (patch: Partial<ToolAnswer> = {}): ToolAnswer => ({
  tool: 'ping',
  input: 'example.com',
  status: 'ok',
  result: null,
  lines: ['line 1', 'line 2'],
  durationMs: 12,
  ...patch,
})

describe('checkToolInput()', () => {
  it("reports blank input apart from invalid input, with the tool's own message", () => {
    expect(checkToolInput(domainInput, '   ')).toEqual({ kind: 'blank', message: messages.blank })
    expect(checkToolInput(ipAddressInput, '')).toEqual({ kind: 'blank', message: 'Please enter an IP address' })
  })

  it("gives the product's message for an invalid value", () => {
    expect(checkToolInput(domainInput, 'not a domain')).toEqual({ kind: 'invalid', message: 'Invalid domain format' })
    expect(checkToolInput(domainOrIpInput, 'bad_host')).toEqual({
      kind: 'invalid',
      message: 'Invalid domain or IP format',
    })
  })

  it('returns the trimmed value when valid', () => {
    expect(checkToolInput(domainOrIpInput, '  example.com ')).toEqual({ kind: 'valid', value: 'example.com' })
  })
})

describe('runNote()', () => {
  it('names the host a pasted URL runs, and the Unicode form of a punycode name', () => {
    expect(runNote(domainInput, 'https://shop.test:8443/path?q=1')).toBe('Runs as shop.test')
    expect(runNote(domainInput, 'bücher.example')).toBe('Runs as xn--bcher-kva.example (bücher.example)')
    expect(runNote(domainInput, 'xn--bcher-kva.example')).toBe('Runs as xn--bcher-kva.example (bücher.example)')
  })

  it('says nothing for text that runs as typed, blank or invalid text', () => {
    for (const raw of ['shop.test', ' shop.test ', '', 'not a domain'])
      expect(runNote(domainInput, raw)).toBeUndefined()
  })
})

describe('describeError()', () => {
  it('uses the message of an Error', () => {
    expect(describeError(new Error('Ping is not available yet'))).toBe('Ping is not available yet')
  })

  it('falls back to the unknown-error text for anything else', () => {
    expect(describeError('boom')).toBe('An unknown error occurred')
    expect(describeError(new Error(''))).toBe('An unknown error occurred')
  })
})

describe('toOutputState()', () => {
  it('is idle before any run', () => {
    expect(toOutputState({ status: 'idle', answer: undefined, error: null, localError: null })).toEqual({
      kind: 'idle',
    })
  })

  it('is loading while a run is pending', () => {
    expect(toOutputState({ status: 'pending', answer: undefined, error: null, localError: null })).toEqual({
      kind: 'loading',
    })
  })

  it('shows the lines of a successful answer', () => {
    expect(toOutputState({ status: 'success', answer: answer(), error: null, localError: null })).toEqual({
      kind: 'success',
      lines: ['line 1', 'line 2'],
      answer: answer(),
    })
  })

  it('shows the error and the lines of a failed diagnosis', () => {
    const failure = new ToolFailure(answer({ status: 'failed', error: 'NXDOMAIN', lines: ['; status: NXDOMAIN'] }))
    expect(toOutputState({ status: 'error', answer: undefined, error: failure, localError: null })).toEqual({
      kind: 'error',
      message: 'NXDOMAIN',
      lines: ['; status: NXDOMAIN'],
      answer: failure.answer,
    })
  })

  it('shows a transport error without an answer to copy or save', () => {
    expect(
      toOutputState({
        status: 'error',
        answer: undefined,
        error: new Error('Could not reach the server'),
        localError: null,
      }),
    ).toEqual({
      kind: 'error',
      message: 'Could not reach the server',
      lines: [],
    })
  })

  it('shows an input error rejected before any request', () => {
    expect(
      toOutputState({ status: 'idle', answer: undefined, error: null, localError: 'Invalid domain format' }),
    ).toEqual({
      kind: 'error',
      message: 'Invalid domain format',
      lines: [],
    })
  })
})

describe('failureToast()', () => {
  it('names the tool once, and never says "failed" twice', () => {
    expect(failureToast('DNS', new Error('example.test does not exist (NXDOMAIN from resolver 10.0.0.53)'))).toBe(
      'DNS failed: example.test does not exist (NXDOMAIN from resolver 10.0.0.53)',
    )
    expect(failureToast('IP Blacklist', new Error('Blacklist check failed: no list could be checked.'))).toBe(
      'Blacklist check failed: no list could be checked.',
    )
    expect(failureToast('SSL/TLS', new Error('SSL certificate check failed: the certificate has expired'))).toBe(
      'SSL certificate check failed: the certificate has expired',
    )
    expect(failureToast('Ping', null)).toBe('Ping failed: An unknown error occurred')
  })
})

describe('runToast()', () => {
  const counted = defineTool({
    result: z.object({ failed: z.number() }),
    warning: (result) => (result.failed > 0 ? `${result.failed} checks failed` : undefined),
  })

  it('names the tool, or uses the wording the tool gives', () => {
    expect(runToast('DNS', {}, { result: {} })).toEqual({ kind: 'success', text: 'DNS completed successfully' })
    expect(runToast('What Is My IP', { successText: 'IP lookup completed successfully' }, { result: {} })).toEqual({
      kind: 'success',
      text: 'IP lookup completed successfully',
    })
  })

  it("is a warning when the tool's result reports one, a success otherwise", () => {
    expect(runToast('Mail Test', counted, { result: { failed: 2 } })).toEqual({
      kind: 'warning',
      text: 'Mail Test finished: 2 checks failed',
    })
    expect(runToast('Mail Test', counted, { result: { failed: 0 } }).kind).toBe('success')
  })

  it('is a success when the result does not match the schema (nothing to warn about can be read)', () => {
    expect(runToast('Mail Test', counted, { result: 'not an object' })).toEqual({
      kind: 'success',
      text: 'Mail Test completed successfully',
    })
  })
})
