// Writes build/, the folder `zapier-platform push` uploads: the bundled app (core inlined, since
// workspace links do not survive Zapier's packaging), a package.json whose only dependency is
// zapier-platform-core, and the README.
const { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const build = join(root, 'build');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

rmSync(build, { recursive: true, force: true });
mkdirSync(build);
copyFileSync(join(root, 'dist', 'index.js'), join(build, 'index.js'));
copyFileSync(join(root, 'README.md'), join(build, 'README.md'));
writeFileSync(
  join(build, 'package.json'),
  `${JSON.stringify(
    {
      name: manifest.name,
      version: manifest.version,
      description: manifest.description,
      license: manifest.license,
      main: 'index.js',
      private: true,
      engines: { node: '>=20' },
      dependencies: manifest.dependencies,
    },
    null,
    2,
  )}\n`,
);
console.log(`build/ ready for zapier-platform push: ${manifest.name} ${manifest.version}`);
