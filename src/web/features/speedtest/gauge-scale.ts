// The live gauge's scale: logarithmic from 0 to 10 Gbit/s, so 5 Mbit/s and 900 Mbit/s both read well.
export const GAUGE_MAX_MBPS = 10_000
export const GAUGE_TICKS = [0, 10, 100, 1000, 10_000] as const

/** 0..1 position of a rate on the gauge. */
export function gaugeFraction(mbps: number): number {
  if (!(mbps > 0)) return 0
  return Math.min(1, Math.log10(1 + mbps) / Math.log10(1 + GAUGE_MAX_MBPS))
}

/** Point on a half circle (left to right over the top) of radius r around (cx, cy). */
export function arcPoint(fraction: number, cx: number, cy: number, r: number): [number, number] {
  const angle = Math.PI * (1 - fraction)
  return [cx + r * Math.cos(angle), cy - r * Math.sin(angle)]
}
