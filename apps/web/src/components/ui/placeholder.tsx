import type { ReactNode } from 'react'

type PlaceholderProps = {
  icon?: ReactNode
  title?: ReactNode
  description?: ReactNode
  action?: ReactNode
  role?: 'alert' | 'status'
}

/** Empty, error and 'not yet' states: an icon, a line or two, maybe one action. */
export function Placeholder({ icon, title, description, action, role }: PlaceholderProps) {
  return (
    <div className="placeholder" role={role}>
      {icon ? <div className="placeholder__icon">{icon}</div> : null}
      {title ? <h2 className="placeholder__title">{title}</h2> : null}
      {description ? <p className="placeholder__description">{description}</p> : null}
      {action ? <div className="placeholder__action">{action}</div> : null}
    </div>
  )
}
