import { geolocationRequest, geolocationResult } from '../../../shared/tools/geolocation/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { GeolocationDetails } from './geolocation-details.tsx'

/** Geolocation: an IP or a domain (a URL is reduced to its host), on a map when tiles load. */
export const tool = defineTool({
  input: { schema: geolocationRequest.shape.input },
  result: geolocationResult,
  View: GeolocationDetails,
})
