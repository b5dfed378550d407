import { describe, expect, it } from 'vitest'
import { contrast, MIN_CONTRAST, readableOn, readableTheme } from '#lib/telegram/readable-theme.ts'

// Telegram Android's light palette (the simulator's): hint, link and white-on-button all fall short of 4.5:1.
const ANDROID_LIGHT = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f0f0f0',
  section_bg_color: '#ffffff',
  text_color: '#222222',
  hint_color: '#a8a8a8',
  link_color: '#2678b6',
  accent_text_color: '#1c93e3',
  section_header_text_color: '#3a95d5',
  subtitle_text_color: '#82868a',
  destructive_text_color: '#cc2929',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
}

describe('readable theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5)
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('leaves a colour that already reads alone, and moves one that does not only as far as needed', () => {
    expect(readableOn('#000000', ['#ffffff'], '#000000')).toBe('#000000')
    const moved = readableOn('#a8a8a8', ['#ffffff', '#f0f0f0'], '#222222')
    expect(contrast(moved, '#f0f0f0')).toBeGreaterThanOrEqual(MIN_CONTRAST)
    expect(contrast(moved, '#f0f0f0')).toBeLessThan(6)
  })

  it('makes every text colour readable on every background, and the button under its text', () => {
    const theme = readableTheme(ANDROID_LIGHT)
    for (const key of [
      'hint_color',
      'link_color',
      'accent_text_color',
      'section_header_text_color',
      'subtitle_text_color',
      'destructive_text_color',
    ]) {
      for (const bg of ['#ffffff', '#f0f0f0']) {
        expect(contrast(theme[key] ?? '', bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST)
      }
    }
    expect(contrast(theme.button_color ?? '', '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST)
    // Backgrounds and the text colour itself are the client's.
    expect(theme).toMatchObject({ bg_color: '#ffffff', secondary_bg_color: '#f0f0f0', text_color: '#222222' })
  })

  it('keeps a theme without text or background colours as it came', () => {
    expect(readableTheme({ button_color: '#50a8eb' })).toEqual({ button_color: '#50a8eb' })
  })
})
