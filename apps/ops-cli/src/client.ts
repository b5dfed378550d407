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
  /** A call that answers a file (a CSV export): its body as it arrives, not read into memory. */
  download(endpoint: Endpoint, input?: CliInput): Promise<ReadableStream<Uint8Array>>
}

export function createOpsClient(config: OpsClientConfig): OpsClient {
  let token: string | undefined = config.opsToken

  /** The answer of a call that succeeded; a refusal thrown in the server's words. */
  async function request(endpoint: Endpoint, input: CliInput, accept: string): Promise<Response> {
    const { body } = input
    const { method } = endpoint
    const path = urlOf(endpoint, input)
    token ??= await readOpsTokenFile(config.dataDir)
    const headers: Record<string, string> = { accept }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(`${config.serverUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        // A download may take longer than 15 s in all; the timeout is for the answer to start.
        signal: AbortSignal.timeout(endpoint.produces === undefined ? 15_000 : 600_000),
      })
    } catch {
      throw new OpsClientError(
        `Cannot reach the server at ${config.serverUrl}: is it running? Start it with npm start`,
      )
    }
    if (response.ok) return response
    const payload = parseJson(await response.text())
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
  }

  return {
    async call(endpoint, input = {}) {
      const response = await request(endpoint, input, 'application/json')
      const read = readAnswer(endpoint, response.status, parseJson(await response.text()))
      if (!read.ok) throw new Error(`${endpoint.method} ${endpoint.path}: ${JSON.stringify(read.issues)}`)
      return read.data
    },
    async download(endpoint, input = {}) {
      const response = await request(endpoint, input, endpoint.produces ?? 'application/octet-stream')
      if (response.body === null) throw new OpsClientError(`${endpoint.path}: the server sent no file`)
      return response.body
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}
