/**
 * Operator commands for money going out (docs/glossary.md): invoices, transactions, rates, the payment switches and
 * limits, the ledger, exports. Old verbs an operator may have scripted stay as aliases, and `--help` says so.
 */
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import {
  type ChainCheck,
  chainCheckSummary,
  type ExportKind,
  opsExportCalls,
  opsInvoiceCalls,
  opsLedgerCalls,
  opsRateCalls,
  opsSettingCalls,
  opsTransactionCalls,
  type PendingRate,
} from '@app/contract/ops'
import type { Command } from 'commander'
import { type OpsClient, OpsClientError } from './client.ts'
import { savedSettingLines } from './setting-lines.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

type ShownInvoice = {
  uid: string
  amount: string
  confirmationStatus: string
  paymentStatus: string
  createdAt: string
}
const invoiceLine = (i: ShownInvoice) =>
  `${i.uid}  ${i.amount} USDT  ${i.confirmationStatus}  payment ${i.paymentStatus}  ${i.createdAt}`

type ShownTransaction = {
  uid: string
  invoiceUid: string
  currency: string
  status: string
  net: string
  receiverAddress: string
  bankCard: { name: string | null; family: string | null; number: string } | null
  txid: string | null
  chainCheck: ChainCheck
}
const UNITS: Record<string, string> = { trx: 'TRX', usdt: 'USDT', irt: 'toman' }
const transactionLine = (t: ShownTransaction) => {
  const card = t.bankCard ? `  card ${t.bankCard.number} (${t.bankCard.name} ${t.bankCard.family})` : ''
  const txid = t.txid ? `  txid ${t.txid}` : ''
  const line = `${t.uid}  ${t.status}  ${t.net} ${UNITS[t.currency] ?? t.currency}  to ${t.receiverAddress}${card}${txid}  invoice ${t.invoiceUid}`
  // The chain check on a line of its own (docs/transactions.md, 'Chain check'), with the explorer link.
  if (t.chainCheck.state === 'none') return line
  const explorer = t.chainCheck.explorerUrl === null ? '' : `  ${t.chainCheck.explorerUrl}`
  return `${line}\n    chain check: ${chainCheckSummary(t.chainCheck)}${explorer}`
}

const pendingRateLine = (change: PendingRate) =>
  `${change.pair} ${change.basePrice} -> ${change.price} (${change.change})  proposed by ${change.proposedBy} ${change.proposedAt}, lapses ${change.expiresAt}`

const listOptions = (command: Command) =>
  command
    .option('--status <status>', 'only this status')
    .option('--limit <n>', 'how many (default 100, at most 1000)', '100')
    .option('--cursor <cursor>', 'the page after the one that printed this cursor')

type ListOptions = { status?: string; currency?: string; check?: string; limit: string; cursor?: string }
const listQuery = ({ limit, status, currency, cursor }: ListOptions) => ({ limit, status, currency, cursor })
const printNextPage = (nextPage: string | null) => {
  if (nextPage !== null) print(`(more: --cursor ${nextPage})`)
}

type Client = () => OpsClient

function addInvoiceCommands(program: Command, client: Client): void {
  const invoice = program.command('invoice').description("users' invoices ('Withdraw Money')")
  listOptions(
    invoice
      .command('list')
      .usage('[--status pending|confirmed|rejected|validating] [--limit N] [--cursor C]')
      .description('invoices, oldest first when filtered by status (the queue), else newest first'),
  ).action(async (options: ListOptions) => {
    const page = await client().call(opsInvoiceCalls.list, { query: listQuery(options) })
    if (page.items.length === 0) print('(no invoices)')
    for (const row of page.items) print(invoiceLine(row))
    printNextPage(page.nextPage)
  })
  const moveInvoice = (move: string, description: string) =>
    invoice
      .command(move)
      .usage('UID')
      .description(description)
      .argument('<uid>')
      .action(async (uid: string) => {
        print(invoiceLine(await client().call(opsInvoiceCalls.move, { params: { uid, move } })))
      })
  moveInvoice('confirm', 'confirm an invoice (pending or validating): the user may make a payment request')
  moveInvoice('reject', "reject an invoice: its accounts return to the user's balance")
  moveInvoice('validate', 'mark an invoice as validating while its accounts are revalidated')
}

function addTransactionMoves(transaction: Command, client: Client): void {
  listOptions(
    transaction
      .command('list')
      .usage(
        '[--status pending|broadcasting|success|review|failed] [--currency trx|usdt|irt] [--check waiting|expired|refused|verified|unverified] [--limit N]',
      )
      .description('transactions, oldest first when filtered by status (the queue), else newest first')
      .option('--currency <currency>', 'only this currency')
      .option(
        '--check <state>',
        'only transactions whose chain check is in this state (waiting: for confirmations)',
      ),
  ).action(async (options: ListOptions) => {
    const page = await client().call(opsTransactionCalls.list, {
      query: { ...listQuery(options), chainCheck: options.check },
    })
    if (page.items.length === 0) print('(no transactions)')
    for (const row of page.items) print(transactionLine(row))
    printNextPage(page.nextPage)
  })
  const moveTransaction =
    (move: string, body?: Record<string, string | undefined>) => async (uid: string) => {
      print(transactionLine(await client().call(opsTransactionCalls.move, { params: { uid, move }, body })))
    }
  transaction
    .command('approve')
    .usage('UID')
    .description(
      "approve a transaction (four eyes: above payout_approval_above, another named operator's approval is needed to send it)",
    )
    .argument('<uid>')
    .action(async (uid: string) => {
      const state = await client().call(opsTransactionCalls.approve, { params: { uid } })
      const needed = state.required
        ? "needed: above the approval amount, another named operator's approval counts"
        : 'not needed: at or below the approval amount'
      print(`${state.uid}  ${state.status}  approved by ${state.approvedBy.join(', ')}  (${needed})`)
    })
  transaction
    .command('broadcast')
    .usage('UID')
    .description('the transaction is being sent (the user sees Processing)')
    .argument('<uid>')
    .action((uid: string) => moveTransaction('broadcast')(uid))
  transaction
    .command('succeed')
    .usage('UID --txid TXID [--sender ADDRESS]')
    .description(
      'record a sent transaction: txid (bank reference for toman) and, for TRX/USDT, the sender address; a TRX or USDT transaction is read on its chain first (refused unless it shows the exact transfer; waits as broadcasting until final)',
    )
    .argument('<uid>')
    .requiredOption('--txid <txid>', 'transaction id or hash (toman: the bank reference)')
    .option('--sender <address>', 'the wallet the transaction was sent from (TRX and USDT)')
    .action((uid: string, options: { txid: string; sender?: string }) =>
      moveTransaction('succeed', { txid: options.txid, senderAddress: options.sender })(uid),
    )
  transaction
    .command('fail')
    .usage('UID')
    .description('the transaction failed: the user may request payment again')
    .argument('<uid>')
    .action((uid: string) => moveTransaction('fail')(uid))
  transaction
    .command('review')
    .usage('UID')
    .description('the transaction needs a closer look (the invoice shows awaiting review)')
    .argument('<uid>')
    .action((uid: string) => moveTransaction('review')(uid))
}

function addRateCommands(program: Command, client: Client): void {
  const rate = program
    .command('rate')
    .description('exchange rates (USDTIRT: toman per USDT, USDTTRX: TRX per USDT)')
  rate
    .command('set')
    .usage('PAIR PRICE')
    .description(
      "set the rate of a pair (kept with its history), within its bounds (settings rate_<pair>_min, _max); beyond rate_step_percent from the rate in force it waits for another named admin's approval",
    )
    .argument('<pair>', 'USDTIRT or USDTTRX')
    .argument('<price>', 'units per 1 USDT, e.g. 98500')
    .action(async (pair: string, price: string) => {
      const saved = await client().call(opsRateCalls.set, { params: { pair }, body: { price } })
      print(`${saved.pair} = ${saved.price}  (${saved.setAt})`)
      if (saved.pending) print(`waits for another admin's approval: ${pendingRateLine(saved.pending)}`)
    })
  rate
    .command('pending')
    .usage(' ')
    .description("rate changes waiting for a second named admin's approval")
    .action(async () => {
      const waiting = await client().call(opsRateCalls.pending)
      if (waiting.length === 0) print('(no rate change waits)')
      for (const change of waiting) print(pendingRateLine(change))
    })
  rate
    .command('approve')
    .usage('PAIR PRICE')
    .description(
      'apply the waiting change of a pair, naming its price (another named admin than who proposed it)',
    )
    .argument('<pair>')
    .argument('<price>', 'the price proposed, as `rate pending` shows it')
    .action(async (pair: string, price: string) => {
      const saved = await client().call(opsRateCalls.approve, { params: { pair }, body: { price } })
      print(`${saved.pair} = ${saved.price}  (${saved.setAt})`)
    })
  rate
    .command('cancel')
    .alias('withdraw')
    .usage('PAIR')
    .description('drop the waiting change of a pair; the rate in force stays (old name: rate withdraw)')
    .argument('<pair>')
    .action(async (pair: string) => {
      const kept = await client().call(opsRateCalls.cancel, { params: { pair } })
      print(`${kept.pair} = ${kept.price}  (${kept.setAt})`)
    })
  rate
    .command('history')
    .usage('PAIR [--limit N]')
    .description('the rates of a pair, newest first')
    .argument('<pair>')
    .option('--limit <n>', 'how many (default 20)', '20')
    .action(async (pair: string, options: { limit: string }) => {
      const list = await client().call(opsRateCalls.history, {
        params: { pair },
        query: { limit: options.limit },
      })
      if (list.length === 0) print('(no rate set)')
      for (const row of list) print(`${row.pair} = ${row.price}  (${row.setAt})`)
    })
}

/** The spec's payment switches and limits (isPaymentOpen, isPaymentOpenIrt, min and max payment limit). */
function addPaymentSwitchCommands(program: Command, client: Client): void {
  const setSetting = async (key: string, value: unknown) => {
    const saved = await client().call(opsSettingCalls.set, { params: { key }, body: { value } })
    for (const line of savedSettingLines(saved)) print(line)
  }
  const payments = program
    .command('payments')
    .description('payment switches and limits: invoices and payment requests')
  const onOff = (text: string) => {
    if (text !== 'open' && text !== 'close') throw new OpsClientError('say open or close')
    return text === 'open'
  }
  payments
    .command('open')
    .usage(' ')
    .description('open invoices and payment requests (toman also needs "payments toman open")')
    .action(() => setSetting('payment_open', true))
  payments
    .command('close')
    .usage(' ')
    .description('close invoices and payment requests: no new ones')
    .action(() => setSetting('payment_open', false))
  payments
    .command('toman')
    .usage('open|close')
    .description('open or close toman (bank transfer) payment requests')
    .argument('<state>')
    .action((state: string) => setSetting('toman_payment_open', onOff(state)))
  payments
    .command('limits')
    .usage('MIN MAX')
    .description('smallest and largest invoice, USDT')
    .argument('<min>')
    .argument('<max>')
    .action(async (min: string, max: string) => {
      // One at a time, in the order that keeps min <= max after each step.
      const current = await client().call(opsSettingCalls.list)
      const raisesMinAboveMax = Number(min) > Number(current.max_payment_limit)
      const order = raisesMinAboveMax
        ? ([
            ['max_payment_limit', max],
            ['min_payment_limit', min],
          ] as const)
        : ([
            ['min_payment_limit', min],
            ['max_payment_limit', max],
          ] as const)
      for (const [key, value] of order) await setSetting(key, value)
    })
  payments
    .command('invoice-delay')
    .usage('SECONDS')
    .description('minimum seconds between two invoices of one user')
    .argument('<seconds>')
    .action((seconds: string) => setSetting('invoice_delay_seconds', seconds))
}

/** What `export` takes, by the glossary's words; `payouts`, the old word (and the API's), stays an alias. */
const EXPORT_WORDS: Record<string, ExportKind> = {
  invoices: 'invoices',
  transactions: 'payouts',
  payouts: 'payouts',
  ledger: 'ledger',
}

function addExportCommand(program: Command, client: Client): void {
  program
    .command('export')
    .usage('invoices|transactions|ledger --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE]')
    .description(
      'CSV of a period, UTC days both included (UTF-8 with BOM; audited); stdout or --out FILE (old name: export payouts)',
    )
    .argument('<what>', 'invoices, transactions or ledger')
    .requiredOption('--from <day>', 'first day, YYYY-MM-DD (UTC)')
    .requiredOption('--to <day>', 'last day, YYYY-MM-DD (UTC), included')
    .option('--out <file>', 'write the file here instead of stdout')
    .action(async (what: string, options: { from: string; to: string; out?: string }) => {
      const kind = Object.hasOwn(EXPORT_WORDS, what) ? EXPORT_WORDS[what] : undefined
      if (kind === undefined) throw new OpsClientError('export: one of invoices, transactions, ledger')
      const body = await client().download(opsExportCalls[kind], {
        query: { from: options.from, to: options.to },
      })
      // Streamed to its end as it arrives: a year of transactions never sits in memory.
      const target = options.out === undefined ? process.stdout : createWriteStream(options.out)
      await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), target, {
        end: options.out !== undefined,
      })
      if (options.out !== undefined)
        process.stderr.write(`${what} ${options.from} to ${options.to} written to ${options.out}\n`)
    })
}

function addLedgerCommand(program: Command, client: Client): void {
  program
    .command('ledger')
    .usage(' ')
    .description('prove the money adds up (exit 1 when it does not)')
    .action(async () => {
      const report = await client().call(opsLedgerCalls.ledger)
      const { totals } = report
      print(`accepted accounts net  ${totals.acceptedNet} USDT`)
      print(`referral earnings      ${totals.referralEarned} USDT`)
      print(`  available            ${totals.available} USDT`)
      print(`  on unpaid invoices   ${totals.onUnpaidInvoices} USDT`)
      print(`  paid                 ${totals.paid} USDT`)
      print(`paid out (transactions) ${totals.paidOut} USDT`)
      if (report.problems.length === 0) {
        print('OK: every accepted account is counted once; invoices, transactions and balances agree')
        return
      }
      for (const problem of report.problems) print(`PROBLEM: ${problem}`)
      throw new OpsClientError(`The ledger does not add up: ${report.problems.length} problem(s)`)
    })
}

export function addTransactionCommands(program: Command, client: Client): void {
  addInvoiceCommands(program, client)
  const transaction = program
    .command('transaction')
    .description('transactions: the money leaving for invoices')
  addTransactionMoves(transaction, client)
  addRateCommands(program, client)
  addPaymentSwitchCommands(program, client)
  addExportCommand(program, client)
  addLedgerCommand(program, client)
}
