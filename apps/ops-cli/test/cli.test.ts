/**
 * The CLI end to end: spawned as a program, against a real listening server (the server's app on a
 * migrated test database, built by the server's test helpers).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeBscNode, startFakeTronGrid } from '../../server/dev/fake-chain/server.ts'
import { newUser, userIdOf } from '../../server/test/helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../server/test/helpers/app.ts'
import { chainConfigFor, TEST_CONFIRMATIONS, TEST_SENDER } from '../../server/test/helpers/chain.ts'
import { acceptedAccounts, VALID } from '../../server/test/helpers/payments.ts'

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const CLI = 'apps/ops-cli/src/cli.ts'

type Result = { code: number | null; stdout: string; stderr: string }

/**
 * The program the tests spawn: `npm run ops` runs the source with Node's type stripping (each start loads and strips
 * every module of the CLI and the contract: up to seconds in a loaded `npm test`, for some 60 runs); the tests run
 * the same source bundled once by esbuild (a fraction of that a start). One test spawns it as `npm run ops` does.
 */
let bundle = ''
let bundleDir = ''
async function bundleCli() {
  bundleDir = mkdtempSync(join(tmpdir(), 'ops-cli-'))
  bundle = join(bundleDir, 'cli.mjs')
  await build({
    entryPoints: [join(REPO_ROOT, CLI)],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
    // commander is CommonJS: its require() calls need a require in the ES module bundle.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  })
}

function runCli(
  args: string[],
  env: Record<string, string>,
  through: 'bundle' | 'source' = 'bundle',
): Promise<Result> {
  const program = through === 'source' ? [CLI] : [bundle]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...program, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const DAY = 24 * 3600

describe('ops CLI', () => {
  let t: TestApp
  let url: string
  /** The server's clock: real time, moved ahead by the tests that need days to pass. */
  let aheadMs = 0
  const tick = (seconds: number) => {
    aheadMs += seconds * 1000
  }
  beforeAll(async () => {
    await bundleCli()
    // The CLI finds the token where the server wrote it: DATA_DIR/ops-token (no OPS_TOKEN here). Users sign up
    // after the clock has moved ahead of their init data's real time.
    t = await createTestApp('pglite', {
      config: { opsToken: undefined, authMaxAgeSeconds: 365 * DAY },
      deps: { now: () => new Date(Date.now() + aheadMs) },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    await t.close()
    rmSync(bundleDir, { recursive: true, force: true })
  })
  const env = () => ({ OPS_URL: url, DATA_DIR: t.config.dataDir })

  it('--help lists every command with descriptions (run as npm run ops runs it: node on the source)', async () => {
    const result = await runCli(['--help'], {}, 'source')
    expect(result.code).toBe(0)
    for (const text of [
      'invite create [--code CODE]',
      'invite revoke CODE',
      'user find QUERY [--limit N]',
      'user show USER',
      'user set USER',
      'user block USER --reason TEXT',
      'user unblock USER [--reason TEXT]',
      'referral_share_percent',
      'settings show',
      'settings set KEY VALUE',
      'min_payment_limit',
      'OPS_TOKEN',
      'orders create COUNTRY --price USDT --capacity N',
      'orders open COUNTRY',
      'orders close COUNTRY',
      'orders price COUNTRY USDT',
      'orders capacity COUNTRY N',
      'orders list',
      'validation-delay [SECONDS]',
      'accounts list USER',
      'accounts set-status UID STATUS',
      'invoice confirm UID',
      'transaction succeed UID --txid TXID [--sender ADDRESS]',
      'rate set PAIR PRICE',
      'rate approve PAIR PRICE',
      'payments open',
      'payments toman open|close',
      'payments limits MIN MAX',
      'ledger',
      'export invoices|transactions|ledger --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]',
      // Old verbs an operator may have scripted still work, and the help says so.
      '(old name: export payouts)',
      'rate cancel PAIR',
      '(old name: rate withdraw)',
      'news add --title-en TEXT --body-en TEXT [--title-fa TEXT --body-fa TEXT]',
      'news list [--limit N]',
      'news remove UID',
      'operator create LOGIN --role viewer|operator|admin',
    ]) {
      expect(result.stdout).toContain(text)
    }
  })

  it('invite create prints only the code; a duplicate fails with the API message', async () => {
    const created = await runCli(['invite', 'create', '--code', 'cli-invite-1'], env())
    expect(created).toMatchObject({ code: 0, stdout: 'cli-invite-1\n' })
    const random = await runCli(['invite', 'create'], env())
    expect(random.code).toBe(0)
    expect(random.stdout).toMatch(/^[A-Z2-9]{10}\n$/)
    const duplicate = await runCli(['invite', 'create', '--code', 'cli-invite-1'], env())
    expect(duplicate.code).toBe(1)
    expect(duplicate.stderr.trim()).toBe('This invite code already exists')
    const revoked = await runCli(['invite', 'revoke', 'cli-invite-1'], env())
    expect(revoked.code).toBe(0)
    expect(revoked.stdout).toMatch(/^cli-invite-1 revoked at \d{4}-\d\d-\d\dT/)
    const again = await runCli(['invite', 'revoke', 'cli-invite-1'], env())
    expect([again.code, again.stderr.trim()]).toEqual([1, 'This invite is revoked already'])
  })

  it('settings set and show', async () => {
    const set = await runCli(['settings', 'set', 'payment_open', 'false'], env())
    expect(set).toMatchObject({ code: 0, stdout: 'payment_open = false\n' })
    expect((await runCli(['settings', 'set', 'channel_username', 'null'], env())).stdout).toBe(
      'channel_username = null\n',
    )
    const show = await runCli(['settings', 'show'], env())
    expect(show.code).toBe(0)
    expect(show.stdout).toContain('payment_open = false')
    expect(show.stdout).toContain('min_payment_limit = "10"')
    expect(show.stderr).toBe('')
    const invalid = await runCli(['settings', 'set', 'min_payment_limit', 'lots'], env())
    expect(invalid.code).toBe(1)
    expect(invalid.stderr).toContain('min_payment_limit')
  })

  it('settings show and set channel_username say when the bot cannot check the channel (stderr)', async () => {
    // This server's Bot API root refuses at once (the test config): the channel cannot be checked.
    const problem =
      /^problem: channel_username: The bot cannot check the channel @cli_channel \(.+\): add the bot to the channel as an administrator\n$/
    const set = await runCli(['settings', 'set', 'channel_username', '@cli_channel'], env())
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).toBe('channel_username = "cli_channel"\n')
    expect(set.stderr).toMatch(problem)
    const show = await runCli(['settings', 'show'], env())
    expect(show.code).toBe(0)
    expect(show.stdout).toContain('channel_username = "cli_channel"')
    expect(show.stderr).toMatch(problem)
    await runCli(['settings', 'set', 'channel_username', 'null'], env())
    expect((await runCli(['settings', 'show'], env())).stderr).toBe('')
  })

  it('orders, validation delay and accounts commands', async () => {
    const created = await runCli(['orders', 'create', 'br', '--price', '2.5', '--capacity', '10'], env())
    expect(created).toMatchObject({ code: 0, stdout: 'BR  price 2.5 USDT  capacity 10  open\n' })
    expect((await runCli(['orders', 'close', 'BR'], env())).stdout).toBe(
      'BR  price 2.5 USDT  capacity 10  closed\n',
    )
    const list = await runCli(['orders', 'list'], env())
    expect(list.stdout).toContain('IR  price 1.5 USDT')
    expect((await runCli(['validation-delay', '45'], env())).stdout).toBe('validation_delay_seconds = "45"\n')
    const accounts = await runCli(['accounts', 'list', '777000001'], env())
    expect(accounts).toMatchObject({ code: 0, stdout: '(no accounts)\n' })
    const bad = await runCli(
      ['accounts', 'set-status', '00000000-0000-4000-8000-000000000000', 'accepted'],
      env(),
    )
    expect(bad).toMatchObject({ code: 1, stderr: 'Account not found\n' })
  })

  it('user show and set: the referrer, the referrals and the three permission flags', async () => {
    const shown = await runCli(['user', 'show', '777000001'], env())
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toContain('canReferrer true  canAddAccount true  canRegisterAccount true')
    const set = await runCli(
      ['user', 'set', '777000001', '--can-referrer', 'false', '--can-add-account', 'false'],
      env(),
    )
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).toContain('canReferrer false  canAddAccount false  canRegisterAccount true')
    expect(
      (
        await runCli(
          ['user', 'set', '777000001', '--can-referrer', 'true', '--can-add-account', 'true'],
          env(),
        )
      ).code,
    ).toBe(0)
    expect(await runCli(['user', 'set', '777000001', '--can-referrer', 'maybe'], env())).toMatchObject({
      code: 1,
      stderr: 'canReferrer must be true or false\n',
    })
    expect((await runCli(['user', 'set', '777000001'], env())).code).toBe(1)
    expect(await runCli(['user', 'show', '1'], env())).toMatchObject({
      code: 1,
      stderr: 'No user with Telegram id 1\n',
    })
    const share = await runCli(['settings', 'set', 'referral_share_percent', '12.5'], env())
    expect(share.stdout).toBe('referral_share_percent = "12.5"\n')
    expect((await runCli(['settings', 'set', 'referral_share_percent', '101'], env())).code).toBe(1)
  })

  it('user find, block and unblock any user: an email-only one by user id, a Telegram one by Telegram id too', async () => {
    const email = `cli-block-${Date.now()}@example.org`
    const [made] = (
      (await t.database.db.execute(sql`
        with u as (insert into users (first_name) values ('') returning id, uid)
        insert into email_identities (email, user_id, password_hash, verified_at)
        select ${email}, u.id, 'not-a-hash', now() from u
        returning (select uid::text from u) as uid, user_id as id`)) as {
        rows: { uid: string; id: number }[]
      }
    ).rows
    const uid = made?.uid as string
    const [account] = await acceptedAccounts(t.database.db, Number(made?.id), [1_000_000n])
    const phone = (
      (await t.database.db.execute(sql`select phone from accounts where uid = ${account}::uuid`)) as {
        rows: { phone: string }[]
      }
    ).rows[0]?.phone as string
    for (const q of [email, uid, phone]) {
      const found = await runCli(['user', 'find', q], env())
      expect(found.code, found.stderr).toBe(0)
      expect(found.stdout).toBe(`${uid}  (no Telegram id)  <${email}>\n`)
    }
    expect((await runCli(['accounts', 'list', uid], env())).stdout).toContain(phone)
    const blocked = await runCli(['user', 'block', uid, '--reason', 'resold accounts'], env())
    expect(blocked.code, blocked.stderr).toBe(0)
    expect(blocked.stdout).toContain(`user id ${uid}  BLOCKED`)
    const isBlocked = async () =>
      (
        (await t.database.db.execute(
          sql`select exists(select 1 from user_blocks b join users u on u.id = b.user_id where u.uid = ${uid}::uuid) as b`,
        )) as { rows: { b: boolean }[] }
      ).rows[0]?.b
    expect(await isBlocked()).toBe(true)
    expect((await runCli(['user', 'find', email], env())).stdout).toContain('BLOCKED')
    const unblocked = await runCli(['user', 'unblock', uid], env())
    expect(unblocked.stdout).not.toContain('BLOCKED')
    expect(await isBlocked()).toBe(false)
    // A reason is required to block; a Telegram id still names a user.
    expect((await runCli(['user', 'block', uid], env())).code).toBe(1)
    expect(
      (await runCli(['user', 'block', '777000001', '--reason', 'by telegram id'], env())).stdout,
    ).toContain('BLOCKED')
    expect((await runCli(['user', 'unblock', '777000001'], env())).code).toBe(0)
    expect(await runCli(['user', 'find', 'no-such-user-anywhere'], env())).toMatchObject({
      code: 0,
      stdout: '(no user matches)\n',
    })
  })

  it('withdrawals: payment switches, rates, confirming, recording a payout, and the ledger', async () => {
    for (const args of [
      ['payments', 'open'],
      ['payments', 'toman', 'open'],
      ['payments', 'limits', '2000', '5000'],
      ['payments', 'limits', '1', '500'],
      ['payments', 'invoice-delay', '0'],
    ]) {
      expect((await runCli(args, env())).code).toBe(0)
    }
    expect((await runCli(['payments', 'toman', 'maybe'], env())).code).toBe(1)
    const settings = (await runCli(['settings', 'show'], env())).stdout
    expect(settings).toContain('min_payment_limit = "1"')
    expect(settings).toContain('max_payment_limit = "500"')
    const unknownStatus = await runCli(['invoice', 'list', '--status', 'weird'], env())
    expect(unknownStatus).toMatchObject({ code: 1, stderr: expect.stringContaining('status') })
    expect((await runCli(['rate', 'set', 'USDTIRT', '98500'], env())).stdout).toMatch(
      /^USDTIRT = 98500 {2}\(/,
    )
    expect((await runCli(['rate', 'set', 'USDTIRT', '-1'], env())).code).toBe(1)
    expect((await runCli(['rate', 'history', 'USDTIRT'], env())).stdout.split('\n')[0]).toContain('98500')

    const u = await newUser(t.app)
    await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [2_500_000n])
    const { uid: invoiceUid } = (await u.post('/invoices/request-invoice')).json() as { uid: string }
    const queue = await runCli(['invoice', 'list', '--status', 'pending'], env())
    expect(queue.stdout).toContain(`${invoiceUid}  2.5 USDT  pending  payment pending`)
    expect((await runCli(['invoice', 'confirm', invoiceUid], env())).stdout).toContain('confirmed')
    const again = await runCli(['invoice', 'confirm', invoiceUid], env())
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('Invoice is confirmed') })

    const card = { name: 'Sara', family: 'Ahmadi', number: VALID.card, iban: VALID.iban }
    const requested = await u.post(`/invoices/${invoiceUid}/request-payment-irt`, {
      bankCardCreate: card,
      currency: 'irt',
    })
    expect(requested.statusCode, requested.body).toBe(201)
    const { uid } = requested.json() as { uid: string }
    const pending = await runCli(['transaction', 'list', '--status', 'pending'], env())
    expect(pending.stdout).toContain(
      `${uid}  pending  246250 toman  to ${VALID.iban}  card ${VALID.card} (Sara Ahmadi)`,
    )
    const paid = await runCli(['transaction', 'succeed', uid, '--txid', 'BANK-REF-7781'], env())
    expect(paid).toMatchObject({ code: 0, stdout: expect.stringContaining('success') })
    // A bank transfer has no chain to read: the CLI says so, as the console does.
    expect(paid.stdout).toContain(
      '\n    chain check: Bank transfer: no chain to check (the typed reference and four eyes)\n',
    )

    const ledger = await runCli(['ledger'], env())
    expect(ledger.code).toBe(0)
    expect(ledger.stdout).toContain('paid                 2.5 USDT')
    expect(ledger.stdout).toContain('OK:')
    // Break the books on purpose: the report names the invoice and the command fails.
    await t.database.db.execute(sql`update invoices set amount = amount + 1 where uid = ${invoiceUid}`)
    const broken = await runCli(['ledger'], env())
    expect(broken.code).toBe(1)
    expect(broken.stdout).toContain(`PROBLEM: invoice ${invoiceUid}: amount 2500001`)
    await t.database.db.execute(sql`update invoices set amount = amount - 1 where uid = ${invoiceUid}`)

    // Exports: the CSV as the server streams it, to stdout or a file, BOM first; a wrong kind or day is refused.
    const period = ['--from', '2020-01-01', '--to', '2099-12-31']
    const invoices = await runCli(['export', 'invoices', ...period], env())
    expect(invoices.code, invoices.stderr).toBe(0)
    expect(invoices.stdout.startsWith('\uFEFFinvoice,created_at,telegram_id,')).toBe(true)
    expect(invoices.stdout).toMatch(new RegExp(`\r\n${invoiceUid},[^\r]*,1,2.5,USDT,0,confirmed,success,`))
    const out = join(bundleDir, 'transactions.csv')
    const transactions = await runCli(['export', 'transactions', ...period, '--out', out], env())
    expect(transactions).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `transactions 2020-01-01 to 2099-12-31 written to ${out}\n`,
    })
    const file = readFileSync(out, 'utf8')
    expect(file.startsWith('\uFEFFpayout,')).toBe(true)
    expect(file).toContain(`${uid},`)
    expect(file).toContain(',success,2.5,USDT,0,98500,246250,IRT,')
    // The old word, kept as an alias: the same file.
    const oldOut = join(bundleDir, 'payouts.csv')
    const payouts = await runCli(['export', 'payouts', ...period, '--out', oldOut], env())
    expect(payouts).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `payouts 2020-01-01 to 2099-12-31 written to ${oldOut}\n`,
    })
    expect(readFileSync(oldOut, 'utf8')).toBe(file)
    expect(await runCli(['export', 'refunds', ...period], env())).toMatchObject({
      code: 1,
      stderr: 'export: one of invoices, transactions, ledger\n',
    })
    expect(
      await runCli(['export', 'ledger', '--from', '2026-02-30', '--to', '2026-03-01'], env()),
    ).toMatchObject({
      code: 1,
      stderr: 'from: not a day\n',
    })
  })

  it('prints each payout’s chain check: refused in words, waiting N of M with the explorer link, the waiting queue', async () => {
    const [tron, bsc] = await Promise.all([startFakeTronGrid(), startFakeBscNode()])
    const chained = await createTestApp('pglite', {
      config: { opsToken: undefined, chain: chainConfigFor(tron.url, bsc.url) },
    })
    try {
      await chained.app.listen({ port: 0, host: '127.0.0.1' })
      const address = chained.app.server.address()
      const chainedEnv = {
        OPS_URL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        DATA_DIR: chained.config.dataDir,
      }
      for (const [key, value] of Object.entries({ payment_open: 'true', min_payment_limit: '1' }))
        expect((await runCli(['settings', 'set', key, value], chainedEnv)).code).toBe(0)
      expect((await runCli(['rate', 'set', 'USDTTRX', '3.5'], chainedEnv)).code).toBe(0)
      const u = await newUser(chained.app)
      await acceptedAccounts(chained.database.db, await userIdOf(chained.database.db, u.telegramId), [
        10_000_000n,
      ])
      const { uid: invoiceUid } = (await u.post('/invoices/request-invoice')).json() as { uid: string }
      expect((await runCli(['invoice', 'confirm', invoiceUid], chainedEnv)).code).toBe(0)
      const requested = await u.post(`/invoices/${invoiceUid}/request-payment`, {
        receiverAddress: VALID.tron,
        currency: 'trx',
      })
      const { uid } = requested.json() as { uid: string }
      const txid = 'cd'.repeat(32)
      const refused = await runCli(
        ['transaction', 'succeed', uid, '--txid', txid, '--sender', TEST_SENDER.trx],
        chainedEnv,
      )
      expect(refused).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `Transaction not found on TRON: expected transaction ${txid}, found none`,
        ),
      })
      // Sent a moment ago: 1 of 19 confirmations, so it waits as broadcasting.
      tron.put({ txid, from: TEST_SENDER.trx, to: VALID.tron, amount: 35_000_000n, block: tron.head })
      const waiting = await runCli(
        ['transaction', 'succeed', uid, '--txid', txid, '--sender', TEST_SENDER.trx],
        chainedEnv,
      )
      expect(waiting.stdout).toContain(`${uid}  broadcasting  35 TRX`)
      expect(waiting.stdout).toContain(
        `\n    chain check: Waiting for confirmations: 1 of ${TEST_CONFIRMATIONS.trx} confirmations  https://tronscan.org/#/transaction/${txid}\n`,
      )
      const queue = await runCli(['transaction', 'list', '--check', 'waiting'], chainedEnv)
      expect(queue.stdout).toContain(`${uid}  broadcasting`)
      expect((await runCli(['transaction', 'list', '--check', 'expired'], chainedEnv)).stdout).toBe(
        '(no transactions)\n',
      )
    } finally {
      await chained.close()
      await tron.close()
      await bsc.close()
    }
  })

  it('news add, list and remove', async () => {
    await t.database.db.execute(sql`delete from news`)
    expect(await runCli(['news', 'list'], env())).toMatchObject({ code: 0, stdout: '(no news)\n' })
    const english = await runCli(['news', 'add', '--title-en', 'Maintenance', '--body-en', 'Tonight.'], env())
    expect(english.code, english.stderr).toBe(0)
    expect(english.stdout).toMatch(/^[0-9a-f-]{36} {2}\S+Z {2}Maintenance {2}\(English only\)\n$/)
    const both = await runCli(
      [
        'news',
        'add',
        '--title-en',
        'Rates',
        '--body-en',
        'New rates.',
        '--title-fa',
        'نرخ‌ها',
        '--body-fa',
        'نرخ‌های تازه.',
      ],
      env(),
    )
    expect(both.code, both.stderr).toBe(0)
    expect(both.stdout).toContain('Rates  | fa: نرخ‌ها')
    const list = (await runCli(['news', 'list'], env())).stdout.trim().split('\n')
    expect(list.map((line) => line.split('  ').slice(2).join('  '))).toEqual([
      'Rates  | fa: نرخ‌ها',
      'Maintenance  (English only)',
    ])
    expect((await runCli(['news', 'list', '--limit', '1'], env())).stdout.trim().split('\n')).toHaveLength(1)

    const uid = english.stdout.split('  ')[0] ?? ''
    expect(await runCli(['news', 'remove', uid], env())).toMatchObject({
      code: 0,
      stdout: `removed ${uid}\n`,
    })
    expect(await runCli(['news', 'remove', uid], env())).toMatchObject({
      code: 1,
      stderr: `No news with uid ${uid}\n`,
    })
    expect((await runCli(['news', 'list'], env())).stdout).not.toContain('Maintenance')

    // Refused before or by the server, with a line that says why; nothing is published.
    const halfPersian = await runCli(
      ['news', 'add', '--title-en', 'T', '--body-en', 'B', '--title-fa', 'ع'],
      env(),
    )
    expect(halfPersian).toMatchObject({ code: 1, stderr: 'give both --title-fa and --body-fa, or neither\n' })
    const tooLong = await runCli(['news', 'add', '--title-en', 'x'.repeat(121), '--body-en', 'B'], env())
    expect(tooLong.code).toBe(1)
    expect(tooLong.stderr).toContain('en.title')
    expect((await runCli(['news', 'add', '--title-en', 'T'], env())).code).toBe(1)
    expect((await runCli(['news', 'remove', 'not-a-uid'], env())).code).toBe(1)
    expect((await runCli(['news', 'list'], env())).stdout.trim().split('\n')).toHaveLength(1)
  })

  it('operator create prints the password and TOTP enrolment; a personal token works as OPS_TOKEN does', async () => {
    const created = await runCli(['operator', 'create', 'first-admin', '--role', 'admin'], env())
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toMatch(
      /^first-admin {2}admin {2}signs large payouts from \S+Z\npassword: {4}\S{20,}\ntotp secret: [A-Z2-7]{32}\ntotp uri: {4}otpauth:\/\/totp\//,
    )
    const token = await runCli(['operator', 'token', 'first-admin'], env())
    expect(token.stdout).toMatch(/^opk_\S+\n$/)
    const asOperator = await runCli(['operator', 'list'], { ...env(), OPS_TOKEN: token.stdout.trim() })
    // The token's end (90 days), its last use (this call) and, a day ahead, when their signature counts (four eyes).
    expect(asOperator.stdout).toMatch(
      /^first-admin {2}admin {2}api-token until (\S+Z), last used (\S+Z) {2}signs large payouts from (\S+Z)\n$/,
    )
    const [, until = '', used = '', signs = ''] =
      /until (\S+Z), last used (\S+Z) {2}signs large payouts from (\S+Z)/.exec(asOperator.stdout) ?? []
    expect(Date.parse(until) - Date.parse(used)).toBeCloseTo(90 * DAY * 1000, -5)
    expect(Date.parse(signs) - Date.parse(used)).toBeCloseTo(DAY * 1000, -5)
    expect((await runCli(['operator', 'create', 'x', '--role', 'boss'], env())).code).toBe(1)
  })

  it('four eyes: a higher payout_approval_above waits (printed), approve, and refusals in the server’s words', async () => {
    const payout = async () => {
      const u = await newUser(t.app)
      await acceptedAccounts(t.database.db, await userIdOf(t.database.db, u.telegramId), [3_000_000n])
      const { uid: invoiceUid } = (await u.post('/invoices/request-invoice')).json() as { uid: string }
      expect((await runCli(['invoice', 'confirm', invoiceUid], env())).code).toBe(0)
      const requested = await u.post(`/invoices/${invoiceUid}/request-payment-crypto`, {
        receiverAddress: VALID.bsc,
        network: 'BSC',
        token: 'USDT',
      })
      expect(requested.statusCode, requested.body).toBe(201)
      return (requested.json() as { uid: string }).uid
    }
    for (const args of [
      ['payments', 'open'],
      ['payments', 'limits', '1', '500'],
      ['payments', 'invoice-delay', '0'],
    ])
      expect((await runCli(args, env())).code).toBe(0)
    const on = await runCli(['settings', 'set', 'payout_approval_above', '2'], env())
    expect(on).toMatchObject({ code: 0, stdout: 'payout_approval_above = "2"\n' })
    const raised = await runCli(['settings', 'set', 'payout_approval_above', '500'], env())
    expect(raised.code, raised.stderr).toBe(0)
    const waiting =
      /waiting: payout_approval_above = "500" from \S+Z \(asked by bootstrap\): it asks for fewer approvals, so it waits; set the key again to cancel\n/
    expect(raised.stdout).toMatch(new RegExp(`^payout_approval_above = "2"\n${waiting.source}$`))
    const shown = await runCli(['settings', 'show'], env())
    expect(shown.stdout).toContain('payout_approval_above = "2"\n')
    expect(shown.stdout).toMatch(waiting)

    const uid = await payout()
    const alone = await runCli(['transaction', 'broadcast', uid], env())
    expect(alone).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'This payout (3 USDT) is above the approval amount (2 USDT): a named operator sends it, not the bootstrap token\n',
    })
    const tokens: Record<string, string> = {}
    for (const login of ['cli-alice', 'cli-bob']) {
      expect((await runCli(['operator', 'create', login, '--role', 'operator'], env())).code).toBe(0)
      tokens[login] = (await runCli(['operator', 'token', login], env())).stdout.trim()
    }
    const as = (login: string) => ({ ...env(), OPS_TOKEN: tokens[login] ?? '' })
    const tooSoon = await runCli(['transaction', 'approve', uid], as('cli-bob'))
    expect(tooSoon.code).toBe(1)
    expect(tooSoon.stderr).toMatch(/^cli-bob may approve or send payouts above the approval amount from \S+Z/)
    tick(DAY + 60)
    // The waiting change applied meanwhile: set the amount back down (at once), and the payout needs approval again.
    expect((await runCli(['settings', 'set', 'payout_approval_above', '2'], env())).stdout).toBe(
      'payout_approval_above = "2"\n',
    )
    const approved = await runCli(['transaction', 'approve', uid], as('cli-bob'))
    expect(approved).toMatchObject({
      code: 0,
      stdout: `${uid}  pending  approved by cli-bob  (needed: above the approval amount, another named operator's approval counts)\n`,
    })
    const own = await runCli(['transaction', 'broadcast', uid], as('cli-bob'))
    expect(own.stderr).toMatch(/another named operator's approval is needed first/)
    const sent = await runCli(['transaction', 'broadcast', uid], as('cli-alice'))
    expect(sent).toMatchObject({ code: 0, stdout: expect.stringContaining('broadcasting') })
  })

  it('a rate beyond the step waits for a second named admin: pending, approve, withdraw', async () => {
    const tokens: Record<string, string> = {}
    for (const login of ['rate-ana', 'rate-ben']) {
      expect((await runCli(['operator', 'create', login, '--role', 'admin'], env())).code).toBe(0)
      tokens[login] = (await runCli(['operator', 'token', login], env())).stdout.trim()
    }
    const as = (login: string) => ({ ...env(), OPS_TOKEN: tokens[login] ?? '' })
    tick(DAY + 60)
    expect((await runCli(['rate', 'set', 'USDTTRX', '3.5'], env())).code).toBe(0)
    const outOfBounds = await runCli(['rate', 'set', 'USDTTRX', '98500'], as('rate-ana'))
    expect(outOfBounds).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('outside the USDTTRX bounds'),
    })
    const proposed = await runCli(['rate', 'set', 'USDTTRX', '5'], as('rate-ana'))
    expect(proposed.stdout).toMatch(
      /^USDTTRX = 3\.5 {2}\(\S+\)\nwaits for another admin's approval: USDTTRX 3\.5 -> 5 \(\+42\.85%\) {2}proposed by rate-ana \S+, lapses \S+\n$/,
    )
    expect((await runCli(['rate', 'pending'], env())).stdout).toContain('USDTTRX 3.5 -> 5 (+42.85%)')
    const own = await runCli(['rate', 'approve', 'USDTTRX', '5'], as('rate-ana'))
    expect(own).toMatchObject({
      code: 1,
      stderr: 'rate-ana proposed this change: another named admin approves it\n',
    })
    expect((await runCli(['rate', 'approve', 'USDTTRX', '5'], as('rate-ben'))).stdout).toMatch(
      /^USDTTRX = 5 /,
    )
    // Back to 3.5 the same way; a proposal withdrawn leaves the rate as it is.
    expect((await runCli(['rate', 'set', 'USDTTRX', '3.5'], as('rate-ben'))).code).toBe(0)
    expect((await runCli(['rate', 'approve', 'USDTTRX', '3.5'], as('rate-ana'))).code).toBe(0)
    expect((await runCli(['rate', 'set', 'USDTTRX', '9'], as('rate-ben'))).code).toBe(0)
    expect((await runCli(['rate', 'cancel', 'USDTTRX'], env())).stdout).toMatch(/^USDTTRX = 3\.5 /)
    expect((await runCli(['rate', 'pending'], env())).stdout).toBe('(no rate change waits)\n')
    // `rate withdraw`, the old verb, is an alias of `rate cancel`.
    expect((await runCli(['rate', 'set', 'USDTTRX', '9'], as('rate-ben'))).code).toBe(0)
    expect((await runCli(['rate', 'withdraw', 'USDTTRX'], env())).stdout).toMatch(/^USDTTRX = 3\.5 /)
    expect((await runCli(['rate', 'pending'], env())).stdout).toBe('(no rate change waits)\n')
  })

  it('an expired personal token is refused in words that say how to get a new one', async () => {
    expect((await runCli(['operator', 'create', 'cli-carol', '--role', 'viewer'], env())).code).toBe(0)
    const token = (await runCli(['operator', 'token', 'cli-carol'], env())).stdout.trim()
    const asCarol = { ...env(), OPS_TOKEN: token }
    expect((await runCli(['ledger'], asCarol)).code).toBe(0)
    tick(90 * DAY + 60)
    const expired = await runCli(['ledger'], asCarol)
    expect(expired.code).toBe(1)
    expect(expired.stderr).toMatch(
      /^The server refused the operator token: This API token of cli-carol expired at \S+Z: an admin issues a new one \(npm run ops -- operator token cli-carol\)\n$/,
    )
  })

  it('a wrong token is refused with a clear line', async () => {
    const result = await runCli(['settings', 'show'], { ...env(), OPS_TOKEN: 'wrong-token-wrong-token' })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/refused the operator token/)
  })

  it('says so when the server is not running', async () => {
    const result = await runCli(['settings', 'show'], { PORT: '1', DATA_DIR: t.config.dataDir })
    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      'Cannot reach the server at http://127.0.0.1:1: is it running? Start it with npm start',
    )
    expect(result.stdout).toBe('')
  })

  it('the generated token file is readable by its owner only', () => {
    expect(statSync(join(t.config.dataDir, 'ops-token')).mode & 0o777).toBe(0o600)
  })
})
