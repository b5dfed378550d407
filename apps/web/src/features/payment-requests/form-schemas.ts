import {
  BankCardCreateSchema,
  RequestPaymentBodySchema,
  RequestPaymentCryptoBodySchema,
  V,
} from '@app/contract'
import * as z from 'zod/mini'
import { cardNumberDigits, ibanWithPrefix } from './digits.ts'

/*
 * The payout forms validate with the contract's own field rules (messages are common-namespace i18n keys),
 * so the client refuses what the server would: TRON and BSC addresses, card number and sheba checksums.
 * The contract's rules turn Persian digits Latin themselves; the toman fields first drop what people type
 * around the digits (spaces, dashes, the 'IR' prefix); the output is the body.
 */

/** TRX TRC20: one TRON address. */
export const trxFormSchema = z.object({
  receiverAddress: RequestPaymentBodySchema.shape.receiverAddress,
})

/** USDT BEP20: one BSC address. */
export const usdtFormSchema = z.object({
  receiverAddress: RequestPaymentCryptoBodySchema.shape.receiverAddress,
})

/** What either wallet form holds: the address as typed. */
export type WalletFormValues = z.input<typeof trxFormSchema | typeof usdtFormSchema>

/** Toman: the card holder, the 16-digit card and the 24-digit sheba; the output carries 'IR' + digits. */
export const bankCardFormSchema = z.object({
  name: BankCardCreateSchema.shape.name,
  family: BankCardCreateSchema.shape.family,
  number: z.pipe(
    z.pipe(z.string({ error: V.cardInvalid }), z.transform(cardNumberDigits)),
    BankCardCreateSchema.shape.number,
  ),
  iban: z.pipe(
    z.pipe(z.string({ error: V.ibanInvalid }), z.transform(ibanWithPrefix)),
    BankCardCreateSchema.shape.iban,
  ),
})

/** What the toman form holds: the sheba without its 'IR' prefix (the form shows it as a fixed prefix). */
export type BankCardFormValues = z.input<typeof bankCardFormSchema>

export const EMPTY_BANK_CARD: BankCardFormValues = { name: '', family: '', number: '', iban: '' }
