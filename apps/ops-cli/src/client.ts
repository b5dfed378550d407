/** A small HTTP client for the server's operator API (/ops, bearer operator token): the contract's calls. */
import { type Answer, type Endpoint, readAnswer, urlOf } from '@app/contract'
import { type OpsClientConfig, readOpsTokenFile } from './config.ts'

export class OpsClientError extends Error {
  override name = 'OpsClientError'
}

/**
 * What a command gives a call: what the operator typed, as typed. The server judges it and its 400 message is the
 * CLI's, so the input is not typed by the call's schemas (its answer is).
 */
export type CliInput = {
  params?: Record<string, string>
  query?: Record<string, string | number | undefined>
  body?: unknown
}

export type OpsClient = {
  call<E extends Endpoint>(endpoint: E, input?: CliInput): Promise<Answer<E>>
}

export function createOpsClient(config: OpsClientConfig): OpsClient {
  let token: string | undefined = config.opsToken
  return {
    async call(endpoint, input = {}) {
      const { body } = input
      const { method } = endpoint
      const path = urlOf(endpoint, input)
      token ??= await readOpsTokenFile(config.dataDir)
      const headers: Record<string, string> = { accept: 'application/json' }
      if (token !== undefined) headers.authorization = `Bearer ${token}`
      if (body !== undefined) headers['content-type'] = 'application/json'
      let response: Response
      try {
        response = await fetch(`${config.serverUrl}${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(15_000),
        })
      } catch {
        throw new OpsClientError(
          `Cannot reach the server at ${config.serverUrl}: is it running? Start it with npm start`,
        )
      }
      const text = await response.text()
      let payload: unknown
      try {
        payload = text === '' ? undefined : JSON.parse(text)
      } catch {
        payload = undefined
      }
      if (response.ok) {
        const read = readAnswer(endpoint, response.status, payload)
        if (!read.ok) throw new Error(`${method} ${endpoint.path}: ${JSON.stringify(read.issues)}`)
        return read.data
      }
      const said =
        typeof payload === 'object' &&
        payload !== null &&
        'message' in payload &&
        typeof payload.message === 'string'
          ? payload.message
          : undefined
      if (response.status === 401) {
        if (token === undefined)
          throw new OpsClientError(
            `No operator token: set OPS_TOKEN, or run the CLI with the server's DATA_DIR (${config.dataDir}/ops-token)`,
          )
        // The server says why when it knows (an expired personal token); otherwise the token is simply wrong.
        throw new OpsClientError(
          said === undefined || said === 'Operator token required'
            ? 'The server refused the operator token: check OPS_TOKEN or DATA_DIR'
            : `The server refused the operator token: ${said}`,
        )
      }
      throw new OpsClientError(said ?? `HTTP ${response.status}`)
    },
  }
}
