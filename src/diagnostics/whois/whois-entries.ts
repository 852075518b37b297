// Splits a whois answer into key/value entries, whatever layout the registry uses:
// "Key: value", "key:value", dot-padded "created............: value", JPRS's "[Name Server]  value",
// headings followed by an indented block ("Registrar:\n  Name: …", .it's "Registrar\n  Organization: …"),
// and Taiwan's "Record expires on 2020-11-30".
import { KEYS } from './whois-keys.ts'

export interface WhoisEntry {
  /** Lower case, single-spaced, without padding dots. */
  key: string
  value: string
  /** The heading of the indented block the entry sits in ("registrar" for "Registrar:\n  Name: x"). */
  parent?: string
  /** Paragraph number: entries between two blank lines share one. */
  paragraph: number
  /** The value is a line of its own under the heading (parent or key), not written after a key. */
  listed?: boolean
}

const COMMENT = /^\s*(%|#|>>>|;|--|\[\s)/
// JPRS writes "[Key]  value", its Japanese-language answers "a. [Key]  value", .my "a [Key]  value".
const BRACKETED = /^\s*(?:[a-z]\.?\s*)?\[([^\]\s][^\]]{0,40})\]\s*(.*)$/
// A key starts with a letter, holds no comma, and ends at the first colon not opening a URL.
const KEYED = /^\s*(\p{L}[\p{L}\p{N}_ /().'&-]{0,50}?)[\s.]*:(?!\/\/)\s*(.*)$/u
// Dates written as sentences: Taiwan's "Record expires on 2020-11-30", .gg's "Registered on 30th April 2003".
const SENTENCE_DATE = /^\s*(Record (?:expires|created|last updated)|Registered) on\s+(\d.+)$/i
// JWhoisServer (.dz) ends a key with "#" and dots: "Registrar#. . . . . . example".
const HASHED = /^\s*(\p{L}[\p{L}\p{N} .'-]{0,50}?)#[\s.]*(\S.*)$/u
// RWhois (.ma) prefixes each key with its object class: "domain:Created:20090324".
const CLASS_PREFIXED = /^[a-z][\w-]*:([A-Za-z][\w-]{0,40}):(?!\/\/)(.*)$/
// SWITCH separates key and value with a tab: "Registrar\tExample SA".
const TABBED = /^([A-Za-z][\w /()'&-]{0,50}?)\t+(\S.*)$/
// The older .sk answers separate a one-word key from its value by spaces: "Valid-date          2011-07-23".
const SPACED = /^([A-Za-z][\w.-]{0,30}[A-Za-z])\s{2,}(\S.*)$/
/**
 * .md writes a key of several words without a colon, its value after a run of spaces:
 * "Domain state    OK". Only a key known for some field is read so: other such lines are text.
 */
const SPACED_WORDS = /^([A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*){1,3})\s{2,}(\S.*)$/
const KNOWN_KEYS = new Set(Object.values(KEYS).flat())
/** A host name ("ns1.example.net  192.0.2.1") is no one-word key. */
const HOST_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i
/** Headings whose block may continue without indent until the next blank line (.ee, .pl, .mo). */
const SECTION_HEADING =
  /^(registrant|registrar|holder|owner|reseller|technical|administrative|admin|billing)( contacts?| contact\(s\)| contact\/agent)?( information)?$|^organi[sz]ation using domain name$|^name ?servers?( information)?$|^domain (name )?servers$/
/** Keys of the domain itself: one ends an unindented section ("Reseller:" then "Domain Status: …"). */
const DOMAIN_KEY =
  /^(domain|name ?servers?|nameservers?|nserver|dnssec|status|registry|registrar|creation|updated|expir)/
/** Headings of name server lists, whose host names may follow a blank line (.hk) and lack indent. */
const NAME_SERVER_HEADING = /name ?servers?|nameservers|domain servers|dns servers|servidor\(es\) de nombres/
// A host name, maybe after a list dash (.ve "- ns1.example.net"), maybe followed by its addresses.
const HOST_LINE = /^\s*(?:-\s+)?[a-z0-9-]+(\.[a-z0-9-]+)+\.?(\s+\S+)*\s*$/i
/**
 * Keys that open a contact object after the domain (.ar, FRED's .cr "contact:", .at "personname:").
 * Some answers leave out the blank line between objects: such a key starts a new paragraph anyway.
 */
const CONTACT_OBJECT_KEYS = new Set(['contact', 'personname'])
/**
 * Keys that open the objects listed after a contact: FRED's name server and key sets, .ar's name
 * servers. Inside the domain's own object they are references ("nsset: EXAMPLE"), so they start a
 * new paragraph only after a contact object.
 */
const LATER_OBJECT_KEYS = new Set(['nsset', 'keyset', 'nserver'])

const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0
/**
 * "Data de registo / Creation Date (dd/mm/yyyy)" → "creation date": a bilingual key keeps its last
 * language, a format hint in brackets goes, and Latin accents go ("Fecha de Creación"); other marks
 * stay, for they make other letters (the voicing mark of JPRS's "[ネームサーバ]").
 */
const normaliseKey = (key: string) =>
  (key.split(' / ').at(-1) ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\([^)]*\)\s*$/, '')
    .replace(/\.+$/, '')
    .replace(/\s+/g, ' ')
    .trim()

function knownSpacedKey(line: string): RegExpExecArray | null {
  const match = SPACED_WORDS.exec(line)
  return match && KNOWN_KEYS.has(normaliseKey(match[1] ?? '')) ? match : null
}

function splitLine(text: string): { key: string; value: string } | undefined {
  // .tr marks its keys "** Domain Name: …".
  const line = text.replace(/^\*\*\s+/, '')
  const sentence = SENTENCE_DATE.exec(line)
  if (sentence) return { key: `${normaliseKey(sentence[1] ?? '')} on`, value: (sentence[2] ?? '').trim() }
  const spaced = SPACED.exec(line)
  const match =
    BRACKETED.exec(line) ??
    CLASS_PREFIXED.exec(line) ??
    KEYED.exec(line) ??
    HASHED.exec(line) ??
    TABBED.exec(line) ??
    (spaced && !HOST_NAME.test(spaced[1] ?? '') ? spaced : null) ??
    knownSpacedKey(line)
  if (!match) return undefined
  return { key: normaliseKey(match[1] ?? ''), value: (match[2] ?? '').trim() }
}

/**
 * SWITCH-style "Key:" heading whose value is the one unindented line below it, before a blank line
 * (.li "First registration date:\n1996-02-08").
 */
function valueBelow(lines: string[], index: number): string | undefined {
  const [line = '', next, after] = lines.slice(index, index + 3)
  if (indentOf(line) > 0 || next === undefined || next.trim() === '' || indentOf(next) > 0) return undefined
  if (after !== undefined && after.trim() !== '') return undefined
  return COMMENT.test(next) || splitLine(next) ? undefined : next.trim()
}

/** Whether a line without a colon is a heading: short, not indented, and the next line is indented. */
function isBareHeading(line: string, next: string | undefined): boolean {
  if (!/^[A-Za-z][\w /()'&-]{0,40}$/.test(line.trimEnd()) || indentOf(line) > 0) return false
  if (next === undefined || next.trim() === '') return false
  return indentOf(next) > 0 || SECTION_HEADING.test(normaliseKey(line)) || NAME_SERVER_HEADING.test(normaliseKey(line))
}

/**
 * The indent below which a heading's block ends: a section heading's block runs to the blank line,
 * and so does a block of unindented host names ("DNS Servers:\nns1.example.net\nns2.example.net").
 */
function blockIndent(key: string, indent: number, next: string | undefined): number {
  const unindented = next !== undefined && next.trim() !== '' && indentOf(next) <= indent
  const opensList = SECTION_HEADING.test(key) || NAME_SERVER_HEADING.test(key) || HOST_LINE.test(next ?? '')
  return indent === 0 && unindented && opensList ? -1 : indent
}

/** Whether a key opens a new object although no blank line ends the one before. */
function startsObject(key: string, opening: string | undefined): boolean {
  if (opening === undefined || opening === key) return false
  return CONTACT_OBJECT_KEYS.has(key) || (LATER_OBJECT_KEYS.has(key) && CONTACT_OBJECT_KEYS.has(opening))
}

/**
 * The answer's lines, whatever ends them. Whois (RFC 3912) ends lines with CR LF, yet servers also
 * send a bare LF, a doubled CR before the LF ("\r\r\n", .pl), or a bare CR (.ae's last line): any run
 * of carriage returns before a line feed ends one line, and so does a carriage return alone.
 */
export function whoisLines(text: string): string[] {
  return text.split(/\r*\n|\r/)
}

export function readWhoisEntries(text: string): WhoisEntry[] {
  const entries: WhoisEntry[] = []
  const lines = whoisLines(text)
  let paragraph = 0
  // The open block: its key and the indent of the heading line.
  let block: { key: string; indent: number } | undefined
  // The first key of the current paragraph, to tell where an object starts without a blank line.
  let opening: string | undefined
  // Index of a line already read as the value of the heading above it.
  let taken = -1
  for (const [index, line] of lines.entries()) {
    if (index === taken) continue
    if (line.trim() === '') {
      paragraph++
      // .hk leaves a blank line between "Name Servers Information:" and the names.
      // A heading whose block already holds entries (.kr "Host Name: …") awaits nothing more.
      const last = entries.at(-1)
      const awaitingHosts =
        block && NAME_SERVER_HEADING.test(block.key) && last?.key !== block.key && last?.parent !== block.key
      if (block && awaitingHosts) block.indent = -1
      else block = undefined
      opening = undefined
      continue
    }
    if (COMMENT.test(line)) continue
    const indent = indentOf(line)
    // .uk: "ns1.example.net      192.0.2.1  2001:db8::1" in a name server list is a host, not a key.
    if (block && NAME_SERVER_HEADING.test(block.key) && indent > block.indent && HOST_LINE.test(line)) {
      entries.push({ key: block.key, value: line.trim(), paragraph, listed: true })
      continue
    }
    const pair = splitLine(line)
    if (pair && indent === 0 && startsObject(pair.key, opening)) {
      paragraph++
      block = undefined
      opening = undefined
    }
    if (pair && opening === undefined) opening = pair.key
    if (block && (indent <= block.indent || (block.indent === -1 && pair && DOMAIN_KEY.test(pair.key))))
      block = undefined
    const next = lines[index + 1]
    // .lv: "[Domain]", "[Holder]", "[Whois]" head sections of unindented lines, ended only by the next one.
    if (pair && pair.value === '' && /^\[[^\]]+\]\s*$/.test(line)) {
      block = { key: pair.key, indent: -2 }
      continue
    }
    const below = pair && pair.value === '' && !block ? valueBelow(lines, index) : undefined
    if (pair && below !== undefined) {
      entries.push({ key: pair.key, value: below, paragraph })
      taken = index + 1
      continue
    }
    if (pair && (pair.value !== '' || !block)) {
      if (pair.value !== '') entries.push({ ...pair, ...(block ? { parent: block.key } : {}), paragraph })
      else block = { key: pair.key, indent: blockIndent(pair.key, indent, next) }
      continue
    }
    if (pair && block) {
      // A key left blank in a block (.ai "Administrative Contact\n NIC Handle…: \n State…: CA") is no heading:
      // the block goes on.
      if (next !== undefined && next.trim() !== '' && indentOf(next) <= indent) continue
      // "Registrar:\n  Billing:\n    Name: x": a heading inside a block starts a nested block.
      block = { key: pair.key, indent: blockIndent(pair.key, indent, next) }
      continue
    }
    if (block && (block.indent >= 0 || !NAME_SERVER_HEADING.test(block.key) || HOST_LINE.test(line))) {
      // .tr: "Address : Example street" then "  06800 Ankara" in the registrar block continues the address.
      const previous = entries.at(-1)
      const continues = previous?.parent === block.key && !previous.listed && previous.paragraph === paragraph
      if (continues && indent > 0) entries.push({ ...previous, value: line.trim() })
      else entries.push({ key: block.key, value: line.trim(), paragraph, listed: true })
      continue
    }
    if (isBareHeading(line, next))
      block = { key: normaliseKey(line), indent: blockIndent(normaliseKey(line), indent, next) }
    else if (indent > 0) {
      // An indented line after a "Key: value" line continues that value list (e.g. more name servers).
      const previous = entries.at(-1)
      if (previous && previous.paragraph === paragraph) entries.push({ ...previous, value: line.trim() })
    }
  }
  return entries
}
