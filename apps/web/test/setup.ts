// Component tests run in jsdom, which lacks what Mantine asks the browser for.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { activateLanguage } from '../src/lib/i18n';

// Mantine reads media queries (colour scheme, useMediaQuery) through matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

// ScrollArea, Textarea autosize and useElementSize observe sizes.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Textarea autosize listens for web fonts loading (document.fonts, not in jsdom).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// Combobox options scroll themselves into view.
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
});

// The components speak English here, from the same catalogues the app loads.
await activateLanguage('en', { signedIn: true });
