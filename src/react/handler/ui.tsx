/**
 * The few building blocks of the handler pages: a card, labelled fields, buttons, alerts and tabs. Every
 * input has a `<label for>`, so people using assistive technology (and tests) find it by its name.
 */
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef
} from "react"
import { ClientConfig } from "../../services/wire/client-config.js"
import { useHandlerPage } from "./context.js"
import { describeError } from "./describe-error.js"
import { takePageFocusRequest } from "../page-focus.js"
import { HandlerStyles } from "./styles.js"
import { useHandlerApp } from "./use-action.js"

export function Card(props: {
  readonly title: string
  readonly subtitle?: ReactNode
  readonly wide?: boolean | undefined
  /** A stand-in (loading) leaves focus to the page that follows it; default false. */
  readonly placeholder?: boolean | undefined
  readonly children?: ReactNode
}): ReactNode {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { placeholder } = props
  // A page opened from the user button's menu takes focus on its heading (../page-focus.ts).
  useEffect(() => {
    if (placeholder !== true && takePageFocusRequest()) heading.current?.focus()
  }, [placeholder])
  // A section, not <main>: the app's layout usually has its own main landmark around the handler.
  return (
    <div className="stackfx-handler">
      <HandlerStyles />
      <section className="stackfx-card" aria-labelledby={titleId} data-wide={props.wide === true ? "" : undefined}>
        <h1 id={titleId} ref={heading} tabIndex={-1}>
          {props.title}
        </h1>
        {props.subtitle === undefined ? null : <p className="stackfx-subtitle">{props.subtitle}</p>}
        {props.children}
      </section>
    </div>
  )
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  readonly label: string
  readonly hint?: string | undefined
}

/** `<Field label="Email" type="email" name="email" autoComplete="email" required />` */
export function Field(props: FieldProps): ReactNode {
  const { label, hint, ...input } = props
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="stackfx-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint === undefined ? undefined : hintId} {...input} />
      {hint === undefined ? null : (
        <span id={hintId} className="stackfx-field-hint">
          {hint}
        </span>
      )}
    </div>
  )
}

/**
 * A new password and its repetition: `name` and `<name>Confirmation`, labelled `label` and `Repeat <label>`,
 * both marked as a new password for password managers.
 */
export function NewPasswordFields(props: { readonly name: string; readonly label: string }): ReactNode {
  return (
    <>
      <Field label={props.label} name={props.name} type="password" autoComplete="new-password" required />
      <Field
        label={`Repeat ${props.label.toLowerCase()}`}
        name={`${props.name}Confirmation`}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  )
}

/** `<Checkbox label="I understand" name="confirm" required />`: the label sits beside the box. */
export function Checkbox(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> & { readonly label: string }
): ReactNode {
  const { label, ...input } = props
  const id = useId()
  return (
    <div className="stackfx-check">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: "primary" | "secondary" | "danger" | undefined
  readonly block?: boolean | undefined
  readonly pending?: boolean | undefined
}

export function Button(props: ButtonProps): ReactNode {
  const { variant, block, pending, disabled, type, ...rest } = props
  return (
    <button
      type={type ?? "button"}
      className="stackfx-button"
      data-variant={variant ?? "primary"}
      data-block={block === true ? "" : undefined}
      disabled={disabled === true || pending === true}
      aria-busy={pending === true ? true : undefined}
      {...rest}
    />
  )
}

/**
 * A row's destructive action: `Revoke`, named `Revoke <what>` for a screen reader, since a list shows one
 * button per row under the same word.
 */
export function RowAction(props: {
  readonly verb: string
  readonly what: string
  readonly pending: boolean
  readonly onClick: () => void
}): ReactNode {
  return (
    <Button variant="danger" pending={props.pending} aria-label={`${props.verb} ${props.what}`} onClick={props.onClick}>
      {props.verb}
    </Button>
  )
}

export function Notice(props: { readonly kind: "success" | "info"; readonly children: ReactNode }): ReactNode {
  return (
    <p className="stackfx-alert" data-kind={props.kind} role="status">
      {props.children}
    </p>
  )
}

/** The project id the provider's client tier talks to, for the fix link. */
export const useProjectId = (): string => {
  const app = useHandlerApp()
  return useMemo(() => app.runtime.runSync(ClientConfig).projectId, [app])
}

/** A failure, in words, with the production-mode fix link when an admin can fix it. */
export function ErrorAlert(props: { readonly error: unknown }): ReactNode {
  const { dashboardUrl } = useHandlerPage()
  const projectId = useProjectId()
  if (props.error === undefined) return null
  const described = describeError(props.error, { projectId, dashboardUrl })
  return (
    <div className="stackfx-alert" data-kind="error" role="alert">
      {described.message}
      {described.fixUrl === undefined ? null : (
        <>
          {" "}
          A project admin can fix this in the project's{" "}
          <a className="stackfx-link" href={described.fixUrl} target="_blank" rel="noreferrer">
            trusted domain settings
          </a>
          .
        </>
      )}
    </div>
  )
}

/** A plain-text message in an alert (the product's fixed wordings). */
export function MessageAlert(props: { readonly message: string | undefined }): ReactNode {
  if (props.message === undefined) return null
  return (
    <div className="stackfx-alert" data-kind="error" role="alert">
      {props.message}
    </div>
  )
}

export interface TabsProps<T extends string> {
  readonly label: string
  readonly tabs: ReadonlyArray<{ readonly id: T; readonly label: string }>
  readonly selected: T
  readonly onSelect: (id: T) => void
}

/** An ARIA tab list; arrow keys move between tabs. The panel is the caller's, labelled by the tab. */
export function Tabs<T extends string>(props: TabsProps<T>): ReactNode {
  const base = useId()
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = props.tabs.findIndex((tab) => tab.id === props.selected)
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0
    if (step === 0 || index < 0) return
    event.preventDefault()
    const next = props.tabs[(index + step + props.tabs.length) % props.tabs.length]
    if (next === undefined) return
    props.onSelect(next.id)
    document.getElementById(`${base}-${next.id}`)?.focus()
  }
  return (
    <div className="stackfx-tabs" role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
      {props.tabs.map((tab) => (
        <button
          key={tab.id}
          id={`${base}-${tab.id}`}
          type="button"
          role="tab"
          className="stackfx-tab"
          aria-selected={tab.id === props.selected}
          tabIndex={tab.id === props.selected ? 0 : -1}
          onClick={() => props.onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** The text of a form field by name. */
export const formValue = (form: HTMLFormElement, name: string): string => {
  const value = new FormData(form).get(name)
  return typeof value === "string" ? value : ""
}
