/**
 * Owns one chart.js chart for a Lit host (a controller, so the library's life follows the
 * element's): creates it once the host's shadow DOM holds the canvas, updates it in place when
 * the configuration changes (no new Chart, so no flicker and no lost state), and destroys it when
 * the host leaves the document. A host that is re-attached (moved on the canvas) gets a fresh
 * chart on its next render.
 */
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {
  ArcElement,
  BarController,
  BarElement,
  BubbleController,
  CategoryScale,
  Chart,
  Colors,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  PolarAreaController,
  RadarController,
  RadialLinearScale,
  ScatterController,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only what the widget's chart kinds use, so the lazy chunk stays small (chart.js/auto would bring
// every controller, scale and plugin);
// Colors gives each series a distinct colour instead of grey.
Chart.register(
  BarController, LineController, PieController, DoughnutController, ScatterController, BubbleController, RadarController, PolarAreaController,
  BarElement, LineElement, PointElement, ArcElement,
  CategoryScale, LinearScale, RadialLinearScale,
  Filler, Legend, Tooltip, Colors,
);

/** Drives a chart.js chart from a Lit element's render cycle. */
export class ChartController implements ReactiveController {
  private chartInstance?: Chart;
  private applied?: ChartConfiguration;

  /**
   * @param host the element; the controller registers itself.
   * @param canvas returns the rendered `<canvas>` (null before the first render).
   * @param config returns the current configuration; a new object means "update the chart".
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly canvas: () => HTMLCanvasElement | null,
    private readonly config: () => ChartConfiguration | undefined,
  ) {
    host.addController(this);
  }

  /** The live chart, if any (for tests and pages that want to read it). */
  get chart(): Chart | undefined {
    return this.chartInstance;
  }

  hostConnected(): void {
    // After a disconnect the chart was destroyed (or never made): render again to make it.
    if (!this.chartInstance) {
      this.applied = undefined;
      this.host.requestUpdate();
    }
  }

  hostUpdated(): void {
    const canvas = this.canvas();
    const config = this.config();
    // An update may still run after the host left the page (one asked for before, or by a timer):
    // a chart made then would never be destroyed, and chart.js would keep it and its listeners.
    if (!canvas || !config || !canvas.isConnected) return;
    if (!this.chartInstance || this.chartInstance.canvas !== canvas) {
      this.chartInstance?.destroy();
      this.chartInstance = new Chart(canvas, config);
    } else if (config !== this.applied) {
      const chart = this.chartInstance;
      // chart.js 4 rebuilds the dataset controllers when the type changes on update().
      (chart.config as {type: ChartConfiguration['type']}).type = config.type;
      chart.data = config.data;
      chart.options = config.options ?? {};
      chart.update();
    }
    this.applied = config;
  }

  hostDisconnected(): void {
    this.chartInstance?.destroy();
    this.chartInstance = undefined;
  }
}
