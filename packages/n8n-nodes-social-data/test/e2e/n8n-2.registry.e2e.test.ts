import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8nInstance, writeReport } from '@social-data/n8n-harness';
import type { Figures } from '@social-data/n8n-harness';

import { LocalRegistry } from '../support/local-registry';
import { asNpm, exportStandalone, lintWithoutInlineConfig, run } from '../support/standalone';
import { API_KEY, sandboxCredentials } from './credentials';

const NAME = 'n8n-nodes-social-data';
const README = join(__dirname, '..', '..', 'README.md');
const figures: Figures = {};
const say = (line: string) => process.stdout.write(`[registry] ${line}\n`);

/** The README's manual install command, the one line in its code block under "## Install". */
function readmeInstallCommand(): string {
  const install = readFileSync(README, 'utf8').split('## Install')[1] ?? '';
  const command = /```(?:sh|bash)\n(.+)\n```/.exec(install)?.[1];
  if (!command) throw new Error('the README has no install command under "## Install"');
  return command;
}

/**
 * The package the way users get it: exported as a standalone tree, built and linted by n8n's own
 * `n8n-node`, published to a real registry on loopback, judged by n8n's scanner, installed the
 * way n8n installs community packages (and by the README's manual command), then loaded and run
 * by a fresh n8n 2.x.
 */
describe('the n8n package from a registry, as users install it (n8n 2.x)', () => {
  const work = mkdtempSync(join(tmpdir(), 'n8n-registry-'));
  const tree = join(work, NAME);
  let registry: LocalRegistry;
  let sandbox: Sandbox;
  let n8n: N8nInstance | undefined;

  beforeAll(async () => {
    registry = new LocalRegistry(join(work, 'registry'));
    await registry.start();
    sandbox = await startSandbox({ keys: [API_KEY] });
  }, 900_000);

  afterAll(async () => {
    await n8n?.remove();
    await sandbox?.close();
    await registry?.stop();
    rmSync(work, { recursive: true, force: true });
    writeReport('n8n-registry', 'n8n package from a local registry (n8n 2.x)', figures);
  });

  it('exports a single-package tree that n8n-node build compiles unchanged', () => {
    const { exported } = exportStandalone(tree);
    const manifest = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8'));
    expect(manifest.repository.directory).toBeUndefined();
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(existsSync(join(tree, 'core', 'node'))).toBe(false);

    const build = run('npm', ['exec', '--', 'n8n-node', 'build'], tree, asNpm);
    figures['export (s)'] = exported.ms / 1000;
    figures['n8n-node build (s)'] = build.ms / 1000;
    say(`n8n-node build: exit ${build.code} in ${build.ms} ms`);
    expect(build.output).toContain('Build successful');
    expect(build.code).toBe(0);
    for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
      expect(existsSync(join(tree, file))).toBe(true);
    for (const file of ['dist/icons/socialData.svg', 'dist/nodes/SocialData/SocialData.node.json'])
      expect(existsSync(join(tree, file))).toBe(true);
  }, 900_000);

  it('passes n8n-node lint, and n8n’s rules with inline config off find no error', () => {
    const lint = run('npm', ['exec', '--', 'n8n-node', 'lint'], tree, asNpm);
    const strict = lintWithoutInlineConfig(tree);
    figures['n8n-node lint exit'] = lint.code ?? 'signal';
    figures['lint errors, inline config off'] = strict.errors;
    say(`n8n-node lint: exit ${lint.code}; with inline config off: ${strict.errors} errors`);
    for (const line of strict.lines) say(`  ${line}`);
    expect(strict.lines).toEqual([]);
    expect(lint.code).toBe(0);
  }, 600_000);

  it('publishes the tree to the registry with npm publish', () => {
    // Provenance needs a CI identity (GitHub's OIDC token); the release workflow has one, a test does not.
    const publish = run('npm', ['publish', '--provenance=false', ...registry.npmFlags()], tree);
    say(`npm publish: exit ${publish.code} in ${publish.ms} ms`);
    expect(publish.code).toBe(0);
    figures['npm publish (s)'] = publish.ms / 1000;
  }, 300_000);

  it('is judged by n8n’s scanner: provenance is missing here, its lint of source and tarball passes', () => {
    // The scanner's CLI asks the public registry only (its address is built in), so its checks
    // run here as it runs them, on what the local registry serves: the provenance check on the
    // registry's metadata, then its lint of the source the attestation would name (this tree)
    // and of the published tarball.
    const tarball = join(work, 'tarball');
    mkdirSync(tarball);
    const pack = run('npm', ['pack', `${NAME}@0.1.0`, `--registry=${registry.url}`], tarball);
    expect(pack.code).toBe(0);
    const archive = pack.stdout.trim().split('\n').at(-1)!;
    expect(run('tar', ['-xzf', archive, '--strip-components=1'], tarball).code).toBe(0);
    const scanner = join(registry.toolsDir, 'node_modules', '@n8n', 'scan-community-package', 'scanner');
    const script = [
      `import { analyzePackage, SOURCE_FILE_PATTERNS } from ${JSON.stringify(join(scanner, 'scanner.mjs'))};`,
      `import { checkPackageProvenance } from ${JSON.stringify(join(scanner, 'provenance.mjs'))};`,
      `const metadata = await (await fetch(${JSON.stringify(`${registry.url}${NAME}`)})).json();`,
      "const provenance = checkPackageProvenance(metadata, '0.1.0');",
      `const source = await analyzePackage(${JSON.stringify(tree)}, SOURCE_FILE_PATTERNS);`,
      `const dist = await analyzePackage(${JSON.stringify(tarball)}, ['**/*.js', 'package.json']);`,
      'console.log(JSON.stringify({ provenance, source, dist }));',
    ].join('\n');
    const scan = run(registry.node, ['--input-type=module', '-e', script], work);
    const verdicts = JSON.parse(scan.stdout.trim().split('\n').at(-1)!) as Record<
      'provenance' | 'source' | 'dist',
      { passed: boolean; message?: string; details?: string }
    >;
    figures['scanner: provenance'] = verdicts.provenance.passed ? 'passed' : 'missing';
    figures['scanner: lint of source'] = verdicts.source.passed ? 'passed' : 'failed';
    figures['scanner: lint of tarball'] = verdicts.dist.passed ? 'passed' : 'failed';
    say(`scanner: provenance ${verdicts.provenance.message ?? 'present'}`);
    say(
      `scanner lint: source ${figures['scanner: lint of source']}, tarball ${figures['scanner: lint of tarball']}`,
    );
    expect(verdicts.provenance.message).toMatch(/not published with npm provenance/);
    expect([verdicts.source.details, verdicts.dist.details]).toEqual([undefined, undefined]);
    expect([verdicts.source.passed, verdicts.dist.passed]).toEqual([true, true]);
  }, 600_000);

  it('installs as n8n installs it, and a fresh n8n 2.x loads it and runs Return All over every follower', async () => {
    n8n = new N8nInstance(2, { prefix: 'n8n-registry-2-', withoutPackage: true });
    const nodes = join(n8n.folder, '.n8n', 'nodes');
    const target = join(nodes, 'node_modules', NAME);
    mkdirSync(target, { recursive: true });
    const started = Date.now();
    // n8n's installer: npm pack, peer/dev/optional dependencies dropped, install without scripts.
    const pack = run('npm', ['pack', `${NAME}@0.1.0`, `--registry=${registry.url}`], nodes);
    expect(pack.code).toBe(0);
    const archive = pack.stdout.trim().split('\n').at(-1)!;
    expect(run('tar', ['-xzf', join(nodes, archive), '-C', target, '--strip-components=1'], nodes).code).toBe(
      0,
    );
    rmSync(join(nodes, archive));
    const manifestPath = join(target, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    delete manifest.peerDependencies;
    delete manifest.devDependencies;
    delete manifest.optionalDependencies;
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    const install = run(
      'npm',
      [
        'install',
        '--ignore-scripts=true',
        '--install-strategy=shallow',
        '--package-lock=false',
        `--registry=${registry.url}`,
      ],
      target,
    );
    expect(install.code).toBe(0);
    writeFileSync(
      join(nodes, 'package.json'),
      JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [NAME]: '0.1.0' } }),
    );
    figures['install as n8n does (s)'] = (Date.now() - started) / 1000;

    await n8n.importCredentials(sandboxCredentials(sandbox.url));
    await n8n.importWorkflow(
      JSON.parse(readFileSync(join(__dirname, 'workflows', 'return-all-followers.json'), 'utf8')),
    );
    const url = await n8n.start();
    const owner = {
      email: 'owner@social-data.local',
      firstName: 'Reg',
      lastName: 'Istry',
      password: 'Registry-test-1',
    };
    await n8n.setupOwner(owner);
    const login = await fetch(`${url}/rest/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const answer = await fetch(`${url}/types/nodes.json`, { headers: { cookie } });
    const types = (await answer.json()) as Array<{ name: string }>;
    expect(types.map(({ name }) => name)).toEqual(
      expect.arrayContaining([`${NAME}.socialData`, `${NAME}.socialDataTrigger`]),
    );
    await n8n.stop();
    const execution = await n8n.execute('sdReturnAll00001');
    expect(execution.succeeded).toBe(true);
    const followers = execution.items('Followers 1k').map((item) => String(item.json.id));
    figures['followers seen (followers_1k)'] = followers.length;
    say(`Return All from the registry-installed package: ${followers.length} followers`);
    expect(new Set(followers).size).toBe(1_000);
  }, 900_000);

  it('installs with the README’s manual command as written, on this machine’s Node', () => {
    const home = join(work, 'home');
    mkdirSync(home);
    const command = readmeInstallCommand();
    const started = Date.now();
    const install = run('bash', ['-c', command], home, { HOME: home, npm_config_registry: registry.url });
    figures['README install (s)'] = (Date.now() - started) / 1000;
    say(`README: \`${command}\`: exit ${install.code} in ${install.ms} ms`);
    expect(install.code === 0 ? '' : install.output).toBe('');
    const installed = join(home, '.n8n', 'nodes', 'node_modules');
    expect(existsSync(join(installed, NAME, 'dist', 'nodes', 'SocialData', 'SocialData.node.js'))).toBe(true);
    // The peer n8n-workflow stays out: n8n provides it, and installing it needs Node 24 (isolated-vm).
    expect(existsSync(join(installed, 'n8n-workflow'))).toBe(false);
  }, 600_000);
});
