import { rdnsRequest, rdnsResult } from '../../../shared/tools/rdns/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { RdnsResultView } from './rdns-result-view.tsx'

/** Reverse DNS: IPv4 as the product says, IPv6 too; the PTR names with their forward confirmation. */
export const tool = defineTool({ input: { schema: rdnsRequest.shape.input }, result: rdnsResult, View: RdnsResultView })
