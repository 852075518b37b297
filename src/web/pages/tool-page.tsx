import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import type { CatalogueEntry } from '../../shared/catalogue.ts'
import { CataloguePanel } from '../catalogue/catalogue-panel.tsx'
import { paths } from '../lib/routes.ts'
import { useDocumentMeta } from '../lib/use-document-meta.ts'

export function ToolPage({ entry }: { entry: CatalogueEntry }) {
  useDocumentMeta(entry.seo)
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to={paths.home}
        className="focus-ring inline-flex items-center gap-1.5 rounded text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All tools
      </Link>
      <CataloguePanel key={entry.id} entry={entry} variant="page" />
    </div>
  )
}
