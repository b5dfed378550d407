import { isolateLtr } from '#lib/bidi.ts'

/**
 * A phone number as every screen shows it: isolated left to right (so '+98' stays in front inside Persian
 * text) and never broken across lines (the spaces of '+98 912 000 0001' would otherwise be break points).
 */
export function PhoneNumber({
  children,
  className,
  testId,
}: {
  children: string
  className?: string
  testId?: string
}) {
  return (
    <bdi dir="ltr" className={className ? `phone-number ${className}` : 'phone-number'} data-testid={testId}>
      {children}
    </bdi>
  )
}

/** The same number inside plain text (a Telegram popup): wrapped in Unicode's left-to-right isolate. */
export const isolatePhoneNumber = isolateLtr
