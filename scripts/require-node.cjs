// Preloaded by every npm script (`node -r`, or run alone before a tool): where npm could not bring the project's
// own Node (no binary package for this platform, or an old npm), one line says what to do instead of a stack trace.
// CommonJS and old syntax on purpose: it must run on any Node.
'use strict'
var wanted = require('../package.json').engines.node.replace(/^>=/, '')
var need = wanted.split('.').map(Number)
var have = process.versions.node.split('.').map(Number)
if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
  console.error(
    'account-supply needs Node ' +
      wanted +
      ' or newer, and this is Node ' +
      process.versions.node +
      ': `npm install` brings it on Linux (x64, arm64), macOS x64 and Windows x64; elsewhere install Node 24 LTS (https://nodejs.org) and run again.',
  )
  process.exit(1)
}
