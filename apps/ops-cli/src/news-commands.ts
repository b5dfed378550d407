/** Operator commands for news: publish in English (and optionally Persian), list, remove (docs/news.md). */
import { NEWS_BODY_MAX, NEWS_TITLE_MAX, type OpsNews, opsNewsCalls } from '@app/contract/ops'
import type { Command } from 'commander'
import { type OpsClient, OpsClientError } from './client.ts'

const print = (line: string) => process.stdout.write(`${line}\n`)

/** One line per item: enough to find the uid to remove and to see which languages it has. */
const newsLine = (n: OpsNews) =>
  `${n.uid}  ${n.publishedAt}  ${n.en.title}${n.fa ? `  | fa: ${n.fa.title}` : '  (English only)'}`

type AddOptions = { titleEn: string; bodyEn: string; titleFa?: string; bodyFa?: string }

export function addNewsCommands(program: Command, client: () => OpsClient): void {
  const news = program.command('news').description('news users read in the mini-app (newest first)')
  news
    .command('add')
    .usage('--title-en TEXT --body-en TEXT [--title-fa TEXT --body-fa TEXT]')
    .description('publish news now: English required, Persian optional')
    .requiredOption('--title-en <text>', `English title (at most ${NEWS_TITLE_MAX} characters)`)
    .requiredOption('--body-en <text>', `English text (at most ${NEWS_BODY_MAX} characters)`)
    .option('--title-fa <text>', 'Persian title (with --body-fa)')
    .option('--body-fa <text>', 'Persian text (with --title-fa)')
    .addHelpText(
      'after',
      "\nLine breaks in a text are kept: in bash, --body-en $'First line\\nSecond line'.\n" +
        'Persian readers see the English text of news without Persian.',
    )
    .action(async (options: AddOptions) => {
      // Caught here rather than as the server's 400, whose message names JSON fields rather than options.
      if ((options.titleFa === undefined) !== (options.bodyFa === undefined))
        throw new OpsClientError('give both --title-fa and --body-fa, or neither')
      const body = {
        en: { title: options.titleEn, body: options.bodyEn },
        ...(options.titleFa !== undefined && options.bodyFa !== undefined
          ? { fa: { title: options.titleFa, body: options.bodyFa } }
          : {}),
      }
      print(newsLine(await client().call(opsNewsCalls.publish, { body })))
    })
  news
    .command('list')
    .usage('[--limit N]')
    .description('published news, newest first')
    .option('--limit <n>', 'how many (default 100, at most 1000)', '100')
    .action(async (options: { limit: string }) => {
      const list = await client().call(opsNewsCalls.list, { query: { limit: options.limit } })
      if (list.length === 0) print('(no news)')
      for (const item of list) print(newsLine(item))
    })
  news
    .command('remove')
    .usage('UID')
    .description('unpublish news (users stop seeing it at once)')
    .argument('<uid>', 'as news list prints it')
    .action(async (uid: string) => {
      const { uid: removed } = await client().call(opsNewsCalls.remove, { params: { uid } })
      print(`removed ${removed}`)
    })
}
