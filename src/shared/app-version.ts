// The app's one version: the footer and the registrar panel show its label, the API document and the
// CLI's --version print it. package.json and cli/package.json carry the same number (a test holds it).
export const APP_VERSION = '1.34.0'

/** "V.1.34": the major and minor numbers, as the pages show them. */
export const APP_VERSION_LABEL = `V.${APP_VERSION.split('.').slice(0, 2).join('.')}`
