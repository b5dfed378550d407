/**
 * The start-up warm-up's requests (warm-up.ts) come from this address. A TCP client's socket always has an IP
 * address, so only the process's own injected requests can have it; X-Forwarded-For cannot fake it, because this
 * looks at the socket, never at `request.ip`.
 */
import type { FastifyRequest } from 'fastify'

export const WARM_UP_ADDRESS = 'warm-up'

export const isWarmUpRequest = (request: FastifyRequest): boolean =>
  request.raw?.socket?.remoteAddress === WARM_UP_ADDRESS
