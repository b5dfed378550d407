/** Sets a setting as the operators' call does (the settings service's rules), outside a request. */
import type { Db } from '#db/client.ts'
import { createSettingsService } from '#modules/settings/service.ts'
import type { SettingKey } from '#modules/settings/settings-definitions.ts'

export function setSetting(db: Db, key: SettingKey, value: unknown) {
  const config = { bot: { opsChatId: undefined }, operators: { fourEyesDelaySeconds: 24 * 3600 } }
  return createSettingsService({ db, now: () => new Date(), config }).set(key, value, 'test')
}
