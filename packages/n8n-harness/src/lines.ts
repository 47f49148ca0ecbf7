/**
 * The n8n lines we support and what each needs: n8n 2.x requires Node 24, which comes from the
 * registry's `node` package. The overrides replace dependencies whose published tarballs point
 * at hosts this machine cannot reach (docs/decisions.md, "Running real n8n").
 */
export const N8N_LINES = {
  1: { version: '1.123.81', node: null, overrides: { xlsx: 'npm:@e965/xlsx@0.20.2' } },
  2: {
    version: '2.41.1',
    node: '24.21.0',
    overrides: { xlsx: 'npm:@e965/xlsx@0.20.2', linkedom: '0.18.14' },
  },
} as const;

export type N8nLine = keyof typeof N8N_LINES;

export function isN8nLine(value: unknown): value is N8nLine {
  return Object.keys(N8N_LINES).includes(String(value));
}
