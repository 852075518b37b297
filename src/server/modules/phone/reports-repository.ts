// Spam votes on phone numbers, one per user and number: voting again replaces the earlier vote.
import type { Kysely } from 'kysely'
import type { PhoneVerdict, SpamCategory } from '../../../shared/tools/phone/schema.ts'
import { SPAM_CATEGORIES } from '../../../shared/tools/phone/schema.ts'
import type { DatabaseSchema } from '../../db/schema.ts'
import type { Votes } from './spam-score.ts'

export interface PhoneReport {
  /** E.164. */
  number: string
  userId: string
  verdict: PhoneVerdict
  /** Only kept with a spam verdict. */
  category: SpamCategory | null
}

export interface ReportTally {
  votes: Votes
  /** Categories of the spam votes, most reported first. */
  categories: Array<{ category: SpamCategory; count: number }>
}

export interface PhoneReportsRepository {
  save(report: PhoneReport): Promise<void>
  tally(number: string): Promise<ReportTally>
  findOwn(number: string, userId: string): Promise<Pick<PhoneReport, 'verdict' | 'category'> | null>
}

const isCategory = (value: string | null): value is SpamCategory =>
  value !== null && (SPAM_CATEGORIES as readonly string[]).includes(value)

export function createPhoneReportsRepository(
  db: Kysely<DatabaseSchema>,
  { now = () => new Date() }: { now?: () => Date } = {},
): PhoneReportsRepository {
  return {
    async save({ number, userId, verdict, category }) {
      const at = now().toISOString()
      const kept = verdict === 'spam' ? category : null
      await db
        .insertInto('phone_reports')
        .values({ number, user_id: userId, verdict, category: kept, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['number', 'user_id']).doUpdateSet({ verdict, category: kept, updated_at: at }))
        .execute()
    },

    async tally(number) {
      const rows = await db
        .selectFrom('phone_reports')
        .select(['verdict', 'category'])
        .select((eb) => eb.fn.countAll().as('count'))
        .where('number', '=', number)
        .groupBy(['verdict', 'category'])
        .execute()
      const votes: Votes = { spam: 0, notSpam: 0 }
      const byCategory = new Map<SpamCategory, number>()
      for (const row of rows) {
        const count = Number(row.count)
        if (row.verdict === 'not_spam') {
          votes.notSpam += count
          continue
        }
        votes.spam += count
        if (isCategory(row.category)) byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + count)
      }
      const categories = [...byCategory]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
      return { votes, categories }
    },

    async findOwn(number, userId) {
      const row = await db
        .selectFrom('phone_reports')
        .select(['verdict', 'category'])
        .where('number', '=', number)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!row) return null
      return { verdict: row.verdict, category: isCategory(row.category) ? row.category : null }
    },
  }
}
