import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Tree-shaken (decision 063): only the controllers, elements and scales the dashboard draws.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, DoughnutController, ArcElement);
Chart.register(CategoryScale, LinearScale, Legend, Tooltip);

/** Colours with at least 3:1 contrast on white, told apart by hue and lightness. */
export const PALETTE = ['#1f5fa8', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0f766e', '#a16207', '#525252'];

export type DashChartConfig = ChartConfiguration<'bar' | 'line' | 'doughnut'>;

/**
 * One chart on a canvas, drawn without animation (the page is read, not watched; reduced motion
 * needs nothing more). The canvas is an image named by `label`; its figures are in the table beside it.
 */
export function ChartCanvas({ config, label }: { config: DashChartConfig; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(ref.current!, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    } as DashChartConfig);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="dash-chart">
      <canvas ref={ref} role="img" aria-label={label} />
    </div>
  );
}
