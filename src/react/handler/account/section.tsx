/** One titled section of the account-settings page. */
import { type ReactNode, useId } from "react"

export function Section(props: {
  readonly title: string
  readonly description?: string | undefined
  readonly children: ReactNode
}): ReactNode {
  const id = useId()
  return (
    <section className="stackfx-section" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.description === undefined ? null : <p className="stackfx-subtitle">{props.description}</p>}
      {props.children}
    </section>
  )
}
