export { DashboardScreen as Component } from '../../features/dashboard/components/dashboard-screen.tsx'
