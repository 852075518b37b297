// Sets the document title, description and keywords for a page; restores the previous ones on leave.
import { useEffect } from 'react'

export interface DocumentMeta {
  title: string
  description?: string
  keywords?: string
}

function metaElement(name: string): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (existing) return existing
  const created = document.createElement('meta')
  created.name = name
  document.head.append(created)
  return created
}

function swapMeta(name: string, content: string | undefined): () => void {
  if (content === undefined) return () => undefined
  const element = metaElement(name)
  const previous = element.content
  element.content = content
  return () => {
    element.content = previous
  }
}

export function useDocumentMeta({ title, description, keywords }: DocumentMeta): void {
  useEffect(() => {
    const previousTitle = document.title
    document.title = title
    const restoreDescription = swapMeta('description', description)
    const restoreKeywords = swapMeta('keywords', keywords)
    return () => {
      document.title = previousTitle
      restoreDescription()
      restoreKeywords()
    }
  }, [title, description, keywords])
}
