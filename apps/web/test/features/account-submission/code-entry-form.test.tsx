import type { CodeType } from '@app/contract'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CodeEntryForm } from '#features/account-submission/components/code-entry-form.tsx'
import { I18nProvider } from '#lib/use-translation.tsx'
import { createTestI18n } from '#test-helpers/i18n.ts'

type Props = ComponentProps<typeof CodeEntryForm>

function renderForm(overrides: Partial<Props> = {}, language: 'en' | 'fa' = 'en') {
  const onSubmit = vi.fn<(code: string) => void>()
  const onResend = vi.fn<() => void>()
  const props: Props = {
    testId: 'submit-code',
    title: 'Enter code',
    sentVia: 'sms',
    phone: '+447700900123',
    length: 5,
    sentAt: 1,
    pending: false,
    onSubmit,
    resend: { nextType: 'call', timeout: 0, pending: false, onResend },
    ...overrides,
  }
  const i18n = createTestI18n(language)
  const view = render(
    <I18nProvider i18n={i18n}>
      <CodeEntryForm {...props} />
    </I18nProvider>,
  )
  const rerender = (next: Partial<Props>) =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <CodeEntryForm {...props} {...next} />
      </I18nProvider>,
    )
  return { onSubmit, onResend, rerender }
}

describe('CodeEntryForm (login and sign-up code screens)', () => {
  afterEach(() => vi.useRealTimers())

  it.each<[CodeType, string]>([
    ['app', "We've sent the code to the Telegram app on your other device:"],
    ['sms', "We've sent you an SMS with the code:"],
    ['call', "We're calling your phone number to tell you the code:"],
  ])('says how the code was sent (%s) and to which number, left to right', (sentVia, sentence) => {
    renderForm({ sentVia })
    expect(screen.getByText(sentence, { exact: false })).toBeInTheDocument()
    expect(screen.getByText('+447700900123')).toHaveAttribute('dir', 'ltr')
    expect(screen.getByRole('heading', { level: 1, name: 'Enter code' })).toBeInTheDocument()
  })

  it('is a numeric one-time-code field as long as the code, 16 when the length is unknown', () => {
    const { rerender } = renderForm({ length: 5 })
    const field = screen.getByLabelText('Code')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    expect(field).toHaveAttribute('maxlength', '5')
    rerender({ length: null })
    expect(screen.getByLabelText('Code')).toHaveAttribute('maxlength', '16')
  })

  it('refuses a code of another length, then submits the right one', async () => {
    const user = userEvent.setup()
    const { onSubmit } = renderForm({ length: 5 })
    await user.type(screen.getByLabelText('Code'), '123')
    await user.click(screen.getByTestId('submit-code-submit'))
    expect(await screen.findByText('Please enter a valid OTP code')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Code'), '45')
    await user.click(screen.getByTestId('submit-code-submit'))
    expect(onSubmit).toHaveBeenCalledWith('12345')
  })

  it('counts the resend down from the timeout, then offers the next channel', () => {
    vi.useFakeTimers()
    const onResend = vi.fn<() => void>()
    renderForm({ resend: { nextType: 'call', timeout: 2, pending: false, onResend } })
    const link = screen.getByTestId('resend-code')
    expect(link).toHaveTextContent('Request voice call in 2s...')
    expect(link).toBeDisabled()
    act(() => vi.advanceTimersByTime(1000))
    expect(link).toHaveTextContent('Request voice call in 1s...')
    act(() => vi.advanceTimersByTime(1000))
    expect(link).toHaveTextContent('Get the code by voice call')
    expect(link).toBeEnabled()
    fireEvent.click(link)
    expect(onResend).toHaveBeenCalledTimes(1)
  })

  it("resends on a tap, says 'Requesting...' while it asks, and a new code empties the field", async () => {
    const user = userEvent.setup()
    const { onResend, rerender } = renderForm()
    await user.click(screen.getByTestId('resend-code'))
    expect(onResend).toHaveBeenCalledTimes(1)

    rerender({ resend: { nextType: 'call', timeout: 0, pending: true, onResend } })
    expect(screen.getByTestId('resend-code')).toHaveTextContent('Requesting...')
    expect(screen.getByTestId('resend-code')).toBeDisabled()

    await user.type(screen.getByLabelText('Code'), '99')
    rerender({
      sentAt: 2,
      sentVia: 'call',
      resend: { nextType: null, timeout: null, pending: false, onResend },
    })
    expect(screen.getByLabelText('Code')).toHaveValue('')
    expect(
      screen.getByText("We're calling your phone number to tell you the code:", { exact: false }),
    ).toBeVisible()
    expect(screen.queryByTestId('resend-code')).not.toBeInTheDocument()
  })

  it('reads in Persian', () => {
    renderForm({}, 'fa')
    expect(screen.getByLabelText('کد')).toBeInTheDocument()
    expect(screen.getByText('کد را با پیامک برایتان فرستادیم:', { exact: false })).toBeInTheDocument()
    expect(screen.getByTestId('resend-code')).toHaveTextContent('تماس صوتی')
  })
})
