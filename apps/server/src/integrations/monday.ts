import {
  NOTE_CATEGORIES,
  type NoteCategory,
  type StoreVisit,
  VISIT_STATUSES,
  type VisitStatus,
} from '@brigade/core/schemas/store-performance';

/**
 * Which board holds the store visits and where each field lives on it (README,
 * "Store visits"). The restaurant is read from a column's text, or from the item's
 * group title when `restaurantColumn` is "group".
 */
export interface MondayConfig {
  token: string;
  boardId: string;
  apiUrl: string;
  apiVersion: string;
  restaurantColumn: string;
  dateColumn: string;
  personColumn: string;
  statusColumn: string;
  noteStatusColumn: string;
  noteCategoryColumn: string;
  cacheSeconds: number;
}

interface ColumnValue {
  id: string;
  text: string | null;
  label?: string | null;
}

interface BoardItem {
  id: string;
  name: string;
  group?: { id: string; title: string } | null;
  column_values: ColumnValue[];
  subitems?: { id: string; name: string; column_values: ColumnValue[] }[] | null;
}

interface ItemsPage {
  cursor: string | null;
  items: BoardItem[];
}

export class MondayError extends Error {}

const PAGE_SIZE = 500;
const MAX_PAGES = 40;
const ITEM_FIELDS = `cursor items {
  id name group { id title }
  column_values { id text ... on StatusValue { label } }
  subitems { id name column_values { id text ... on StatusValue { label } } } }`;

const FIRST_PAGE = `query ($boardIds: [ID!], $limit: Int!) {
  boards(ids: $boardIds) { items_page(limit: $limit) { ${ITEM_FIELDS} } } }`;
const NEXT_PAGE = `query ($cursor: String!, $limit: Int!) {
  next_items_page(cursor: $cursor, limit: $limit) { ${ITEM_FIELDS} } }`;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Reads the visits board of monday.com (GraphQL API v2) with the server's token, follows
 * `items_page` cursors, checks `errors` even on HTTP 200, waits out one 429, and keeps
 * the board briefly so every restaurant's page does not cost a round trip to monday.
 */
export class MondayClient {
  private cached: { at: number; items: BoardItem[] } | null = null;
  private loading: Promise<BoardItem[]> | null = null;
  private grouped: { items: BoardItem[]; byRestaurant: ReadonlyMap<string, readonly StoreVisit[]> } | null = null;

  constructor(
    private readonly config: MondayConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get host(): string {
    return new URL(this.config.apiUrl).hostname.replace(/^api\./, '');
  }

  /**
   * Every visit on the board, newest first, by the restaurant it names (as
   * `restaurantKey` writes a name): one reading of the (cached) board for the whole chain,
   * sorted out once per reading. Callers read the lists, never change them.
   */
  async visitsByRestaurant(): Promise<ReadonlyMap<string, readonly StoreVisit[]>> {
    const items = await this.board();
    if (this.grouped?.items === items) return this.grouped.byRestaurant;
    const byRestaurant = new Map<string, StoreVisit[]>();
    for (const item of items) {
      const key = restaurantKey(this.restaurantOf(item));
      const visits = byRestaurant.get(key) ?? [];
      visits.push(this.toVisit(item));
      byRestaurant.set(key, visits);
    }
    for (const visits of byRestaurant.values()) visits.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
    this.grouped = { items, byRestaurant };
    return byRestaurant;
  }

  private restaurantOf(item: BoardItem): string {
    if (this.config.restaurantColumn === 'group') return item.group?.title ?? '';
    return textOf(item.column_values, this.config.restaurantColumn) ?? '';
  }

  private toVisit(item: BoardItem): StoreVisit {
    const { config } = this;
    return {
      id: item.id,
      event: item.name,
      date: textOf(item.column_values, config.dateColumn),
      person: textOf(item.column_values, config.personColumn),
      status: asStatus(labelOf(item.column_values, config.statusColumn)),
      notes: (item.subitems ?? []).map((note) => ({
        id: note.id,
        name: note.name,
        status: asStatus(labelOf(note.column_values, config.noteStatusColumn)),
        category: asCategory(labelOf(note.column_values, config.noteCategoryColumn)),
      })),
    };
  }

  private async board(): Promise<BoardItem[]> {
    if (this.cached && Date.now() - this.cached.at < this.config.cacheSeconds * 1000) return this.cached.items;
    // Concurrent page loads share one fetch of the board.
    this.loading ??= this.fetchBoard().finally(() => {
      this.loading = null;
    });
    const items = await this.loading;
    this.cached = { at: Date.now(), items };
    return items;
  }

  private async fetchBoard(): Promise<BoardItem[]> {
    const first = await this.request<{ boards: { items_page: ItemsPage }[] }>(FIRST_PAGE, {
      boardIds: [this.config.boardId],
      limit: PAGE_SIZE,
    });
    const page = first.boards[0]?.items_page;
    if (!page) throw new MondayError(`monday.com board ${this.config.boardId} was not found`);
    const items = [...page.items];
    let cursor = page.cursor;
    for (let pages = 1; cursor && pages < MAX_PAGES; pages++) {
      const next = await this.request<{ next_items_page: ItemsPage }>(NEXT_PAGE, { cursor, limit: PAGE_SIZE });
      items.push(...next.next_items_page.items);
      cursor = next.next_items_page.cursor;
    }
    return items;
  }

  private async request<T>(query: string, variables: Record<string, unknown>, retried = false): Promise<T> {
    const response = await this.fetchImpl(this.config.apiUrl, {
      method: 'POST',
      headers: {
        authorization: this.config.token,
        'api-version': this.config.apiVersion,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as {
      data?: T;
      errors?: { message: string; extensions?: { code?: string; retry_in_seconds?: number } }[];
      error_message?: string;
    };
    const retryIn = retryDelay(response, body.errors);
    if (retryIn !== null && !retried && retryIn <= 30) {
      await wait(retryIn);
      return this.request(query, variables, true);
    }
    if (!response.ok) {
      throw new MondayError(
        `monday.com answered ${response.status}: ${body.errors?.[0]?.message ?? body.error_message ?? response.statusText}`,
      );
    }
    if (body.errors?.length)
      throw new MondayError(`monday.com: ${body.errors.map((error) => error.message).join('; ')}`);
    if (!body.data) throw new MondayError('monday.com returned no data');
    return body.data;
  }
}

/** Seconds to wait before one retry (429 or a complexity budget error), or null. */
function retryDelay(
  response: Response,
  errors: { extensions?: { code?: string; retry_in_seconds?: number } }[] | undefined,
): number | null {
  const fromBody = errors?.find((error) => typeof error.extensions?.retry_in_seconds === 'number')?.extensions
    ?.retry_in_seconds;
  if (fromBody !== undefined) return fromBody;
  if (response.status !== 429) return null;
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? header : 1;
}

function textOf(values: ColumnValue[], columnId: string): string | null {
  const value = values.find((column) => column.id === columnId);
  return value?.text?.trim() || null;
}

function labelOf(values: ColumnValue[], columnId: string): string | null {
  const value = values.find((column) => column.id === columnId);
  return (value?.label ?? value?.text)?.trim() || null;
}

/** A restaurant's name as the board is matched by: trimmed, lower case, single spaces. */
export function restaurantKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

function asStatus(label: string | null): VisitStatus {
  return VISIT_STATUSES.find((status) => status.toLowerCase() === label?.toLowerCase()) ?? 'No status';
}

function asCategory(label: string | null): NoteCategory {
  return NOTE_CATEGORIES.find((category) => category.toLowerCase() === label?.toLowerCase()) ?? 'No category';
}
