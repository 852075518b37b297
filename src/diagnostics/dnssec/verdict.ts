// A finished verdict, thrown out of the walk as soon as it is known.
import type { DnssecValidation } from '../../shared/tools/dns/schema.ts'

type VerdictFields = Omit<DnssecValidation, 'name' | 'type' | 'server' | 'chain'>

export class Verdict {
  readonly validation: VerdictFields
  constructor(validation: VerdictFields) {
    this.validation = validation
  }
}

/** Signed data that does not hold: the zone's (the target's) failure. */
export const bogus = (reason: string) =>
  new Verdict({ status: 'bogus', reason: `Bogus: ${reason}`, failureSource: 'target' })

/** Proven unsigned from `delegation` down. */
export const insecure = (reason: string, delegation: string) =>
  new Verdict({ status: 'insecure', reason, insecureDelegation: delegation })
