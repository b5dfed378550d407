import { Component, type ReactNode } from 'react'
import { RouteError } from './route-error.tsx'

type Props = { children: ReactNode; resetKey: string }
type State = { error: unknown; resetKey: string }

/** Catches a crash in any screen; moving to another path clears it. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  override componentDidCatch(error: unknown): void {
    if (import.meta.env.DEV) console.error(error)
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children
  }
}
