/**
 * How Telegram opens a mini-app, for whoever plays Telegram: the simulator, the web tests and the end-to-end
 * tests. Init data is URL-encoded fields plus a `hash` over them; the launch URL carries it with the client's
 * platform, version and theme in the hash, and the start parameter in the query. Browser-safe (no Node
 * APIs): the hash is computed by the caller (the server's HMAC, or a placeholder where the server is faked).
 */

/** The `user` field of init data, in Telegram's own snake_case. */
export type InitDataUser = {
  id: number
  first_name: string
  last_name?: string
  username?: string
  language_code?: string
  is_premium?: boolean
  allows_write_to_pm?: boolean
  photo_url?: string
}

export type InitDataFields = {
  user: InitDataUser
  /** Epoch seconds. */
  authDate: number
  queryId: string
  /** Telegram's Ed25519 signature for third parties (kept inside the data-check string). */
  signature: string
  /** The start parameter of a t.me/<bot>?startapp=<code> link; Telegram then adds the chat type. */
  startParam?: string | undefined
}

/** The fields in Telegram's order, `hash` not yet among them. */
export function initDataEntries(fields: InitDataFields): [string, string][] {
  const entries: [string, string][] = [
    ['query_id', fields.queryId],
    ['user', JSON.stringify(fields.user)],
    ['auth_date', String(fields.authDate)],
    ['signature', fields.signature],
  ]
  if (fields.startParam) entries.push(['start_param', fields.startParam], ['chat_type', 'sender'])
  entries.push(['chat_instance', '-1234567890123456789'])
  return entries
}

/** The raw init data string: the fields URL-encoded, then `hash` computed over them by `hashOf`. */
export function composeInitData(
  fields: InitDataFields,
  hashOf: (fields: Record<string, string>) => string,
): string {
  const entries = initDataEntries(fields)
  const hash = hashOf(Object.fromEntries(entries))
  return new URLSearchParams([...entries, ['hash', hash]]).toString()
}

export type LaunchUrlOptions = {
  /** The raw init data, exactly as the app must send it back. */
  initData: string
  /** 'ios', 'android', 'tdesktop'... (the app lets only android and ios past its gate). */
  platform: string
  /** The client's Mini Apps version, e.g. '8.0'. */
  version: string
  themeParams: Record<string, string>
  /** Sent in the query as tgWebAppStartParam; omitted when empty. */
  startParam?: string | undefined
  /** The screen to open; '/' by default. */
  path?: string
}

/** `<path>?tgWebAppStartParam=<code>#tgWebAppData=...&tgWebAppVersion=...&tgWebAppPlatform=...&tgWebAppThemeParams=...` */
export function telegramLaunchUrl(options: LaunchUrlOptions): string {
  const hash = new URLSearchParams({
    tgWebAppData: options.initData,
    tgWebAppVersion: options.version,
    tgWebAppPlatform: options.platform,
    tgWebAppThemeParams: JSON.stringify(options.themeParams),
  })
  const query = options.startParam
    ? `?${new URLSearchParams({ tgWebAppStartParam: options.startParam })}`
    : ''
  return `${options.path ?? '/'}${query}#${hash}`
}
