/** Operator commands for orders per country: list, create, price, capacity, open, close (docs/console.md). */
import { opsOrderCalls } from '@app/contract/ops'
import type { Command } from 'commander'
import { type OpsClient, OpsClientError } from './client.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

type ShownOrder = { country: string; price: string; capacity: number; isOpen: boolean }
const orderLine = (o: ShownOrder) =>
  `${o.country}  price ${o.price} USDT  capacity ${o.capacity}  ${o.isOpen ? 'open' : 'closed'}`

function parseCapacity(text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw new OpsClientError('capacity must be a whole number')
  return Number(text)
}

export function addOrderCommands(program: Command, client: () => OpsClient): void {
  const orders = program.command('orders').description('orders per country (price, capacity, open)')
  const changeOrder = async (country: string, body: Record<string, unknown>) => {
    print(orderLine(await client().call(opsOrderCalls.change, { params: { country }, body })))
  }
  orders
    .command('list')
    .usage(' ')
    .description('print every order')
    .action(async () => {
      for (const order of await client().call(opsOrderCalls.list)) print(orderLine(order))
    })
  orders
    .command('create')
    .usage('COUNTRY --price USDT --capacity N [--closed]')
    .description('create the order of a country (ISO code, e.g. IR)')
    .argument('<country>', 'ISO 3166-1 alpha-2 code')
    .requiredOption('--price <usdt>', 'price per account in USDT, e.g. 1.5')
    .requiredOption('--capacity <n>', 'how many accounts may still be submitted')
    .option('--closed', 'create it closed')
    .action(async (country: string, options: { price: string; capacity: string; closed?: boolean }) => {
      const body = {
        country,
        price: options.price,
        capacity: parseCapacity(options.capacity),
        isOpen: options.closed !== true,
      }
      print(orderLine(await client().call(opsOrderCalls.create, { body })))
    })
  orders
    .command('open')
    .usage('COUNTRY')
    .description("open a country's order")
    .argument('<country>')
    .action((country: string) => changeOrder(country, { isOpen: true }))
  orders
    .command('close')
    .usage('COUNTRY')
    .description("close a country's order")
    .argument('<country>')
    .action((country: string) => changeOrder(country, { isOpen: false }))
  orders
    .command('price')
    .usage('COUNTRY USDT')
    .description("set a country's price per account")
    .argument('<country>')
    .argument('<usdt>')
    .action((country: string, price: string) => changeOrder(country, { price }))
  orders
    .command('capacity')
    .usage('COUNTRY N')
    .description('set how many more accounts a country takes')
    .argument('<country>')
    .argument('<n>')
    .action((country: string, n: string) => changeOrder(country, { capacity: parseCapacity(n) }))
}
