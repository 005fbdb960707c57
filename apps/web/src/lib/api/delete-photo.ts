import { apiRequest } from '../api-client';

/** Removes a photo: `url` is the photo's delete address (a draft item's, or an open action's fix photo). */
export async function deletePhoto(url: string): Promise<void> {
  await apiRequest(url, { method: 'DELETE' });
}
