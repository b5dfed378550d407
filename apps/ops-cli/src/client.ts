/** A small HTTP client for the server's operator API (/ops, bearer operator token). */
import { type OpsClientConfig, readOpsTokenFile } from './config.ts'

export class OpsClientError extends Error {
  override name = 'OpsClientError'
}

export type OpsClient = {
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown>
}

export function createOpsClient(config: OpsClientConfig): OpsClient {
  let token: string | undefined = config.opsToken
  return {
    async request(method, path, body) {
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
      if (response.ok) return payload
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
