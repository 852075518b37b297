// Per-run views of the network seam's DNS questions. `askEachQuestionOnce`: within one run, each
// (question, server) pair goes out once and every later asker shares its outcome (a zone whose twenty
// name servers all point at one address costs that address one question, not twenty). A timeout is
// shared too: retries happen only inside the one exchange (its capped attempts).
// `countPacketsOnUsersBehalf`: counts the packets a run sends to servers users chose, so that a bulk
// request can be charged for the queries it causes.
import type { DnsExchange } from './dns-client.ts'
import type { DnsAsk, Net } from './net.ts'

type Asker = Pick<Net, 'askDns'>

function questionKey(question: DnsAsk): string {
  const server = question.server ? `${question.server.address}#${question.server.port}` : 'resolver'
  const flags = [question.recursionDesired !== false, question.dnssecOk === true, question.checkingDisabled === true]
  return `${server} ${question.name.toLowerCase().replace(/\.$/, '')} ${question.type} ${flags.map(Number).join('')}`
}

export function askEachQuestionOnce<T extends Asker>(net: T): T {
  const asked = new Map<string, Promise<DnsExchange>>()
  return {
    ...net,
    askDns(question: DnsAsk) {
      const key = questionKey(question)
      let exchange = asked.get(key)
      if (!exchange) {
        exchange = net.askDns(question)
        asked.set(key, exchange)
      }
      return exchange
    },
  }
}

/** Every question of the run is asked on the user's behalf (a lookup against the user's own server). */
export function askedOnUsersBehalf<T extends Asker>(net: T): T {
  return { ...net, askDns: (question: DnsAsk) => net.askDns({ ...question, onUsersBehalf: true }) }
}

export function countPacketsOnUsersBehalf<T extends Asker>(net: T): { net: T; packets(): number } {
  let packets = 0
  return {
    net: {
      ...net,
      askDns(question: DnsAsk) {
        if (!question.onUsersBehalf) return net.askDns(question)
        return net.askDns({
          ...question,
          onPacket: () => {
            packets += 1
            question.onPacket?.()
          },
        })
      },
    },
    packets: () => packets,
  }
}
