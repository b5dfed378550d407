/**
 * Validation messages are i18n keys in the `common` namespace, never English text:
 * the mini-app translates them, the server resolves them to English for its 400 answers.
 */
export const V = {
  phoneRequired: 'validation.phoneRequired',
  phoneInvalid: 'validation.phoneInvalid',
  otpRequired: 'validation.otpRequired',
  otpInvalid: 'validation.otpInvalid',
  verificationCodeRequired: 'validation.verificationCodeRequired',
  verificationCodeInvalid: 'validation.verificationCodeInvalid',
  loginEmailRequired: 'validation.loginEmailRequired',
  emailInvalid: 'validation.emailInvalid',
  accountPasswordRequired: 'validation.accountPasswordRequired',
  codeRequired: 'validation.codeRequired',
  codeLength: 'validation.codeLength',
  emailRequired: 'validation.emailRequired',
  passwordRequired: 'validation.passwordRequired',
  passwordMin: 'validation.passwordMin',
  passwordMax: 'validation.passwordMax',
  passwordIsEmail: 'validation.passwordIsEmail',
  loginPasswordInvalid: 'validation.loginPasswordInvalid',
  retypeRequired: 'validation.retypeRequired',
  retypeMismatch: 'validation.retypeMismatch',
  searchTooLong: 'validation.searchTooLong',
  walletRequired: 'validation.walletRequired',
  trxAddressInvalid: 'validation.trxAddressInvalid',
  bscAddressInvalid: 'validation.bscAddressInvalid',
  nameRequired: 'validation.nameRequired',
  familyRequired: 'validation.familyRequired',
  cardInvalid: 'validation.cardInvalid',
  ibanInvalid: 'validation.ibanInvalid',
  initDataRequired: 'validation.initDataRequired',
  referralCodeInvalid: 'validation.referralCodeInvalid',
} as const
export type ValidationMessageKey = (typeof V)[keyof typeof V]
