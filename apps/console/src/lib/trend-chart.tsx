/**
 * A chart of daily series (the overview's 30 days, issue 20) drawn by uPlot (canvas, small, in the overview's
 * chunk only), with the same numbers as a table: always in the page for screen readers (the canvas is
 * hidden from them), shown to everyone with 'Show the numbers'. Colours come from the console's CSS custom
 * properties, read when drawn, and the chart is drawn again when the system's theme changes, so it reads in light
 * and dark alike.
 */
import { useEffect, useId, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export type TrendSeries = { label: string; values: readonly number[] }

const PALETTE = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6']
const colour = (i: number) => PALETTE[i % PALETTE.length] ?? '--chart-1'
const wholeNumber = (n: number) => n.toLocaleString('en-US')

/** Whether the page can draw (a test's DOM cannot: the table carries the numbers there). */
const canDraw = () => document.createElement('canvas').getContext('2d') !== null

const cssVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'

export function TrendChart({
  title,
  days,
  series,
  format = wholeNumber,
  testId,
}: {
  title: string
  /** UTC days, 'YYYY-MM-DD', oldest first. */
  days: readonly string[]
  series: readonly TrendSeries[]
  /** A stable function (module-level): the chart is drawn again when it changes. */
  format?: (value: number) => string
  testId?: string
}) {
  const plot = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(false)
  const tableId = useId()

  useEffect(() => {
    const target = plot.current
    if (target === null || !canDraw()) return
    let chart: uPlot | undefined
    const draw = () => {
      chart?.destroy()
      chart = undefined
      const text = cssVar('--muted')
      const grid = cssVar('--line')
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
      chart = new uPlot(
        {
          width: Math.max(target.clientWidth, 240),
          height: 180,
          legend: { show: true, live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [
            {
              ...axis,
              values: (_, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)),
            },
            { ...axis, size: 56, values: (_, ticks) => ticks.map(format) },
          ],
          series: [
            {},
            ...series.map((s, i) => ({
              label: s.label,
              stroke: cssVar(colour(i)),
              width: 2,
              points: { show: false },
              value: (_: uPlot, v: number | null) => (v === null ? '–' : format(v)),
            })),
          ],
        },
        [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((s) => [...s.values])],
        target,
      )
    }
    draw()
    const theme = window.matchMedia?.('(prefers-color-scheme: dark)')
    theme?.addEventListener?.('change', draw)
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => chart?.setSize({ width: Math.max(target.clientWidth, 240), height: 180 }))
    resize?.observe(target)
    return () => {
      theme?.removeEventListener?.('change', draw)
      resize?.disconnect()
      chart?.destroy()
    }
  }, [days, series, format])

  return (
    <figure className="trend" data-testid={testId}>
      <figcaption>
        <h3>{title}</h3>
        <button type="button" className="link" aria-controls={tableId} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide the numbers' : 'Show the numbers'}
        </button>
      </figcaption>
      <div ref={plot} className="trend-plot" aria-hidden="true" />
      <div id={tableId} className={shown ? 'trend-table' : 'trend-table sr-only'}>
        <table className="table">
          <caption className="sr-only">{title}, per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, row) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {series.map((s) => (
                  <td key={s.label} className="num" data-label={s.label}>
                    {format(s.values[row] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
