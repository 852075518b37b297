// A small Leaflet map centred on a location. It is an extra: when the tiles cannot be loaded (or
// the map fails in any way, its code included) it disappears, and the coordinates shown beside it remain.
import { Component, lazy, type ReactNode, Suspense } from 'react'
import { webConfig } from '../lib/config.ts'
import type { LocationMapProps } from './location-map-tiles.tsx'

export type { LocationMapProps }

const TiledMap = lazy(() => import('./location-map-tiles.tsx').then((m) => ({ default: m.TiledMap })))

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}

export function LocationMap(props: LocationMapProps) {
  if (webConfig.mapTileUrl === '') return null
  return (
    <MapBoundary key={`${props.latitude},${props.longitude}`}>
      <Suspense fallback={null}>
        <TiledMap {...props} />
      </Suspense>
    </MapBoundary>
  )
}
