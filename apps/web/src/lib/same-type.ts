/** `true` only when A and B are mutually assignable: pins a mirror schema's output to the contract type. */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
