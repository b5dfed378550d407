import type { ChannelPromptEvent, ChannelStatus } from '@app/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { showDialog } from '#lib/dialogs.ts'
import { hapticImpact } from '#lib/telegram/haptics.ts'
import { channelUrl, openTelegramUrl } from '#lib/telegram/links.ts'
import { useTranslation } from '#lib/use-translation.tsx'
import { dashboardKeys } from '../api/get-dashboard.ts'
import { recordChannelPrompt } from '../api/record-channel-prompt.ts'

/** Told to the server, which remembers it for the user (not lost with this device's storage); a failure asks again. */
const tell = (event: ChannelPromptEvent) => void recordChannelPrompt(event).catch(() => undefined)

/**
 * 'Join our channel for latest updates' when the server says to ask (`prompt`): it remembers per user, on every
 * device, when it last asked (at most once a day) and a 'Join Channel' the check has not seen yet (docs/bot.md).
 */
export function useChannelPrompt(status: ChannelStatus | undefined): void {
  const { t } = useTranslation(['dashboard', 'common'])
  const queryClient = useQueryClient()
  const channel = status?.prompt ? status.channelUsername : null

  useEffect(() => {
    // The cached answer, not this render's: once asked, it says no more for this app session (home shown again).
    const key = dashboardKeys.channelStatus()
    if (!channel || !queryClient.getQueryData<ChannelStatus>(key)?.prompt) return
    queryClient.setQueryData<ChannelStatus>(key, (cached) => cached && { ...cached, prompt: false })
    tell('shown')
    void showDialog({
      title: t('dashboard.channelPrompt.title'),
      message: t('dashboard.channelPrompt.message'),
      buttons: [
        { id: 'close', text: t('action.close', { ns: 'common' }) },
        { id: 'join', text: t('dashboard.channelPrompt.join') },
      ],
    }).then((pressed) => {
      if (pressed !== 'join') return
      tell('join')
      hapticImpact('medium')
      openTelegramUrl(channelUrl(channel))
    })
  }, [channel, queryClient, t])
}
