import type { Language } from '@brigade/core/languages';
import type { Role } from '@brigade/core/roles';

/**
 * The caller of a guarded route, as every service receives it. Its own module, below
 * both the session check that builds it and the guard that sets it on the request.
 */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Restaurants assigned to a manager or staff member (active or not); empty for hq, who reaches all. */
  restaurantIds: string[];
  sessionToken: string;
  /** Signed in with a temporary password: only ACTIONS_WHILE_PASSWORD_MUST_CHANGE until they choose their own. */
  mustChangePassword: boolean;
  /** Their language on Profile (issue 22); null follows their browser. */
  language: Language | null;
  /**
   * Set when the caller is an API token (issue 37) acting as the hq person who made it:
   * the guard also checks its scopes, and the activity log names it.
   */
  apiToken?: ApiTokenCaller;
}

/** The token a request was made with: what the guard and the activity log need of it. */
export interface ApiTokenCaller {
  id: string;
  name: string;
  scopes: string[];
}
