/** The console's shell: the session gate, the navigation (what the role may use) and the routes under /console. */
import { LoggedOutSchema } from '@app/contract/ops'
import { QueryClient, QueryClientProvider, useMutation, useQueryClient } from '@tanstack/react-query'
import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router'
import { api } from './lib/api.ts'
import { SessionProvider, sessionKey, useCan, useMe, useSessionQuery } from './lib/session.tsx'
import { AccountsScreen } from './screens/accounts.tsx'
import { AuditScreen } from './screens/audit.tsx'
import { InvitesScreen } from './screens/invites.tsx'
import { InvoicesScreen } from './screens/invoices.tsx'
import { LoginScreen } from './screens/login.tsx'
import { NewsScreen } from './screens/news.tsx'
import { OperatorsScreen } from './screens/operators.tsx'
import { OrdersScreen } from './screens/orders.tsx'
import { OverviewScreen } from './screens/overview.tsx'
import { PayoutsScreen } from './screens/payouts.tsx'
import { RatesScreen } from './screens/rates.tsx'
import { SettingsScreen } from './screens/settings.tsx'
import { UsersScreen } from './screens/users.tsx'

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } })
}

export function App({ client = createQueryClient() }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter basename="/console">
        <Gate />
      </BrowserRouter>
    </QueryClientProvider>
  )
}

function Gate() {
  const session = useSessionQuery()
  if (session.isLoading) return <div className="state">Loading…</div>
  if (session.error)
    return (
      <div className="state error" role="alert">
        {session.error.message}
      </div>
    )
  if (!session.data) return <LoginScreen />
  return (
    <SessionProvider me={session.data}>
      <Shell />
    </SessionProvider>
  )
}

function Shell() {
  const me = useMe()
  const isAdmin = useCan('admin')
  const client = useQueryClient()
  const logout = useMutation({
    mutationFn: (everywhere: boolean) =>
      api(LoggedOutSchema, 'DELETE', everywhere ? '/ops/sessions' : '/ops/session'),
    onSettled: () => {
      client.clear()
      client.setQueryData(sessionKey, null)
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
        <NavLink to="/payouts">Payouts</NavLink>
        <NavLink to="/users">Users</NavLink>
        <NavLink to="/accounts">Accounts</NavLink>
        <NavLink to="/orders">Orders</NavLink>
        <NavLink to="/rates">Exchange rates</NavLink>
        <NavLink to="/news">News</NavLink>
        {isAdmin ? <NavLink to="/invites">Invites</NavLink> : null}
        <NavLink to="/settings">Settings</NavLink>
        <NavLink to="/audit">Audit log</NavLink>
        {isAdmin ? <NavLink to="/operators">Operators</NavLink> : null}
        <div className="whoami">
          <span>
            {me.login} · {me.role}
          </span>
          <button type="button" onClick={() => logout.mutate(false)}>
            Log out
          </button>
          <button type="button" className="link" onClick={() => logout.mutate(true)}>
            Log out everywhere
          </button>
        </div>
      </nav>
      <main className="content">
        <Routes>
          <Route path="/" element={<OverviewScreen />} />
          <Route path="/invoices" element={<InvoicesScreen />} />
          <Route path="/payouts" element={<PayoutsScreen />} />
          <Route path="/users" element={<UsersScreen />} />
          <Route path="/accounts" element={<AccountsScreen />} />
          <Route path="/orders" element={<OrdersScreen />} />
          <Route path="/rates" element={<RatesScreen />} />
          <Route path="/news" element={<NewsScreen />} />
          <Route path="/invites" element={isAdmin ? <InvitesScreen /> : <Navigate to="/" />} />
          <Route path="/settings" element={<SettingsScreen />} />
          <Route path="/audit" element={<AuditScreen />} />
          <Route path="/operators" element={isAdmin ? <OperatorsScreen /> : <Navigate to="/" />} />
          <Route path="*" element={<div className="state">No such page.</div>} />
        </Routes>
      </main>
    </div>
  )
}
