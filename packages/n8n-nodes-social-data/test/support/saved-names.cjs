// What a saved workflow stores of each node, per operation (action) and per event (trigger):
// every parameter's name, type, default and display conditions, the values an options field
// accepts and a resource locator's modes. test/saved-names.test.ts compares it with
// saved-names.json.

/** A display condition without the keys the grouping already states. */
function conditions(displayOptions, grouped) {
  const out = {};
  for (const [kind, rules] of Object.entries(displayOptions ?? {})) {
    const rest = Object.fromEntries(Object.entries(rules).filter(([key]) => !grouped.includes(key)));
    if (Object.keys(rest).length) out[kind] = rest;
  }
  return Object.keys(out).length ? out : undefined;
}

function parameter(property, grouped = []) {
  const out = { type: property.type, default: property.default };
  if (property.required) out.required = true;
  const display = conditions(property.displayOptions, grouped);
  if (display) out.displayOptions = display;
  if (property.type === 'options' || property.type === 'multiOptions') {
    out.values = property.options.map((option) => option.value);
  } else if (property.type === 'collection') {
    out.options = parameters(property.options);
  } else if (property.type === 'fixedCollection') {
    out.options = Object.fromEntries(property.options.map((group) => [group.name, parameters(group.values)]));
  } else if (property.type === 'resourceLocator') {
    out.modes = property.modes.map((mode) => mode.name);
  }
  return out;
}

/** Parameters keyed by name; a name n8n shows twice under different conditions gets `#2`. */
function parameters(properties, grouped) {
  const out = {};
  for (const property of properties) {
    let key = property.name;
    for (let n = 2; key in out; n++) key = `${property.name}#${n}`;
    out[key] = parameter(property, grouped);
  }
  return out;
}

const shownFor = (property, state) =>
  Object.entries(state).every(([key, value]) => {
    const shown = property.displayOptions?.show?.[key];
    const hidden = property.displayOptions?.hide?.[key];
    return (!shown || shown.includes(value)) && !(hidden && hidden.includes(value));
  });

function common(description) {
  return {
    name: description.name,
    version: description.version,
    ...(description.defaultVersion === undefined ? {} : { defaultVersion: description.defaultVersion }),
    credentials: description.credentials.map((credential) => credential.name),
  };
}

/** The action node: `resource:operation` → the parameters that operation shows. */
function actionNode(description) {
  const { properties } = description;
  const operations = {};
  for (const picker of properties.filter((property) => property.name === 'operation')) {
    const resource = picker.displayOptions.show.resource[0];
    for (const { value: operation } of picker.options) {
      const state = { resource, operation };
      const shown = properties.filter(
        (property) => !['resource', 'operation'].includes(property.name) && shownFor(property, state),
      );
      operations[`${resource}:${operation}`] = parameters(shown, ['resource', 'operation']);
    }
  }
  const resource = properties.find((property) => property.name === 'resource');
  const defaultOperation = Object.fromEntries(
    properties
      .filter((property) => property.name === 'operation')
      .map((picker) => [picker.displayOptions.show.resource[0], picker.default]),
  );
  return { ...common(description), resource: parameter(resource), defaultOperation, operations };
}

/** The trigger node: event → the parameters that event shows. */
function triggerNode(description) {
  const { properties } = description;
  const event = properties.find((property) => property.name === 'event');
  const events = {};
  for (const { value } of event.options) {
    const shown = properties.filter((property) => property !== event && shownFor(property, { event: value }));
    events[value] = parameters(shown, ['event']);
  }
  return { ...common(description), event: parameter(event), events };
}

function savedNames(action, trigger) {
  return { action: actionNode(action), trigger: triggerNode(trigger) };
}

module.exports = { savedNames };
