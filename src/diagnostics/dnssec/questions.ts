// The validator's questions: each asked once per validation run, with CD and DO set, through Net.
// An error rcode or no answer is a failed question, said in words ("did not answer in time").
import { createRequire } from 'node:module'
import type { RecordType } from 'dns-packet'
import { DnsTimeoutError } from '../net/dns-client.ts'
import type { Endpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { type Labels, nameText } from './names.ts'
import { type AnswerSections, readAnswer } from './records.ts'

export type Fetched = { ok: true; answer: AnswerSections } | { ok: false; error: string }

const packetTypes = createRequire(import.meta.url)('dns-packet/types.js') as { toString(type: number): string }

const RCODES: Record<number, string> = { 1: 'FORMERR', 2: 'SERVFAIL', 4: 'NOTIMP', 5: 'REFUSED' }

function describeError(error: unknown): string {
  if (error instanceof DnsTimeoutError) return 'did not answer in time'
  const code = (error as NodeJS.ErrnoException).code
  return `could not be asked (${code ?? (error instanceof Error ? error.message : String(error))})`
}

export function createQuestions(
  net: Pick<Net, 'askDns'>,
  options: { server: Endpoint | undefined; signal: AbortSignal; timeoutMs?: number },
) {
  const asked = new Map<string, Promise<Fetched>>()
  return function ask(name: Labels, type: number): Promise<Fetched> {
    const key = `${nameText(name)}|${type}`
    let pending = asked.get(key)
    if (!pending) {
      pending = net
        .askDns({
          name: nameText(name),
          type: packetTypes.toString(type) as RecordType,
          server: options.server,
          signal: options.signal,
          dnssecOk: true,
          checkingDisabled: true,
          timeoutMs: options.timeoutMs,
        })
        .then((exchange): Fetched => {
          const answer = readAnswer(exchange.message)
          const rcode = RCODES[answer.rcode]
          return rcode ? { ok: false, error: `answered ${rcode}` } : { ok: true, answer }
        })
        .catch((error: unknown): Fetched => ({ ok: false, error: describeError(error) }))
      asked.set(key, pending)
    }
    return pending
  }
}
