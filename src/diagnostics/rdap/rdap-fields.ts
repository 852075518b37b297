// Reads the fields users look for out of an RDAP object (RFC 9083): events, status, name
// servers, secure DNS, and the registrar / registrant / abuse entities with their jCard (RFC 7095).
import type { AbuseContact, RegistrationFields } from '../../shared/tools/whois/schema.ts'
import type { RdapObject } from './rdap-client.ts'

interface Entity {
  roles?: unknown
  vcardArray?: unknown
  publicIds?: unknown
  entities?: unknown
  handle?: unknown
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** Every entity, nested ones included, depth first. */
function allEntities(object: RdapObject): Entity[] {
  const found: Entity[] = []
  const visit = (entities: unknown) => {
    for (const entity of list(entities)) {
      if (entity && typeof entity === 'object') {
        found.push(entity as Entity)
        visit((entity as Entity).entities)
      }
    }
  }
  visit(object.entities)
  return found
}

function hasRole(entity: Entity, role: string): boolean {
  return list(entity.roles).includes(role)
}

/** Values of one jCard property ("fn", "org", "email", "tel"). */
function cardValues(entity: Entity | undefined, property: string): string[] {
  const card = list(list(entity?.vcardArray)[1])
  return card.flatMap((entry) => {
    const [name, , , value] = list(entry)
    if (name !== property) return []
    const first = Array.isArray(value) ? value.find((v) => typeof v === 'string' && v !== '') : value
    const found = text(first)
    return found ? [found.replace(/^(tel|mailto):/i, '')] : []
  })
}

/** The date of an event in ISO 8601 UTC (RDAP servers also write offsets and fractions of a second). */
function eventDate(object: RdapObject, action: string): string | undefined {
  const event = list(object.events).find((e) => (e as { eventAction?: unknown }).eventAction === action)
  const value = text((event as { eventDate?: unknown } | undefined)?.eventDate)
  const time = value === undefined ? Number.NaN : Date.parse(value)
  return Number.isNaN(time) ? value : new Date(time).toISOString().replace(/\.000Z$/, 'Z')
}

/** RDAP writes EPP statuses in words ("client transfer prohibited"); whois and EPP write "clientTransferProhibited". */
function eppStatus(status: string): string {
  return status.trim().replace(/\s+(\w)/g, (_, letter: string) => letter.toUpperCase())
}

function abuseOf(entities: Entity[]): AbuseContact | undefined {
  const abuse = entities.find((e) => hasRole(e, 'abuse'))
  const email = cardValues(abuse, 'email')[0]
  const phone = cardValues(abuse, 'tel')[0]
  return email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : undefined
}

function rangeOf(object: RdapObject): string | undefined {
  const cidrs = list(object.cidr0_cidrs).flatMap((c) => {
    const { v4prefix, v6prefix, length } = c as Record<string, unknown>
    const prefix = text(v4prefix) ?? text(v6prefix)
    return prefix && typeof length === 'number' ? [`${prefix}/${length}`] : []
  })
  if (cidrs.length > 0) return cidrs.join(', ')
  const start = text(object.startAddress)
  const end = text(object.endAddress)
  if (start && end) return `${start} - ${end}`
  const { startAutnum, endAutnum } = object
  if (typeof startAutnum === 'number' && typeof endAutnum === 'number' && startAutnum !== endAutnum) {
    return `AS${startAutnum} - AS${endAutnum}`
  }
  return undefined
}

function dnssecOf(object: RdapObject): string | undefined {
  const secure = object.secureDNS as { delegationSigned?: unknown } | undefined
  if (typeof secure?.delegationSigned !== 'boolean') return undefined
  return secure.delegationSigned ? 'signed' : 'unsigned'
}

export function readRdapFields(object: RdapObject): RegistrationFields {
  const entities = allEntities(object)
  const registrar = entities.find((e) => hasRole(e, 'registrar'))
  const registrant = entities.find((e) => hasRole(e, 'registrant'))
  const ianaId = list(registrar?.publicIds).find((p) => (p as { type?: unknown }).type === 'IANA Registrar ID')
  const fields: RegistrationFields = {
    name: text(object.ldhName)?.toLowerCase() ?? text(object.name),
    handle: text(object.handle),
    registrar: cardValues(registrar, 'fn')[0],
    registrarIanaId: text((ianaId as { identifier?: unknown } | undefined)?.identifier),
    organisation: cardValues(registrant, 'org')[0] ?? cardValues(registrant, 'fn')[0],
    createdAt: eventDate(object, 'registration'),
    updatedAt: eventDate(object, 'last changed'),
    expiresAt: eventDate(object, 'expiration'),
    statuses: list(object.status)
      .flatMap((s) => text(s) ?? [])
      .map(eppStatus),
    nameServers: list(object.nameservers).flatMap(
      (n) => text((n as { ldhName?: unknown }).ldhName)?.toLowerCase() ?? [],
    ),
    dnssec: dnssecOf(object),
    range: rangeOf(object),
    country: text(object.country),
    abuseContact: abuseOf(entities),
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as RegistrationFields
}
