import type { Language } from '@app/contract'

/** The calls that send an email also say its language: the app's (the server falls back to Accept-Language). */
export type WithMailLanguage<T> = Omit<T, 'lng'> & { lng?: Language }
