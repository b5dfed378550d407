import type { ReactNode } from 'react'
import { useTranslation } from '#lib/use-translation.tsx'
import { BackArrowIcon } from '../icons.tsx'
import { BottomBar } from '../ui/bottom-bar.tsx'
import { usePageBack } from './page-back.tsx'

type PageProps = {
  title?: ReactNode
  children: ReactNode
  footer?: ReactNode
  /** Full-width actions pinned to the bottom. */
  actions?: ReactNode
  testId?: string
}

/** Outside Telegram only: the header's back arrow (Telegram draws its own BackButton). */
function BackArrow({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('common')
  return (
    <button type="button" className="page__back" onClick={onBack} data-testid="page-back">
      <BackArrowIcon label={t('action.back')} />
    </button>
  )
}

/** A screen: safe-area padding, a large title (after a back arrow outside Telegram), content, bottom actions. */
export function Page({ title, children, footer, actions, testId }: PageProps) {
  const onBack = usePageBack()
  const heading = title ? <h1 className="page__title">{title}</h1> : null
  return (
    <main className={actions ? 'page page--with-bottom-bar' : 'page'} data-testid={testId}>
      {onBack ? (
        <div className="page__header">
          <BackArrow onBack={onBack} />
          {heading}
        </div>
      ) : (
        heading
      )}
      {children}
      {footer ? <footer className="page__footer">{footer}</footer> : null}
      {actions ? <BottomBar>{actions}</BottomBar> : null}
    </main>
  )
}
