// What a saved Zap stores of each step: its key, the keys, types and defaults of its input
// fields, and the output field keys later steps map from (raw and simplified).
// test/saved-names.test.ts compares it with saved-names.json.
const KINDS = ['triggers', 'searches', 'creates'];

/** A step's output field keys as Zapier resolves them for the given input. */
const outputKeys = (fields, inputData) =>
  fields
    .flatMap((field) => (typeof field === 'function' ? field({}, { inputData }) : [field]))
    .map((f) => f.key);

function step(definition) {
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
  out.outputFields = outputKeys(outputFields, { simplify: 'false' });
  if (simplifies) out.simplifiedOutputFields = outputKeys(outputFields, { simplify: 'true' });
  return out;
}

function savedNames(app) {
  return Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      Object.fromEntries(Object.entries(app[kind]).map(([key, definition]) => [key, step(definition)])),
    ]),
  );
}

module.exports = { savedNames };
