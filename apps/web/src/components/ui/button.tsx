import type { ButtonHTMLAttributes } from 'react'
import { hapticImpact } from '../../lib/telegram/haptics.ts'
import { Spinner } from './spinner.tsx'

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'plain'
  stretched?: boolean
  loading?: boolean
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
      {children}
    </button>
  )
}
