/** A value or a structured refusal. Pure code never throws for a refused action; it returns `err`. */
export type Result<T, E = Rejection> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Parameters a rejection carries to its localized text. Only plain values, so they survive JSON. */
export type RejectionParams = Readonly<Record<string, string | number | boolean>>;

/**
 * Why an action was refused: a stable identifier (`<game>.<area>.<reason>` or `core.<reason>`) and its
 * parameters. Never text: the Discord edge chooses the words in the user's locale.
 */
export interface Rejection {
  readonly code: string;
  readonly params?: RejectionParams;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
export const reject = (code: string, params?: RejectionParams): Result<never, Rejection> =>
  err(params === undefined ? { code } : { code, params });
