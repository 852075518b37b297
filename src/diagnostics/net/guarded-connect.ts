// TCP connections only to addresses that passed the target policy, always with a deadline.
import net from 'node:net'
import type { IpLiteral } from './ip-literal.ts'
import type { TargetPolicy } from './policy.ts'

export class PolicyDeniedError extends Error {}
export class ConnectTimeoutError extends Error {}

export interface ConnectOptions {
  address: IpLiteral
  port: number
  signal: AbortSignal
  timeoutMs: number
}

/** Connects to a checked IP literal; re-checks it so no caller can skip the policy. */
export function connectTcp(policy: TargetPolicy, options: ConnectOptions): Promise<net.Socket> {
  const decision = policy.check(options.address.address)
  if (!decision.allowed) return Promise.reject(new PolicyDeniedError(policy.explain(decision)))
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: options.address.address, port: options.port, family: options.address.family })
    const fail = (error: Error) => {
      clearTimeout(timer)
      options.signal.removeEventListener('abort', onAbort)
      socket.destroy()
      reject(error)
    }
    const onAbort = () => fail(new ConnectTimeoutError('aborted', { cause: options.signal.reason }))
    const timer = setTimeout(
      () => fail(new ConnectTimeoutError(`no connection within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    )
    options.signal.addEventListener('abort', onAbort, { once: true })
    socket.once('error', fail)
    socket.once('connect', () => {
      clearTimeout(timer)
      options.signal.removeEventListener('abort', onAbort)
      socket.off('error', fail)
      resolve(socket)
    })
  })
}
