import { type ButtonHTMLAttributes, useLayoutEffect, useRef } from 'react'
import { hapticImpact } from '#lib/telegram/haptics.ts'
import { Spinner } from './spinner.tsx'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'plain'
  stretched?: boolean
  loading?: boolean
}

/** The smallest size a label shrinks to before it is cut with an ellipsis. */
const MIN_LABEL_PX = 13

/**
 * A label stays on one line (ui.css): when it does not fit, its font steps down a pixel at a time to
 * MIN_LABEL_PX ('Minimum payment limit is 10.00 USDT' at 390 px), and only what still does not fit is cut.
 */
function useOneLineLabel(text: unknown) {
  const ref = useRef<HTMLSpanElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `text` is what changes the label's width.
  useLayoutEffect(() => {
    const label = ref.current
    if (!label) return
    label.style.fontSize = ''
    let size = Number.parseFloat(getComputedStyle(label).fontSize)
    while (label.scrollWidth > label.clientWidth && size > MIN_LABEL_PX) {
      size -= 1
      label.style.fontSize = `${size}px`
    }
  }, [text])
  return ref
}

/** Primary presses also tap the Taptic engine, as Telegram's own main button does. */
export function Button({
  variant = 'primary',
  stretched = false,
  loading = false,
  className,
  disabled,
  onClick,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const label = useOneLineLabel(children)
  const classes = ['button', `button--${variant}`, stretched && 'button--stretched', className]
    .filter(Boolean)
    .join(' ')
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (variant === 'primary') hapticImpact('medium')
        onClick?.(event)
      }}
    >
      {loading ? <Spinner size={20} label={null} /> : null}
      <span ref={label} className="button__label">
        {children}
      </span>
    </button>
  )
}
