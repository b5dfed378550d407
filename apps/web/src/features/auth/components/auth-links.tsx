import { Link } from 'react-router'

/** The links under a sign-in form ('Create an account', 'Forgot your password?'). */
export function AuthLinks({ links }: { links: readonly { to: string; text: string; testId: string }[] }) {
  return (
    <nav className="auth-links">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="auth-link" data-testid={link.testId}>
          {link.text}
        </Link>
      ))}
    </nav>
  )
}
