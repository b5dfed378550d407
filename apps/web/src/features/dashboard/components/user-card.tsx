import type { TelegramUser } from '../../../lib/telegram/launch-params.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'

function initials(user: TelegramUser): string {
  // A zero-width non-joiner keeps Persian initials as two letters instead of one joined word.
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).filter(Boolean)
  return letters.join('\u200c').toUpperCase() || '?'
}

/** First name, last name and id, straight from the Telegram init data (spec section 1). */
export function UserCard({ user }: { user: TelegramUser | null }) {
  const { t } = useTranslation('dashboard')
  if (!user) return null
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <section className="user-card" aria-label={t('dashboard.userCard')} data-testid="user-card">
      <span className="user-card__avatar" aria-hidden="true">
        {initials(user)}
      </span>
      <div className="user-card__text">
        <span className="user-card__name">{fullName}</span>
        <span className="user-card__id">
          {t('dashboard.userId')} <bdi>{user.id}</bdi>
        </span>
      </div>
    </section>
  )
}
