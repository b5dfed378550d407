/**
 * Demo data: what `DEMO_DATA` seeds and what the simulator offers to sign in as.
 * The referrer exists in the database and, with the simulator on, its first user too (she refers people of her own,
 * so the Referrals screen shows real figures); the other simulator users are created on their first authorization,
 * admitted by `start_param=DEMO_REFERRAL_CODE`.
 */
import type { Order } from '#modules/orders/repository.ts'
import type { SettingsValues } from '#modules/settings/settings-definitions.ts'

/** Operator invite code (no referrer). */
export const DEMO_INVITE_CODE = 'DEMO'
/** Referral link code owned by DEMO_REFERRER. */
export const DEMO_REFERRAL_CODE = 'demo-ref'

export type DemoUser = {
  telegramId: number
  firstName: string
  lastName: string
  username: string
  languageCode: 'en' | 'fa'
  /** Shown by the simulator to explain who this is. */
  note: string
}

/**
 * A user the simulator signs in as, with the start parameter it launches them with unless told otherwise: the
 * demo referral code, or none for the newcomer, who is there to meet the referral gate.
 */
export type SimulatorUser = DemoUser & { startParam: string }

export const DEMO_REFERRER: DemoUser = {
  telegramId: 777000001,
  firstName: 'Demo',
  lastName: 'Referrer',
  username: 'demo_referrer',
  languageCode: 'en',
  note: 'owns the demo-ref referral link',
}

/** Users the simulator signs init data for. The newcomer is never pre-created. */
export const DEMO_USERS: readonly SimulatorUser[] = [
  {
    telegramId: 777000101,
    firstName: 'Sara',
    lastName: 'Ahmadi',
    username: 'sara_demo',
    languageCode: 'en',
    note: 'English-speaking user who arrived by the demo referral link',
    startParam: DEMO_REFERRAL_CODE,
  },
  {
    telegramId: 777000102,
    firstName: 'Reza',
    lastName: 'Karimi',
    username: 'reza_demo',
    languageCode: 'fa',
    note: 'Persian-speaking user (right-to-left) who arrived by the demo referral link',
    startParam: DEMO_REFERRAL_CODE,
  },
  {
    telegramId: 777000199,
    firstName: 'New',
    lastName: 'Comer',
    username: 'newcomer_demo',
    languageCode: 'en',
    note: `Newcomer without a referral code: the app shows the referral gate. To join, follow a code: enter ${DEMO_REFERRAL_CODE} as the referral code and Launch, or send "/start ${DEMO_REFERRAL_CODE}" in the bot chat and press its button. Once joined, later launches go straight in.`,
    startParam: '',
  },
]

/**
 * People the first simulator user brought, each with one accepted account whose net earned her the demo share
 * (10 %): 2 + 1.5 + 3 USDT of accounts, 0.65 USDT of referral earnings on her balance.
 */
export const DEMO_REFERRED: readonly (Omit<DemoUser, 'note'> & { phone: string; net: bigint })[] = [
  {
    telegramId: 777000201,
    firstName: 'Ali',
    lastName: 'Moradi',
    username: 'ali_demo',
    languageCode: 'fa',
    phone: '+989390000201',
    net: 2_000_000n,
  },
  {
    telegramId: 777000202,
    firstName: 'Mina',
    lastName: 'Rahimi',
    username: 'mina_demo',
    languageCode: 'fa',
    phone: '+989390000202',
    net: 1_500_000n,
  },
  {
    telegramId: 777000203,
    firstName: 'John',
    lastName: 'Smith',
    username: 'john_demo',
    languageCode: 'en',
    phone: '+12025550203',
    net: 3_000_000n,
  },
]

/** The demo's channel (settings `channel_username`); the fake Bot API of development knows it. */
export const DEMO_CHANNEL = 'durov'

export const DEMO_SETTINGS: SettingsValues = {
  order_open: true,
  payment_open: true,
  toman_payment_open: true,
  min_payment_limit: 10_000_000n,
  max_payment_limit: 1_000_000_000n,
  channel_username: DEMO_CHANNEL,
  // Short, so that a demo account moves from pending to its outcome while someone watches.
  validation_delay_seconds: 30,
  invoice_delay_seconds: 60,
  // 10 %: a referred user's 1.50 USDT account earns its referrer 0.15 USDT.
  referral_share_percent: 1000,
  new_user_can_referrer: true,
  new_user_can_add_account: true,
  new_user_can_register_account: true,
  email_allowed_domains: [],
  payout_approval_above: 0n,
  rate_step_percent: 2000,
  rate_usdtirt_min: 10_000_000_000n,
  rate_usdtirt_max: 1_000_000_000_000n,
  rate_usdttrx_min: 1_000_000n,
  rate_usdttrx_max: 100_000_000n,
}

/**
 * Orders for the sandbox provider's countries (see providers/sandbox/scenarios.ts): Iran and the
 * United States open; Germany closed and India full, to demonstrate those refusals. France has none.
 */
export const DEMO_ORDERS: readonly Order[] = [
  { country: 'IR', price: 1_500_000n, capacity: 10_000, isOpen: true },
  { country: 'US', price: 2_000_000n, capacity: 10_000, isOpen: true },
  { country: 'DE', price: 1_800_000n, capacity: 100, isOpen: false },
  { country: 'IN', price: 1_000_000n, capacity: 0, isOpen: true },
]

/** Exchange rates for the payout forms (operators change them with `ops rate set`). */
export const DEMO_RATES = [
  { pair: 'USDTIRT', price: 98_500_000_000n },
  { pair: 'USDTTRX', price: 3_600_000n },
] as const

/**
 * News for the News screen and the dashboard's unseen badge, in English and Persian. Published this many days
 * before the demo data was first seeded.
 */
export const DEMO_NEWS: readonly {
  daysAgo: number
  en: { title: string; body: string }
  fa: { title: string; body: string }
}[] = [
  {
    daysAgo: 6,
    en: {
      title: 'Welcome',
      body: 'Send us Telegram accounts, follow their validation, and withdraw what they earn in USDT, TRX or toman.',
    },
    fa: {
      title: 'خوش آمدید',
      body: 'حساب‌های تلگرام را برای ما بفرستید، بررسی آن‌ها را دنبال کنید و درآمدشان را به USDT، TRX یا تومان برداشت کنید.',
    },
  },
  {
    daysAgo: 2,
    en: {
      title: 'Toman payouts are open',
      body: 'You can now be paid in toman by bank transfer.\nPayouts are made during banking hours.',
    },
    fa: {
      title: 'پرداخت تومانی فعال شد',
      body: 'اکنون می‌توانید مبلغ خود را با انتقال بانکی به تومان دریافت کنید.\nپرداخت‌ها در ساعات کاری بانک انجام می‌شوند.',
    },
  },
  {
    daysAgo: 0,
    en: {
      title: 'New orders for Iran and the United States',
      body: 'Orders for Iranian and US numbers are open again at the prices shown when you submit an account.',
    },
    fa: {
      title: 'سفارش‌های جدید برای ایران و آمریکا',
      body: 'سفارش شماره‌های ایران و آمریکا دوباره باز است، با قیمتی که هنگام ثبت حساب نشان داده می‌شود.',
    },
  },
]
