// LOC record data (RFC 1876): degrees, minutes and seconds, altitude and the three sizes in metres,
// written as kdig writes them (decimals only where a value has a fraction).
import { type RdataReader, WireError } from './wire-reader.ts'

/** The equator and the prime meridian: 2^31 thousandths of an arc second. */
const LOC_ZERO = 2 ** 31

function angle(value: number, positive: string, negative: string): string {
  const mark = value >= LOC_ZERO ? positive : negative
  const magnitude = value >= LOC_ZERO ? value - LOC_ZERO : LOC_ZERO - value
  const degrees = Math.floor(magnitude / 3600000)
  const minutes = Math.floor((magnitude - 3600000 * degrees) / 60000)
  const seconds = 0.001 * (magnitude - 3600000 * degrees - 60000 * minutes)
  return `${degrees} ${minutes} ${seconds.toFixed(Number.isInteger(seconds) ? 0 : 3)} ${mark}`
}

/** A size or precision byte: mantissa (high nibble) times ten to the exponent (low nibble), in cm. */
function metres(byte: number): string {
  const mantissa = byte >> 4
  const exponent = byte & 0xf
  if (mantissa > 9 || exponent > 9) throw new WireError('bad LOC size')
  const value = 0.01 * mantissa * 10 ** exponent
  return `${value.toFixed(Number.isInteger(value) ? 0 : 2)}m`
}

export function formatLoc(r: RdataReader): string {
  if (r.u8() !== 0) throw new WireError('unknown LOC version')
  const size = r.u8()
  const horizontal = r.u8()
  const vertical = r.u8()
  const latitude = angle(r.u32(), 'N', 'S')
  const longitude = angle(r.u32(), 'E', 'W')
  const altitude = 0.01 * r.u32() - 100000.0
  const altitudeText = `${altitude.toFixed(Number.isInteger(altitude) ? 0 : 2)}m`
  return `${latitude}  ${longitude}  ${altitudeText}  ${metres(size)} ${metres(horizontal)} ${metres(vertical)}`
}
