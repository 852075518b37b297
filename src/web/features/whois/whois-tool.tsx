import { whoisRequest, whoisResult } from '../../../shared/tools/whois/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { WhoisDetails } from './whois-details.tsx'

/** Whois: a domain (as the product says), an IP address or an AS number; RDAP first, then port 43. */
export const tool = defineTool({ input: { schema: whoisRequest.shape.input }, result: whoisResult, View: WhoisDetails })
