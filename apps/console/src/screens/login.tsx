/** Sign-in: login, password and the authenticator's 6-digit code, checked with the contract's schema. */
import { type LoginBody, LoginBodySchema, opsOperatorCalls } from '@app/contract/ops'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { call } from '#lib/api.ts'
import { sessionKey } from '#lib/session.tsx'

export function LoginScreen() {
  const client = useQueryClient()
  const form = useForm<LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { login: '', password: '', code: '' },
  })
  const login = useMutation({
    mutationFn: (body: LoginBody) => call(opsOperatorCalls.login, { body }),
    onSuccess: (me) => client.setQueryData(sessionKey, me),
  })
  const { errors } = form.formState
  return (
    <main className="login">
      <form className="card" onSubmit={form.handleSubmit((body) => login.mutate(body))} noValidate>
        <h1>Operator console</h1>
        <p className="muted">Sign in with your password and the code from your authenticator app.</p>
        <label>
          Login
          <input autoComplete="username" {...form.register('login')} />
          {errors.login ? <span className="field-error">{errors.login.message}</span> : null}
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" {...form.register('password')} />
          {errors.password ? <span className="field-error">Password required</span> : null}
        </label>
        <label>
          Authenticator code
          <input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('code')} />
          {errors.code ? <span className="field-error">{errors.code.message}</span> : null}
        </label>
        {login.error ? (
          <p className="form-error" role="alert">
            {login.error.message}
          </p>
        ) : null}
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  )
}
