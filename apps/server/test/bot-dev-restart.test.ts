/**
 * The development bot after a restart (issue 38, item 13): `npm start` without a bot token runs the fake Bot API in
 * its process, and the bot polls it. A restart on the same data folder starts a new fake, whose update ids began at
 * 1 again while the data folder remembered the last id the bot had handled: every message below it was skipped
 * (the first five, after five), and the user's /start went unanswered. A real development server, restarted on its
 * data folder, answers /start sent through the simulator's Bot chat each time.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_USERS } from '../dev/demo/demo-data.ts'
import { freePort, spawnServer, useProcessFixtures, waitHealthy } from './helpers/spawn-server.ts'

const fixtures = useProcessFixtures('bot-dev-restart-')
const sara = DEMO_USERS[0]?.telegramId ?? 0

type BotChat = { messages: { text: string }[] }

async function botChat(url: string): Promise<BotChat> {
  return (await (await fetch(`${url}/simulator/bot-chat?user=${sara}`)).json()) as BotChat
}

async function send(url: string, text: string): Promise<void> {
  const response = await fetch(`${url}/simulator/bot-chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: sara, text }),
  })
  expect(response.status).toBe(200)
}

/** Starts the development server on `dataDir`, sends `/start` `times` times, and answers what the bot sent back. */
async function startAndSend(dataDir: string, times: number): Promise<string[]> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = fixtures.adopt(
    spawnServer({ PORT: String(port), DATA_DIR: dataDir, BOT_OUTBOX_POLL_MS: '200' }),
  )
  await waitHealthy(port, server)
  for (let i = 0; i < times; i++) await send(url, '/start')
  await expect
    .poll(async () => (await botChat(url)).messages.length, { timeout: 30_000, interval: 250 })
    .toBe(times)
  const texts = (await botChat(url)).messages.map((m) => m.text)
  await server.stop()
  expect(await server.exited).toBe(0)
  return texts
}

describe('the development bot across restarts', () => {
  it('answers /start after a restart on the same data folder, as before it', async () => {
    const dataDir = await fixtures.preparedDir()
    const first = await startAndSend(dataDir, 5)
    expect(first).toHaveLength(5)
    // The same data folder, a new process (and with it a new fake Bot API): /start is answered again, each time.
    const second = await startAndSend(dataDir, 2)
    expect(second).toEqual(first.slice(0, 2))
  }, 120_000)
})
