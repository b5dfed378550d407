import type { AuthSession, CodeType } from '@app/contract'

type AuthCodeTypeName = NonNullable<AuthSession['sentCode']>['type']['@type']

/** The sign-up session names code types like the provider does; the screens speak CodeType. */
export function codeTypeFromAuth(name: AuthCodeTypeName): CodeType {
  switch (name) {
    case 'authenticationCodeTypeTelegramMessage':
      return 'app'
    case 'authenticationCodeTypeSms':
      return 'sms'
    case 'authenticationCodeTypeCall':
      return 'call'
    case 'authenticationCodeTypeFlashCall':
      return 'flash_call'
    case 'authenticationCodeTypeMissedCall':
      return 'missed_call'
    case 'authenticationCodeTypeSetUpEmailRequired':
      return 'setup_email_required'
  }
}

/** Key of the channel's name in 'Request {channel} in Ns...' ('SMS', 'voice call', ...). */
export function channelKey(type: CodeType): string {
  switch (type) {
    case 'sms':
      return 'accounts.submit.channel.sms'
    case 'call':
    case 'flash_call':
    case 'missed_call':
      return 'accounts.submit.channel.call'
    case 'email':
    case 'setup_email_required':
      return 'accounts.submit.channel.email'
    default:
      return 'accounts.submit.channel.app'
  }
}

/** Key of 'how the code was sent' on the code screen. */
export function sentViaKey(type: CodeType): string {
  switch (type) {
    case 'sms':
      return 'accounts.submit.code.sentSms'
    case 'call':
      return 'accounts.submit.code.sentCall'
    case 'flash_call':
    case 'missed_call':
      return 'accounts.submit.code.sentFlashCall'
    case 'email':
      return 'accounts.submit.code.sentEmail'
    default:
      return 'accounts.submit.code.sentApp'
  }
}
