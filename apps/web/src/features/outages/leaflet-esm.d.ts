// Leaflet's source modules (shipped in its package): the map imports only what it uses. Leaflet's own types.
declare module 'leaflet/src/map/Map.js' {
  export { map as createMap } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Polygon.js' {
  export { polygon } from 'leaflet';
}
declare module 'leaflet/src/layer/FeatureGroup.js' {
  export { FeatureGroup, featureGroup } from 'leaflet';
}
declare module 'leaflet/src/layer/vector/Renderer.getRenderer.js';
declare module 'leaflet/src/map/handler/Map.Drag.js';
declare module 'leaflet/src/map/handler/Map.ScrollWheelZoom.js';
declare module 'leaflet/src/map/handler/Map.TouchZoom.js';
declare module 'leaflet/src/map/handler/Map.DoubleClickZoom.js';
