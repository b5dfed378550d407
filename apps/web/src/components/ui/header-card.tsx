import type { HTMLAttributes, ReactNode } from 'react'

type HeaderCardProps = Omit<HTMLAttributes<HTMLDivElement>, 'className'> & {
  children: ReactNode
  /** A screen's own additions (the account header's long press, its corner button). */
  className?: string
  testId?: string
}

/**
 * The card at the top of a detail screen (account, invoice, transaction): centred lines on the section
 * background, the main figure large. Extra props (pointer handlers) go to the card. Styles: header-card.css,
 * @imported by the screen's stylesheet (lazy, like the screens).
 */
export function HeaderCard({ children, className, testId, ...rest }: HeaderCardProps) {
  return (
    <div className={className ? `header-card ${className}` : 'header-card'} data-testid={testId} {...rest}>
      {children}
    </div>
  )
}

type LineProps = { children: ReactNode; dir?: 'ltr'; testId?: string }

/** The card's main figure (an amount): large and bold. Isolated, so numbers keep their order in Persian. */
export function HeaderFigure({ children, dir, testId }: LineProps) {
  return (
    <bdi className="header-card__figure" dir={dir} data-testid={testId}>
      {children}
    </bdi>
  )
}

/** A secondary line: hint colour, or the destructive colour for a charge ('-0.30 USDT Fee', '-10%'). */
export function HeaderLine({
  children,
  dir,
  testId,
  tone = 'hint',
}: LineProps & { tone?: 'hint' | 'alert' }) {
  return (
    <bdi className={`header-card__line header-card__line--${tone}`} dir={dir} data-testid={testId}>
      {children}
    </bdi>
  )
}
