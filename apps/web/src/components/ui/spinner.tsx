import type { CSSProperties } from 'react'

type SpinnerProps = {
  size?: number
  /** Accessible name; null when the spinner sits inside something already labelled. */
  label?: string | null
}

export function Spinner({ size = 28, label = null }: SpinnerProps) {
  const style = { '--spinner-size': `${size}px` } as CSSProperties
  if (label === null) return <span className="spinner" style={style} aria-hidden="true" />
  return <span className="spinner" style={style} role="status" aria-label={label} />
}
