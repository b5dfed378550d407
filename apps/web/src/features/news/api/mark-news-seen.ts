import { newsCalls } from '@app/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '#lib/api-client.ts'

/** POST /news/seen: everything published up to this item (the newest shown) stops counting as unseen. */
function markNewsSeen(uid: string) {
  return call(newsCalls.markSeen, { body: { uid } })
}

/** The answer is what is still unseen; the caller hands it to whoever shows the count (the dashboard). */
export function useMarkNewsSeen(onSeen: (unseenCount: number) => void) {
  return useMutation({
    mutationFn: markNewsSeen,
    onSuccess: ({ unseenCount }) => onSeen(unseenCount),
  })
}
