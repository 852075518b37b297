// One check of the website-standards report: its verdict, what was seen, and whose failure it is.
import type {
  StandardVerdict,
  WebsiteStandardCheck,
  WebsiteStandardId,
} from '../../shared/tools/website-check/schema.ts'

/** A check; a verdict other than pass is the target's unless said otherwise (null for an untested check that is nobody's fault). */
export const standardCheck = (
  id: WebsiteStandardId,
  name: string,
  verdict: StandardVerdict,
  detail: string,
  failureSource: WebsiteStandardCheck['failureSource'] = verdict === 'pass' ? null : 'target',
): WebsiteStandardCheck => ({ id, name, verdict, detail, failureSource })
