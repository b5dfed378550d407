import '#features/auth/components/auth.css'

/**
 * The email sign-in screens (spec section 2's public routes besides telegram-auth): one lazy chunk, out of the
 * first screen, since someone who opens one usually walks on to the next.
 */
export { EmailVerificationConfirmScreen as EmailVerificationConfirm } from '#features/auth/components/email-verification-confirm-screen.tsx'
export { LoginScreen as Login } from '#features/auth/components/login-screen.tsx'
export { PasswordResetConfirmScreen as PasswordResetConfirm } from '#features/auth/components/password-reset-confirm-screen.tsx'
export { PasswordResetRequestScreen as PasswordResetRequest } from '#features/auth/components/password-reset-request-screen.tsx'
export { RegisterScreen as Register } from '#features/auth/components/register-screen.tsx'
