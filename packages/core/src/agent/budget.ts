/**
 * The most characters one tool output may hold: about 6,000 tokens at four characters a token,
 * so a dozen calls still fit in a small model's context beside the conversation.
 */
export const DEFAULT_OUTPUT_BUDGET = 24_000;
/** Below this a single record (each text cut at MODEL_TEXT_LIMIT) might not fit. */
export const MIN_OUTPUT_BUDGET = 4_000;
/** Records one call returns when the model asks for no limit. */
export const DEFAULT_AGENT_LIMIT = 20;
/** The most records one call may ask for; the budget usually ends a call sooner. */
export const MAX_AGENT_LIMIT = 200;

/** The rough token count a model spends on a text: one per four characters. */
export function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
