// Packet loss. A browser sees packets only through TCP (HTTP, WebSocket), which resends every lost
// one: a loss shows as a slower round trip, never as a missing answer. Measuring it takes an
// unreliable transport, a WebRTC data channel in unordered mode without retransmits, and that needs
// a WebRTC peer on the server (Node has none built in, and the project carries no WebRTC library)
// or a TURN relay. Until the server offers one, the result says loss was not measured and why; it
// never reports 0 %.
import type { SpeedServerKind, SpeedTestResult } from '../../../../shared/tools/speedtest/schema.ts'

export const PACKET_LOSS_NOT_MEASURED: Record<SpeedServerKind, string> = {
  ours: 'browsers can only measure it over UDP, which this server does not offer',
  cloudflare: 'browsers can only measure it over UDP, which this test does not use with Cloudflare',
}

export function packetLossFor(kind: SpeedServerKind): NonNullable<SpeedTestResult['packetLoss']> {
  return { measured: false, reason: PACKET_LOSS_NOT_MEASURED[kind] }
}
