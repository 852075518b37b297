// The zone's SOA serial asked of each of its authoritative servers once it has answered the
// propagation question: a server behind the highest serial has not loaded the latest zone yet. A
// server that did not answer that question is not asked again (one try of 1.5 s for an answering
// one), so a silent address costs no more packets than before and the run keeps its deadline.
import { compareSoaSerials, type SoaSerialRow, type SoaSerials } from '../../shared/tools/dns/propagation.ts'
import { type AskedServer, askServer, type PropagationDeps, SOA_QUERY, type Target } from './propagation-ask.ts'

type Row = Omit<SoaSerialRow, 'state' | 'behindBy'>

/** The serial of an SOA record in presentation form: "mname rname SERIAL refresh retry expire minimum". */
function serialOf(soa: string): number | undefined {
  const field = soa.trim().split(/\s+/)[2]
  const serial = Number(field)
  return field !== undefined && Number.isInteger(serial) && serial >= 0 ? serial : undefined
}

async function askSerial(
  zone: string,
  target: Target,
  question: Promise<AskedServer>,
  deps: Pick<PropagationDeps, 'net' | 'signal'>,
): Promise<Row> {
  const first = await question
  const base = { name: target.name, server: first.row.server }
  if (first.row.state !== 'answered')
    return {
      ...base,
      error: `not asked for the SOA: ${first.row.error ?? 'no reply'}`,
      failureSource: first.failureSource ?? 'target',
    }
  const { row, failureSource } = await askServer(zone, 'SOA', target, deps, SOA_QUERY)
  if (row.state !== 'answered')
    return { ...base, error: row.error ?? 'no answer', failureSource: failureSource ?? 'target' }
  const soa = row.answers.find((a) => !a.startsWith('CNAME '))
  const serial = soa === undefined ? undefined : serialOf(soa)
  if (serial === undefined)
    return {
      ...base,
      error: `answered ${row.rcode ?? 'NOERROR'} without an SOA record for ${zone}`,
      failureSource: 'target',
    }
  return { ...base, serial }
}

/** Asks every authoritative server that answered `questions` (same order as targets) for the zone's SOA, and compares the serials. */
export async function compareZoneSerials(
  zone: string,
  targets: Target[],
  questions: Promise<AskedServer>[],
  deps: Pick<PropagationDeps, 'net' | 'signal'>,
): Promise<SoaSerials> {
  const rows = await Promise.all(
    questions.map((question, index) => {
      const target = targets[index]
      if (!target) throw new Error('one question per target')
      return askSerial(zone, target, question, deps)
    }),
  )
  return compareSoaSerials(zone, rows)
}
