/**
 * Catches what a handler page's hooks hand to React (a failed load of the user or the project) and shows
 * it in the page's card with a way to try again, instead of unmounting the whole app.
 */
import { Component, type ErrorInfo, type ReactNode } from "react"
import { Button, Card, ErrorAlert } from "./ui.js"

interface State {
  readonly error: unknown
  readonly failed: boolean
}

export class HandlerErrorBoundary extends Component<
  { readonly children: ReactNode; readonly resetKey: string },
  State
> {
  override state: State = { error: undefined, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidUpdate(previous: { readonly resetKey: string }): void {
    // A navigation to another handler page starts clean.
    if (previous.resetKey !== this.props.resetKey && this.state.failed)
      this.setState({ error: undefined, failed: false })
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("stackfx handler page failed", error, info.componentStack)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <Card title="Something went wrong">
        <ErrorAlert error={this.state.error} />
        <div className="stackfx-stack">
          <Button variant="secondary" onClick={() => this.setState({ error: undefined, failed: false })}>
            Try again
          </Button>
        </div>
      </Card>
    )
  }
}
