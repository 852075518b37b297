// The web app's one configuration module: build-time values with their defaults. Settings of the
// server the app is served by (the Report Issue address) come with the page: site-settings.ts.
import { APP_VERSION_LABEL } from '../../shared/app-version.ts'

const env = import.meta.env

export const webConfig = {
  productName: 'NetToolbox',
  versionLabel: `BETA ${APP_VERSION_LABEL}`,
  /** The registrar panel's label: the same version as the footer's. */
  registrarVersionLabel: APP_VERSION_LABEL,
  copyright: '© 2026 NetToolbox',
  /** Map tiles for the location views ({z}/{x}/{y} template); empty disables the map. */
  mapTileUrl: String(env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  mapTileAttribution: String(env.VITE_MAP_TILE_ATTRIBUTION ?? '&copy; OpenStreetMap contributors'),
} as const
