import { SUPPORT_PHOTO_MAX_BYTES, SUPPORT_PHOTO_TYPES } from '@app/contract'

export type PickedPhoto = { type: string; data: string; previewUrl: string; name: string }

/** Why a picked file cannot go: the same rule as the server's, said before anything is sent. */
export type PhotoProblem = 'PHOTO_TOO_LARGE' | 'PHOTO_TYPE_NOT_ACCEPTED'

export function photoProblem(file: { type: string; size: number }): PhotoProblem | undefined {
  if (!(SUPPORT_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'PHOTO_TYPE_NOT_ACCEPTED'
  if (file.size > SUPPORT_PHOTO_MAX_BYTES) return 'PHOTO_TOO_LARGE'
  return undefined
}

/** The file's bytes in base64, as the call carries them. */
export async function readPhoto(file: File): Promise<PickedPhoto> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  return { type: file.type, data: btoa(binary), previewUrl: URL.createObjectURL(file), name: file.name }
}
