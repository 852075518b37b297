import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { judgeDkimKeys, readDkimKey } from './dkim-check.ts'

const spki = (key: { export(o: { format: 'der'; type: 'spki' }): Buffer }) =>
  key.export({ format: 'der', type: 'spki' }).toString('base64')

describe('readDkimKey()', () => {
  it('reads the size of an RSA key, also when the base64 is split by spaces', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const p = spki(publicKey)
    expect(readDkimKey('s1', `v=DKIM1; k=rsa; p=${p.slice(0, 100)} ${p.slice(100)}`)).toEqual({
      selector: 's1',
      keyType: 'rsa',
      bits: 2048,
      revoked: false,
    })
  })

  it('reads an Ed25519 key as 256 bits from its raw 32 bytes', () => {
    const raw = Buffer.alloc(32, 7).toString('base64')
    expect(readDkimKey('ed', `v=DKIM1; k=ed25519; p=${raw}`)).toEqual({
      selector: 'ed',
      keyType: 'ed25519',
      bits: 256,
      revoked: false,
    })
  })

  it('treats an empty p= as a revoked key', () => {
    expect(readDkimKey('old', 'v=DKIM1; p=')).toEqual({ selector: 'old', keyType: 'rsa', revoked: true })
  })

  it('reports a p= that is not a public key', () => {
    expect(readDkimKey('bad', 'v=DKIM1; p=bm90IGEga2V5')).toEqual({
      selector: 'bad',
      keyType: 'rsa',
      revoked: false,
      error: 'p= is not a valid public key',
    })
  })
})

describe('judgeDkimKeys()', () => {
  const key = (selector: string, bits: number) => ({ selector, keyType: 'rsa', bits, revoked: false })

  it('passes keys of 1024 bits and more, naming them', () => {
    expect(judgeDkimKeys([key('s1', 2048), key('s2', 1024)])).toMatchObject({
      status: 'pass',
      reason: 'key found: s1 (rsa 2048 bits), s2 (rsa 1024 bits)',
    })
  })

  it('fails an RSA key under 1024 bits even next to a good one', () => {
    expect(judgeDkimKeys([key('s1', 2048), key('weak', 512)])).toMatchObject({
      status: 'fail',
      reason: 'weak: 512 bits, below 1024',
    })
  })

  it('only informs when nothing or only revoked keys are found', () => {
    expect(judgeDkimKeys([{ selector: 'old', keyType: 'rsa', revoked: true }])).toMatchObject({
      status: 'info',
      reason: 'only revoked keys (empty p=): old',
    })
    expect(judgeDkimKeys([]).status).toBe('info')
  })
})
