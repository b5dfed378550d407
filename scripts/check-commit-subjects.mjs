// @ts-check
// Every commit after the base below has a subject of at most 72 characters (the why goes in the body): a subject
// is what `git log --oneline`, blame and review tools show. Older history is left as it was written.
import { execFileSync } from 'node:child_process'

const BASE = 'a87307b'
const MAX = 72

const git = (/** @type {string[]} */ ...args) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

try {
  git('cat-file', '-e', `${BASE}^{commit}`)
} catch {
  console.error(`commit ${BASE} is not in this clone (a shallow clone?): fetch the history to check subjects`)
  process.exit(1)
}
const long = git('log', '--format=%h %s', `${BASE}..HEAD`)
  .split('\n')
  .filter(Boolean)
  .filter((line) => line.length - line.indexOf(' ') - 1 > MAX)
if (long.length > 0) {
  console.error(`commit subjects over ${MAX} characters (write the why in the body):\n  ${long.join('\n  ')}`)
  process.exit(1)
}
console.log(`every commit subject after ${BASE} is at most ${MAX} characters`)
