/**
 * A fake OpenID Connect provider for single sign-on tests (issue 36): the real
 * `oidc-provider` 9, with a sign-in page of our own (an email field and a button), the
 * accounts a test names, and a way to alter the ID token it hands out (wrong issuer,
 * audience, nonce, expired) re-signed with its own key, so only the claim is wrong.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface FakeAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export type JWTPayload = Record<string, unknown>;

export interface FakeIdpOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  accounts?: FakeAccount[];
}

export type FakeIdp = Awaited<ReturnType<typeof startFakeIdp>>;

export async function startFakeIdp(options: FakeIdpOptions) {
  const clientId = options.clientId ?? 'brigade';
  const clientSecret = options.clientSecret ?? 'brigade-secret-for-tests';
  const accounts = new Map<string, FakeAccount>((options.accounts ?? []).map((account) => [account.sub, account]));
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;

  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'fake-idp-key', alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['fake-idp-cookie-key'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    // The claims go into the ID token itself, as Entra ID puts them.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });

  // The ID token a test wants wrong: decoded, changed, signed again with the provider's key.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !tamper || !body?.id_token) return;
    const payload = JSON.parse(Buffer.from(body.id_token.split('.')[1] ?? '', 'base64url').toString()) as JWTPayload;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${encode({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })}.${encode(tamper(payload))}`;
    body.id_token = `${signed}.${crypto.sign('sha256', Buffer.from(signed), privateKey).toString('base64url')}`;
  });

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(signInPage(match[1] ?? '', String(details.params.login_hint ?? '')));
      }
      const form = new URLSearchParams(await bodyOf(req));
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const account = [...accounts.values()].find((candidate) => candidate.email === email);
      if (!account) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(signInPage(match[1] ?? '', email, 'No account with this email at the fake provider.'));
      }
      const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    /** Change every ID token from now on (undefined: hand them out as made). */
    tamperIdTokens(change: ((claims: JWTPayload) => JWTPayload) | undefined) {
      tamper = change;
    },
    /**
     * A browser at the provider: follows `authorizationUrl`, signs in as `email` on the
     * sign-in page, and answers where the provider sends it back (Brigade's callback).
     */
    async signIn(authorizationUrl: string, email: string): Promise<URL> {
      const jar = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const [name = '', ...value] = pair.split('=');
          jar.set(name, value.join('='));
        }
        return response;
      };
      let response = await send(authorizationUrl);
      let location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      const interaction = new URL(location, issuer);
      response = await send(`${interaction.href.split('?')[0]}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      location = response.headers.get('location');
      while (location && new URL(location, issuer).origin === new URL(issuer).origin) {
        response = await send(new URL(location, issuer).href);
        location = response.headers.get('location');
      }
      if (!location)
        throw new Error(`the provider did not send the browser back: ${response.status} ${await response.text()}`);
      return new URL(location);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function signInPage(uid: string, email: string, error?: string): string {
  const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake identity provider</title></head>
<body><main><h1>Fake identity provider</h1>${error ? `<p role="alert">${html(error)}</p>` : ''}
<form method="post" action="/interaction/${html(uid)}/login">
<label for="email">Email</label> <input id="email" name="email" type="email" value="${html(email)}" autocomplete="username">
<button type="submit">Continue</button></form></main></body></html>`;
}

function bodyOf(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
