// What is my IP: the caller's address as Fastify derives it (honouring TRUST_PROXY), with its
// offline location and network and its PTR name. Nothing is sent to the caller's address.
import type { z } from 'zod'
import { whatismyipContract } from '../../shared/tools/whatismyip/index.ts'
import type { WhatismyipResult, whatismyipRequest } from '../../shared/tools/whatismyip/schema.ts'
import { unmapIpv4 } from '../ip-data/geo-db.ts'
import { findNonPublicRange, type IpFacts, lookUpIpFacts } from '../ip-data/ip-facts.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import { type Diagnostic, failed } from '../types.ts'
import { lookUpCallerName } from './caller-name.ts'

type WhatismyipRequest = z.infer<typeof whatismyipRequest>

export const whatismyipDiagnostic: Diagnostic<WhatismyipRequest, WhatismyipResult> = {
  ...whatismyipContract,
  deadlineMs: 12_000,
  async run(_request, ctx) {
    const literal = ctx.clientIp ? parseIpLiteral(ctx.clientIp) : null
    if (!literal) return failed('server', 'This server could not tell your IP address')
    const address = unmapIpv4(literal)
    const range = findNonPublicRange(ctx.net.policy, address.address)
    const noFacts: IpFacts = { attributions: [] }
    const [facts, ptr] = await Promise.all([
      range ? noFacts : lookUpIpFacts(address),
      lookUpCallerName(address, ctx.net, ctx.signal),
    ])
    const notes: string[] = []
    if (range) notes.push(`${address.address} is not a public address (${range}): it has no public location or network`)
    else if (!facts.location) notes.push(`No location is known for ${address.address} in the DB-IP database`)
    if ('note' in ptr) notes.push(ptr.note)
    return {
      status: 'ok',
      result: {
        ip: address.address,
        family: address.family,
        ...('name' in ptr ? { reverseName: ptr.name } : {}),
        ...(facts.location ? { location: facts.location } : {}),
        ...(facts.network ? { network: facts.network } : {}),
        notes,
        attributions: facts.attributions,
      },
    }
  },
}
