/**
 * Phones left to right in every Persian bot message (issue 38, item 4): a message is plain text, so a number
 * inside a Persian sentence must sit in a left-to-right isolate (U+2066 ... U+2069), or '+•••••••0001' reads
 * '0001•••••••+'. Every message that carries a phone, rendered from the real locale files.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadBotTexts, renderMessage } from '#modules/bot/messages.ts'
import { testConfig } from '#test-helpers/app.ts'

const config = testConfig()
const texts = loadBotTexts(config.localesDir)
const PHONE = '+•••••••0001'
const ACCOUNT = { accountUid: '0b0e6a8e-5f6d-4c1e-9a53-3f0c2d1e0001', phone: PHONE }
const MESSAGES = [
  { kind: 'account_accepted', params: ACCOUNT },
  { kind: 'account_rejected', params: ACCOUNT },
  { kind: 'account_validation_failed', params: { ...ACCOUNT, reason: 'twoFa' } },
]

describe('phones in bot messages', () => {
  it.each(MESSAGES)('$kind: isolated left to right in Persian, plain in English', ({ kind, params }) => {
    const fa = renderMessage(texts, config.referralLink, kind, 'fa', params)?.text ?? ''
    expect(fa).toContain(`\u2066${PHONE}\u2069`)
    expect(fa.split('\u2066')).toHaveLength(2)
    const en = renderMessage(texts, config.referralLink, kind, 'en', params)?.text ?? ''
    expect(en).toContain(PHONE)
    expect(en).not.toMatch(/[\u2066\u2069]/)
  })

  it('every Persian text with a phone in it isolates the phone', () => {
    const fa = JSON.parse(readFileSync(`${config.localesDir}/fa/bot.json`, 'utf8')) as Record<string, string>
    const withPhone = Object.entries(fa).filter(([, text]) => text.includes('{{phone}}'))
    expect(withPhone.length).toBeGreaterThanOrEqual(MESSAGES.length)
    for (const [key, text] of withPhone) expect(text, key).toContain('\u2066{{phone}}\u2069')
  })
})
