/**
 * A service as methods over plain functions that take its context first (modules/operators/service.ts): the
 * context is bound once, and each method keeps its function's other parameters and result.
 */
type ContextFunction<C> = (context: C, ...args: never[]) => unknown

export type BoundToContext<C, F extends Record<string, ContextFunction<C>>> = {
  [K in keyof F]: F[K] extends (context: C, ...args: infer A) => infer R ? (...args: A) => R : never
}

export function bindContext<C, F extends Record<string, ContextFunction<C>>>(
  context: C,
  functions: F,
): BoundToContext<C, F> {
  const bound = Object.entries(functions).map(([name, fn]) => [
    name,
    (...args: never[]) => fn(context, ...args),
  ])
  return Object.fromEntries(bound) as BoundToContext<C, F>
}
