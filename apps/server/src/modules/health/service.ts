/** Liveness and readiness in one: healthy when the database answers. */
export type HealthServiceDeps = { pingDatabase: () => Promise<boolean> }
export type HealthService = ReturnType<typeof createHealthService>

export function createHealthService({ pingDatabase }: HealthServiceDeps) {
  return {
    check: (): Promise<boolean> => pingDatabase(),
  }
}
