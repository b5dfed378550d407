import { type ChannelPromptEvent, firstScreenRoutes } from '@app/contract'
import { call } from '#lib/api-client.ts'

/** POST /dashboard/channel-prompt: the prompt was shown, or 'Join Channel' pressed (remembered on the user). */
export function recordChannelPrompt(event: ChannelPromptEvent) {
  return call(firstScreenRoutes.channelPrompt, { body: { event } })
}
