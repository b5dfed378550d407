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

export type TrendSeries = {
  label: string
  values: readonly number[]
  /** Its colour and dash (an index of the palette): kept by what it stands for, as a reason's across days. */
  look?: number
}

const daysWithValues = (values: readonly number[]) =>
  values.flatMap((value, day) => (value === 0 ? [] : [day]))

/** Nine colours and nine dashes: a line that lies on another still shows through its gaps. */
const PALETTE_SIZE = 9
const DASHES: (number[] | undefined)[] = [
  undefined,
  [10, 5],
  [3, 4],
  [12, 4, 3, 4],
  [6, 6],
  [1, 5],
  [16, 5],
  [8, 3, 2, 3, 2, 3],
  [4, 2],
]
const looks = (i: number) => ({
  colour: `--chart-${(i % PALETTE_SIZE) + 1}`,
  dash: DASHES[i % DASHES.length],
})
const wholeNumber = (n: number) => n.toLocaleString('en-US')

/** Whether the page can draw (a test's DOM cannot: the table carries the numbers there). */
const canDraw = () => document.createElement('canvas').getContext('2d') !== null

const cssVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'

type Drawn = { stroke: string; dash: number[] | undefined; width: number; size: number }

/** A piece of the line as drawn (colour, dash, dot), for the legend: uPlot's own marker is a plain square. */
function lineSample({ stroke, dash, width }: Drawn): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(ns, 'svg')
  svg.setAttribute('width', '32')
  svg.setAttribute('height', '12')
  const line = document.createElementNS(ns, 'line')
  for (const [name, value] of Object.entries({ x1: 0, y1: 6, x2: 32, y2: 6, 'stroke-width': width }))
    line.setAttribute(name, String(value))
  line.setAttribute('stroke', stroke)
  if (dash) line.setAttribute('stroke-dasharray', dash.join(' '))
  const dot = document.createElementNS(ns, 'circle')
  for (const [name, value] of Object.entries({ cx: 16, cy: 6, r: 3 })) dot.setAttribute(name, String(value))
  dot.setAttribute('fill', stroke)
  svg.append(line, dot)
  return svg
}

/** Each legend entry shows its line's colour and dash, and its words in the text colour (uPlot paints them). */
function drawLegend(root: HTMLElement, drawn: Drawn[]) {
  const rows = [...root.querySelectorAll<HTMLElement>('.u-legend .u-series')].filter((row) =>
    row.querySelector('.u-marker'),
  )
  for (const [i, row] of rows.entries()) {
    const look = drawn[i]
    const marker = row.querySelector<HTMLElement>('.u-marker')
    if (!look || !marker) continue
    marker.style.cssText = 'border: none; background: none; width: 32px; height: 12px;'
    marker.dataset.stroke = look.stroke
    marker.dataset.dash = look.dash?.join(' ') ?? 'solid'
    marker.replaceChildren(lineSample(look))
    const label = row.querySelector<HTMLElement>('.u-label')
    if (label) label.style.color = ''
  }
}

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
      const drawn = series.map((s, i): Drawn => {
        const { colour, dash } = looks(s.look ?? i)
        // Drawn in order, the first lines widest and with the largest dots: one under another peeks out.
        const under = series.length - 1 - i
        return { stroke: cssVar(colour), dash, width: 1.5 + under * 0.35, size: 4 + under * 1.2 }
      })
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
            ...series.map((s, i) => {
              const { stroke, dash, width, size } = drawn[i] as Drawn
              return {
                label: s.label,
                stroke,
                width,
                ...(dash ? { dash } : {}),
                // Dots on the days with something: where lines meet, the dots nest, one ring per line.
                points: {
                  show: true,
                  size,
                  width: 1,
                  stroke,
                  fill: stroke,
                  filter: daysWithValues(s.values),
                },
                value: (_: uPlot, v: number | null) => (v === null ? '–' : format(v)),
              }
            }),
          ],
        },
        [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((s) => [...s.values])],
        target,
      )
      drawLegend(chart.root, drawn)
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
      {/* Shown, it scrolls: it takes focus, named, so a keyboard can scroll it (axe scrollable-region-focusable). */}
      <div
        id={tableId}
        className={shown ? 'trend-table' : 'trend-table sr-only'}
        {...(shown ? { tabIndex: 0, role: 'region', 'aria-label': `${title}, the numbers` } : {})}
      >
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
