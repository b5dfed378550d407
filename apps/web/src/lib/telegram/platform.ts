import { SUPPORTED_PLATFORMS } from '#config/constants.ts'

export function isSupportedPlatform(platform: string | null | undefined): boolean {
  return !!platform && SUPPORTED_PLATFORMS.includes(platform)
}

/** The UI kit draws iOS (inset grouped) or Android (flat material) styles from this class. */
export function applyPlatformClass(platform: string | null | undefined): void {
  const isApple = platform === 'ios' || platform === 'macos'
  const root = document.documentElement
  root.classList.remove('platform-ios', 'platform-android')
  root.classList.add(isApple ? 'platform-ios' : 'platform-android')
}
