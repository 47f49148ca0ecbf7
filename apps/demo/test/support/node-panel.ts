import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

export interface OperationPanel {
  resource: { name: string; value: string };
  operation: { name: string; value: string };
  /** Parameters the panel must show for it, with nothing but the defaults set. */
  fields: string[];
}

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
  const show = property.displayOptions?.show ?? {};
  const matches = (key: string, value: unknown) => !show[key] || (show[key] as unknown[]).includes(value);
  // Limit shows while Return All keeps its default (off); the agent tool's own fields show only
  // on the node added as a tool (`@tool`), not on the workflow node the panel opens.
  return (
    matches('resource', resource) &&
    matches('operation', operation) &&
    matches('returnAll', false) &&
    matches('@tool', false)
  );
}

/**
 * Every resource and operation of the node as its pickers list them, and the fields each one
 * shows: read from the built node's description, the same object n8n's editor renders.
 */
export function operationPanels(description: INodeTypeDescription): OperationPanel[] {
  const resources = description.properties.find((property) => property.name === 'resource')?.options ?? [];
  return resources.flatMap((resourceOption) => {
    const resource = {
      name: String(resourceOption.name),
      value: String((resourceOption as { value: string }).value),
    };
    const picker = description.properties.find(
      (property) =>
        property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource.value),
    );
    return (picker?.options ?? []).map((operationOption) => {
      const operation = {
        name: String(operationOption.name),
        value: String((operationOption as { value: string }).value),
      };
      const fields = description.properties
        .filter((property) => !['resource', 'operation'].includes(property.name))
        .filter(
          (property) => property.displayOptions?.show && shownFor(property, resource.value, operation.value),
        )
        .filter((property) => property.type !== 'collection')
        .map((property) => property.name);
      return { resource, operation, fields };
    });
  });
}
