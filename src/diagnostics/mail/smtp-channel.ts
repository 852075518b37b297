// One SMTP conversation over a socket: sends commands, reads whole replies under a deadline,
// and writes every line to the transcript ("C: " client, "S: " server).
import type { Duplex } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { describeTlsFailure } from '../net/tls-failure-words.ts'
import { type SmtpReply, splitReplies } from './smtp-reply.ts'

export class SmtpTimeoutError extends Error {}
export class SmtpClosedError extends Error {}
export class SmtpProtocolError extends Error {}

const MAX_BUFFERED = 64 * 1024

export interface SmtpChannel {
  read(timeoutMs: number, signal: AbortSignal): Promise<SmtpReply>
  send(command: string, timeoutMs: number, signal: AbortSignal): Promise<SmtpReply>
  /** Stops reading from the socket (before a TLS upgrade); returns how many characters were left unread. */
  release(): number
}

export function createSmtpChannel(socket: Duplex, transcript: string[]): SmtpChannel {
  const decoder = new StringDecoder('utf8')
  const ready: SmtpReply[] = []
  let buffered = ''
  let failure: Error | undefined
  let wake: (() => void) | undefined

  const onData = (chunk: Buffer) => {
    buffered += decoder.write(chunk)
    const split = splitReplies(buffered)
    buffered = split.rest
    for (const reply of split.replies) {
      transcript.push(...reply.lines.map((line) => `S: ${line}`))
      ready.push(reply)
    }
    if (split.error) failure ??= new SmtpProtocolError(split.error)
    else if (buffered.length > MAX_BUFFERED) failure ??= new SmtpProtocolError('reply too long')
    wake?.()
  }
  const onClose = () => {
    failure ??= new SmtpClosedError('connection closed by the server')
    wake?.()
  }
  const onError = (error: Error) => {
    // A TLS session's error (ERR_SSL_…) in words; an operating-system code (ECONNRESET) as it is.
    const code = (error as NodeJS.ErrnoException).code
    const why = code?.startsWith('ERR_') ? describeTlsFailure(error) : (code ?? error.message)
    failure ??= new SmtpClosedError(`connection error: ${why}`)
    wake?.()
  }
  socket.on('data', onData)
  socket.on('end', onClose)
  socket.on('close', onClose)
  socket.on('error', onError)

  function read(timeoutMs: number, signal: AbortSignal): Promise<SmtpReply> {
    return new Promise((resolve, reject) => {
      const settle = () => {
        const reply = ready.shift()
        if (reply) return done(() => resolve(reply))
        if (failure) return done(() => reject(failure))
        if (signal.aborted)
          return done(() => reject(new SmtpTimeoutError('stopped: the time budget of the test ran out')))
        return false
      }
      const done = (finish: () => void) => {
        clearTimeout(timer)
        signal.removeEventListener('abort', onAbort)
        wake = undefined
        finish()
        return true
      }
      const onAbort = () => settle()
      const timer = setTimeout(
        () => done(() => reject(new SmtpTimeoutError(`no reply within ${timeoutMs / 1000} s`))),
        timeoutMs,
      )
      signal.addEventListener('abort', onAbort, { once: true })
      wake = () => void settle()
      settle()
    })
  }

  return {
    read,
    send(command, timeoutMs, signal) {
      transcript.push(`C: ${command}`)
      socket.write(`${command}\r\n`)
      return read(timeoutMs, signal)
    },
    release() {
      socket.off('data', onData)
      socket.off('end', onClose)
      socket.off('close', onClose)
      socket.off('error', onError)
      const left = buffered.length + ready.length
      ready.length = 0
      buffered = ''
      return left
    },
  }
}
