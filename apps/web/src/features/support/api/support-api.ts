import { type SendSupportMessageBody, type SupportThread, supportCalls } from '@app/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type CallOptions, call } from '#lib/api-client.ts'
import { hasTokens } from '#lib/auth-tokens.ts'

/**
 * How support's calls sign in (docs/support.md): the access token when the user has one, else Telegram's init data
 * (`tma`), which is how a blocked user, who has no tokens, still reaches support. Null: neither (a plain browser
 * signed out), and the screen says to open the app from Telegram.
 */
export type SupportAuth = { authorization?: string } | null

export function supportAuth(rawInitData: string | null | undefined): SupportAuth {
  if (hasTokens()) return {}
  return rawInitData ? { authorization: `tma ${rawInitData}` } : null
}

const options = (auth: NonNullable<SupportAuth>, signal?: AbortSignal): CallOptions =>
  auth.authorization
    ? { auth: false, authorization: auth.authorization, ...(signal ? { signal } : {}) }
    : { ...(signal ? { signal } : {}) }

const supportKeys = { thread: ['support', 'thread'] as const }

/** The conversation, fetched again every few seconds while it is open: replies show without a reload. */
function supportThreadQueryOptions(auth: NonNullable<SupportAuth>) {
  return queryOptions({
    queryKey: supportKeys.thread,
    queryFn: ({ signal }) => call(supportCalls.thread, undefined, options(auth, signal)),
    refetchInterval: 10_000,
    staleTime: 0,
  })
}

export function useSupportThread(auth: NonNullable<SupportAuth>) {
  return useQuery(supportThreadQueryOptions(auth))
}

/** Sends a message; the thread is fetched again with it (its marks and the operators' replies). */
export function useSendSupportMessage(auth: NonNullable<SupportAuth>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SendSupportMessageBody) => call(supportCalls.send, { body }, options(auth)),
    onSuccess: (message) => {
      client.setQueryData(supportKeys.thread, (old: SupportThread | undefined) =>
        old ? { ...old, status: 'open', messages: [...old.messages, message] } : old,
      )
      return client.invalidateQueries({ queryKey: supportKeys.thread })
    },
  })
}

export function markSupportRead(auth: NonNullable<SupportAuth>) {
  return call(supportCalls.markRead, undefined, options(auth))
}
