/** The wire's time: whole seconds since the epoch (spec: timestamps are epoch seconds). */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
