// Every installed package must run on the oldest Node this project promises (package.json "engines"):
// npm only warns about a dependency that needs a newer Node, and such a package may then fail at run time.
import { readFileSync } from 'node:fs'
import semver from 'semver'

const read = (file) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))
const promised = semver.minVersion(read('package.json').engines.node)
const lock = read('package-lock.json')

const refused = Object.entries(lock.packages)
  .filter(([, entry]) => entry.engines?.node && !semver.satisfies(promised, entry.engines.node))
  .map(
    ([path, entry]) =>
      `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${entry.engines.node}`,
  )

if (refused.length > 0) {
  console.error(`packages that do not support Node ${promised}:\n  ${refused.join('\n  ')}`)
  process.exit(1)
}
console.log(`every package in package-lock.json supports Node ${promised}`)
