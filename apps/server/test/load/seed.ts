/**
 * The load bench's data, written straight into the real tables with SQL (generate_series), valid for the ledger
 * check: users admitted by an operator invite or referred by another seeded user, each with accounts over the past
 * year (1% of users hold 10% of them), accepted accounts grouped 20 to a paid invoice with its successful payout
 * except the newest (the available balance), some rejected, a few pending (validation due tomorrow), and the
 * referrers' 10% earnings on their referred users' accepted accounts (unpaid: on their available balance).
 *
 * Phones: `+9893` or `+130` and eight digits from the user's ordinal and the account's sequence, so nothing here
 * collides with the sandbox's table (`+98912...`, `+1201555...`) or with the bench's submissions (`+98936...`).
 */
import type pg from 'pg'

export type SeedSize = { users: number; accounts: number }

export type SeedFigures = SeedSize & {
  invoices: number
  transactions: number
  referralEarnings: number
  ms: number
}

/** Telegram ids of seeded users: `SEED_TELEGRAM_BASE + ordinal` (ordinal from 0). */
export const SEED_TELEGRAM_BASE = 610_000_000

const ACCOUNTS_PER_INVOICE = 20
/** The newest accepted accounts of a user that are on no invoice yet. */
const AVAILABLE_TAIL = 25

export async function seedLoadData(client: pg.ClientBase, size: SeedSize): Promise<SeedFigures> {
  const t0 = Date.now()
  const heavyUsers = Math.max(1, Math.floor(size.users / 100))
  const heavyEach = Math.floor(size.accounts / 10 / heavyUsers)
  const lightEach = Math.max(
    1,
    Math.ceil((size.accounts - heavyUsers * heavyEach) / (size.users - heavyUsers)),
  )
  // Phones hold the ordinal x 4000 + sequence in eight digits.
  if (heavyEach >= 4000 || lightEach >= 4000 || size.users > 25_000) throw new Error('seed size out of range')
  const q = (text: string, values: unknown[] = []) => client.query(text, values)

  await q('begin')
  // Orders the seeded accounts came in on, open, with capacity for the bench's submissions.
  await q(`insert into orders (country, price, capacity, is_open) values ('IR', 1500000, 100000000, true), ('US', 2000000, 100000000, true)
    on conflict (country) do update set capacity = excluded.capacity, is_open = true`)
  // Users: the first tenth are referrers, and every third user after them was referred by one of them.
  await q(
    `insert into users (telegram_id, first_name, last_name, username, language_code, referrer_user_id, created_at)
     select $1::bigint + g, 'User' || g, case when g % 2 = 0 then 'Seeded' end, 'seed_' || g,
       case when g % 3 = 0 then 'fa' else 'en' end, null, now() - interval '400 days' + g * interval '1 second'
     from generate_series(0, $2::int - 1) g`,
    [SEED_TELEGRAM_BASE, size.users],
  )
  await q(
    `create temp table seed_users on commit drop as
     select u.id, u.telegram_id - $1::bigint as ordinal,
       case when u.telegram_id - $1::bigint < $2::int then $3::int else $4::int end as n
     from users u where u.telegram_id between $1::bigint and $1::bigint + $5::int - 1`,
    [SEED_TELEGRAM_BASE, heavyUsers, heavyEach, lightEach, size.users],
  )
  const referrers = Math.max(1, Math.floor(size.users / 10))
  await q(
    `update users u set referrer_user_id = r.id
     from seed_users s, seed_users r
     where u.id = s.id and s.ordinal >= $1::int and s.ordinal % 3 = 0 and r.ordinal = s.ordinal % $1::int`,
    [referrers],
  )
  // Every account, with its sequence within its user (1 = oldest) and, for accepted ones, its invoice bucket.
  await q(
    `create temp table seed_accounts on commit drop as
     select s.id as user_id, s.ordinal, g as seq, s.n,
       case when g % 2 = 0 then '+9893' else '+130' end || lpad((s.ordinal * 4000 + g)::text, 8, '0') as phone,
       case when g % 2 = 0 then 'IR' else 'US' end as country,
       case when g % 2 = 0 then 1500000 else 2000000 end::bigint as price,
       case when g > s.n - 2 then 'pending' when g % 10 = 7 then 'rejected' else 'accepted' end as status,
       now() - (s.n - g + 1) * (interval '365 days' / s.n) - s.ordinal * interval '1 millisecond' as created_at
     from seed_users s cross join lateral generate_series(1, s.n) g`,
  )
  await q(
    `alter table seed_accounts add column bucket int;
     update seed_accounts set bucket = (seq - 1) / ${ACCOUNTS_PER_INVOICE}
       where status = 'accepted' and seq <= n - ${AVAILABLE_TAIL}`,
  )
  await q(
    `create temp table seed_invoices on commit drop as
     select nextval(pg_get_serial_sequence('invoices', 'id')) as id, user_id, bucket, sum(price) as amount,
       max(created_at) + interval '2 hours' as created_at, row_number() over () as k
     from seed_accounts where bucket is not null group by user_id, bucket`,
  )
  await q(
    `insert into invoices (id, user_id, amount, confirmation_status, payment_status, paid_at, created_at, updated_at)
     select id, user_id, amount, 'confirmed', 'success', created_at + interval '1 day', created_at,
       created_at + interval '1 day'
     from seed_invoices`,
  )
  // One successful payout per invoice: TRX (3.6 per USDT) or USDT BEP20 (0.3 USDT fee).
  await q(
    `insert into transactions (invoice_id, user_id, currency, status, amount, user_fee, rate, net, value_usdt,
       receiver_address, txid, sender_address, paid_at, created_at, updated_at)
     select id, user_id, case when k % 2 = 0 then 'trx' else 'usdt' end, 'success', amount,
       case when k % 2 = 0 then 0 else 300000 end, case when k % 2 = 0 then 3600000 else 1000000 end,
       case when k % 2 = 0 then amount * 36 / 10 else amount - 300000 end, amount,
       case when k % 2 = 0 then 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' else '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' end,
       case when k % 2 = 0 then lpad(to_hex(k), 64, 'a') else '0x' || lpad(to_hex(k), 64, 'b') end,
       case when k % 2 = 0 then 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' else '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' end,
       created_at + interval '1 day', created_at + interval '1 hour', created_at + interval '1 day'
     from seed_invoices`,
  )
  await q(
    `insert into accounts (user_id, phone, country, price, net, status, limit_status, validation_status, validation_at,
       submit_type, invoice_id, created_at, updated_at)
     select a.user_id, a.phone, a.country, a.price, a.price, a.status,
       case when a.status = 'pending' then 'pending' else 'not_limited' end,
       case a.status when 'accepted' then 'success' when 'rejected' then 'failed' else 'pending' end,
       case when a.status = 'pending' then now() + interval '1 day' else a.created_at + interval '1 hour' end,
       'login', i.id, a.created_at, a.created_at + interval '1 hour'
     from seed_accounts a left join seed_invoices i on i.user_id = a.user_id and i.bucket = a.bucket`,
  )
  // 10% of each referred user's accepted account to the referrer, on no invoice (the referrer's balance).
  await q(
    `insert into referral_earnings (account_id, referrer_user_id, amount, share_basis_points, created_at)
     select a.id, u.referrer_user_id, a.net / 10, 1000, a.updated_at
     from accounts a join users u on u.id = a.user_id
     where u.telegram_id between $1::bigint and $1::bigint + $2::int - 1
       and u.referrer_user_id is not null and a.status = 'accepted'`,
    [SEED_TELEGRAM_BASE, size.users],
  )
  const count = async (table: string) =>
    Number((await q(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0)
  const figures = {
    users: size.users,
    accounts: await count('accounts'),
    invoices: await count('invoices'),
    transactions: await count('transactions'),
    referralEarnings: await count('referral_earnings'),
  }
  await q('commit')
  // As autovacuum would after such a load: the planner's statistics, and the visibility map for index-only scans.
  await q('vacuum analyze')
  return { ...figures, ms: Date.now() - t0 }
}

/**
 * Rows housekeeping is for (docs/resilience.md, 'Housekeeping'), `count` of each kind aged past its retention and
 * `count` fresh, marked so that `agedRowCounts` tells them apart: spent and expired refresh tokens of 8 days ago
 * (fresh: valid for 30 days), rate-limit counters whose window began a day ago (fresh: now), mail and bot messages
 * delivered 8 days ago (fresh: a minute ago), idempotency keys expired an hour ago (fresh: expiring tomorrow).
 * Money rows are never among them.
 */
export async function seedAgedRows(client: pg.ClientBase, count: number): Promise<void> {
  const q = (text: string, values: unknown[] = []) => client.query(text, values)
  await client.query('begin')
  // Those of an earlier run on the same database (`--database`) go first: their markers are unique.
  for (const [table, column] of [
    ['refresh_tokens', 'token_hash'],
    ['rate_limit_counters', 'key'],
    ['email_outbox', 'recipient'],
    ['bot_outbox', 'dedupe_key'],
    ['idempotency_keys', 'key'],
  ] as const)
    await client.query(
      `delete from ${table} where ${column} like 'load-aged%' or ${column} like 'load-fresh%'`,
    )
  await q(
    `create temp table seed_owners on commit drop as
     with numbered as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from users)
     select g, numbered.id as user_id from generate_series(1, $1::int) g join numbered on numbered.k = g % numbered.n`,
    [count],
  )
  await q(
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, created_at)
     select user_id, gen_random_uuid(), 'load-aged-spent-' || g, now() + interval '22 days', now() - interval '8 days',
       now() - interval '9 days' from seed_owners
     union all
     select user_id, gen_random_uuid(), 'load-aged-expired-' || g, now() - interval '8 days', null,
       now() - interval '38 days' from seed_owners
     union all
     select user_id, gen_random_uuid(), 'load-fresh-' || g, now() + interval '30 days', null, now() from seed_owners`,
  )
  await q(
    `insert into rate_limit_counters (key, window_start, count)
     select 'load-aged:' || g, now() - interval '1 day', 3 from generate_series(1, $1::int) g
     union all
     select 'load-fresh:' || g, now(), 1 from generate_series(1, $1::int) g`,
    [count],
  )
  await q(
    `insert into email_outbox (recipient, kind, payload, status, attempts, transport, sent_at, created_at)
     select 'load-' || age || '-' || g || '@example.com', 'verify', null, 'sent', 1, 'smtp', at, at
     from generate_series(1, $1::int) g,
       (values ('aged', now() - interval '8 days'), ('fresh', now() - interval '1 minute')) a(age, at)`,
    [count],
  )
  await q(
    `insert into bot_outbox (chat_id, user_id, kind, dedupe_key, status, attempts, sent_at, created_at)
     select 700000000 + g, user_id, 'account_accepted', 'load-' || age || ':' || g, 'sent', 1, at, at
     from seed_owners, (values ('aged', now() - interval '8 days'), ('fresh', now() - interval '1 minute')) a(age, at)`,
  )
  await q(
    `insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, locked_until,
       created_at, expires_at)
     select user_id, 'load-' || age || '-' || g, 'load', 200, '{}', at, at - interval '1 day', at
     from seed_owners, (values ('aged', now() - interval '1 hour'), ('fresh', now() + interval '1 day')) a(age, at)`,
  )
  await client.query('commit')
  // As autovacuum would: the dead rows of the delete above and of the last run's housekeeping. Where autovacuum is
  // off (this machine's PostgreSQL) the dead rows piled up and made the submissions slow (docs/measurements/load.md).
  await client.query(
    'vacuum analyze refresh_tokens, rate_limit_counters, email_outbox, bot_outbox, idempotency_keys',
  )
}

export type AgedRowCounts = Record<string, { aged: number; fresh: number }>

/** The rows of `seedAgedRows` still there, aged and fresh, per table. */
export async function agedRowCounts(client: pg.ClientBase): Promise<AgedRowCounts> {
  const { rows } = await client.query<{ table: string; aged: number; fresh: number }>(
    `select 'refresh_tokens' as table, count(*) filter (where token_hash like 'load-aged-%')::int as aged,
       count(*) filter (where token_hash like 'load-fresh-%')::int as fresh from refresh_tokens
     union all
     select 'rate_limit_counters', count(*) filter (where key like 'load-aged:%')::int,
       count(*) filter (where key like 'load-fresh:%')::int from rate_limit_counters
     union all
     select 'email_outbox', count(*) filter (where recipient like 'load-aged-%')::int,
       count(*) filter (where recipient like 'load-fresh-%')::int from email_outbox
     union all
     select 'bot_outbox', count(*) filter (where dedupe_key like 'load-aged:%')::int,
       count(*) filter (where dedupe_key like 'load-fresh:%')::int from bot_outbox
     union all
     select 'idempotency_keys', count(*) filter (where key like 'load-aged-%')::int,
       count(*) filter (where key like 'load-fresh-%')::int from idempotency_keys`,
  )
  return Object.fromEntries(rows.map((row) => [row.table, { aged: row.aged, fresh: row.fresh }]))
}
