import type { ChannelStatus } from '@app/contract'
import { useEffect } from 'react'
import { showDialog } from '../../../lib/dialogs.ts'
import { hapticImpact } from '../../../lib/telegram/haptics.ts'
import { channelUrl, openTelegramUrl } from '../../../lib/telegram/links.ts'
import { useTranslation } from '../../../lib/use-translation.tsx'

const PROMPTED_KEY = 'app.channelPrompted'

function alreadyPrompted(): boolean {
  try {
    return sessionStorage.getItem(PROMPTED_KEY) === '1'
  } catch {
    return false
  }
}

function markPrompted(): void {
  try {
    sessionStorage.setItem(PROMPTED_KEY, '1')
  } catch {
    // Not remembered: the prompt may show once more after a reload.
  }
}

/** 'Join our channel for latest updates' once per app session, when a channel exists and the user is not in it. */
export function useChannelPrompt(status: ChannelStatus | undefined): void {
  const { t } = useTranslation(['dashboard', 'common'])
  const channel = status && !status.isUserJoined ? status.channelUsername : null

  useEffect(() => {
    if (!channel || alreadyPrompted()) return
    markPrompted()
    void showDialog({
      title: t('dashboard.channelPrompt.title'),
      message: t('dashboard.channelPrompt.message'),
      buttons: [
        { id: 'close', text: t('action.close', { ns: 'common' }) },
        { id: 'join', text: t('dashboard.channelPrompt.join') },
      ],
    }).then((pressed) => {
      if (pressed !== 'join') return
      hapticImpact('medium')
      openTelegramUrl(channelUrl(channel))
    })
  }, [channel, t])
}
