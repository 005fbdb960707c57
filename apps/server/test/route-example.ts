import type { Role } from '@brigade/core/roles';

// What the authorization matrix calls each route with: its own module, so the fixture
// files that build the examples (matrix-fixtures.ts, photo-matrix-fixtures.ts) share it
// without importing each other back.

/** Who calls a route: nobody signed in, or a person of restaurant A (hq reaches every restaurant). */
export interface Caller {
  label: 'signed out' | Role;
  role: Role | null;
  cookie: string | undefined;
  email: string;
}

/** One request to a route: what fills its path, its query and its body. */
export interface ExampleCall {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (a file upload), with its content type. */
  raw?: { payload: Buffer; contentType: string };
}

export type MakeCall = (caller: Caller) => ExampleCall | Promise<ExampleCall>;

export interface RouteExample {
  /**
   * A valid call that succeeds for every caller the route's action allows. A call that
   * changes or deletes a record makes that record first, afresh for each caller.
   */
  call: MakeCall;
  /** Allowed callers get this status rather than a 2xx, for the reason given. */
  allowed?: { status: number; because: string };
  /**
   * For an action scoped to a restaurant: the same route on restaurant B's records,
   * which staff and managers of restaurant A must be refused.
   */
  otherRestaurant?: MakeCall[];
}
