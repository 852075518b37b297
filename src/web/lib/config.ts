// The web app's one configuration module: build-time values with their defaults.
const env = import.meta.env

export const webConfig = {
  productName: 'NetToolbox',
  versionLabel: 'BETA V.1.34',
  copyright: '© 2026 NetToolbox',
  issuesUrl: String(env.VITE_ISSUES_URL ?? 'https://github.com/nettoolbox/nettoolbox/issues'),
  /** Map tiles for the location views ({z}/{x}/{y} template); empty disables the map. */
  mapTileUrl: String(env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  mapTileAttribution: String(env.VITE_MAP_TILE_ATTRIBUTION ?? '&copy; OpenStreetMap contributors'),
} as const
