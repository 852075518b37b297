// A hop's timings as consecutive phases for the timings bar: DNS, connect, TLS, wait, download.
import type { HopTimings } from '../../../shared/tools/website-check/schema.ts'

export interface TimingSegment {
  phase: 'dns' | 'connect' | 'tls' | 'wait' | 'download'
  label: string
  ms: number
}

const LABELS: Record<TimingSegment['phase'], string> = {
  dns: 'DNS',
  connect: 'Connect',
  tls: 'TLS',
  wait: 'Waiting for first byte',
  download: 'Download',
}

/** connectMs and firstByteMs count from the request's start (after DNS); tlsMs is its own span. */
export function timingSegments(t: HopTimings): TimingSegment[] {
  const dns = t.dnsMs ?? 0
  const connect = t.connectMs ?? 0
  const tls = t.tlsMs ?? 0
  const firstByte = t.firstByteMs
  const spans: [TimingSegment['phase'], number][] = [
    ['dns', dns],
    ['connect', connect],
    ['tls', tls],
    ['wait', firstByte === null ? 0 : Math.max(0, firstByte - connect - tls)],
    ['download', firstByte === null ? 0 : Math.max(0, t.totalMs - dns - firstByte)],
  ]
  return spans.filter(([, ms]) => ms > 0).map(([phase, ms]) => ({ phase, label: LABELS[phase], ms }))
}
