/**
 * The address a sign-in's failures are counted by: an IPv4 address as it is, an IPv6 address by its /64. One
 * IPv6 client holds a whole /64 (and privacy extensions change its address daily), so counting by the full
 * address would give a guesser endless fresh addresses and the owner a new one every day.
 */
import ipaddr from 'ipaddr.js'

export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const address = ipaddr.process(ip)
  if (address.kind() === 'ipv4') return address.toString()
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16))
  return `${prefix.join(':')}::/64`
}
