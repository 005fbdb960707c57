import { type PhotoRef, photoUrls } from '@brigade/core/schemas/photos';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PhotoUploader } from './photo-uploader';

/** XMLHttpRequest as the test drives it: each send waits for the test to answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  url = '';
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(share: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 }));
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    act(() => this.onload?.());
  }
}

const photo = (id: string): PhotoRef => ({ id, width: 1600, height: 1200, ...photoUrls(id) });
const file = (name: string) => new File(['bytes'], name, { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function renderUploader(photos: PhotoRef[] = [], onChange = vi.fn()) {
  const view = renderWithProviders(
    <PhotoUploader
      uploadUrl="/api/audits/a1/items/i1/photos"
      removeUrl={(id) => `/api/photos/${id}`}
      photos={photos}
      label="Floors clean"
      onChange={onChange}
    />,
  );
  const camera = () => view.container.querySelector<HTMLInputElement>('input[type="file"][capture="environment"]');
  return { ...view, camera, onChange };
}

describe('PhotoUploader', () => {
  test('the camera input opens the back camera; an upload shows its progress, then the thumbnail', async () => {
    const { user, camera, onChange } = renderUploader();
    expect(camera()).toHaveAttribute('accept', 'image/*');
    await user.upload(camera() as HTMLInputElement, file('IMG_0001.jpg'));
    const [request] = FakeXhr.sent;
    expect(request?.url).toBe('/api/audits/a1/items/i1/photos');
    expect((request?.body?.get('file') as File | undefined)?.name).toBe('IMG_0001.jpg');
    request?.progress(0.4);
    expect(screen.getByText('Uploading IMG_0001.jpg… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading IMG_0001.jpg' })).toHaveAttribute('aria-valuenow', '40');
    request?.answer(201, photo('p1'));
    expect(await screen.findByRole('img', { name: 'Floors clean: photo 1' })).toHaveAttribute(
      'src',
      '/api/photos/p1/thumb',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([photo('p1')]));
  });

  test("a refused upload shows the server's reason; Retry sends the same file again", async () => {
    const { user, camera } = renderUploader();
    await user.upload(camera() as HTMLInputElement, file('notes.jpg'));
    FakeXhr.sent[0]?.answer(400, { message: 'This file is not a photo: its content is PDF.' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('notes.jpg was not added');
    expect(alert).toHaveTextContent('This file is not a photo: its content is PDF.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(FakeXhr.sent).toHaveLength(2);
    expect((FakeXhr.sent[1]?.body?.get('file') as File | undefined)?.name).toBe('notes.jpg');
    FakeXhr.sent[1]?.answer(201, photo('p2'));
    expect(await screen.findByRole('img', { name: 'Floors clean: photo 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('at the maximum the buttons are off; removing asks first and then deletes', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const five = ['p1', 'p2', 'p3', 'p4', 'p5'].map(photo);
    const { user } = renderUploader(five);
    expect(screen.getByRole('button', { name: 'Take photo for Floors clean' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose photos for Floors clean' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 of Floors clean' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove photo 2 of Floors clean' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove photo' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(4));
    expect(fetchMock).toHaveBeenCalledWith('/api/photos/p2', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByRole('button', { name: 'Take photo for Floors clean' })).toBeEnabled();
  });
});
