import { Link } from 'react-router'
import { Skeleton } from '#components/ui/skeleton.tsx'
import { paths } from '#config/paths.ts'
import type { TelegramUser } from '#lib/telegram/launch-params.ts'
import { useTranslation } from '#lib/use-translation.tsx'

function initials(user: TelegramUser): string {
  // A zero-width non-joiner keeps Persian initials as two letters instead of one joined word.
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).filter(Boolean)
  return letters.join('\u200c').toUpperCase() || '?'
}

/**
 * A Telegram user's sign-in email (docs/email-auth.md: a second way into the same account): the email once verified,
 * else the way to add one (the registration, bound to this user by the session). A line of fixed height, a bar while
 * the dashboard loads, as index.html's skeleton has it: the card does not move when it arrives.
 */
function SignInEmail({ email }: { email: string | null | undefined }) {
  const { t } = useTranslation('dashboard')
  if (email === undefined) {
    return (
      <span className="user-card__email">
        <Skeleton width="9em" height={12} />
      </span>
    )
  }
  if (email === null) {
    return (
      <Link
        className="user-card__email user-card__email--add"
        to={paths.register}
        data-testid="user-card-add-email"
      >
        {t('dashboard.addEmail')}
      </Link>
    )
  }
  return (
    <span className="user-card__email" data-testid="user-card-email" title={email}>
      <span className="visually-hidden">{t('dashboard.signInEmail')} </span>
      <bdi dir="ltr">{email}</bdi>
    </span>
  )
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
 * First name, last name and id, straight from the Telegram init data (spec section 1), and the sign-in email or the
 * way to add one. Outside Telegram there is no init data: the card shows the email the user signed in with, and the
 * way to log out.
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
            <SignInEmail email={email} />
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
