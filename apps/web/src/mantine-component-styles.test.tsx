import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { createMantineStyleResolver } from '../mantine-component-styles';

// The build plugin's answers for the installed Mantine (vite.config.ts uses it): which
// CSS files a chunk must carry for the components its modules import.
const resolver = createMantineStyleResolver();
const require = createRequire(import.meta.url);
const css = (name: string) => `@mantine/core/styles/${name}.css`;

describe('Mantine styles per component', () => {
  test('a Button brings the styles of what it is built on, before its own', () => {
    const styles = resolver.stylesOf('@mantine/core', ['Button']);
    expect(styles).toEqual(expect.arrayContaining([css('UnstyledButton'), css('Loader'), css('Button')]));
    expect(styles.indexOf(css('UnstyledButton'))).toBeLessThan(styles.indexOf(css('Button')));
  });

  test('layout components without styles of their own bring none', () => {
    expect(resolver.stylesOf('@mantine/core', ['Box', 'MantineProvider', 'createTheme'])).toEqual([]);
  });

  test("the modals provider brings the modal's styles and those of its confirm buttons", () => {
    const styles = resolver.stylesOf('@mantine/modals', ['ModalsProvider']);
    expect(styles).toEqual(
      expect.arrayContaining([css('Overlay'), css('ModalBase'), css('Modal'), css('Button'), css('Group')]),
    );
    expect(styles.indexOf(css('ModalBase'))).toBeLessThan(styles.indexOf(css('Modal')));
  });

  test("every Mantine file has its own layer, declared in the order of Mantine's complete styles.css", () => {
    const layers = resolver
      .layerOrder()
      .replace(/^@layer |;$/g, '')
      .split(', ');
    expect(layers.slice(0, 3)).toEqual(['mantine.baseline', 'mantine.default-css-variables', 'mantine.global']);
    // ModalBase's rules for its close button must beat CloseButton's, whichever chunk loads first.
    expect(layers.indexOf('mantine.CloseButton')).toBeLessThan(layers.indexOf('mantine.ModalBase'));
    expect(layers.at(-1)).toBe('mantine.notifications');
    expect(resolver.layerOf(require.resolve('@mantine/core/styles/Button.css'))).toBe('mantine.Button');
  });

  test('a name Mantine does not export is an error, not a silently unstyled component', () => {
    expect(() => resolver.stylesOf('@mantine/core', ['NoSuchComponent'])).toThrow(/no export named NoSuchComponent/);
  });
});
