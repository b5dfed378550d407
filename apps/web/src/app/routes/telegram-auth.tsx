export { TelegramAuthScreen as Component } from '../../features/auth/components/telegram-auth-screen.tsx'
