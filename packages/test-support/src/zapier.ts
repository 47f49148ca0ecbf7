export type Kind = 'triggers' | 'searches' | 'creates';

const KINDS: Kind[] = ['triggers', 'searches', 'creates'];

/** What these helpers read of a Zapier app definition: its steps and their input fields. */
type StepsOf = Record<Kind, Record<string, { operation: { inputFields?: unknown } }>>;

/** Values for the inputs that name no record: a list to create, how many items a read keeps. */
export const PLAIN_INPUTS = {
  name: 'Made by a Zap',
  description: 'From a test of the Zapier app',
  is_private: true,
  maxItems: 30,
};

/** Every step of a Zapier app as `[kind, key]`, for `it.each`. */
export function everyStepOf(app: StepsOf): Array<[Kind, string]> {
  return KINDS.flatMap((kind) => Object.keys(app[kind]).map((key): [Kind, string] => [kind, key]));
}

/** A value for every input a step takes, by field key; a required one without a value fails. */
export function inputsOf(
  app: StepsOf,
  kind: Kind,
  key: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const fields = app[kind][key]!.operation.inputFields as Array<{ key: string; required?: boolean }>;
  const inputData: Record<string, unknown> = {};
  for (const field of fields) {
    if (values[field.key] !== undefined) inputData[field.key] = values[field.key];
    else if (field.required) throw new Error(`no test value for ${kind}.${key}.${field.key}`);
  }
  return inputData;
}
