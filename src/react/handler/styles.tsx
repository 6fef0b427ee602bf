/**
 * The handler pages' stylesheet: plain CSS themed by the same public `--stackfx-*` variables as the user
 * button (see ../styles.tsx), plus a few of its own:
 * `--stackfx-background` (page card), `--stackfx-primary`, `--stackfx-primary-foreground`,
 * `--stackfx-destructive`, `--stackfx-success`, `--stackfx-input-background`, `--stackfx-card-width`.
 *
 * The pages look right in an app with no stylesheet at all: they bring their font (the system's sans-serif,
 * unless `--stackfx-font` names another, e.g. `inherit` for the app's own), sizes, line height and colours,
 * and every default colour pair passes WCAG AA contrast (4.5:1), muted text on the accent background
 * included. The stylesheet ships in the pages' own chunk, so a page that shows none of them loads none of it.
 */
import type { ReactNode } from "react"

const light = `
  --stackfx-h-fg: var(--stackfx-foreground, #18181b);
  --stackfx-h-muted: var(--stackfx-muted-foreground, #636369);
  --stackfx-h-bg: var(--stackfx-background, #ffffff);
  --stackfx-h-border: var(--stackfx-border, #e4e4e7);
  --stackfx-h-accent: var(--stackfx-accent, #f4f4f5);
  --stackfx-h-primary: var(--stackfx-primary, #18181b);
  --stackfx-h-primary-fg: var(--stackfx-primary-foreground, #fafafa);
  --stackfx-h-destructive: var(--stackfx-destructive, #b91c1c);
  --stackfx-h-success: var(--stackfx-success, #15803d);
  --stackfx-h-input: var(--stackfx-input-background, #ffffff);
  --stackfx-h-ring: var(--stackfx-focus-ring, #2563eb);`

const dark = `
  --stackfx-h-fg: var(--stackfx-foreground, #fafafa);
  --stackfx-h-muted: var(--stackfx-muted-foreground, #a1a1aa);
  --stackfx-h-bg: var(--stackfx-background, #18181b);
  --stackfx-h-border: var(--stackfx-border, #3f3f46);
  --stackfx-h-accent: var(--stackfx-accent, #27272a);
  --stackfx-h-primary: var(--stackfx-primary, #fafafa);
  --stackfx-h-primary-fg: var(--stackfx-primary-foreground, #18181b);
  --stackfx-h-destructive: var(--stackfx-destructive, #f87171);
  --stackfx-h-success: var(--stackfx-success, #4ade80);
  --stackfx-h-input: var(--stackfx-input-background, #09090b);
  --stackfx-h-ring: var(--stackfx-focus-ring, #60a5fa);`

export const handlerCss = `
.stackfx-handler {${light}
  box-sizing: border-box;
  display: flex;
  justify-content: center;
  padding: 2rem 1rem;
  font-family: var(--stackfx-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  font-size: 1rem;
  line-height: 1.5;
  text-align: left;
  color: var(--stackfx-h-fg);
}
:where(.dark, [data-theme="dark"]) .stackfx-handler {${dark}
}
.stackfx-handler *, .stackfx-handler *::before, .stackfx-handler *::after { box-sizing: border-box; }
.stackfx-card {
  width: 100%;
  max-width: var(--stackfx-card-width, 24rem);
  padding: 1.5rem;
  border: 1px solid var(--stackfx-h-border);
  border-radius: var(--stackfx-radius, .75rem);
  background: var(--stackfx-h-bg);
  box-shadow: var(--stackfx-shadow, 0 10px 30px -18px rgba(0, 0, 0, .3));
}
.stackfx-card[data-wide] { max-width: 40rem; }
.stackfx-card h1 { margin: 0 0 .25rem; font-size: 1.375rem; font-weight: 600; line-height: 1.3; }
.stackfx-card h1:focus:not(:focus-visible) { outline: none; }
.stackfx-card h2 { margin: 0 0 .75rem; font-size: 1.0625rem; font-weight: 600; }
.stackfx-card p { margin: .5rem 0; line-height: 1.5; }
.stackfx-subtitle { color: var(--stackfx-h-muted); font-size: .875rem; }
.stackfx-stack { display: flex; flex-direction: column; gap: .75rem; margin-top: 1rem; }
.stackfx-row { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
.stackfx-field { display: flex; flex-direction: column; gap: .375rem; }
.stackfx-field label, .stackfx-field-label { font-size: .875rem; font-weight: 500; }
.stackfx-field input, .stackfx-field select {
  width: 100%;
  padding: .5rem .75rem;
  border: 1px solid var(--stackfx-h-border);
  border-radius: calc(var(--stackfx-radius, .75rem) - .25rem);
  background: var(--stackfx-h-input);
  color: inherit;
  font: inherit;
}
.stackfx-field input:focus-visible, .stackfx-field select:focus-visible, .stackfx-button:focus-visible, .stackfx-tab:focus-visible, .stackfx-link:focus-visible {
  outline: 2px solid var(--stackfx-h-ring);
  outline-offset: 2px;
}
.stackfx-check { display: flex; align-items: flex-start; gap: .5rem; font-size: .875rem; line-height: 1.4; }
.stackfx-check input { width: 1rem; height: 1rem; margin: .125rem 0 0; flex: none; accent-color: var(--stackfx-h-primary); }
.stackfx-check input:focus-visible { outline: 2px solid var(--stackfx-h-ring); outline-offset: 2px; }
.stackfx-field-hint { font-size: .75rem; color: var(--stackfx-h-muted); }
.stackfx-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: .5rem;
  padding: .5rem 1rem;
  border: 1px solid var(--stackfx-h-primary);
  border-radius: calc(var(--stackfx-radius, .75rem) - .25rem);
  background: var(--stackfx-h-primary);
  color: var(--stackfx-h-primary-fg);
  font: inherit;
  font-size: .875rem;
  font-weight: 500;
  text-decoration: none;
  cursor: pointer;
}
.stackfx-button[data-variant="secondary"] { background: transparent; color: var(--stackfx-h-fg); border-color: var(--stackfx-h-border); }
.stackfx-button[data-variant="secondary"]:hover { background: var(--stackfx-h-accent); }
.stackfx-button[data-variant="danger"] { background: transparent; color: var(--stackfx-h-destructive); border-color: var(--stackfx-h-border); }
.stackfx-button[data-block] { width: 100%; }
.stackfx-button:disabled { opacity: .6; cursor: progress; }
.stackfx-link { color: inherit; text-decoration: underline; text-underline-offset: 2px; }
.stackfx-link[aria-current="page"] { font-weight: 600; text-decoration: none; }
.stackfx-stack > .stackfx-link { align-self: flex-start; font-size: .875rem; }
.stackfx-alert {
  margin: .75rem 0 0;
  padding: .625rem .75rem;
  border: 1px solid currentColor;
  border-radius: calc(var(--stackfx-radius, .75rem) - .25rem);
  font-size: .875rem;
  line-height: 1.4;
}
.stackfx-alert[data-kind="error"] { color: var(--stackfx-h-destructive); }
.stackfx-alert[data-kind="success"] { color: var(--stackfx-h-success); }
.stackfx-alert[data-kind="info"] { color: var(--stackfx-h-muted); }
.stackfx-divider {
  display: flex; align-items: center; gap: .75rem; margin: 1rem 0 0;
  color: var(--stackfx-h-muted); font-size: .75rem; text-transform: uppercase;
}
.stackfx-divider::before, .stackfx-divider::after { content: ""; flex: 1; height: 1px; background: var(--stackfx-h-border); }
.stackfx-tabs { display: flex; gap: .25rem; margin-top: 1rem; padding: .25rem; border-radius: .5rem; background: var(--stackfx-h-accent); }
.stackfx-tab {
  flex: 1; padding: .375rem .5rem; border: 0; border-radius: .375rem; background: transparent;
  color: var(--stackfx-h-muted); font: inherit; font-size: .875rem; cursor: pointer;
}
.stackfx-tab[aria-selected="true"] { background: var(--stackfx-h-bg); color: var(--stackfx-h-fg); font-weight: 500; }
.stackfx-section { padding: 1.25rem 0; border-top: 1px solid var(--stackfx-h-border); }
.stackfx-section:first-of-type { border-top: 0; }
.stackfx-list { display: flex; flex-direction: column; gap: .5rem; margin: 0; padding: 0; list-style: none; }
.stackfx-list-item {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .5rem;
  padding: .5rem .75rem; border: 1px solid var(--stackfx-h-border); border-radius: .5rem;
}
.stackfx-badge {
  display: inline-block; margin-left: .375rem; padding: .0625rem .375rem; border: 1px solid var(--stackfx-h-border);
  border-radius: 9999px; color: var(--stackfx-h-muted); font-size: .6875rem; vertical-align: middle;
}
.stackfx-code {
  display: block; padding: .5rem .75rem; overflow-wrap: anywhere; border-radius: .375rem;
  background: var(--stackfx-h-accent); font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .8125rem;
}
`

/** Rendered by every handler page; React 19 hoists it into `<head>` once. */
export function HandlerStyles(): ReactNode {
  return (
    <style href="stackfx-handler-styles" precedence="stackfx">
      {handlerCss}
    </style>
  )
}
