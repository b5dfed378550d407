import type { CSSProperties } from 'react'

export function Skeleton({ width = '60%', height = 14 }: { width?: string | number; height?: number }) {
  const style: CSSProperties = { inlineSize: width, blockSize: height }
  return <span className="skeleton" style={style} aria-hidden="true" />
}
