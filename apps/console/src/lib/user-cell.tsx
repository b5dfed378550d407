/** Whose an invoice or a transaction is: the user's first name, a link to the Users screen when they have a Telegram id. */
import { Link } from 'react-router'

export function UserCell({ telegramId, firstName }: { telegramId: number | null; firstName: string }) {
  return telegramId === null ? (
    <span className="muted">{firstName || 'email only'}</span>
  ) : (
    <Link to={`/users?telegramId=${telegramId}`}>{firstName || telegramId}</Link>
  )
}
