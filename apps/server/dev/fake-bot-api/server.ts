/**
 * A local fake of the Telegram Bot API (docs/bot.md), real HTTP with the Bot API's request and answer shapes for
 * the methods the server uses: getMe, getChatMember, sendMessage, sendPhoto, getFile (and the file's download),
 * setWebhook, deleteWebhook, getUpdates, answerCallbackQuery. Tests and the development server (`npm start` without a real TELEGRAM_BOT_TOKEN) talk to it
 * through `TELEGRAM_API_ROOT`; it is never loaded in production.
 *
 * It records every call and every message sent, keeps channel membership per user (switchable), and plays the
 * faults a real one shows: 429 with `retry_after`, 5xx, 403 'bot was blocked by the user', slow answers; and it
 * redelivers an update as Telegram does when a webhook's answer was lost or a poll did not confirm it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type MemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked'

export type FaultRule = {
  /** Only calls of this method (default: every method but getUpdates). */
  method?: string
  /** Only calls for this chat (sendMessage's chat_id). */
  chatId?: number
  /** How many calls it hits; default 1. */
  times?: number
} & (
  | { kind: 'rate_limit'; retryAfter: number }
  | { kind: 'server_error'; status?: number }
  | { kind: 'blocked' }
  /** Answers only after `ms` (a client with a shorter timeout gives up first). */
  | { kind: 'timeout'; ms: number }
)

export type FakeUser = { id: number; first_name: string; language_code?: string; username?: string }

export type SentMessage = {
  message_id: number
  chat_id: number
  text: string
  reply_markup?: unknown
  date: number
}

export type FakeCall = { method: string; params: Record<string, unknown> }

/** A photo the bot sent or a user sent to it: its bytes, kept under its file id. */
export type FakePhoto = { fileId: string; chatId: number; bytes: Buffer; caption?: string | undefined }

export type FakeBotApi = {
  /** The API root to configure (`TELEGRAM_API_ROOT`). */
  readonly url: string
  readonly botUser: { id: number; username: string; first_name: string }
  readonly calls: FakeCall[]
  readonly sent: SentMessage[]
  /** Photos sent by the bot (sendPhoto) and by users (userSendsPhoto), by file id. */
  readonly photos: Map<string, FakePhoto>
  messagesTo(chatId: number): SentMessage[]
  /** The user sends a photo (its bytes, with an optional caption): an update as `userSends`'s. */
  userSendsPhoto(from: FakeUser, bytes: Buffer, caption?: string): Promise<number>
  /** The member status of a user in a channel (`@name` or name); default 'left'. */
  setMember(channel: string, userId: number, status: MemberStatus, isMember?: boolean): void
  /** The bot's own status in a channel; default 'administrator' for every channel it knows. */
  setBotStatus(channel: string, status: MemberStatus): void
  /** Channels that exist (getChatMember on another answers 400 chat not found). */
  addChannel(channel: string): void
  addFault(rule: FaultRule): void
  clearFaults(): void
  /** The user blocks (or unblocks) the bot: sendMessage to them answers 403. */
  setBlocked(userId: number, blocked: boolean): void
  /**
   * The user writes to the bot: an update for getUpdates, or POSTed to the webhook when one is set. Answers the
   * update's id. `hold`: made but not delivered yet (as while the webhook cannot be reached); `redeliver` sends it.
   */
  userSends(from: FakeUser, text: string, options?: { hold?: boolean }): Promise<number>
  /**
   * Delivers an update sent before once more, as Telegram does: POSTed to the webhook (or to `url`, another
   * process behind the same balancer) answering the HTTP status (0: no answer); without a webhook, served again
   * by getUpdates, as an update whose offset was never confirmed is.
   */
  redeliver(updateId: number, options?: { url?: string }): Promise<number>
  readonly webhook: { url: string; secret: string | undefined } | undefined
  close(): Promise<void>
}

type Answer = { status: number; body: unknown }

const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } })
const fail = (status: number, description: string, parameters?: Record<string, unknown>): Answer => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
})

const channelKey = (chat: unknown) => String(chat).replace(/^@/, '').toLowerCase()

async function readParams(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams)
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  const type = request.headers['content-type'] ?? ''
  if (type.includes('multipart/form-data')) {
    // An upload (sendPhoto with a file): fields as text, files as their bytes.
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData()
    for (const [name, value] of form.entries())
      params[name] = typeof value === 'string' ? value : Buffer.from(await value.arrayBuffer())
    return params
  }
  const text = raw.toString('utf8')
  if (text.trim() === '') return params
  if (type.includes('application/json'))
    return { ...params, ...(JSON.parse(text) as Record<string, unknown>) }
  if (type.includes('application/x-www-form-urlencoded')) {
    return { ...params, ...Object.fromEntries(new URLSearchParams(text)) }
  }
  throw new Error('unsupported body')
}

export async function startFakeBotApi(options: {
  token: string
  botUsername?: string
  channels?: string[]
  host?: string
  port?: number
  /**
   * The first update's id (default 1). Telegram's ids go on from the last, and a bot polls from the last it handled:
   * a fake started again from 1 would serve ids the bot skips as old (docs/bot.md).
   */
  firstUpdateId?: number
}): Promise<FakeBotApi> {
  const botUser = {
    id: 7_000_000_001,
    is_bot: true,
    first_name: 'Account Supply',
    username: options.botUsername ?? 'AccountSupplyDemoBot',
  }
  const calls: FakeCall[] = []
  const sent: SentMessage[] = []
  const photos = new Map<string, FakePhoto>()
  let nextFileId = 1
  const channels = new Set((options.channels ?? []).map(channelKey))
  const members = new Map<string, { status: MemberStatus; isMember: boolean }>()
  const botStatus = new Map<string, MemberStatus>()
  const blocked = new Set<number>()
  let faults: (FaultRule & { left: number })[] = []
  let webhook: { url: string; secret: string | undefined } | undefined
  type FakeUpdate = { update_id: number; [k: string]: unknown }
  /** Waiting for getUpdates, in update_id order. */
  const updates: FakeUpdate[] = []
  /** Every update made, for redelivery. */
  const made = new Map<number, FakeUpdate>()
  let nextUpdateId = options.firstUpdateId ?? 1
  let nextMessageId = 1
  let waiters: (() => void)[] = []
  let closed = false
  const now = () => Math.floor(Date.now() / 1000)

  function takeFault(method: string, chatId: number | undefined) {
    const rule = faults.find(
      (f) =>
        f.left > 0 &&
        (f.method === undefined ? method !== 'getUpdates' : f.method === method) &&
        (f.chatId === undefined || f.chatId === chatId),
    )
    if (!rule) return undefined
    rule.left -= 1
    faults = faults.filter((f) => f.left > 0)
    return rule
  }

  function wake() {
    const pending = waiters
    waiters = []
    for (const w of pending) w()
  }

  async function getUpdates(params: Record<string, unknown>): Promise<Answer> {
    if (webhook)
      return fail(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      )
    const offset = Number(params.offset ?? 0)
    if (offset > 0) {
      while (updates.length > 0 && (updates[0]?.update_id ?? 0) < offset) updates.shift()
    }
    const limit = Math.min(100, Number(params.limit ?? 100))
    const timeout = Math.min(50, Number(params.timeout ?? 0))
    if (updates.length === 0 && timeout > 0 && !closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeout * 1000)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    // As Telegram: never an update below the offset, even one queued while the poll waited.
    return ok(updates.filter((u) => u.update_id >= offset).slice(0, limit))
  }

  /**
   * A user's message as an update, kept for redelivery: POSTed to the webhook when one is set, else queued for
   * getUpdates; `hold`: made but not delivered yet. Answers its id.
   */
  async function userUpdate(message: FakeUpdate['message'], hold = false): Promise<number> {
    const update = { update_id: nextUpdateId++, message }
    made.set(update.update_id, update)
    if (hold) return update.update_id
    if (webhook) await post(webhook.url, webhook.secret, update)
    else {
      updates.push(update)
      wake()
    }
    return update.update_id
  }

  /** POSTs an update to a webhook as Telegram does; answers the HTTP status, 0 when nothing answered. */
  async function post(url: string, secret: string | undefined, update: FakeUpdate): Promise<number> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
        },
        body: JSON.stringify(update),
      })
      return response.status
    } catch {
      return 0
    }
  }

  function getChatMember(params: Record<string, unknown>): Answer {
    const key = channelKey(params.chat_id)
    if (!channels.has(key)) return fail(400, 'Bad Request: chat not found')
    const userId = Number(params.user_id)
    if (!Number.isSafeInteger(userId)) return fail(400, 'Bad Request: invalid user_id specified')
    if (userId === botUser.id) {
      const status = botStatus.get(key) ?? 'administrator'
      return ok({ status, user: botUser, ...(status === 'administrator' ? { can_be_edited: false } : {}) })
    }
    const member = members.get(`${key}:${userId}`) ?? { status: 'left' as const, isMember: false }
    return ok({
      status: member.status,
      user: { id: userId, is_bot: false, first_name: `User ${userId}` },
      ...(member.status === 'restricted' ? { is_member: member.isMember, until_date: 0 } : {}),
      ...(member.status === 'kicked' ? { until_date: 0 } : {}),
    })
  }

  function sendMessage(params: Record<string, unknown>): Answer {
    const chatId = Number(params.chat_id)
    const text = typeof params.text === 'string' ? params.text : ''
    if (!Number.isSafeInteger(chatId)) return fail(400, 'Bad Request: chat not found')
    if (text.trim() === '') return fail(400, 'Bad Request: message text is empty')
    if (blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user')
    const replyMarkup =
      typeof params.reply_markup === 'string' ? JSON.parse(params.reply_markup) : params.reply_markup
    const message: SentMessage = {
      message_id: nextMessageId++,
      chat_id: chatId,
      text,
      ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      date: now(),
    }
    sent.push(message)
    return ok({
      message_id: message.message_id,
      date: message.date,
      chat: { id: chatId, type: chatId > 0 ? 'private' : 'group' },
      from: botUser,
      text,
      ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
    })
  }

  /** Keeps bytes as a photo; answers Telegram's PhotoSize array (one size). */
  function keepPhoto(chatId: number, bytes: Buffer, caption?: string) {
    const fileId = `fake-photo-${nextFileId++}`
    photos.set(fileId, { fileId, chatId, bytes, caption })
    return [
      { file_id: fileId, file_unique_id: `u${fileId}`, width: 100, height: 100, file_size: bytes.length },
    ]
  }

  function sendPhoto(params: Record<string, unknown>): Answer {
    const chatId = Number(params.chat_id)
    if (!Number.isSafeInteger(chatId)) return fail(400, 'Bad Request: chat not found')
    if (blocked.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user')
    // grammY uploads as Telegram documents: the field names the multipart part (`attach://<name>`).
    const named = typeof params.photo === 'string' ? /^attach:\/\/(.+)$/.exec(params.photo)?.[1] : undefined
    const file = named === undefined ? params.photo : params[named]
    if (!Buffer.isBuffer(file) || file.length === 0)
      return fail(400, 'Bad Request: there is no photo in the request')
    const caption = typeof params.caption === 'string' ? params.caption : undefined
    const photo = keepPhoto(chatId, file, caption)
    return ok({
      message_id: nextMessageId++,
      date: now(),
      chat: { id: chatId, type: chatId > 0 ? 'private' : 'group' },
      from: botUser,
      photo,
      ...(caption ? { caption } : {}),
    })
  }

  function getFile(params: Record<string, unknown>): Answer {
    const fileId = String(params.file_id ?? '')
    const photo = photos.get(fileId)
    if (!photo) return fail(400, 'Bad Request: invalid file_id')
    return ok({
      file_id: fileId,
      file_unique_id: `u${fileId}`,
      file_size: photo.bytes.length,
      file_path: `photos/${fileId}.jpg`,
    })
  }

  async function answer(method: string, params: Record<string, unknown>): Promise<Answer> {
    const chatId = params.chat_id === undefined ? undefined : Number(params.chat_id)
    const fault = takeFault(method, chatId)
    if (fault) {
      switch (fault.kind) {
        case 'rate_limit':
          return fail(429, `Too Many Requests: retry after ${fault.retryAfter}`, {
            retry_after: fault.retryAfter,
          })
        case 'server_error':
          return fail(fault.status ?? 502, 'Bad Gateway')
        case 'blocked':
          return fail(403, 'Forbidden: bot was blocked by the user')
        case 'timeout':
          await new Promise((resolve) => setTimeout(resolve, fault.ms))
      }
    }
    switch (method) {
      case 'getMe':
        return ok({
          ...botUser,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        })
      case 'getChatMember':
        return getChatMember(params)
      case 'sendMessage':
        return sendMessage(params)
      case 'sendPhoto':
        return sendPhoto(params)
      case 'getFile':
        return getFile(params)
      case 'setWebhook': {
        const url = typeof params.url === 'string' ? params.url : ''
        webhook = url === '' ? undefined : { url, secret: params.secret_token as string | undefined }
        return ok(true)
      }
      case 'deleteWebhook':
        webhook = undefined
        return ok(true)
      case 'getUpdates':
        return getUpdates(params)
      case 'answerCallbackQuery':
        return ok(true)
      default:
        return fail(404, 'Not Found: method not found')
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake')
    const download = /^\/file\/bot([^/]+)\/photos\/([A-Za-z0-9_-]+)\.jpg$/.exec(url.pathname)
    if (download) {
      const photo = download[1] === options.token ? photos.get(download[2] ?? '') : undefined
      if (!photo) response.writeHead(404).end()
      else response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(photo.bytes)
      return
    }
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname)
    let result: Answer
    if (!match || match[1] !== options.token) {
      result = match ? fail(401, 'Unauthorized') : fail(404, 'Not Found')
    } else {
      const method = match[2] ?? ''
      try {
        const params = await readParams(request, url)
        calls.push({ method, params })
        result = await answer(method, params)
      } catch {
        result = fail(400, 'Bad Request: cannot parse the request')
      }
    }
    if (response.destroyed) return
    response.writeHead(result.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(result.body))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  // grammY keeps its connections alive without an idle limit of its own; Node's default 5 s here made a call that
  // reused a connection just as the server closed it fail now and then (a channel check counted as joined in e2e).
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    botUser,
    calls,
    sent,
    photos,
    messagesTo: (chatId) => sent.filter((m) => m.chat_id === chatId),
    setMember(channel, userId, status, isMember = status === 'restricted') {
      channels.add(channelKey(channel))
      members.set(`${channelKey(channel)}:${userId}`, { status, isMember })
    },
    setBotStatus(channel, status) {
      channels.add(channelKey(channel))
      botStatus.set(channelKey(channel), status)
    },
    addChannel(channel) {
      channels.add(channelKey(channel))
    },
    addFault(rule) {
      faults.push({ ...rule, left: rule.times ?? 1 })
    },
    clearFaults() {
      faults = []
    },
    setBlocked(userId, isBlocked) {
      if (isBlocked) blocked.add(userId)
      else blocked.delete(userId)
    },
    async userSendsPhoto(from, bytes, caption) {
      const message = {
        message_id: nextMessageId++,
        date: now(),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from: { ...from, is_bot: false },
        photo: keepPhoto(from.id, bytes),
        ...(caption ? { caption } : {}),
      }
      return userUpdate(message)
    },
    async userSends(from, text, options = {}) {
      const message = {
        message_id: nextMessageId++,
        date: now(),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from: { ...from, is_bot: false },
        text,
        ...(text.startsWith('/')
          ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }] }
          : {}),
      }
      return userUpdate(message, options.hold)
    },
    async redeliver(updateId, options = {}) {
      const update = made.get(updateId)
      if (!update) throw new Error(`no update ${updateId} was sent`)
      const url = options.url ?? webhook?.url
      if (url !== undefined) return post(url, webhook?.secret, update)
      if (!updates.includes(update)) updates.push(update)
      updates.sort((a, b) => a.update_id - b.update_id)
      wake()
      return 200
    },
    get webhook() {
      return webhook
    },
    async close() {
      closed = true
      wake()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
