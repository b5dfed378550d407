/*
 * The sandbox notice (docs/web.md, 'Sandbox banner'). A production server running the sandbox account provider
 * (NODE_ENV=production with ACCOUNT_PROVIDER=sandbox chosen explicitly) simulates accounts: it sends this header
 * on every answer, and the mini-app shows a banner on every screen once any answer carried it. No extra request:
 * the first screen's translations and calls bring it. Development (the sandbox by default) does not send it.
 * This module is in the mini-app's entry chunk: nothing else here.
 */
export const SANDBOX_HEADER = 'x-sandbox'
export const SANDBOX_HEADER_VALUE = 'on'
