/**
 * The signed-in console: the router under /console, the navigation (what the role may use) and the routes. Its own
 * chunk (with React Router), and each screen another, so the login screen loads without any of them.
 */
import { opsOperatorCalls } from '@app/contract/ops'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { BrowserRouter, Navigate, NavLink, Route, Routes, useLocation } from 'react-router'
import { call } from './lib/api.ts'
import { sessionKey, useCan, useMe } from './lib/session.tsx'

// Each screen is fetched when first opened (docs/console.md).
const OverviewScreen = lazy(() =>
  import('./screens/overview.tsx').then((m) => ({ default: m.OverviewScreen })),
)
const InvoicesScreen = lazy(() =>
  import('./screens/invoices.tsx').then((m) => ({ default: m.InvoicesScreen })),
)
const TransactionsScreen = lazy(() =>
  import('./screens/transactions.tsx').then((m) => ({ default: m.TransactionsScreen })),
)
const UsersScreen = lazy(() => import('./screens/users.tsx').then((m) => ({ default: m.UsersScreen })))
const AccountsScreen = lazy(() =>
  import('./screens/accounts.tsx').then((m) => ({ default: m.AccountsScreen })),
)
const OrdersScreen = lazy(() => import('./screens/orders.tsx').then((m) => ({ default: m.OrdersScreen })))
const RatesScreen = lazy(() => import('./screens/rates.tsx').then((m) => ({ default: m.RatesScreen })))
const NewsScreen = lazy(() => import('./screens/news.tsx').then((m) => ({ default: m.NewsScreen })))
const SupportScreen = lazy(() => import('./screens/support.tsx').then((m) => ({ default: m.SupportScreen })))
const InvitesScreen = lazy(() => import('./screens/invites.tsx').then((m) => ({ default: m.InvitesScreen })))
const SettingsScreen = lazy(() =>
  import('./screens/settings.tsx').then((m) => ({ default: m.SettingsScreen })),
)
const ExportsScreen = lazy(() => import('./screens/exports.tsx').then((m) => ({ default: m.ExportsScreen })))
const AuditScreen = lazy(() => import('./screens/audit.tsx').then((m) => ({ default: m.AuditScreen })))
const OperatorsScreen = lazy(() =>
  import('./screens/operators.tsx').then((m) => ({ default: m.OperatorsScreen })),
)

export function SignedIn() {
  return (
    <BrowserRouter basename="/console">
      <Shell />
    </BrowserRouter>
  )
}

function Shell() {
  const me = useMe()
  const isAdmin = useCan('admin')
  const client = useQueryClient()
  const logout = useMutation({
    mutationFn: (everywhere: boolean) =>
      call(everywhere ? opsOperatorCalls.logoutEverywhere : opsOperatorCalls.logout),
    onSettled: () => {
      // The session first: the gate watches that query and shows the login. (Clearing the cache first left the gate
      // watching a removed query, so it never saw the null and the shell stayed, every call now refused.)
      client.setQueryData(sessionKey, null)
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] })
    },
  })
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Console">
        <strong className="brand">Account Supply</strong>
        <NavLink to="/" end>
          Overview
        </NavLink>
        <NavLink to="/invoices">Invoices</NavLink>
        <NavLink to="/transactions">Transactions</NavLink>
        <NavLink to="/users">Users</NavLink>
        <NavLink to="/accounts">Accounts</NavLink>
        <NavLink to="/orders">Orders</NavLink>
        <NavLink to="/rates">Exchange rates</NavLink>
        <NavLink to="/news">News</NavLink>
        <NavLink to="/support">Support</NavLink>
        {isAdmin ? <NavLink to="/invites">Invites</NavLink> : null}
        <NavLink to="/settings">Settings</NavLink>
        <NavLink to="/exports">Exports</NavLink>
        <NavLink to="/audit">Audit log</NavLink>
        {isAdmin ? <NavLink to="/operators">Operators</NavLink> : null}
        <div className="whoami">
          <span>
            {me.login} · {me.role}
          </span>
          <button type="button" onClick={() => logout.mutate(false)}>
            Log out
          </button>
          <button
            type="button"
            className="link"
            title="Ends every console session of yours and your API token"
            onClick={() => logout.mutate(true)}
          >
            Log out everywhere
          </button>
        </div>
      </nav>
      <main className="content">
        <Suspense fallback={<div className="state">Loading…</div>}>
          <Routes>
            <Route path="/" element={<OverviewScreen />} />
            <Route path="/invoices" element={<InvoicesScreen />} />
            <Route path="/transactions" element={<TransactionsScreen />} />
            <Route path="/payouts" element={<OldTransactionsLink />} />
            <Route path="/users" element={<UsersScreen />} />
            <Route path="/accounts" element={<AccountsScreen />} />
            <Route path="/orders" element={<OrdersScreen />} />
            <Route path="/rates" element={<RatesScreen />} />
            <Route path="/news" element={<NewsScreen />} />
            <Route path="/support" element={<SupportScreen />} />
            <Route path="/support/:uid" element={<SupportScreen />} />
            <Route path="/invites" element={isAdmin ? <InvitesScreen /> : <Navigate to="/" />} />
            <Route path="/settings" element={<SettingsScreen />} />
            <Route path="/exports" element={<ExportsScreen />} />
            <Route path="/audit" element={<AuditScreen />} />
            <Route path="/operators" element={isAdmin ? <OperatorsScreen /> : <Navigate to="/" />} />
            <Route path="*" element={<div className="state">No such page.</div>} />
          </Routes>
        </Suspense>
      </main>
    </div>
  )
}

/** `/payouts`, the screen's old address an operator may have bookmarked: the same view under /transactions. */
function OldTransactionsLink() {
  const params = new URLSearchParams(useLocation().search)
  const opened = params.get('payout')
  params.delete('payout')
  if (opened !== null) params.set('transaction', opened)
  const search = params.toString()
  return <Navigate replace to={`/transactions${search === '' ? '' : `?${search}`}`} />
}
