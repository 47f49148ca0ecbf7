/** Zapier's description of one output field; nested keys joined as Zapier flattens them. */
export interface OutputField {
  key: string;
  label: string;
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'file';
}

const WORDS: Record<string, string> = { id: 'ID', url: 'URL', iso: 'ISO', dm: 'DM', https: 'HTTPS' };

/** `author__profile_image_url` → "Author Profile Image URL"; `records[]id` → "Records ID". */
export function labelOf(key: string): string {
  return key
    .replace(/\[\]|__/g, ' ')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The keys whose values are files (dehydrated media): Zapier offers them to file inputs. */
const FILE_KEYS = new Set(['file', 'media_files']);

function typeOf(value: unknown, key: string): NonNullable<OutputField['type']> {
  if (FILE_KEYS.has(key)) return 'file';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return 'string';
}

/**
 * Labelled output fields for every value in a sample, objects and arrays included. An array
 * inside a line item (a tweet's media in an action's records) keeps its own `[]`, as Zapier
 * flattens it: one field per key, holding the values of every item.
 */
export function outputFieldsOf(sample: object, prefix = ''): OutputField[] {
  const fields: OutputField[] = [];
  for (const [key, value] of Object.entries(sample)) {
    const path = `${prefix}${key}`;
    if (Array.isArray(value)) {
      const first: unknown = value[0];
      if (first && typeof first === 'object')
        for (const field of outputFieldsOf(first, `${path}[]`)) fields.push(field);
      else
        fields.push({
          key: `${path}[]`,
          label: labelOf(path),
          ...(FILE_KEYS.has(key) ? { type: 'file' as const } : {}),
        });
    } else if (value && typeof value === 'object') {
      for (const field of outputFieldsOf(value, `${path}__`)) fields.push(field);
    } else {
      fields.push({ key: path, label: labelOf(path), type: typeOf(value, key) });
    }
  }
  return fields;
}
