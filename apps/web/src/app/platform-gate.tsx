import { PhoneOffIcon } from '#components/icons.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { useTranslation } from '#lib/use-translation.tsx'

/** Shown instead of the app outside Telegram's iOS and Android clients (spec section 1). */
export function PlatformGate() {
  const { t } = useTranslation('common')
  return (
    <main className="fullscreen-center" data-testid="platform-gate">
      <Placeholder icon={<PhoneOffIcon />} description={t('gate.unsupportedPlatform')} role="alert" />
    </main>
  )
}
