// The zone's SOA serial asked of each of its authoritative servers, side by side with the
// propagation question: a server behind the highest serial has not loaded the latest zone yet.
import { compareSoaSerials, type SoaSerialRow, type SoaSerials } from '../../shared/tools/dns-propagation.ts'
import { askServer, type PropagationDeps, type Target } from './propagation-ask.ts'

type Row = Omit<SoaSerialRow, 'state' | 'behindBy'>

/** The serial of an SOA record in presentation form: "mname rname SERIAL refresh retry expire minimum". */
function serialOf(soa: string): number | undefined {
  const field = soa.trim().split(/\s+/)[2]
  const serial = Number(field)
  return field !== undefined && Number.isInteger(serial) && serial >= 0 ? serial : undefined
}

async function askSerial(zone: string, target: Target, deps: Pick<PropagationDeps, 'net' | 'signal'>): Promise<Row> {
  if (!target.address)
    return { name: target.name, server: '', error: 'no address found for this name server', failureSource: 'target' }
  const { row, failureSource } = await askServer(zone, 'SOA', target, deps)
  const base = { name: target.name, server: row.server }
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

/** Asks every authoritative server (each under its own deadline) for the zone's SOA and compares the serials. */
export async function compareZoneSerials(
  zone: string,
  targets: Target[],
  deps: Pick<PropagationDeps, 'net' | 'signal'>,
): Promise<SoaSerials> {
  const rows = await Promise.all(targets.map((target) => askSerial(zone, target, deps)))
  return compareSoaSerials(zone, rows)
}
