export type SimulatedPlatform = 'ios' | 'android' | 'tdesktop'
export type SimulatedTheme = 'light' | 'dark'

/** Palettes close to what the official clients send in `tgWebAppThemeParams`. */
const IOS = {
  light: {
    bg_color: '#ffffff',
    secondary_bg_color: '#efeff4',
    text_color: '#000000',
    hint_color: '#8e8e93',
    link_color: '#007aff',
    button_color: '#007aff',
    button_text_color: '#ffffff',
    header_bg_color: '#f8f8f8',
    bottom_bar_bg_color: '#f2f2f2',
    accent_text_color: '#007aff',
    section_bg_color: '#ffffff',
    section_header_text_color: '#6d6d72',
    section_separator_color: '#c8c7cc',
    subtitle_text_color: '#8e8e93',
    destructive_text_color: '#ff3b30',
  },
  dark: {
    bg_color: '#000000',
    secondary_bg_color: '#1c1c1d',
    text_color: '#ffffff',
    hint_color: '#98989e',
    link_color: '#3e88f7',
    button_color: '#3e88f7',
    button_text_color: '#ffffff',
    header_bg_color: '#1a1a1a',
    bottom_bar_bg_color: '#1d1d1d',
    accent_text_color: '#3e88f7',
    section_bg_color: '#2c2c2e',
    section_header_text_color: '#8d8e93',
    section_separator_color: '#545458',
    subtitle_text_color: '#98989e',
    destructive_text_color: '#eb5545',
  },
}

const ANDROID = {
  light: {
    bg_color: '#ffffff',
    secondary_bg_color: '#f0f0f0',
    text_color: '#222222',
    hint_color: '#a8a8a8',
    link_color: '#2678b6',
    button_color: '#50a8eb',
    button_text_color: '#ffffff',
    header_bg_color: '#527da3',
    bottom_bar_bg_color: '#ffffff',
    accent_text_color: '#1c93e3',
    section_bg_color: '#ffffff',
    section_header_text_color: '#3a95d5',
    section_separator_color: '#d9d9d9',
    subtitle_text_color: '#82868a',
    destructive_text_color: '#cc2929',
  },
  dark: {
    bg_color: '#212d3b',
    secondary_bg_color: '#151e27',
    text_color: '#ffffff',
    hint_color: '#7d8b99',
    link_color: '#5eabe1',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    header_bg_color: '#242d39',
    bottom_bar_bg_color: '#151e27',
    accent_text_color: '#64b5ef',
    section_bg_color: '#1d2733',
    section_header_text_color: '#79c4fc',
    section_separator_color: '#0d1218',
    subtitle_text_color: '#7b8790',
    destructive_text_color: '#ee686f',
  },
}

export function themeParamsFor(platform: SimulatedPlatform, theme: SimulatedTheme): Record<string, string> {
  return (platform === 'ios' ? IOS : ANDROID)[theme]
}
