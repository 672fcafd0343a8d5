/**
 * Owns one Leaflet map for a Lit host (a controller, so the library's life follows the
 * element's): creates it on the rendered container after the first render, keeps its size right
 * with a ResizeObserver (`invalidateSize()`), asks the host to draw when its params changed, and
 * calls `map.remove()` when the host leaves the document. A re-attached host (moved on the canvas) gets a new map on its next render.
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import * as L from './leaflet-subset.js';

/** Draws the host's content on the map; `first` is true right after the map was created. */
export type MapDrawer = (map: L.Map, first: boolean) => void;

/** Drives a Leaflet map from a Lit element's render cycle. */
export class LeafletController implements ReactiveController {
  private mapInstance?: L.Map;
  private observer?: ResizeObserver;
  private stale = true;
  private created = false;
  /** The map was last drawn while its container had no size, so its view must be fitted again. */
  private drawnBlind = false;

  /**
   * @param host the element; the controller registers itself.
   * @param container returns the rendered map container (null before the first render).
   * @param draw draws the host's params on the map (called after creation and after `invalidate()`).
   * @param options map options read when the map is created.
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly container: () => HTMLElement | null,
    private readonly draw: MapDrawer,
    private readonly options: () => L.MapOptions = () => ({}),
  ) {
    host.addController(this);
  }

  /** The live map, if any. */
  get map(): L.Map | undefined {
    return this.mapInstance;
  }

  /** Marks the content stale: the next host update redraws it. */
  invalidate(): void {
    this.stale = true;
  }

  hostConnected(): void {
    if (!this.mapInstance) {
      if (this.created) this.stale = true;
      this.host.requestUpdate();
    }
  }

  hostUpdated(): void {
    const container = this.container();
    // An update may still run after the host left the page: a map made then would never be removed.
    if (!container || !container.isConnected) return;
    let first = false;
    if (!this.mapInstance) {
      // Attribution is rendered by the element as text: Leaflet's control would take HTML strings.
      this.mapInstance = L.map(container, {...this.options(), attributionControl: false});
      this.observer = new ResizeObserver(() => this.resized());
      this.observer.observe(container);
      this.created = first = true;
    }
    if (this.stale || first) {
      this.draw(this.mapInstance, first);
      this.drawnBlind = container.clientWidth === 0 || container.clientHeight === 0;
      this.stale = false;
    }
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.mapInstance?.remove();
    this.mapInstance = undefined;
  }

  private resized(): void {
    const map = this.mapInstance;
    const container = this.container();
    if (!map || !container) return;
    map.invalidateSize({animate: false});
    // A map drawn while hidden (size 0) fitted nothing: fit it now that it can be seen.
    if (this.drawnBlind && container.clientWidth > 0 && container.clientHeight > 0) {
      this.drawnBlind = false;
      this.draw(map, false);
    }
  }
}
