/**
 * The client-side refusal of an update that would put a project into production mode while its
 * checks fail. It carries every problem as data (each with the dashboard's fix link), so an admin UI can
 * list them; the local backend refuses the same update with SCHEMA_ERROR should the check be skipped.
 */
import * as Schema from "effect/Schema"

/** The schema of one production-mode problem, as `ProductionModeNotReady.problems` carries it. */
export const ProductionModeProblemSchema = Schema.Struct({
  message: Schema.String,
  /** `/projects/{id}/domains`, relative to the dashboard. */
  relativeFixUrl: Schema.String
})

/** An update that would turn production mode on was refused before it was sent: `problems` lists what to fix first. */
export class ProductionModeNotReady extends Schema.TaggedError<ProductionModeNotReady>()("ProductionModeNotReady", {
  projectId: Schema.String,
  problems: Schema.Array(ProductionModeProblemSchema),
  message: Schema.String
}) {
  constructor(
    props: {
      readonly projectId: string
      readonly problems: ReadonlyArray<typeof ProductionModeProblemSchema.Type>
      readonly message?: string
    },
    options?: Schema.MakeOptions
  ) {
    super(
      {
        ...props,
        message:
          props.message ??
          `Project ${props.projectId} cannot be in production mode: ${props.problems.map((p) => p.message).join("; ")}`
      },
      options
    )
  }
}
