import { useNavigate } from 'react-router'
import { CompassIcon } from '#components/icons.tsx'
import { Button } from '#components/ui/button.tsx'
import { Placeholder } from '#components/ui/placeholder.tsx'
import { paths } from '#config/paths.ts'
import { useTranslation } from '#lib/use-translation.tsx'

export function NotFoundScreen() {
  const { t } = useTranslation('common')
  const navigate = useNavigate()
  return (
    <main className="fullscreen-center" data-testid="not-found">
      <Placeholder
        icon={<CompassIcon />}
        title={t('notFound.title')}
        action={
          <Button onClick={() => void navigate(paths.home, { replace: true })}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </main>
  )
}

export { NotFoundScreen as Component }
