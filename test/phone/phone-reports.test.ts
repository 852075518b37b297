// Spam reports through the real accounts API on both databases: signed-in users vote, the lookup's
// counts and score follow, a user's new vote replaces their old one, and votes are rate limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/database.ts'
import { type BrowserLikeClient, createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import type { TestApp } from '../support/app/app.ts'
import { appBackends } from '../support/db/backends.ts'

const NUMBER = '+1 212 555 0142'

describe.each(appBackends())('phone spam reports on $name', (backend) => {
  describe.skipIf(backend.skipReason !== undefined)('with four users', () => {
    let t: TestApp
    let database: DatabaseHandle
    let users: BrowserLikeClient[] = []

    const vote = (client: BrowserLikeClient, verdict: 'spam' | 'not_spam', category?: string, phoneNumber = NUMBER) =>
      client.post('/api/phone-reports', { phoneNumber, verdict, ...(category ? { category } : {}) })
    const lookUp = async (client: BrowserLikeClient, phoneNumber = NUMBER) =>
      (await client.post('/api/phone-lookup', { phoneNumber })).json()

    beforeAll(async () => {
      await backend.setUp()
      ;({ t, database } = await backend.startApp({ PHONE_REPORTS_PER_HOUR: '5' }))
      const mailTo = (address: string) => latestOutboxMail(t.dataDir, address)
      users = []
      for (const name of ['ann', 'ben', 'cat', 'dan']) {
        users.push(await signUpVerified(t.app, `${name}@example.test`, `${name}-secret-pw`, mailTo))
      }
    })
    afterAll(async () => {
      await database?.close()
      await t?.close()
      await backend.tearDown()
    })

    it('refuses a vote from a signed-out caller with 401', async () => {
      const res = await vote(createClient(t.app), 'spam')
      expect(res.statusCode).toBe(401)
      expect(res.json().error.type).toBe('unauthorized')
    })

    it('counts three votes: two spam, one not spam give 2 reports and a score of 7/10 (spam)', async () => {
      const [ann, ben, cat] = users as [BrowserLikeClient, BrowserLikeClient, BrowserLikeClient]
      const first = (await vote(ann, 'spam', 'robocall')).json()
      expect(first).toMatchObject({ number: NUMBER, reports: 1, spamScore: 3, spam: false })
      expect((await vote(ben, 'not_spam')).json()).toMatchObject({
        reports: 1,
        spamScore: 3,
        votes: { spam: 1, notSpam: 1 },
      })
      const third = await vote(cat, 'spam', 'robocall')
      expect(third.statusCode).toBe(200)
      expect(third.json()).toEqual({
        number: NUMBER,
        reports: 2,
        spamScore: 7,
        spam: true,
        votes: { spam: 2, notSpam: 1 },
        categories: [{ category: 'robocall', count: 2 }],
      })
      const { data } = await lookUp(createClient(t.app), '(212) 555-0142')
      expect(data).toMatchObject({ reports: 2, spamScore: 7, spam: true })
    })

    it("replaces a user's earlier vote instead of adding a fourth", async () => {
      const ben = users[1] as BrowserLikeClient
      const res = (await vote(ben, 'spam', 'scam')).json()
      expect(res).toMatchObject({ reports: 3, spamScore: 10, spam: true, votes: { spam: 3, notSpam: 0 } })
      expect(res.categories).toEqual([
        { category: 'robocall', count: 2 },
        { category: 'scam', count: 1 },
      ])
      const rows = await database.db
        .selectFrom('phone_reports')
        .selectAll()
        .where('number', '=', '+12125550142')
        .execute()
      expect(rows).toHaveLength(3)
    })

    it('shows a signed-in caller their own vote in the lookup, and saves the lookup to their history', async () => {
      const ann = users[0] as BrowserLikeClient
      const answer = await lookUp(ann)
      expect(answer.data.yourReport).toEqual({ verdict: 'spam', category: 'robocall' })
      expect(answer.saved).toBe(true)
      const [item] = (await ann.get('/api/history')).json().items
      expect(item).toMatchObject({ toolName: 'phone-lookup', inputValue: NUMBER, resultData: { e164: '+12125550142' } })
    })

    it('refuses a number no plan can have', async () => {
      const res = await vote(users[3] as BrowserLikeClient, 'spam', undefined, '+999 1234 5678')
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('Please enter a valid phone number')
    })

    it("limits one user's votes per hour and leaves other users unaffected", async () => {
      const dan = users[3] as BrowserLikeClient
      const statuses: number[] = []
      for (let i = 0; i < 6; i++)
        statuses.push((await vote(dan, 'not_spam', undefined, `+1 212 555 01${10 + i}`)).statusCode)
      // The refused vote above (invalid number) counted as the first of five.
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
      expect((await vote(users[2] as BrowserLikeClient, 'spam', 'robocall')).statusCode).toBe(200)
    })
  })
})
