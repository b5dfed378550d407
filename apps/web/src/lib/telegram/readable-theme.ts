/**
 * Telegram's palettes are drawn for its own chrome: on several clients the hint grey, the link blue or white text
 * on the button blue fall short of WCAG AA (4.5:1 for text). The app keeps each colour's hue and moves only as far
 * as needed toward the text colour (for text) or away from the button text (for buttons), so it still looks like
 * the client and every word can be read. Pure functions: theme.ts applies them to the CSS variables.
 */
/** A theme's colours by Telegram's key (`bg_color`...); theme.ts reads them, this file only recolours them. */
export type ThemeParams = Record<string, string>

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5

type Rgb = [number, number, number]

function rgbOf(hex: string): Rgb | undefined {
  const digits = hex.slice(1)
  const full =
    digits.length === 3 || digits.length === 4
      ? [...digits.slice(0, 3)].map((d) => d + d).join('')
      : digits.slice(0, 6)
  if (!/^[\da-f]{6}$/i.test(full)) return undefined
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb
}

const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

export function contrast(a: string, b: string): number {
  const x = rgbOf(a)
  const y = rgbOf(b)
  if (!x || !y) return Number.POSITIVE_INFINITY
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const mix = (from: Rgb, to: Rgb, share: number): Rgb =>
  from.map((c, i) => c + ((to[i] ?? c) - c) * share) as Rgb

/**
 * `color`, moved toward `toward` in small steps until it reads at `MIN_CONTRAST` against every one of
 * `backgrounds` (unchanged when it already does, or when a colour cannot be read).
 */
export function readableOn(color: string, backgrounds: readonly string[], toward: string): string {
  const start = rgbOf(color)
  const target = rgbOf(toward)
  if (!start || !target) return color
  const enough = (hex: string) => backgrounds.every((bg) => contrast(hex, bg) >= MIN_CONTRAST)
  if (enough(color)) return color
  for (let step = 1; step <= 20; step++) {
    const candidate = hexOf(mix(start, target, step / 20))
    if (enough(candidate)) return candidate
  }
  return toward
}

/** Keys drawn as text on the app's backgrounds. */
const TEXT_KEYS = [
  'hint_color',
  'subtitle_text_color',
  'link_color',
  'accent_text_color',
  'section_header_text_color',
  'destructive_text_color',
] as const

/** The theme with its text colours readable on its backgrounds and its button readable under its text. */
export function readableTheme(theme: ThemeParams): ThemeParams {
  const text = theme.text_color
  const backgrounds = [theme.bg_color, theme.secondary_bg_color, theme.section_bg_color].filter(
    (c): c is string => c !== undefined,
  )
  if (!text || backgrounds.length === 0) return theme
  const readable: ThemeParams = { ...theme }
  for (const key of TEXT_KEYS) {
    const color = theme[key]
    if (color) readable[key] = readableOn(color, backgrounds, text)
  }
  const button = theme.button_color
  const buttonText = theme.button_text_color
  if (button && buttonText) {
    // The button moves away from its text: toward black under light text, toward white under dark text.
    const away = contrast(buttonText, '#000000') > contrast(buttonText, '#ffffff') ? '#000000' : '#ffffff'
    readable.button_color = readableOn(button, [buttonText], away)
  }
  return readable
}
