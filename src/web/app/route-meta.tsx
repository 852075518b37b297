import type { ReactNode } from 'react'
import { type DocumentMeta, useDocumentMeta } from '../lib/use-document-meta.ts'

/** Gives a route its document title, description and keywords while it shows. */
export function RouteMeta({ meta, children }: { meta: DocumentMeta; children: ReactNode }) {
  useDocumentMeta(meta)
  return children
}
