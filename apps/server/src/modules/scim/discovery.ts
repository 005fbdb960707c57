import { SCIM_MAX_COUNT } from '@brigade/core/schemas/scim';
import { listPage, SCIM, SCIM_BASE_PATH } from './scim-names';

/**
 * SCIM's discovery documents (RFC 7644 §4): what Brigade supports, so a provider (and
 * a person reading them) need not guess. PATCH yes, bulk, sort, ETags and password
 * changes no; filter yes (the forms of scim-filter.ts), at most SCIM_MAX_COUNT per page.
 */
export function serviceProviderConfig(publicUrl: string) {
  return {
    schemas: [SCIM.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token hq creates under Provisioning, sent as "Authorization: Bearer <token>".',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${publicUrl}${SCIM_BASE_PATH}/ServiceProviderConfig` },
  };
}

const resourceTypeList = (publicUrl: string) => [
  {
    schemas: [SCIM.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of Brigade; userName is the address they sign in with',
    schema: SCIM.user,
    meta: { resourceType: 'ResourceType', location: `${publicUrl}${SCIM_BASE_PATH}/ResourceTypes/User` },
  },
  {
    schemas: [SCIM.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'A restaurant of Brigade; its members are the people assigned to it',
    schema: SCIM.group,
    meta: { resourceType: 'ResourceType', location: `${publicUrl}${SCIM_BASE_PATH}/ResourceTypes/Group` },
  },
];

export const resourceTypes = (publicUrl: string) => {
  const list = resourceTypeList(publicUrl);
  return listPage(list, list.length, 1);
};

export const resourceType = (publicUrl: string, id: string) =>
  resourceTypeList(publicUrl).find((type) => type.id === id);

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const schemaList = (publicUrl: string) => [
  {
    schemas: [SCIM.schema],
    id: SCIM.user,
    name: 'User',
    description: 'A person of Brigade',
    attributes: [
      attribute('userName', 'string', { required: true, uniqueness: 'server' }),
      attribute('externalId', 'string', { caseExact: true }),
      attribute('displayName', 'string'),
      attribute('active', 'boolean'),
      attribute('name', 'complex', {
        subAttributes: [
          attribute('givenName', 'string'),
          attribute('familyName', 'string'),
          attribute('formatted', 'string'),
        ],
      }),
      attribute('emails', 'complex', {
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${publicUrl}${SCIM_BASE_PATH}/Schemas/${SCIM.user}` },
  },
  {
    schemas: [SCIM.schema],
    id: SCIM.group,
    name: 'Group',
    description: 'A restaurant of Brigade',
    attributes: [
      attribute('displayName', 'string', { required: true, mutability: 'immutable' }),
      attribute('externalId', 'string', { caseExact: true }),
      attribute('members', 'complex', {
        multiValued: true,
        subAttributes: [
          attribute('value', 'string', { mutability: 'immutable' }),
          attribute('display', 'string', { mutability: 'readOnly' }),
        ],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${publicUrl}${SCIM_BASE_PATH}/Schemas/${SCIM.group}` },
  },
];

export const schemas = (publicUrl: string) => {
  const list = schemaList(publicUrl);
  return listPage(list, list.length, 1);
};

export const schemaById = (publicUrl: string, id: string) => schemaList(publicUrl).find((schema) => schema.id === id);
