// The lab's long-distance lines: shaped links carry their frames in VXLAN (UDP) through the `wan`
// namespace, where this process holds every datagram for the line's delay before passing it on.
// The kernel here has no netem, so a fixed delay is made in user space; rates stay with tc tbf.
// Usage (inside wan): node delay-lines.ts <listenAddress>:<forwardAddress>:<delayMs> ...
// Each argument is one direction of one line: UDP port 4789 of listenAddress receives, and the
// same datagram goes to port 4789 of forwardAddress no sooner than delayMs later, in arrival order.
// Prints "READY" once every socket listens.
//
// VXLAN devices leave TCP and UDP checksums to the hardware, and a veth never computes them, so a
// frame read off a UDP socket still carries a partial checksum. The line computes the inner TCP
// and UDP checksums as a network card would, before passing the frame on.
import dgram from 'node:dgram'
import { performance } from 'node:perf_hooks'

const VXLAN_PORT = 4789
const VXLAN_HEADER = 8
const ETHERNET_HEADER = 14
const TCP = 6
const UDP = 17

/** Ones' complement sum of `buffer[start, end)` as 16-bit big-endian words, added to `sum`. */
function addWords(buffer: Buffer, start: number, end: number, sum: number): number {
  let total = sum
  let i = start
  for (; i + 1 < end; i += 2) total += buffer.readUInt16BE(i)
  if (i < end) total += (buffer[i] ?? 0) << 8
  return total
}

/** Rewrites the TCP or UDP checksum of the IPv4 or IPv6 packet inside a VXLAN datagram. */
function computeInnerChecksum(datagram: Buffer): void {
  const ip = VXLAN_HEADER + ETHERNET_HEADER
  if (datagram.length < ip + 40) return
  const etherType = datagram.readUInt16BE(VXLAN_HEADER + 12)
  let protocol: number
  let segment: number
  let length: number
  let sum: number
  if (etherType === 0x0800) {
    const flagsAndOffset = datagram.readUInt16BE(ip + 6)
    if ((flagsAndOffset & 0x3fff) !== 0) return // a fragment: the checksum spans fragments
    const headerLength = ((datagram[ip] ?? 0) & 0x0f) * 4
    protocol = datagram[ip + 9] ?? 0
    segment = ip + headerLength
    length = datagram.readUInt16BE(ip + 2) - headerLength
    sum = addWords(datagram, ip + 12, ip + 20, protocol + length)
  } else if (etherType === 0x86dd) {
    protocol = datagram[ip + 6] ?? 0
    segment = ip + 40
    length = datagram.readUInt16BE(ip + 4)
    sum = addWords(datagram, ip + 8, ip + 40, protocol + length)
  } else {
    return
  }
  const field = protocol === TCP ? segment + 16 : protocol === UDP ? segment + 6 : -1
  if (field < 0 || segment + length > datagram.length || field + 2 > segment + length) return
  datagram.writeUInt16BE(0, field)
  sum = addWords(datagram, segment, segment + length, sum)
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16)
  const checksum = ~sum & 0xffff
  datagram.writeUInt16BE(protocol === UDP && checksum === 0 ? 0xffff : checksum, field)
}

interface Held {
  due: number
  datagram: Buffer
}

function openDirection(spec: string): Promise<void> {
  const [listen, forward, delay] = spec.split(':')
  const delayMs = Number(delay)
  if (!listen || !forward || !Number.isFinite(delayMs) || delayMs < 0) throw new Error(`bad line "${spec}"`)
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 8 << 20, sendBufferSize: 8 << 20 })
  const queue: Held[] = []
  let timer: NodeJS.Timeout | undefined

  // Never early: a datagram leaves once the precise clock says its delay has passed.
  const drain = () => {
    timer = undefined
    const now = performance.now()
    while (queue.length > 0 && (queue[0]?.due ?? Number.POSITIVE_INFINITY) <= now) {
      const held = queue.shift()
      if (held) socket.send(held.datagram, VXLAN_PORT, forward)
    }
    const next = queue[0]
    if (next) timer = setTimeout(drain, Math.max(1, Math.ceil(next.due - now)))
  }
  socket.on('message', (datagram) => {
    computeInnerChecksum(datagram)
    queue.push({ due: performance.now() + delayMs, datagram })
    if (!timer) timer = setTimeout(drain, Math.max(1, Math.ceil(delayMs)))
  })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(VXLAN_PORT, listen, () => resolve())
  })
}

const specs = process.argv.slice(2)
if (specs.length === 0) {
  console.error('usage: delay-lines.ts <listenAddress>:<forwardAddress>:<delayMs> ...')
  process.exit(2)
}
await Promise.all(specs.map(openDirection))
console.log(`READY ${specs.length}`)
process.on('SIGTERM', () => process.exit(0))
