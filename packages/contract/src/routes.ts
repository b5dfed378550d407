/**
 * The mini-app's first-screen calls without their schemas (docs/web.md, 'First screen'): what a client needs to
 * make a call (method, path, token), so that zod and the schemas stay off that screen. Each route is typed with its
 * declaration: a method, path or token that differs from it fails the type-check, and the answer's type comes from
 * it. This module imports no value: keep it that way.
 */
import type { Endpoint } from './endpoint.ts'
import type * as auth from './endpoints/auth.ts'
import type * as dashboard from './endpoints/dashboard.ts'
import type * as health from './endpoints/health.ts'
import type * as locales from './endpoints/locales.ts'

declare const declaration: unique symbol

/** A call's route: its declaration's method, path and token, and (as a type only) the declaration itself. */
export type Route<E extends Endpoint> = Pick<E, 'method' | 'path' | 'auth'> & { readonly [declaration]?: E }

export const firstScreenRoutes: {
  readonly authorize: Route<typeof auth.authorize>
  readonly refresh: Route<typeof auth.refresh>
  readonly logout: Route<typeof auth.logout>
  readonly language: Route<typeof auth.language>
  readonly dashboard: Route<typeof dashboard.get>
  readonly channelStatus: Route<typeof dashboard.channelStatus>
  readonly channelPrompt: Route<typeof dashboard.channelPrompt>
  readonly ready: Route<typeof health.ready>
  readonly locale: Route<typeof locales.get>
} = {
  authorize: { method: 'POST', path: '/auth/telegram/authorize', auth: 'none' },
  refresh: { method: 'POST', path: '/auth/refresh', auth: 'refresh' },
  logout: { method: 'POST', path: '/auth/logout', auth: 'refresh' },
  language: { method: 'PUT', path: '/me/language', auth: 'access' },
  dashboard: { method: 'GET', path: '/dashboard', auth: 'access' },
  channelStatus: { method: 'GET', path: '/dashboard/channel-status', auth: 'access' },
  channelPrompt: { method: 'POST', path: '/dashboard/channel-prompt', auth: 'access' },
  ready: { method: 'GET', path: '/readyz', auth: 'none' },
  locale: { method: 'GET', path: '/locales/:lng/:ns', auth: 'none' },
}
