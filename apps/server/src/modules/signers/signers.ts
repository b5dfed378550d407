/**
 * Who may sign a money decision (docs/console.md, 'Four eyes'): a transaction above the approval amount, or a rate
 * change beyond its step. Operators' rows are read `FOR SHARE`, so a disable or a role change made meanwhile either
 * waits for the decision's transaction or is seen by it.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { operators } from '#db/schema.ts'

/** The operator acting: a named one, or the bootstrap token (`id` null). */
export type SigningOperator = { id: number | null; login: string }

/** Who an operator is for four eyes: enabled or not, role, and from when their signature counts (null: never). */
export type Signer = {
  id: number
  login: string
  role: string
  disabledAt: Date | null
  signsPayoutsFrom: Date | null
}

export const signerColumns = {
  id: operators.id,
  login: operators.login,
  role: operators.role,
  disabledAt: operators.disabledAt,
  signsPayoutsFrom: operators.signsPayoutsFrom,
}

export async function lockSigner(db: Db, operatorId: number): Promise<Signer | undefined> {
  const [row] = await db
    .select(signerColumns)
    .from(operators)
    .where(eq(operators.id, operatorId))
    .for('share')
  return row
}

/** Whether the signer's approval or send counts at `at`: the reason in words when it does not. */
export function signingProblem(signer: Signer | undefined, at: Date): string | undefined {
  if (signer === undefined || signer.disabledAt !== null || signer.role === 'viewer')
    return `${signer?.login ?? 'This operator'} is not an enabled operator`
  if (signer.signsPayoutsFrom === null) return `${signer.login} may not sign payouts`
  if (signer.signsPayoutsFrom > at)
    return `${signer.login} may approve or send payouts above the approval amount from ${signer.signsPayoutsFrom.toISOString()} (the four-eyes delay after joining, a new role or new credentials)`
  return undefined
}
