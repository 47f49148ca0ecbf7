import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A binary property as n8n stores it in an execution. */
export interface StoredBinary {
  data: string;
  id?: string;
  mimeType: string;
  fileName: string;
}

/** Every file below a folder, by name, to find what n8n's filesystem mode stored under an id. */
function filesUnder(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) found.set(join(entry.parentPath, entry.name), entry.name);
  return found;
}

/**
 * Where n8n's filesystem mode keeps the bytes of a binary property stored under an id, looked for
 * below `folder` (a user folder, or the storage path that queue mode's processes share).
 */
export function storedPath(folder: string, binary: StoredBinary): string {
  if (!binary.id) throw new Error(`the binary ${binary.fileName} is inline, not stored in a file`);
  const fileId = binary.id.slice(binary.id.indexOf(':') + 1);
  const name = fileId.split('/').pop() ?? fileId;
  for (const [path, file] of filesUnder(folder)) if (file === name) return path;
  throw new Error(`n8n stored no file for ${binary.id} below ${folder}`);
}
