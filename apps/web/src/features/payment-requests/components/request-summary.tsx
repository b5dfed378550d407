import type { ReactNode } from 'react'
import { Cell, Section } from '#components/ui/list.tsx'
import { Skeleton } from '#components/ui/skeleton.tsx'

/** One line of the summary; no value yet (the invoice or the rate on their way): a bar. */
export type SummaryRow = { label: string; value: string | undefined; testId: string }

/**
 * What a payout form will pay, shown before it is sent (issue 38): the invoice, the rate or the fee, and what the
 * user receives, last. Each value reads in its own direction (`bdi`): '12.50 USDT' left to right, '1,231,250 تومان'
 * right to left.
 */
export function RequestSummary({
  title,
  rows,
  footer,
}: {
  title: string
  rows: SummaryRow[]
  footer?: ReactNode
}) {
  return (
    <div className="payments-summary" data-testid="payout-summary">
      <Section header={title} footer={footer}>
        {rows.map(({ label, value, testId }) => (
          <Cell
            key={testId}
            after={value === undefined ? <Skeleton width={72} /> : <bdi data-testid={testId}>{value}</bdi>}
          >
            {label}
          </Cell>
        ))}
      </Section>
    </div>
  )
}
