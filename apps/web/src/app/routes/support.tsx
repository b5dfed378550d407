import { supportAuth } from '#features/support/api/support-api.ts'
import { SupportScreen } from '#features/support/components/support-screen.tsx'
import { useLaunchParams } from '#lib/telegram/launch-context.tsx'

/**
 * Support sits outside the signed-in screens: a blocked user has no tokens, and reaches it with Telegram's init
 * data instead (docs/support.md).
 */
export function Component() {
  const launch = useLaunchParams()
  return <SupportScreen auth={supportAuth(launch?.rawInitData)} />
}
