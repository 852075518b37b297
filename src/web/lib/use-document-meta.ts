// Sets the document title, description and keywords for a page, and keeps the served head's
// canonical URL and Open Graph tags in step; restores the previous ones on leave.
import { useEffect } from 'react'
import type { DocumentMeta } from '../../shared/page-meta.ts'

export type { DocumentMeta }

function metaElement(attribute: 'name' | 'property', key: string): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (existing) return existing
  const created = document.createElement('meta')
  created.setAttribute(attribute, key)
  document.head.append(created)
  return created
}

function swapMeta(attribute: 'name' | 'property', key: string, content: string | undefined): () => void {
  if (content === undefined) return () => undefined
  const element = metaElement(attribute, key)
  const previous = element.content
  element.content = content
  return () => {
    element.content = previous
  }
}

/** The served canonical URL and og:url point at the page now shown (same origin as served). */
function swapCanonical(): () => void {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  const ogUrl = document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]')
  if (!link) return () => undefined
  const previous = link.href
  const previousOg = ogUrl?.content
  const next = new URL(window.location.pathname, previous).href
  link.href = next
  if (ogUrl) ogUrl.content = next
  return () => {
    link.href = previous
    if (ogUrl && previousOg !== undefined) ogUrl.content = previousOg
  }
}

export function useDocumentMeta({ title, description, keywords }: DocumentMeta): void {
  useEffect(() => {
    const previousTitle = document.title
    document.title = title
    const restore = [
      swapMeta('name', 'description', description),
      swapMeta('name', 'keywords', keywords),
      swapMeta('property', 'og:title', title),
      swapMeta('property', 'og:description', description),
      swapCanonical(),
    ]
    return () => {
      document.title = previousTitle
      for (const undo of restore.reverse()) undo()
    }
  }, [title, description, keywords])
}
