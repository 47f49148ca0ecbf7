import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

import { editorWorkflows } from '../src/editor';
import { EXAMPLES } from '../src/examples';
import { loadExample } from '../src/examples/workflows';

describe('the example workflows the dev editor imports (issue 19, point 6)', () => {
  const outputDir = mkdtempSync(join(tmpdir(), 'editor-output-'));
  afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

  it('offers every example the demo runs, once', () => {
    const ids = editorWorkflows(outputDir).map((workflow) => workflow.id);
    const demoIds = EXAMPLES.map((example) => loadExample(example.file).id);
    expect([...ids].sort()).toEqual([...demoIds].sort());
  });

  it('writes files only into the output folder, never beside n8n in the repository', () => {
    const paths = editorWorkflows(outputDir).flatMap((workflow) =>
      workflow.nodes
        .filter((node) => (node as { type?: string }).type === 'n8n-nodes-base.readWriteFile')
        .map((node) => String(node.parameters.fileName)),
    );
    expect(paths).toEqual([join(outputDir, 'followers.csv')]);
    expect(paths.every((path) => isAbsolute(path))).toBe(true);
  });
});
