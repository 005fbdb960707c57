import type { PhotoRef } from '@brigade/core/schemas/photos';
import { photoUrls } from '@brigade/core/schemas/photos';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PhotoGallery } from './photo-gallery';

const photo = (id: string): PhotoRef => ({ id, width: 1600, height: 1200, ...photoUrls(id) });
const photos = [photo('p1'), photo('p2'), photo('p3')];

describe('PhotoGallery', () => {
  test('shows lazy thumbnails with alt text, and nothing without photos', () => {
    const { unmount } = renderWithProviders(<PhotoGallery photos={photos} label="Floors clean" />);
    const thumbs = screen.getAllByRole('img');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute('alt', 'Floors clean: photo 1 of 3');
    expect(thumbs[0]).toHaveAttribute('src', '/api/photos/p1/thumb');
    expect(thumbs[0]).toHaveAttribute('loading', 'lazy');
    unmount();
    renderWithProviders(<PhotoGallery photos={[]} label="Floors clean" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('a thumbnail opens the display size; arrows and buttons move, wrapping; Escape closes', async () => {
    const { user } = renderWithProviders(<PhotoGallery photos={photos} label="Floors clean" />);
    await user.click(screen.getByRole('button', { name: 'Open photo 2 of 3: Floors clean' }));
    const shown = (n: number) => screen.findByRole('dialog', { name: `Floors clean: photo ${n} of 3` });
    expect(within(await shown(2)).getByRole('img', { name: 'Floors clean: photo 2 of 3' })).toHaveAttribute(
      'src',
      '/api/photos/p2/display',
    );
    await user.keyboard('{ArrowRight}');
    expect(await shown(3)).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await shown(1)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(await shown(3)).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await shown(2)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
