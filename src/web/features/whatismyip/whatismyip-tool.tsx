import { whatismyipResult } from '../../../shared/tools/whatismyip/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { WhatismyipDetails } from './whatismyip-details.tsx'

/** What is my IP: no input; the address the server sees, with location, network and reverse name. */
export const tool = defineTool({
  result: whatismyipResult,
  View: WhatismyipDetails,
  successText: 'IP lookup completed successfully',
})
