/** The start of a response body, short enough for an error message. @internal */
export const excerpt = (text: string, max = 500): string => (text.length <= max ? text : `${text.slice(0, max)}…`)
