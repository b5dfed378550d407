import { type BankCard, type BankCardCreate, formatToman, V } from '@app/contract'
import { zodResolver } from '@hookform/resolvers/zod'
import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormPage } from '#components/layout/form-page.tsx'
import { Field } from '#components/ui/field.tsx'
import { Cell, Section } from '#components/ui/list.tsx'
import { paths } from '#config/paths.ts'
import { formatUsdt } from '#lib/format.ts'
import { withLatinDigits } from '#lib/latin-digits.ts'
import { useBackHandler } from '#lib/telegram/back-handlers.ts'
import { hapticImpact } from '#lib/telegram/haptics.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { useBankCards } from '../api/get-bank-cards.ts'
import type { PaymentRequestOptions } from '../api/payment-request-options.ts'
import { useRequestPaymentIrt } from '../api/request-payment-irt.ts'
import { groupCardNumber, ibanForForm } from '../digits.ts'
import { type BankCardFormValues, bankCardFormSchema, EMPTY_BANK_CARD } from '../form-schemas.ts'
import { formatRate } from '../format.ts'
import { IBAN_PREFIX } from '../payment-constants.ts'
import { PaymentNotes } from './payment-notes.tsx'
import { RequestSummary } from './request-summary.tsx'
import { type NetPreview, useNetPreview } from './use-net-preview.ts'
import { outcomeOfFailure, usePaymentOutcome } from './use-payment-outcome.ts'
import { useServerFieldErrors } from './use-server-field-errors.ts'

/** The contract's limit on name and family (64): the input stops there rather than showing zod's English. */
const NAME_MAX_LENGTH = 64

const NUMERIC_INPUT = {
  inputMode: 'numeric',
  dir: 'ltr',
  autoComplete: 'off',
  autoCorrect: 'off',
  spellCheck: false,
} as const

/** The sheba field: a fixed 'IR' before the 24 digits the user types (the kit's field, with a prefix). */
function IbanField({
  label,
  hint,
  error,
  input,
}: {
  label: string
  hint: string
  error: ReactNode
  input: InputHTMLAttributes<HTMLInputElement>
}) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__input payments-iban" dir="ltr" data-invalid={error ? true : undefined}>
        <span className="payments-iban__prefix" aria-hidden="true">
          {IBAN_PREFIX}
        </span>
        <input
          {...input}
          id={id}
          className="payments-iban__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
        />
      </div>
      {error ? (
        <span id={messageId} className="field__error" role="alert">
          {error}
        </span>
      ) : (
        <span id={messageId} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  )
}

/**
 * Above the form, in Persian: the invoice, the rate ('1 دلار = price تومان', spec section 2) and the toman the user
 * will receive at it (issue 38). No rate: said, and the form cannot be sent.
 */
function TomanSummary({
  invoiceAmount,
  preview,
}: {
  invoiceAmount: number | undefined
  preview: NetPreview
}) {
  const { t } = useTranslation('payments')
  if (preview.rateUnavailable) {
    return (
      <p
        className="payments-intro payments-rate--unavailable"
        role="alert"
        data-testid="exchange-rate-unavailable"
      >
        {t('payments.irt.rateUnavailable')}
      </p>
    )
  }
  const { price, receive } = preview
  return (
    <RequestSummary
      title={t('payments.irt.summary.title')}
      rows={[
        {
          label: t('payments.irt.summary.invoice'),
          value: invoiceAmount === undefined ? undefined : `${formatUsdt(invoiceAmount)} USDT`,
          testId: 'payout-invoice',
        },
        {
          label: t('payments.irt.summary.rate'),
          value: price === undefined ? undefined : t('payments.irt.rate', { price: formatRate(price) }),
          testId: 'exchange-rate',
        },
        {
          label: t('payments.irt.summary.receive'),
          value:
            receive === undefined
              ? undefined
              : t('payments.irt.summary.toman', { amount: formatToman(receive) }),
          testId: 'payout-receive',
        },
      ]}
    />
  )
}

function SavedBankCards({ onPick }: { onPick: (card: BankCard) => void }) {
  const { t } = useTranslation('payments')
  const cards = useBankCards().data?.items ?? []
  if (cards.length === 0) return null
  return (
    <Section header={t('payments.irt.savedCards')} footer={t('payments.irt.savedCardsHint')}>
      {cards.map((card) => (
        <Cell
          key={card.uid}
          testId="bank-card"
          onClick={() => onPick(card)}
          subtitle={
            <bdi dir="ltr" className="payments-mono">
              {groupCardNumber(card.number)}
            </bdi>
          }
        >
          {`${card.name} ${card.family}`}
        </Cell>
      ))}
    </Section>
  )
}

type Props = {
  invoiceUid: string
  /** The invoice's amount in USDT (GET /invoices/{uid}), as shown and exact; undefined while it loads. */
  invoiceAmount: number | undefined
  invoiceAmountExact: string | undefined
} & PaymentRequestOptions

/**
 * /invoices/:invoiceUid/request-payment-irt: a toman bank transfer, right to left and in Persian whatever the
 * app language (spec section 2). Card holder, card number and sheba (typed without 'IR'), the USDTIRT rate
 * (no rate: submit disabled), saved cards that fill the form, tips.
 */
export function RequestPaymentIrtScreen({ invoiceUid, invoiceAmount, invoiceAmountExact, onSettled }: Props) {
  const { t, i18n } = useTranslation(['payments', 'common'])
  const navigate = useNavigate()
  const mutation = useRequestPaymentIrt(invoiceUid, onSettled ? { onSettled } : {})
  const preview = useNetPreview('irt', invoiceAmountExact)
  const form = useForm<BankCardFormValues, unknown, BankCardCreate>({
    resolver: zodResolver(bankCardFormSchema),
    defaultValues: EMPTY_BANK_CARD,
  })
  const showOutcome = usePaymentOutcome('irt')
  const applyServerErrors = useServerFieldErrors(form.setError, FIELD_MESSAGES)
  useBackHandler(() => void navigate(paths.selectMethod(invoiceUid)))

  const { errors } = form.formState
  // The form is Persian, its messages the user's language (a required name says so in English too): each keeps its
  // own direction inside the right-to-left form.
  const message = (key: string | undefined) =>
    key ? <bdi lang={i18n.language}>{t(key, { ns: 'common', defaultValue: key })}</bdi> : undefined
  const pickCard = (card: BankCard) => {
    hapticImpact('light')
    form.reset({ name: card.name, family: card.family, number: card.number, iban: ibanForForm(card.iban) })
  }

  return (
    <div dir="rtl" lang="fa" className="payments-fa">
      <FormPage
        title={t('payments.irt.title')}
        testId="request-payment-irt"
        intro={<TomanSummary invoiceAmount={invoiceAmount} preview={preview} />}
        submitText={t('payments.irt.submit')}
        pending={mutation.isPending}
        disabled={preview.receive === undefined}
        onSubmit={form.handleSubmit((bankCardCreate) => {
          if (mutation.isPending || preview.receive === undefined) return
          mutation.mutate(
            { bankCardCreate, currency: 'irt' },
            {
              onSuccess: () => void showOutcome('success'),
              onError: (failure) => {
                if (!applyServerErrors(failure)) void showOutcome(outcomeOfFailure(failure))
              },
            },
          )
        })}
        after={
          <>
            <SavedBankCards onPick={pickCard} />
            <PaymentNotes
              title={t('payments.irt.tipsTitle')}
              testId="payment-tips"
              items={[t('payments.irt.tipOwner'), t('payments.irt.tipIban'), t('payments.irt.tipHours')]}
            />
          </>
        }
      >
        <Field
          label={t('payments.irt.name')}
          error={message(errors.name?.message)}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          {...form.register('name')}
        />
        <Field
          label={t('payments.irt.family')}
          error={message(errors.family?.message)}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          {...form.register('family')}
        />
        <Field
          label={t('payments.irt.number')}
          error={message(errors.number?.message)}
          placeholder="0000 0000 0000 0000"
          maxLength={24}
          {...NUMERIC_INPUT}
          {...form.register('number')}
        />
        <IbanField
          label={t('payments.irt.iban')}
          hint={t('payments.irt.ibanHint')}
          error={message(errors.iban?.message)}
          input={{
            maxLength: 34,
            placeholder: '000000000000000000000000',
            ...NUMERIC_INPUT,
            ...withLatinDigits(form.register('iban')),
          }}
        />
      </FormPage>
    </div>
  )
}

const FIELD_MESSAGES = {
  name: V.nameRequired,
  family: V.familyRequired,
  number: V.cardInvalid,
  iban: V.ibanInvalid,
}
