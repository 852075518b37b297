import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { dnsRequest } from '../../shared/tools/dns/schema.ts'
import { createNet } from '../net/net.ts'

import type { Registry } from '../registry.ts'

import type { Diagnostic } from '../types.ts'

import { createTaskExecutor } from './task-executor.ts'

/** A DNS diagnostic that answers when told to, so that runs stay in progress. */
function heldDns() {
  const release: Array<() => void> = []
  const diagnostic: Diagnostic<{ input: string }, { name: string }> = {
    id: 'dns',
    request: dnsRequest as unknown as z.ZodType<{ input: string }, unknown>,
    result: z.object({ name: z.string() }),
    deadlineMs: 5000,
    run: (request) =>
      new Promise((resolve) => release.push(() => resolve({ status: 'ok', result: { name: request.input } }))),
    lines: (result) => [`answered for ${result.name}`],
  }
  return {
    registry: { dns: diagnostic } as Registry,
    releaseAll: () => {
      for (const answer of release.splice(0)) answer()
    },
  }
}

const net = createNet({ targetAllow: [], dnsServers: ['127.0.0.1:53'] })
const task = (taskId: string, input = 'example.test') => ({ taskId, tool: 'dns' as const, request: { input } })

describe('createTaskExecutor()', () => {
  it('runs a task into the answer POST /api/tools/:id gives, without runId', async () => {
    const { registry, releaseAll } = heldDns()
    const executor = createTaskExecutor({
      registry,
      net,
      tools: ['dns'],
      missing: {},
      maxConcurrent: 2,
      maxPerTool: 2,
      selfName: 'this probe',
    })
    const admitted = executor.admit(task('m:0'))
    if (!admitted.ok) throw new Error(admitted.error)
    const running = executor.execute(task('m:0'), admitted.request, new AbortController().signal)
    releaseAll()
    const result = await running
    expect(result).toMatchObject({
      taskId: 'm:0',
      answer: { tool: 'dns', status: 'ok', lines: ['answered for example.test'] },
    })
    expect(result.answer).not.toHaveProperty('runId')
    expect(executor.running()).toBe(0)
  })

  it('refuses a tool it did not announce, saying why', () => {
    const { registry } = heldDns()
    const executor = createTaskExecutor({
      registry,
      net,
      tools: ['dns'],
      missing: { traceroute: 'mtr is not installed' },
      maxConcurrent: 2,
      maxPerTool: 2,
      selfName: 'this probe',
    })
    expect(executor.admit({ taskId: 'm:1', tool: 'traceroute', request: { input: 'example.test' } })).toEqual({
      ok: false,
      error: 'Traceroute is not available on this probe: mtr is not installed',
    })
  })

  it('checks the input again with the tool schema', () => {
    const { registry } = heldDns()
    const executor = createTaskExecutor({
      registry,
      net,
      tools: ['dns'],
      missing: {},
      maxConcurrent: 2,
      maxPerTool: 2,
      selfName: 'this probe',
    })
    expect(executor.admit(task('m:2', 'not a name!'))).toMatchObject({
      ok: false,
      error: expect.stringContaining('Invalid'),
    })
  })

  it('refuses beyond its caps and takes runs again once one ends', async () => {
    const { registry, releaseAll } = heldDns()
    const executor = createTaskExecutor({
      registry,
      net,
      tools: ['dns'],
      missing: {},
      maxConcurrent: 3,
      maxPerTool: 1,
      selfName: 'this probe',
    })
    const first = executor.admit(task('m:3'))
    if (!first.ok) throw new Error(first.error)
    expect(executor.admit(task('m:4'))).toEqual({ ok: false, error: 'This probe is busy: 1 DNS runs in progress' })
    const run = executor.execute(task('m:3'), first.request, new AbortController().signal)
    releaseAll()
    await run
    expect(executor.admit(task('m:5')).ok).toBe(true)
  })
})
