import type { ReactNode } from 'react'
import { AlertIcon } from '#components/icons.tsx'

/** A highlighted block of short lines: warnings (red accent) or tips/notes (hint colour). */
export function PaymentNotes({
  title,
  items,
  tone = 'note',
  testId,
}: {
  title?: string
  items: ReactNode[]
  tone?: 'note' | 'warning'
  testId?: string
}) {
  return (
    <section className={`payments-notes payments-notes--${tone}`} data-testid={testId} aria-label={title}>
      {title ? (
        <h2 className="payments-notes__title">
          <AlertIcon />
          {title}
        </h2>
      ) : null}
      <ul className="payments-notes__list">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of texts
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  )
}
