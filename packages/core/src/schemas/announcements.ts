import { z } from 'zod';
import { messages } from '../messages';
import { PageQuery, paged } from './common';
import { text } from './fields';

export const AnnouncementInput = z.object({
  title: text({ error: messages.announcementTitleRequired }).trim().min(1, messages.announcementTitleRequired).max(200),
  description: text({ error: messages.announcementDescriptionRequired })
    .trim()
    .min(1, messages.announcementDescriptionRequired)
    .max(10_000),
});
export type AnnouncementInput = z.input<typeof AnnouncementInput>;

/** `createdByName` is null once the author is deleted ("Deleted user"). */
export const Announcement = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementPage = paged(Announcement);
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;

export const AnnouncementListQuery = PageQuery;
