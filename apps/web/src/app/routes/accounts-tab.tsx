import { useTranslation } from 'react-i18next'
import { ToolsIcon } from '../../components/icons.tsx'
import { Placeholder } from '../../components/ui/placeholder.tsx'

/** One status tab of /accounts; the list itself arrives with the accounts issue. */
export function AccountsTab() {
  const { t } = useTranslation('common')
  return <Placeholder icon={<ToolsIcon />} description={t('placeholder.notAvailable')} />
}

export { AccountsTab as Component }
