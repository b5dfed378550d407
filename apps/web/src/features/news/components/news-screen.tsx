import { NewsIcon } from '../../../components/icons.tsx'
import { Page } from '../../../components/layout/page.tsx'
import { Placeholder } from '../../../components/ui/placeholder.tsx'
import { useTranslation } from '../../../lib/use-translation.tsx'

/** News (spec section 2): nothing is published yet, and the screen says so. */
export function NewsScreen() {
  const { t } = useTranslation('common')
  return (
    <Page title={t('news.title')} testId="news">
      <Placeholder icon={<NewsIcon />} description={t('news.empty')} />
    </Page>
  )
}
