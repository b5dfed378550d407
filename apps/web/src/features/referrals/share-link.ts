/** The link as the screen shows it: 't.me/...' without the scheme (spec section 2). */
export function displayLink(link: string): string {
  return link.replace(/^https?:\/\//, '')
}

/**
 * Telegram's own share sheet: a t.me/share/url link, opened with Telegram's link opener, lets the user pick a
 * chat and sends the link with the text ('Join now!').
 */
export function shareUrl(link: string, text: string): string {
  // %20, not '+': the share page reads the text as a URI component.
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`
}
