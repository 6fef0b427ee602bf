/** Shows a failed load (for example a missing team permission) in place of the part that needed it. */
import { Component, type ReactNode } from "react"

const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : "Something went wrong."

export class ErrorBoundary extends Component<
  { readonly children: ReactNode },
  { readonly error: unknown; readonly failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false }

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <p role="alert" className="demo-error">
        {messageOf(this.state.error)}
      </p>
    )
  }
}
