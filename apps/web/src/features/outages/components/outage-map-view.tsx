import './leaflet-core.css';
// Leaflet's own modules, so the chunk holds what the picture uses (the map, polygons over SVG, dragging and zooming;
// not its GeoJSON layer, which brings markers, icons and circles: every area here is a GeoJSON Polygon)
import 'leaflet/src/layer/vector/Renderer.getRenderer.js';
import 'leaflet/src/map/handler/Map.Drag.js';
import 'leaflet/src/map/handler/Map.ScrollWheelZoom.js';
import 'leaflet/src/map/handler/Map.TouchZoom.js';
import 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
import { featureGroup } from 'leaflet/src/layer/FeatureGroup.js';
import { polygon } from 'leaflet/src/layer/vector/Polygon.js';
import { createMap as leafletMap } from 'leaflet/src/map/Map.js';
import { useEffect, useRef } from 'react';
import type { NetworkEvent } from '../api/outages-api';
import territory from '../territory.json';

/** A GeoJSON Polygon's rings ([longitude, latitude]) as Leaflet's [latitude, longitude]. */
function latLngsOf(area: { coordinates: number[][][] }): [number, number][][] {
  return area.coordinates.map((ring) => ring.map(([longitude = 0, latitude = 0]) => [latitude, longitude]));
}

/**
 * The outage map's picture (issue 20 item 5, wider-portal.md §8): Leaflet over the bundled GeoJSON of the provider's
 * markets, no tile server (it works offline), each event's area drawn over them (outages amber, maintenance blue) and
 * the view fitted to them. It adds nothing the list does not say: it is hidden from screen readers and has no
 * control that takes focus (no zoom buttons, no keyboard handler). Its own lazy chunk, loaded after the list.
 */
export default function OutageMapView({ events, label }: { events: NetworkEvent[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const view = leafletMap(container.current, {
      zoomControl: false,
      keyboard: false,
      attributionControl: false,
      zoomSnap: 0.25,
    });
    for (const feature of (territory as GeoJSON.FeatureCollection<GeoJSON.Polygon>).features) {
      polygon(latLngsOf(feature.geometry), {
        color: '#475569',
        weight: 1,
        fillColor: '#cbd5e1',
        fillOpacity: 0.35,
        interactive: false,
      }).addTo(view);
    }
    const areas = featureGroup(
      events.map((event) =>
        polygon(
          latLngsOf(event.area),
          event.kind === 'outage'
            ? { color: '#b45309', weight: 2, fillColor: '#f59e0b', fillOpacity: 0.45, interactive: false }
            : { color: '#1d4ed8', weight: 2, fillColor: '#60a5fa', fillOpacity: 0.35, interactive: false },
        ),
      ),
    ).addTo(view);
    const bounds = areas.getBounds();
    if (bounds.isValid()) view.fitBounds(bounds.pad(events.length === 1 ? 2 : 0.5));
    else view.setView([39, -96], 3.5);
    return () => {
      view.remove();
    };
  }, [events]);
  return (
    <div
      ref={container}
      aria-hidden="true"
      title={label}
      className="h-80 w-full rounded-md border border-line bg-surface-muted xl:h-full xl:min-h-96"
    />
  );
}
