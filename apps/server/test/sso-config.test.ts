import { describe, expect, test } from 'vitest';
import { ConfigError, readConfig } from '../src/config';

/** Single sign-on's first provider from OIDC_* (issue 36, docs/decisions/040). */
describe('OIDC_* settings', () => {
  const entra = {
    OIDC_ISSUER: 'https://login.microsoftonline.com/contoso-tenant/v2.0/',
    OIDC_CLIENT_ID: 'client-1',
    OIDC_CLIENT_SECRET: 'secret-1',
    OIDC_ALLOWED_DOMAINS: ' Contoso.com, contoso.nl ',
  };

  test('unset: no provider from the environment', () => {
    expect(readConfig({}).oidc).toBeUndefined();
  });

  test('set: a provider named Microsoft, domains lower-cased, JIT off and passwords on by default', () => {
    expect(readConfig(entra).oidc).toEqual({
      name: 'Microsoft',
      issuer: 'https://login.microsoftonline.com/contoso-tenant/v2.0',
      clientId: 'client-1',
      clientSecret: 'secret-1',
      allowedDomains: ['contoso.com', 'contoso.nl'],
      jit: false,
      passwordSignIn: true,
      groupRoles: [],
    });
  });

  test('JIT, password sign-in off and group roles', () => {
    const config = readConfig({
      ...entra,
      OIDC_NAME: 'Contoso',
      OIDC_JIT: 'on',
      OIDC_PASSWORD_SIGN_IN: 'off',
      OIDC_GROUP_ROLES: 'g1=manager, g2=hq',
    });
    expect(config.oidc).toMatchObject({
      name: 'Contoso',
      jit: true,
      passwordSignIn: false,
      groupRoles: [
        { group: 'g1', role: 'manager' },
        { group: 'g2', role: 'hq' },
      ],
    });
  });

  test('a partial setting or a wrong group role stops the start with what is missing', () => {
    expect(() => readConfig({ OIDC_ISSUER: entra.OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => readConfig({ OIDC_ISSUER: entra.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => readConfig({ ...entra, OIDC_GROUP_ROLES: 'g1=owner' })).toThrow(/g1=owner/);
    expect(() => readConfig({ ...entra, OIDC_JIT: 'yes' })).toThrow(/OIDC_JIT/);
  });
});
