import { PAGE_SIZE } from '@app/contract'

/** Saved bank cards: one page of the spec's size (section 9). */
export const BANK_CARDS_PAGE_SIZE = PAGE_SIZE

/** Block explorers for the txid of a payout (spec section 2): Tronscan for trx, BscScan otherwise. */
export const TRONSCAN_TX_URL = 'https://tronscan.org/#/transaction/'
export const BSCSCAN_TX_URL = 'https://bscscan.com/tx/'

/** The prefix of an Iranian IBAN (sheba): the user types the 24 digits, the form adds it. */
export const IBAN_PREFIX = 'IR'
