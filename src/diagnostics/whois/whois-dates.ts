// Turns the dates registries publish into ISO 8601 UTC ("1997-10-05T00:00:00Z"). A date without a
// time is midnight UTC of that day; a time without a zone is taken as UTC; a zone given as an offset
// or a known abbreviation is applied. A fraction of a second is part of the instant written and is
// kept to the millisecond ("09:18:02.516Z", ".58Z" is .580, ".526307" is .526: digits past the third
// are dropped); a fraction of zero gives whole seconds ("12:00:00.000Z" is "12:00:00Z").

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * Registries whose numeric "NN/NN/YYYY" and "NN-NN-YYYY" dates put the month first. Everywhere else
 * the day comes first (the form ccTLD registries document); an unambiguous date (a part over 12)
 * is read as written.
 */
const MONTH_FIRST_TLDS = new Set(['us', 'tk'])

const ZONES: Record<string, number> = {
  utc: 0,
  gmt: 0,
  z: 0,
  ut: 0,
  wet: 0,
  bst: 60,
  cet: 60,
  cest: 120,
  met: 60,
  mest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  ist: 330,
  ict: 420,
  hkt: 480,
  awst: 480,
  sgt: 480,
  jst: 540,
  kst: 540,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  clt: -240,
  clst: -180,
  brt: -180,
  // Africa: West, Central, East and South African time.
  wat: 60,
  cat: 120,
  eat: 180,
  sast: 120,
  // Asia and South America.
  pkt: 300,
  npt: 345,
  wib: 420,
  wita: 480,
  wit: 540,
  myt: 480,
  pht: 480,
  irst: 210,
  trt: 180,
  art: -180,
  uyt: -180,
  cot: -300,
  pet: -300,
  vet: -240,
  bot: -240,
  acst: 570,
  acdt: 630,
}

interface Parts {
  year: number
  month: number
  day: number
  rest: string
}

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1

const date = (year: string, month: number, day: string, rest: string): Parts => ({
  year: Number(year),
  month,
  day: Number(day),
  rest,
})

/** The calendar date at the start of the text, and what follows it. */
function readDate(text: string, tld: string | undefined): Parts | undefined {
  let m =
    /^(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})\.?(.*)$/.exec(text) ??
    /^(\d{4})(\d{2})(\d{2})(?!\d)(.*)$/.exec(text)
  if (m) {
    const [, year = '', month = '', day = '', rest = ''] = m
    return date(year, Number(month), day, rest)
  }
  // "05-Oct-1997", "30th April 2003".
  m = /^(\d{1,2})(?:st|nd|rd|th)?[-/. ]+([a-z]{3,9})\.?[-/. ,]+(\d{4})(.*)$/i.exec(text)
  if (m) {
    const [, day = '', month = '', year = '', rest = ''] = m
    if (monthOf(month) > 0) return date(year, monthOf(month), day, rest)
  }
  m = /^(\d{4})[-/. ]+([a-z]{3,9})[-/. ]+(\d{1,2})(.*)$/i.exec(text)
  if (m) {
    const [, year = '', month = '', day = '', rest = ''] = m
    if (monthOf(month) > 0) return date(year, monthOf(month), day, rest)
  }
  // "Oct 5 1997", "October 05, 1997", "Sun Oct 05 1997", "Sun Oct 05 10:00:00 GMT 1997", and C's
  // asctime form without a zone, "Tue Feb 10 09:42:42 2004".
  m =
    /^(?:[a-z]{3},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(?:(\d{1,2}:\d{2}(?::\d{2})?)\s+(?:([a-z]{1,5})\s+)?)?(\d{4})(.*)$/i.exec(
      text,
    )
  if (m) {
    const [, month = '', day = '', time, zone = '', year = '', rest = ''] = m
    if (monthOf(month) > 0) return date(year, monthOf(month), day, time ? ` ${time} ${zone}${rest}` : rest)
  }
  // .es writes two-digit years, "16/09/03": years 00-69 are 2000-2069, later ones 1970-1999.
  m = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2}(?![\d:]))(.*)$/.exec(text)
  if (m) {
    const [, first = '', second = '', written = '', rest = ''] = m
    const year = written.length === 2 ? String(Number(written) + (Number(written) < 70 ? 2000 : 1900)) : written
    const [a, b] = [Number(first), Number(second)]
    const monthFirst = b > 12 || (a <= 12 && tld !== undefined && MONTH_FIRST_TLDS.has(tld))
    return date(year, monthFirst ? a : b, monthFirst ? second : first, rest)
  }
  return undefined
}

/** Minutes east of UTC written after the time, 0 when none is written, undefined when unknown. */
function readZone(text: string): number | undefined {
  const zone = text.replace(/[()[\]]/g, ' ').trim()
  if (zone === '') return 0
  const offset = /^(?:utc|gmt)?\s*([+-])(\d{1,2}):?(\d{2})?\b/i.exec(zone)
  if (offset) return (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0))
  const name = /^([a-z]{1,5})\b/i.exec(zone)?.[1]?.toLowerCase()
  if (name && name in ZONES) return ZONES[name]
  // Anything else after the date ("#10212", "(YYYY-MM-DD)", "(Assigned)") is not a zone.
  return 0
}

/**
 * ISO 8601 UTC form of a date as a registry writes it, or undefined when it is not a date. Years run
 * to 2999, which .za writes for domains that do not expire; KISA (.kr) writes 9999 for them.
 */
export function parseWhoisDate(value: string, tld?: string): string | undefined {
  // .uk's "before Aug-1996" names no day.
  if (/^\s*before\b/i.test(value)) return undefined
  // Jisc writes the weekday before the day: "Friday 7th November 2003".
  const text = value
    .trim()
    .replace(/^on\s+/i, '')
    .replace(/^(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?=\d)/i, '')
  const parts = readDate(text, tld)
  if (!parts) return undefined
  const { year, month, day } = parts
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1980 || (year > 2999 && year !== 9999)) return undefined
  const time = /^(?:\s*T|\s+at\s+|\s+|\s*,\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(.*)$/i.exec(parts.rest)
  const [hours, minutes, seconds] = time ? [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)] : [0, 0, 0]
  const milliseconds = Number((time?.[4] ?? '').padEnd(3, '0').slice(0, 3))
  const zone = time ? readZone(time[5] ?? '') : 0
  if (zone === undefined || hours > 24 || minutes > 59 || seconds > 60) return undefined
  const ms = Date.UTC(year, month - 1, day, hours, minutes - zone, seconds, milliseconds)
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCDate() !== day) return undefined
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z')
}

/** Every date written in a text ("registrar AT ns.il 19960111 (Assigned)" holds one). */
export function findWhoisDates(value: string, tld?: string): string[] {
  const dates: string[] = []
  for (const token of value.matchAll(/\b(\d{8}|\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)\b/g)) {
    const date = parseWhoisDate(token[1] ?? '', tld)
    if (date) dates.push(date)
  }
  return dates
}
