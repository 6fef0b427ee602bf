/**
 * WCAG contrast of the text a person sees: for every element under `root` with text of its own (not
 * disabled, not hidden), the ratio of its colour, faded by its ancestors' opacity, to the first opaque
 * background behind it. Runs in the page (`page.evaluate(lowContrastText, "#stage")`); returns the texts
 * below AA (4.5:1, or 3:1 for large text) with their ratio.
 */
export const lowContrastText = (root: string): ReadonlyArray<string> => {
  interface Rgba {
    readonly r: number
    readonly g: number
    readonly b: number
    readonly a: number
  }
  const parse = (css: string): Rgba => {
    const parts = (/rgba?\(([^)]+)\)/.exec(css)?.[1] ?? "0 0 0 0")
      .split(/[\s,/]+/)
      .filter((p) => p !== "")
      .map(Number)
    return { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0, a: parts[3] ?? 1 }
  }
  const over = (top: Rgba, alpha: number, bottom: Rgba): Rgba => ({
    r: top.r * alpha + bottom.r * (1 - alpha),
    g: top.g * alpha + bottom.g * (1 - alpha),
    b: top.b * alpha + bottom.b * (1 - alpha),
    a: 1
  })
  const luminance = (c: Rgba): number => {
    const channel = (v: number) => {
      const s = v / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
  }
  const white: Rgba = { r: 255, g: 255, b: 255, a: 1 }
  const backgroundOf = (element: Element): Rgba => {
    for (let at: Element | null = element; at !== null; at = at.parentElement) {
      const background = parse(getComputedStyle(at).backgroundColor)
      if (background.a > 0) return over(background, background.a, white)
    }
    return white
  }
  const opacityOf = (element: Element): number => {
    let opacity = 1
    for (let at: Element | null = element; at !== null; at = at.parentElement) {
      opacity *= Number(getComputedStyle(at).opacity)
    }
    return opacity
  }
  const failures: Array<string> = []
  const scope = document.querySelector(root)
  if (scope === null) return [`nothing matches ${root}`]
  for (const element of [scope, ...scope.querySelectorAll("*")]) {
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? "")
      .join("")
      .trim()
    if (text === "" || element.closest(":disabled, [aria-disabled=true], [hidden]") !== null) continue
    const style = getComputedStyle(element)
    if (style.visibility !== "visible" || element.getClientRects().length === 0) continue
    const background = backgroundOf(element)
    const color = parse(style.color)
    const seen = over(color, color.a * opacityOf(element), background)
    const [light, dark] = [luminance(seen), luminance(background)].sort((x, y) => y - x)
    const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
    const size = Number.parseFloat(style.fontSize)
    const large = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66)
    if (ratio < (large ? 3 : 4.5)) failures.push(`"${text.slice(0, 40)}": ${ratio.toFixed(2)}:1`)
  }
  return failures
}

/**
 * Buttons and links whose accessible name (aria-label) does not contain their visible text (WCAG 2.5.3,
 * axe's label-in-name): speech-input users say what they see. Runs in the page, like `lowContrastText`.
 */
export const labelNotInName = (root: string): ReadonlyArray<string> => {
  const normalize = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()
  const scope = document.querySelector(root)
  if (scope === null) return [`nothing matches ${root}`]
  const failures: Array<string> = []
  for (const element of scope.querySelectorAll("button[aria-label], a[aria-label], [role=menuitem][aria-label]")) {
    const visible = normalize(element instanceof HTMLElement ? element.innerText : (element.textContent ?? ""))
    const name = normalize(element.getAttribute("aria-label") ?? "")
    if (visible !== "" && !name.includes(visible)) failures.push(`"${visible}" is not in its name "${name}"`)
  }
  return failures
}
