/**
 * Orders per country and the global switch (setting order_open): whether a phone number may be
 * submitted, at what price. Errors follow spec section 8: 404 with ORDER_UNAVAILABLE.
 */
import type { Db } from '#db/client.ts'
import { DomainError, notFound, validationError } from '#lib/domain-error.ts'
import { formatUsdt, parseUsdt } from '#lib/money.ts'
import { findOrder, insertOrder, listOrders, type Order, updateOrder } from './repository.ts'

export type { Order }
export type OrderServiceDeps = { db: Db }

const CAPACITY_COMPLETED_MESSAGE = 'Capacity is Completed 🙌.'

export function orderUnavailable(
  country: string,
  reason: 'orders_closed' | 'no_order' | 'closed' | 'capacity',
) {
  const message =
    reason === 'capacity' ? CAPACITY_COMPLETED_MESSAGE : `No orders for numbers of this country (${country})`
  return new DomainError(404, 'ORDER_UNAVAILABLE', message, { country, reason })
}

/** Throws unless accounts of this country can be submitted now (the global switch, then the country's order). */
export function requireOpenOrder(country: string, ordersOpen: boolean, order: Order | undefined): Order {
  if (!ordersOpen) throw orderUnavailable(country, 'orders_closed')
  if (!order) throw orderUnavailable(country, 'no_order')
  if (!order.isOpen) throw orderUnavailable(country, 'closed')
  if (order.capacity <= 0) throw orderUnavailable(country, 'capacity')
  return order
}

const COUNTRY = /^[A-Z]{2}$/

function parseCountry(input: string): string {
  const country = input.trim().toUpperCase()
  if (!COUNTRY.test(country)) throw validationError('country must be an ISO 3166-1 alpha-2 code, e.g. IR')
  return country
}

function parsePrice(input: string): bigint {
  const price = parseUsdt(input)
  if (price === undefined) throw validationError('price must be a USDT amount with at most 6 decimals')
  return price
}

/** An order as operators read it: the price as an exact USDT string. */
export const showOrder = (order: Order) => ({ ...order, price: formatUsdt(order.price) })

export type OrderChanges = { price?: string; capacity?: number; isOpen?: boolean }

export function createOrderService({ db }: OrderServiceDeps) {
  return {
    list: (): Promise<Order[]> => listOrders(db),

    /** The country's order before an operator changes it (the audit log); null when there is none. */
    async snapshot(countryInput: string) {
      const found = await findOrder(db, countryInput.trim().toUpperCase())
      return found === undefined ? null : showOrder(found)
    },

    async create(input: {
      country: string
      price: string
      capacity: number
      isOpen?: boolean
    }): Promise<Order> {
      const order: Order = {
        country: parseCountry(input.country),
        price: parsePrice(input.price),
        capacity: input.capacity,
        isOpen: input.isOpen ?? true,
      }
      const created = await insertOrder(db, order)
      if (!created)
        throw new DomainError(409, 'DUPLICATE_ENTRY', `An order for ${order.country} already exists`, {
          field: 'country',
          value: order.country,
        })
      return created
    },

    async change(countryInput: string, changes: OrderChanges): Promise<Order> {
      const country = parseCountry(countryInput)
      const updated = await updateOrder(db, country, {
        ...(changes.price !== undefined ? { price: parsePrice(changes.price) } : {}),
        ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
        ...(changes.isOpen !== undefined ? { isOpen: changes.isOpen } : {}),
      })
      if (!updated) throw notFound(`No order for ${country}`)
      return updated
    },
  }
}
