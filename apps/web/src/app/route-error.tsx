import { useLayoutEffect } from 'react'
import { AlertIcon } from '#components/icons.tsx'
import { Button } from '#components/ui/button.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { dismissBootHome } from '#lib/boot-home.ts'
import { useTranslation } from '#lib/use-translation.tsx'

/** What a crashed screen shows instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation('common')
  useLayoutEffect(dismissBootHome, [])
  return (
    <main className="fullscreen-center" data-testid="route-error">
      <Placeholder
        icon={<AlertIcon />}
        title={t('error.unexpected', { defaultValue: 'Unexpected Application Error!' })}
        role="alert"
        action={
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            {t('action.reload')}
          </Button>
        }
      />
    </main>
  )
}
