// Choosing a tool on the home page moves the keyboard to it: once the chosen panel's form is there
// (its code loads on demand and its fields are enabled once mounted), its first field takes the
// focus, or its run button for a tool without input.

/** How long to wait for the panel's form to come up before giving up (its code loads on demand). */
export const FOCUS_WAIT_MS = 10_000

/** The controls a panel's form offers, in the order a person fills them in. */
const FORM_FIELD = 'form :is(input:not([type="hidden"]), select, textarea, button[type="submit"])'
/** For a panel without a form (an outside site, the history): its first link or button. */
const ANY_CONTROL = 'input:not([type="hidden"]), select, textarea, button, a[href]'

/** The element of `panel` to focus: its form's first enabled field, else its first control, or null. */
export function firstField(panel: HTMLElement): HTMLElement | null {
  const enabled = (element: Element) => !element.matches(':disabled')
  const fields = [...panel.querySelectorAll<HTMLElement>(FORM_FIELD)]
  if (fields.length > 0) return fields.find(enabled) ?? null
  // A panel still loading shows a spinner and no control: wait for its form.
  if (panel.querySelector('[role="status"], [aria-busy="true"]') && !panel.querySelector('form')) return null
  return [...panel.querySelectorAll<HTMLElement>(ANY_CONTROL)].find(enabled) ?? null
}

/**
 * Focuses the first field of the panel `getPanel` returns as soon as it is there and enabled,
 * without scrolling (the page scrolls the panel into view itself); returns a cancel function.
 */
export function focusFirstFieldSoon(getPanel: () => HTMLElement | null): () => void {
  const panel = getPanel()
  if (!panel) return () => undefined
  const tryFocus = (): boolean => {
    const field = firstField(panel)
    if (!field) return false
    field.focus({ preventScroll: true })
    return true
  }
  if (tryFocus()) return () => undefined
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop()
  })
  const timer = window.setTimeout(() => stop(), FOCUS_WAIT_MS)
  function stop() {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  observer.observe(panel, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] })
  return stop
}
