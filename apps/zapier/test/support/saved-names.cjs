// What a saved Zap stores of each step: its key, the keys, types and defaults of its input
// fields, and the output field keys later steps map from (raw and simplified).
// test/saved-names.test.ts compares it with saved-names.json.
const KINDS = ['triggers', 'searches', 'creates'];

/** A step's output field keys as Zapier resolves them for the given input (functions are async). */
const outputKeys = async (fields, inputData) =>
  (
    await Promise.all(
      fields.map((field) => (typeof field === 'function' ? field({}, { inputData }) : [field])),
    )
  )
    .flat()
    .map((f) => f.key);

async function step(definition) {
  const { inputFields, outputFields } = definition.operation;
  const out = {};
  if (definition.display.hidden) out.hidden = true;
  out.inputFields = Object.fromEntries(
    inputFields.map((field) => [
      field.key,
      { type: field.type ?? 'string', required: field.required === true, default: field.default ?? null },
    ]),
  );
  const simplifies = inputFields.some((field) => field.key === 'simplify');
  out.outputFields = await outputKeys(outputFields, { simplify: 'false' });
  if (simplifies) out.simplifiedOutputFields = await outputKeys(outputFields, { simplify: 'true' });
  return out;
}

async function savedNames(app) {
  const names = {};
  for (const kind of KINDS) {
    names[kind] = {};
    for (const [key, definition] of Object.entries(app[kind])) names[kind][key] = await step(definition);
  }
  return names;
}

module.exports = { savedNames };
