// How votes become a spam score out of 10, kept simple enough to explain in one sentence:
// the share of spam votes, times 10, rounded; until MIN_VOTES people have voted the score stays at
// most UNCONFIRMED_CAP, so one person alone can never mark a number as spam. spam = score ≥ 7.

export const MIN_VOTES = 3
export const UNCONFIRMED_CAP = 3
export const SPAM_THRESHOLD = 7

export interface Votes {
  spam: number
  notSpam: number
}

export function scoreSpamVotes({ spam, notSpam }: Votes): number {
  const total = spam + notSpam
  if (total === 0) return 0
  const score = Math.round((10 * spam) / total)
  return total < MIN_VOTES ? Math.min(score, UNCONFIRMED_CAP) : score
}

export function isSpamScore(score: number): boolean {
  return score >= SPAM_THRESHOLD
}
