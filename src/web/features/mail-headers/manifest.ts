import { MailSearch } from 'lucide-react'
import type { ToolManifest } from '../../lib/tool-parts.tsx'

/** Email header analyzer: its icon, and its input rule, result schema and view in ./mail-headers-tool.tsx. */
export const manifest: ToolManifest = {
  icon: MailSearch,
  load: () => import('./mail-headers-tool.tsx'),
}
