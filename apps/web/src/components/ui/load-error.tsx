import { useTranslation } from '#lib/use-translation.tsx'
import { Button } from './button.tsx'
import { Placeholder } from './placeholder.tsx'

/** A load that failed: 'Error', what could not be loaded, and Try again. */
export function LoadError({ description, onRetry }: { description: string; onRetry: () => void }) {
  const { t } = useTranslation('common')
  return (
    <Placeholder
      role="alert"
      title={t('error.title')}
      description={description}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  )
}
