import * as z from 'zod/mini'

/** Orders: per country, the price paid for an accepted account and how many are wanted. */
const CountrySchema = z
  .string()
  .check(z.regex(/^[A-Za-z]{2}$/, { error: 'country must be a 2-letter ISO code, e.g. IR' }))
/** A USDT amount as the operator typed it; the server parses it into minor units. */
const PriceSchema = z.string().check(z.maxLength(32))
const CapacitySchema = z.int().check(z.gte(0), z.lte(100_000_000))

export const OrderSchema = z.object({
  country: z.string(),
  price: z.string(),
  capacity: z.int(),
  isOpen: z.boolean(),
})
export const OrdersSchema = z.array(OrderSchema)
export const CreateOrderBodySchema = z.strictObject({
  country: CountrySchema,
  price: PriceSchema,
  capacity: CapacitySchema,
  isOpen: z.optional(z.boolean()),
})
export const OrderParamsSchema = z.object({ country: CountrySchema })
export const ChangeOrderBodySchema = z.strictObject({
  price: z.optional(PriceSchema),
  capacity: z.optional(CapacitySchema),
  isOpen: z.optional(z.boolean()),
})
