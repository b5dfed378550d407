import type { ChannelStatus } from '@app/contract'
import { useEffect } from 'react'
import { showDialog } from '../../../lib/dialogs.ts'
import { hapticImpact } from '../../../lib/telegram/haptics.ts'
import { channelUrl, openTelegramUrl } from '../../../lib/telegram/links.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'

const PROMPT_KEY = 'app.channelPrompt'
export const PROMPT_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * What the prompt remembers (localStorage, per device): when it last asked, and whether 'Join Channel' was
 * pressed and the check has since said joined. After 'Join Channel' it never asks again until the check, having
 * said joined, says not joined (the user left).
 */
type PromptMemory = { shownAt: number; joinPressed: boolean; seenJoined: boolean }

function read(): PromptMemory {
  try {
    const value = JSON.parse(localStorage.getItem(PROMPT_KEY) ?? 'null') as Partial<PromptMemory> | null
    return {
      shownAt: typeof value?.shownAt === 'number' ? value.shownAt : 0,
      joinPressed: value?.joinPressed === true,
      seenJoined: value?.seenJoined === true,
    }
  } catch {
    return { shownAt: 0, joinPressed: false, seenJoined: false }
  }
}

function write(memory: PromptMemory): void {
  try {
    localStorage.setItem(PROMPT_KEY, JSON.stringify(memory))
  } catch {
    // Not remembered: the prompt may show again on the next launch.
  }
}

/** Whether to ask now, given the check's answer; records what the answer teaches. Exported for tests. */
export function shouldPrompt(status: ChannelStatus, nowMs: number): boolean {
  const memory = read()
  if (status.channelUsername === null) return false
  if (status.isUserJoined) {
    if (memory.joinPressed && !memory.seenJoined) write({ ...memory, seenJoined: true })
    return false
  }
  if (memory.joinPressed) {
    if (!memory.seenJoined) return false
    // Joined once, not any more: the user left; ask again (still at most once a day).
    write({ ...memory, joinPressed: false, seenJoined: false })
  }
  return nowMs - memory.shownAt >= PROMPT_INTERVAL_MS
}

/**
 * 'Join our channel for latest updates' when a channel exists and the user is not in it: at most once a day, and
 * never again after 'Join Channel' until the check says the user left.
 */
export function useChannelPrompt(status: ChannelStatus | undefined): void {
  const { t } = useTranslation(['dashboard', 'common'])
  const channel = status?.channelUsername ?? null
  const joined = status?.isUserJoined ?? true

  useEffect(() => {
    if (!channel || !shouldPrompt({ channelUsername: channel, isUserJoined: joined }, Date.now())) return
    write({ ...read(), shownAt: Date.now() })
    void showDialog({
      title: t('dashboard.channelPrompt.title'),
      message: t('dashboard.channelPrompt.message'),
      buttons: [
        { id: 'close', text: t('action.close', { ns: 'common' }) },
        { id: 'join', text: t('dashboard.channelPrompt.join') },
      ],
    }).then((pressed) => {
      if (pressed !== 'join') return
      write({ ...read(), joinPressed: true, seenJoined: false })
      hapticImpact('medium')
      openTelegramUrl(channelUrl(channel))
    })
  }, [channel, joined, t])
}
