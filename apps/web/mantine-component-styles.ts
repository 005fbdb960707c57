/**
 * Mantine's styles per component instead of all of them (issue 18, decision 017): each
 * source module that imports components from `@mantine/*` also imports, at build time,
 * the CSS files of those components and of every component they are built on, so the CSS
 * travels with the chunk that draws the component. main.tsx imports the global files.
 *
 * Which files a component needs is read from Mantine's own ES modules: a component that
 * renders another imports it (Button imports UnstyledButton and Loader), and each styled
 * component's `<Name>.module.mjs` has its CSS in `styles/<Name>.css`. So the list follows
 * the installed version, and a component cannot be drawn without its styles
 * (https://mantine.dev/styles/css-files-list/, "components dependencies").
 *
 * Order: chunks load in whatever order people navigate, so a file can arrive after one it
 * must come before (ModalBase's close button rule must beat CloseButton's), and even
 * index.html links the first download's stylesheets in an order of Vite's choosing. Each
 * Mantine file is therefore put in its own cascade layer, `mantine.<Name>`, and the order
 * of all of them, the order of Mantine's complete `styles.css`, is declared by a `<style>`
 * at the top of index.html's head, before any stylesheet. Whatever the load order, the
 * cascade is the one Mantine ships; and our own CSS modules, outside any layer, win.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Packages whose components render Mantine core components (and so need their CSS). */
const PACKAGES = ['@mantine/core', '@mantine/modals', '@mantine/notifications'] as const;
type MantinePackage = (typeof PACKAGES)[number];

const IMPORT_FROM_MANTINE =
  /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"](@mantine\/(?:core|modals|notifications))['"]/g;
const RELATIVE_IMPORT = /from\s*"(\.{1,2}\/[^"]+)"/g;
const CORE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g;

/** `A, type B, C as D` → the exported names A and C (types have no styles). */
function namedImports(specifiers: string): string[] {
  return specifiers
    .split(',')
    .map((specifier) => specifier.trim())
    .filter((specifier) => specifier !== '' && !specifier.startsWith('type '))
    .map((specifier) => specifier.split(/\s+as\s+/)[0]?.trim() ?? '');
}

function packageDir(pkg: MantinePackage): string {
  // The packages export no package.json; their CommonJS entry is cjs/index.cjs.
  return path.resolve(path.dirname(require.resolve(pkg)), '..');
}

export interface MantineStyleResolver {
  /** The CSS files (import specifiers) the named exports of a package need, in Mantine's order. */
  stylesOf(pkg: MantinePackage, names: readonly string[]): string[];
  /** `mantine.<Name>` for one of `@mantine/core/styles/<Name>.css` or the notifications' styles. */
  layerOf(cssFile: string): string | null;
  /** `@layer mantine.baseline, …;`: every Mantine file's layer, in the order of Mantine's styles.css. */
  layerOrder(): string;
}

export function createMantineStyleResolver(): MantineStyleResolver {
  const sources = new Map<string, string>();
  const read = (file: string) => {
    let code = sources.get(file);
    if (code === undefined) {
      code = fs.readFileSync(file, 'utf8');
      sources.set(file, code);
    }
    return code;
  };

  const coreDir = packageDir('@mantine/core');
  const coreStylesDir = path.join(coreDir, 'styles');

  // Each package's index.mjs imports every export from the module that defines it (or, for
  // a few, from another package such as react-remove-scroll: no styles of Mantine's).
  const exportsByPackage = new Map<MantinePackage, Map<string, string | null>>();
  for (const pkg of PACKAGES) {
    const esm = path.join(packageDir(pkg), 'esm');
    const files = new Map<string, string | null>();
    for (const match of read(path.join(esm, 'index.mjs')).matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
      const from = match[2] ?? '';
      for (const specifier of (match[1] ?? '').split(',')) {
        const local = specifier.trim().split(/\s+as\s+/);
        const exported = (local[1] ?? local[0] ?? '').trim();
        if (exported) files.set(exported, from.startsWith('.') ? path.join(esm, from) : null);
      }
    }
    exportsByPackage.set(pkg, files);
  }

  function exportFile(pkg: MantinePackage, name: string): string | null {
    const file = exportsByPackage.get(pkg)?.get(name);
    if (file === undefined) throw new Error(`${pkg} has no export named ${name} in its esm/index.mjs`);
    return file;
  }

  // Mantine's own order: where each file's rules stand in its complete styles.css.
  const complete = read(path.join(coreDir, 'styles.css'));
  const order = fs
    .readdirSync(coreStylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const position = complete.indexOf(read(path.join(coreStylesDir, file)).trim());
      if (position < 0) throw new Error(`@mantine/core/styles/${file} is not part of its styles.css`);
      return { name: path.basename(file, '.css'), position };
    })
    .sort((a, b) => a.position - b.position)
    .map(({ name }) => name);
  const rank = new Map(order.map((name, index) => [name, index]));

  /** Every component module reached from `file`, adding each styled one's CSS name to `styles`. */
  function visit(file: string | null, seen: Set<string>, styles: Set<string>) {
    if (file === null || seen.has(file)) return;
    seen.add(file);
    const code = read(file);
    for (const match of code.matchAll(RELATIVE_IMPORT)) {
      const imported = path.resolve(path.dirname(file), match[1] ?? '');
      if (!imported.endsWith('.module.mjs')) visit(imported, seen, styles);
      else if (imported.startsWith(coreDir)) styles.add(path.basename(imported, '.module.mjs'));
      // (The notifications' own module: main.tsx imports its styles.)
    }
    // @mantine/modals and @mantine/notifications render core components by name.
    for (const match of code.matchAll(CORE_IMPORT)) {
      for (const name of namedImports(match[1] ?? '')) visit(exportFile('@mantine/core', name), seen, styles);
    }
  }

  return {
    stylesOf(pkg, names) {
      const seen = new Set<string>();
      const styles = new Set<string>();
      for (const name of names) visit(exportFile(pkg, name), seen, styles);
      return [...styles]
        .map((name) => {
          if (!rank.has(name)) throw new Error(`@mantine/core has ${name}.module.mjs but no styles/${name}.css`);
          return name;
        })
        .sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
        .map((name) => `@mantine/core/styles/${name}.css`);
    },
    layerOf(cssFile) {
      if (cssFile.startsWith(path.join(packageDir('@mantine/notifications'), 'styles.css'))) {
        return 'mantine.notifications';
      }
      if (!cssFile.startsWith(`${coreStylesDir}${path.sep}`)) return null;
      const name = path.basename(cssFile, '.css');
      return rank.has(name) ? `mantine.${name}` : null;
    },
    layerOrder() {
      return `@layer ${[...order, 'notifications'].map((name) => `mantine.${name}`).join(', ')};`;
    },
  };
}

/**
 * Vite plugin: appends to each module of `src/` the CSS imports of the Mantine components
 * it imports, and puts each Mantine CSS file in its layer.
 */
export function mantineComponentStyles(): Plugin {
  let resolver: MantineStyleResolver | undefined;
  const getResolver = () => {
    resolver ??= createMantineStyleResolver();
    return resolver;
  };
  return {
    name: 'brigade:mantine-component-styles',
    enforce: 'pre',
    // A layer's place is set where its name first appears in the page: this comes before
    // any stylesheet (right after the charset, which must stay in the first 1024 bytes).
    transformIndexHtml(html) {
      const charset = /<meta charset="[^"]+"\s*\/?>/i.exec(html);
      if (!charset) throw new Error('index.html has no <meta charset> to put the Mantine layer order after');
      const at = charset.index + charset[0].length;
      return `${html.slice(0, at)}\n    <style>${getResolver().layerOrder()}</style>${html.slice(at)}`;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (file.endsWith('.css')) {
        const layer = getResolver().layerOf(file);
        if (!layer) return null;
        return { code: `@layer ${layer} {\n${code}\n}\n`, map: null };
      }
      if (!/\/src\/.*\.tsx?$/.test(file) || file.includes('/node_modules/') || !code.includes('@mantine/')) return null;
      const styles = new Set<string>();
      for (const match of code.matchAll(IMPORT_FROM_MANTINE)) {
        if (match[1]) continue; // import type { ... }
        const pkg = match[3] as MantinePackage;
        for (const css of getResolver().stylesOf(pkg, namedImports(match[2] ?? ''))) styles.add(css);
      }
      if (styles.size === 0) return null;
      // Import declarations run in source order wherever they stand: appended, they leave
      // every line where it was (no source map to fix) and follow the module's own imports.
      const imports = [...styles].map((css) => `import '${css}';`).join('\n');
      return { code: `${code}\n${imports}\n`, map: null };
    },
  };
}
