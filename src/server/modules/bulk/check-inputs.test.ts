import { describe, expect, it } from 'vitest'
import type { AnyDiagnostic } from '../../../diagnostics/registry.ts'
import { dnsRequest } from '../../../shared/tools/dns/schema.ts'
import { sslRequest } from '../../../shared/tools/ssl/schema.ts'
import { messages } from '../../../shared/validation.ts'
import { checkBulkInputs } from './check-inputs.ts'

/** Only the request schema takes part in the check. */
const withRequest = (request: AnyDiagnostic['request']) => ({ request }) as AnyDiagnostic

describe('checkBulkInputs()', () => {
  it('writes the batch’s port into SSL inputs without one and keeps a port written in the input', () => {
    const checked = checkBulkInputs('ssl', withRequest(sslRequest), ['shop.test', 'shop.test:993', 'bad host!'], {
      port: 8443,
    })
    expect(checked).toEqual({
      inputs: [
        { ok: true, body: { input: 'shop.test:8443' } },
        { ok: true, body: { input: 'shop.test:993' } },
        { ok: false, message: messages.invalidDomain },
      ],
    })
  })

  it('refuses the whole batch for a bad option, with the option’s own message', () => {
    expect(checkBulkInputs('ssl', withRequest(sslRequest), ['shop.test'], { port: 0 })).toEqual({
      optionsError: 'Port must be 1 to 65535',
    })
    expect(checkBulkInputs('ssl', withRequest(sslRequest), ['shop.test'], { type: 'MX' })).toMatchObject({
      optionsError: expect.stringContaining('type'),
    })
    expect(checkBulkInputs('dns', withRequest(dnsRequest), ['shop.test'], { type: 'TYPE0' })).toEqual({
      optionsError: 'A record type number is between 1 and 65535',
    })
  })

  it('hands the DNS options to every input as a single run would take them', () => {
    const checked = checkBulkInputs('dns', withRequest(dnsRequest), ['shop.test', '@SUM(1,2)'], { type: 'mx' })
    expect(checked).toEqual({
      inputs: [
        { ok: true, body: { input: 'shop.test', options: { type: 'MX' } } },
        { ok: false, message: messages.invalidDomain },
      ],
    })
  })
})
