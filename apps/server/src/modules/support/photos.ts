/**
 * Photos are kept as Telegram keeps them, by file id (docs/support.md). A photo sent in the mini-app is checked
 * (its bytes say JPEG, PNG or WebP; within the size) and sent by the bot to the operators' chat, or to the user's
 * own chat when there is none, which gives its file id; operators see any photo through the server, which asks
 * the Bot API for the file (getFile) and passes its bytes on.
 */
import { SUPPORT_PHOTO_MAX_BYTES, type SupportPhotoType } from '@app/contract'
import { InputFile } from 'grammy'
import { DomainError } from '#lib/domain-error.ts'
import type { SupportContext } from './support-context.ts'

const photoTooLarge = () =>
  new DomainError(413, 'PHOTO_TOO_LARGE', 'The photo is too large', { maxBytes: SUPPORT_PHOTO_MAX_BYTES })
const photoTypeNotAccepted = () =>
  new DomainError(415, 'PHOTO_TYPE_NOT_ACCEPTED', 'Only JPEG, PNG or WebP photos are accepted')
const photoUnavailable = () =>
  new DomainError(503, 'PHOTO_UNAVAILABLE', 'The photo cannot be kept now; please try again')

/** The type the bytes say, whatever the client declared; undefined for anything else. */
function sniffPhotoType(bytes: Uint8Array): SupportPhotoType | undefined {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v)
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return undefined
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The photo's bytes, checked: 413 over the size, 415 when they are no JPEG, PNG or WebP. */
export function decodePhoto(data: string): { bytes: Buffer; type: SupportPhotoType } {
  const compact = data.replace(/\s+/g, '')
  if (!BASE64.test(compact)) throw photoTypeNotAccepted()
  const bytes = Buffer.from(compact, 'base64')
  if (bytes.length > SUPPORT_PHOTO_MAX_BYTES) throw photoTooLarge()
  const type = sniffPhotoType(bytes)
  if (type === undefined) throw photoTypeNotAccepted()
  return { bytes, type }
}

const EXTENSIONS: Record<SupportPhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
}

/**
 * Sends the photo through the bot and answers the file id of its largest size. The operators' chat is the one
 * place every photo may go; without it, the user's own chat (they see their photo there, which is no harm).
 */
export async function storePhoto(
  context: SupportContext,
  photo: { bytes: Buffer; type: SupportPhotoType },
  to: { userTelegramId: number | null; caption: string },
): Promise<string> {
  const chatId = context.config.bot.opsChatId ?? to.userTelegramId
  if (chatId === null) throw photoUnavailable()
  try {
    const sent = await context.bot.api.sendPhoto(
      chatId,
      new InputFile(photo.bytes, `support.${EXTENSIONS[photo.type]}`),
      context.config.bot.opsChatId === undefined ? {} : { caption: to.caption },
    )
    const largest = sent.photo.at(-1)
    if (!largest) throw photoUnavailable()
    return largest.file_id
  } catch (error) {
    if (error instanceof DomainError) throw error
    throw photoUnavailable()
  }
}

/** A photo's bytes from Telegram (getFile, then the file's URL), with the type its bytes say. */
export async function fetchPhoto(
  context: SupportContext,
  fileId: string,
): Promise<{ bytes: Buffer; type: string }> {
  try {
    const file = await context.bot.api.getFile(fileId)
    if (!file.file_path) throw photoUnavailable()
    const url = `${context.botApiRoot}/file/bot${context.botToken}/${file.file_path}`
    const response = await fetch(url, {
      signal: AbortSignal.timeout(context.config.bot.apiTimeoutSeconds * 1000),
    })
    if (!response.ok) throw photoUnavailable()
    const bytes = Buffer.from(await response.arrayBuffer())
    return { bytes, type: sniffPhotoType(bytes) ?? 'application/octet-stream' }
  } catch (error) {
    if (error instanceof DomainError) throw error
    // Never the URL: it holds the bot's token.
    throw photoUnavailable()
  }
}
