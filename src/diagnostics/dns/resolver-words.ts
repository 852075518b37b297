// Whose failure a resolver's silence or error is, and how it is said (docs/product.md, "Whose
// failure a resolver's is"). This server's own resolvers and the public resolvers it offers by name
// are ours: when they do not answer, this server failed, not the name looked up. A name server the
// user typed is the user's choice, named as such, and its failures are facts about it (`target`).
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import type { ChosenResolver } from './resolver-choice.ts'

export interface ResolverWords {
  source: FailureSource
  /** No reply in time: "This server could not reach Google Public DNS (8.8.8.8)". */
  silent: string
  /** The question could not be sent: "… (ENETUNREACH)". */
  unreachable(code: string | undefined): string
  /** An error rcode: "Google Public DNS (8.8.8.8) answered SERVFAIL". */
  answered(rcode: string): string
  /** Not asked at all, e.g. its address's packet budget was spent: "… was not asked: …". */
  notAsked(reason: string): string
}

const withCode = (text: string, code: string | undefined) => (code ? `${text} (${code})` : text)

export function resolverWords(chosen: Pick<ChosenResolver, 'label' | 'origin'>, where: string): ResolverWords {
  switch (chosen.origin) {
    case 'system':
      return {
        source: 'server',
        silent: `This server could not reach its resolver ${where}`,
        unreachable: (code) => withCode(`This server could not reach its resolver ${where}`, code),
        answered: (rcode) => `This server's resolver ${where} answered ${rcode}`,
        notAsked: (reason) => `This server's resolver ${where} was ${reason}`,
      }
    case 'public':
      return {
        source: 'server',
        silent: `This server could not reach ${chosen.label}`,
        unreachable: (code) => withCode(`This server could not reach ${chosen.label}`, code),
        answered: (rcode) => `${chosen.label} answered ${rcode}`,
        notAsked: (reason) => `${chosen.label} was ${reason}`,
      }
    case 'custom':
      return {
        source: 'target',
        silent: `The name server you chose, ${where}, did not answer`,
        unreachable: (code) => withCode(`The name server you chose, ${where}, could not be asked`, code),
        answered: (rcode) => `The name server you chose, ${where}, answered ${rcode}`,
        notAsked: (reason) => `The name server you chose, ${where}, was ${reason}`,
      }
  }
}

/** The authoritative server at the end of a trace: the name's own server, so its failures are the target's. */
export function authorityWords(where: string): ResolverWords {
  const phrase = `The authoritative server ${where}`
  return {
    source: 'target',
    silent: `${phrase} did not answer`,
    unreachable: (code) => withCode(`${phrase} could not be asked`, code),
    answered: (rcode) => `${phrase} answered ${rcode}`,
    notAsked: (reason) => `${phrase} was ${reason}`,
  }
}
