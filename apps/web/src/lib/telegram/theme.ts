import { field, onEvent, postEvent } from './bridge.ts'
import { supports } from './methods.ts'
import { readableTheme, type ThemeParams } from './readable-theme.ts'

/** The app's chrome and background follow the theme's secondary background (grouped lists on iOS). */
const APP_COLOR_KEY = 'secondary_bg_color'

const COLOR = /^#([\da-f]{3}|[\da-f]{4}|[\da-f]{6}|[\da-f]{8})$/i

/** Colours of a `theme_changed` payload: '#rgb'...'#rrggbbaa' strings, or numbers as some clients send. */
function readThemeParams(payload: unknown): ThemeParams {
  const theme: ThemeParams = {}
  if (!payload || typeof payload !== 'object') return theme
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'number') theme[key] = `#${(value & 0xffffff).toString(16).padStart(6, '0')}`
    else if (typeof value === 'string' && COLOR.test(value)) theme[key] = value
  }
  return theme
}

function setCssVar(name: string, value: string | undefined): void {
  const style = document.documentElement.style
  if (value) style.setProperty(name, value)
  else style.removeProperty(name)
}

/**
 * Theme parameters as CSS variables (`--tg-theme-bg-color`, ...; snake case keys in kebab case) and the
 * Mini App's own colours (`--tg-bg-color`, `--tg-header-color`, `--tg-bottom-bar-color`); asks Telegram to
 * paint its header and the background behind the app in the secondary background colour. A theme change
 * updates the variables and the background colour. Returns the unsubscribe function.
 */
export function startTheme(initial: ThemeParams): () => void {
  let theme: ThemeParams = { ...initial }
  // Clients before 6.1 cannot take our colours, so the app's colours are Telegram's defaults there.
  const canColor = supports('web_app_set_header_color')
  const backgroundKey = canColor ? APP_COLOR_KEY : 'bg_color'
  const headerKey = canColor ? APP_COLOR_KEY : 'header_bg_color'

  const apply = () => {
    const readable = readableTheme(theme)
    for (const [key, value] of Object.entries(readable))
      setCssVar(`--tg-theme-${key.replaceAll('_', '-')}`, value)
    setCssVar('--tg-bg-color', theme[backgroundKey])
    setCssVar('--tg-header-color', theme[headerKey])
    setCssVar('--tg-bottom-bar-color', theme.bottom_bar_bg_color)
  }
  const sendBackgroundColor = () => {
    const color = theme[APP_COLOR_KEY]
    if (color && supports('web_app_set_background_color')) {
      postEvent('web_app_set_background_color', { color })
    }
  }

  apply()
  // The header takes a theme key, so Telegram itself keeps it in step with the theme.
  if (canColor) postEvent('web_app_set_header_color', { color_key: APP_COLOR_KEY })
  sendBackgroundColor()

  return onEvent('theme_changed', (payload) => {
    theme = { ...theme, ...readThemeParams(field(payload, 'theme_params')) }
    apply()
    sendBackgroundColor()
  })
}
