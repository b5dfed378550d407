import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify'

/**
 * Marks a plugin as not encapsulated (what `fastify-plugin` does): its decorators, hooks and
 * handlers apply to the whole app rather than to a child context.
 */
export function globalPlugin<O extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<O>,
): FastifyPluginAsync<O> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name })
  return plugin
}
