/**
 * The limits of the e-mail template renderer. A template comes from an administrator and a message's values
 * from users, so neither may make the backend crash or work without end: past a limit the render fails with
 * a message naming it (the routes answer `EMAIL_RENDERING_ERROR`, a 400). The hosted service runs a
 * template's code in a sandbox with its own time and memory caps; these are the local backend's, set far
 * above what a real template needs (the default templates are about 2,000 characters, nest 12 levels deep,
 * render to 3,000 characters in about 5,000 steps).
 *
 * Time is a step budget, not a clock: a render counts its work (one step per expression evaluated, one per
 * character of text it builds or escapes), so the limit holds the same on a busy machine and a test can
 * reach it without waiting.
 */

/** The longest template source rendered, in UTF-16 code units. */
export const MAX_SOURCE_CHARS = 100_000

/**
 * The deepest nesting of elements, expressions and operator chains (`a + b + …` and `a.b.c…` count one level
 * per link, `!!…` one per `!`): what the renderer's recursion may hold on the stack.
 */
export const MAX_NESTING = 200

/** The longest text a render may build, the message's HTML included, in UTF-16 code units. */
export const MAX_OUTPUT_CHARS = 1_000_000

/** The most steps one render may take (see above). */
export const MAX_STEPS = 20_000_000

export const sourceTooLong = (length: number) =>
  `the template source is ${length} characters long; the local backend renders sources of at most ` +
  `${MAX_SOURCE_CHARS} characters`

export const nestsTooDeeply = () =>
  `the template nests too deeply: more than ${MAX_NESTING} levels of elements, expressions or operator chains`

export const outputTooLong = () =>
  `the rendered message would be longer than ${MAX_OUTPUT_CHARS} characters, the local backend's limit`

export const tooManySteps = () =>
  `the template takes too long to render: more than ${MAX_STEPS} steps, the local backend's limit`

/**
 * A render's step budget. `spend` answers false once the budget is exhausted; the renderer then stops
 * with `tooManySteps`.
 */
export class StepBudget {
  private left: number

  constructor(steps: number = MAX_STEPS) {
    this.left = steps
  }

  spend(steps: number): boolean {
    this.left -= steps
    return this.left >= 0
  }
}
