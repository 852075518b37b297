// Ping as text, in the layout of iputils ping.
import type { PingReply, PingResult } from './schema.ts'

const ms = (value: number) => `${value.toFixed(3)} ms`

export function pingReplyLine(reply: PingReply, result: Pick<PingResult, 'mode' | 'port'>): string {
  if (result.mode === 'tcp') {
    if (reply.status === 'reply')
      return `Reply from ${reply.from}:${result.port}: seq=${reply.seq} ${reply.detail} time=${ms(reply.timeMs ?? 0)}`
    if (reply.status === 'timeout') return `Timeout for seq=${reply.seq}`
    return `From ${reply.from ?? '?'}: seq=${reply.seq} ${reply.detail ?? 'error'}`
  }
  if (reply.status === 'reply') {
    const ttl = reply.ttl === undefined ? '' : ` ttl=${reply.ttl}`
    return `${reply.bytes ?? 64} bytes from ${reply.from}: icmp_seq=${reply.seq}${ttl} time=${ms(reply.timeMs ?? 0)}${reply.duplicate ? ' (DUP!)' : ''}`
  }
  if (reply.status === 'timeout') return `Request timeout for icmp_seq=${reply.seq}`
  return `From ${reply.from ?? '?'} icmp_seq=${reply.seq} ${reply.detail ?? 'error'}`
}

/** The system ping's first line: "PING host (address) 56(84) bytes of data." (IPv6: "56 data bytes"). */
function headerLine(result: PingResult): string {
  if (result.mode === 'tcp') return `TCP PING ${result.host} (${result.address}) port ${result.port}`
  const data = result.payloadBytes ?? 56
  if (result.family === 6) return `PING ${result.host}(${result.address}) ${data} data bytes`
  return `PING ${result.host} (${result.address}) ${data}(${data + 28}) bytes of data.`
}

/** Renders a result like the system ping: header, one line per probe, statistics. */
export function pingLines(result: PingResult): string[] {
  const s = result.summary
  const lines = [...result.notes, headerLine(result), ...result.replies.map((r) => pingReplyLine(r, result)), '']
  lines.push(`--- ${result.host} ping statistics ---`)
  const extras = [s.duplicates > 0 ? `+${s.duplicates} duplicates` : '', s.errors > 0 ? `+${s.errors} errors` : '']
  lines.push(
    [
      `${s.sent} packets transmitted`,
      `${s.received} received`,
      ...extras.filter(Boolean),
      `${s.lossPercent}% packet loss`,
    ].join(', '),
  )
  if (s.minMs !== null && s.avgMs !== null && s.maxMs !== null) {
    const mdev = s.mdevMs === null ? '' : `/${s.mdevMs.toFixed(3)}`
    lines.push(
      `rtt min/avg/max${s.mdevMs === null ? '' : '/mdev'} = ${s.minMs.toFixed(3)}/${s.avgMs.toFixed(3)}/${s.maxMs.toFixed(3)}${mdev} ms`,
    )
  }
  return lines
}
