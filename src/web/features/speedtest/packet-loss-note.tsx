// Packet loss as the result has it: not measured, with the reason in words (never "0 %").
import type { SpeedTestResult } from '../../../shared/tools/speedtest/schema.ts'

export function PacketLossNote({ result }: { result: SpeedTestResult }) {
  if (!result.packetLoss) return null
  return (
    <p className="rounded-xl border border-border p-3 text-sm">
      <span className="font-medium">Packet loss: not measured</span>{' '}
      <span className="text-muted-foreground">— {result.packetLoss.reason}.</span>
    </p>
  )
}
