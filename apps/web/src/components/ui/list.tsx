import type { CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'

type SectionProps = {
  header?: ReactNode
  footer?: ReactNode
  children: ReactNode
  'aria-label'?: string
}

/** A group of cells: rounded and inset on iOS, flat full-width on Android. */
export function Section({ header, footer, children, 'aria-label': ariaLabel }: SectionProps) {
  return (
    <section className="section" aria-label={ariaLabel}>
      {header ? <h2 className="section__header">{header}</h2> : null}
      <ul className="section__body">{children}</ul>
      {footer ? <p className="section__footer">{footer}</p> : null}
    </section>
  )
}

type CellProps = {
  children: ReactNode
  subtitle?: ReactNode
  after?: ReactNode
  icon?: ReactNode
  /** Background of the icon tile (iOS settings style). */
  iconColor?: string
  chevron?: boolean
  to?: string
  onClick?: () => void
  disabled?: boolean
  testId?: string
  /**
   * The title is never cut (a phone number: its digits tell rows apart); what comes after it gives way instead,
   * wrapping onto more lines.
   */
  wholeTitle?: boolean
}

function Chevron() {
  return (
    <svg className="cell__chevron" viewBox="0 0 8 14" aria-hidden="true">
      <path d="M1 1l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

/** One row: a link when it navigates, a button when it acts, plain text otherwise. */
export function Cell({
  children,
  subtitle,
  after,
  icon,
  iconColor,
  chevron,
  to,
  onClick,
  disabled,
  testId,
  wholeTitle,
}: CellProps) {
  const className = ['cell', icon ? 'cell--with-icon' : '', wholeTitle ? 'cell--whole-title' : '']
    .filter(Boolean)
    .join(' ')
  const content = (
    <>
      {icon ? (
        <span
          className="cell__icon"
          style={iconColor ? ({ '--cell-icon-bg': iconColor } as CSSProperties) : undefined}
        >
          {icon}
        </span>
      ) : null}
      <span className="cell__content">
        <span className="cell__title">{children}</span>
        {subtitle ? <span className="cell__subtitle">{subtitle}</span> : null}
      </span>
      {after !== undefined && after !== null ? <span className="cell__after">{after}</span> : null}
      {chevron ? <Chevron /> : null}
    </>
  )
  let row: ReactNode
  if (to && !disabled) {
    row = (
      <Link className={className} to={to} data-testid={testId}>
        {content}
      </Link>
    )
  } else if (onClick) {
    row = (
      <button type="button" className={className} onClick={onClick} disabled={disabled} data-testid={testId}>
        {content}
      </button>
    )
  } else {
    row = (
      <div className={className} data-testid={testId}>
        {content}
      </div>
    )
  }
  return <li>{row}</li>
}
