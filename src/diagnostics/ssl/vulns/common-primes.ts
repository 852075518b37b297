// The well-known finite-field DH groups (RFC 2409 Oakley 1 and 2, RFC 3526 MODP), whose primes are
// shared by many servers: a 1024-bit one is what the Logjam paper precomputed against.
import { getDiffieHellman } from 'node:crypto'

const KNOWN_GROUPS: readonly [string, string][] = [
  ['modp1', 'RFC 2409 Oakley group 1 (768 bits)'],
  ['modp2', 'RFC 2409 Oakley group 2 (1024 bits)'],
  ['modp5', 'RFC 3526 group 5 (1536 bits)'],
  ['modp14', 'RFC 3526 group 14 (2048 bits)'],
  ['modp15', 'RFC 3526 group 15 (3072 bits)'],
  ['modp16', 'RFC 3526 group 16 (4096 bits)'],
]

let primes: Map<string, string> | null = null

/** The name of the well-known group with this prime, or null for a server's own prime. */
export function commonPrimeName(prime: Buffer): string | null {
  primes ??= new Map(KNOWN_GROUPS.map(([id, name]) => [getDiffieHellman(id).getPrime('hex'), name]))
  let start = 0
  while (start < prime.length - 1 && prime[start] === 0) start++
  return primes.get(prime.subarray(start).toString('hex')) ?? null
}
