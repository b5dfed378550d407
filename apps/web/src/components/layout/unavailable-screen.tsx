import type { Namespace } from '@app/contract'
import { useTranslation } from '#lib/use-translation.tsx'
import { ToolsIcon } from '../icons.tsx'
import { Placeholder } from '../ui/placeholder.tsx'
import { Page } from './page.tsx'

type UnavailableScreenProps = {
  ns: Namespace
  titleKey: string
}

/** The one stand-in for screens that later issues fill: the spec's title and a plain 'not yet'. */
export function UnavailableScreen({ ns, titleKey }: UnavailableScreenProps) {
  const { t } = useTranslation([ns, 'common'])
  return (
    <Page title={t(titleKey, { ns })} testId="unavailable-screen">
      <Placeholder icon={<ToolsIcon />} description={t('placeholder.notAvailable', { ns: 'common' })} />
    </Page>
  )
}
