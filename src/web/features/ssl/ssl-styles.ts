// How grades and protocol verdicts are coloured in the SSL report.
import type {
  GradeLetter,
  ProtocolName,
  ProtocolProbe,
  VulnerabilityFinding,
} from '../../../shared/tools/ssl/schema.ts'

const GOOD = 'bg-emerald-900/60 text-emerald-200'
const FAIR = 'bg-amber-900/60 text-amber-200'
const BAD = 'bg-red-900/60 text-red-200'
const NEUTRAL = 'bg-zinc-800 text-zinc-300'

export function gradeClass(grade: GradeLetter): string {
  if (grade === 'A+' || grade === 'A') return GOOD
  if (grade === 'B' || grade === 'C') return FAIR
  return BAD
}

/** Whether accepting a protocol is good (modern), acceptable or bad (obsolete). */
const ACCEPTED_IS: Record<ProtocolName, 'good' | 'bad'> = {
  'TLSv1.3': 'good',
  'TLSv1.2': 'good',
  'TLSv1.1': 'bad',
  TLSv1: 'bad',
  SSLv3: 'bad',
  SSLv2: 'bad',
}

export function protocolClass(probe: Pick<ProtocolProbe, 'protocol' | 'status'>): string {
  if (probe.status === 'not-tested') return NEUTRAL
  const good = ACCEPTED_IS[probe.protocol] === 'good'
  if (probe.status === 'accepted') return good ? GOOD : BAD
  return probe.protocol === 'TLSv1.2' ? BAD : probe.protocol === 'TLSv1.3' ? FAIR : GOOD
}

export function protocolStatusText(status: ProtocolProbe['status']): string {
  return status === 'not-tested' ? 'Not tested' : status === 'accepted' ? 'Accepted' : 'Not accepted'
}

/** A weakness found is red, one ruled out green, one not tested grey. */
export function verdictClass(verdict: VulnerabilityFinding['verdict']): string {
  return verdict === 'vulnerable' ? BAD : verdict === 'not-vulnerable' ? GOOD : NEUTRAL
}

export function verdictText(verdict: VulnerabilityFinding['verdict']): string {
  return verdict === 'vulnerable' ? 'Vulnerable' : verdict === 'not-vulnerable' ? 'Not vulnerable' : 'Not tested'
}
