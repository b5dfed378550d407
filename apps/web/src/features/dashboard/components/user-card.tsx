import { Skeleton } from '../../../components/ui/skeleton.tsx'
import type { TelegramUser } from '../../../lib/telegram/launch-params.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'

function initials(user: TelegramUser): string {
  // A zero-width non-joiner keeps Persian initials as two letters instead of one joined word.
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).filter(Boolean)
  return letters.join('\u200c').toUpperCase() || '?'
}

type UserCardProps = {
  /** From the Telegram init data; null in a plain browser. */
  user: TelegramUser | null
  /** The sign-in email (GET /dashboard `user.email`): shown where Telegram's name is missing; undefined while loading. */
  email?: string | null | undefined
  /** A plain browser's email session: a Log out button (inside Telegram the session is Telegram's). */
  onLogout?: (() => void) | undefined
}

/**
 * First name, last name and id, straight from the Telegram init data (spec section 1). Outside Telegram there is
 * no init data: the card shows the email the user signed in with, and the way to log out.
 */
export function UserCard({ user, email, onLogout }: UserCardProps) {
  const { t } = useTranslation(['dashboard', 'common'])
  if (!user && !onLogout) return null
  const fullName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : ''
  return (
    <section className="user-card" aria-label={t('dashboard.userCard')} data-testid="user-card">
      <span className="user-card__avatar" aria-hidden="true">
        {user ? initials(user) : (email?.charAt(0).toUpperCase() ?? '?')}
      </span>
      <div className="user-card__text">
        {user ? (
          <>
            <span className="user-card__name">{fullName}</span>
            <span className="user-card__id">
              {t('dashboard.userId')} <bdi>{user.id}</bdi>
            </span>
          </>
        ) : (
          <>
            <span className="user-card__name user-card__name--email" data-testid="user-card-email">
              {email ? <bdi dir="ltr">{email}</bdi> : <Skeleton width="70%" height={18} />}
            </span>
            <span className="user-card__id">{t('session.signedInWithEmail', { ns: 'common' })}</span>
            {onLogout ? (
              <button
                type="button"
                className="user-card__logout"
                onClick={onLogout}
                data-testid="user-card-logout"
              >
                {t('action.logout', { ns: 'common' })}
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  )
}
