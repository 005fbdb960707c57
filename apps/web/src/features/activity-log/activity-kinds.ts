import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What each kind of entry is called on the screen. A kind not listed (one added since)
 * shows its key (`scim.userCreated`), which still says what happened.
 */
export const ACTIVITY_KIND_LABELS: Partial<Record<string, MessageDescriptor>> = {
  'auth.signIn': msg`Signed in`,
  'auth.signInFailed': msg`Sign-in failed`,
  'auth.signOut': msg`Signed out`,
  'auth.passwordChanged': msg`Password changed`,
  'auth.passwordReset': msg`Password reset`,
  'auth.ssoLinked': msg`Single sign-on linked`,
  'user.created': msg`Person added`,
  'user.updated': msg`Person changed`,
  'user.deleted': msg`Person deleted`,
  'restaurant.created': msg`Restaurant added`,
  'restaurant.updated': msg`Restaurant changed`,
  'restaurant.deleted': msg`Restaurant deleted`,
  'audit.submitted': msg`Audit submitted`,
  'audit.deleted': msg`Audit deleted`,
  'correctiveAction.created': msg`Corrective action added`,
  'correctiveAction.updated': msg`Corrective action changed`,
  'correctiveAction.deleted': msg`Corrective action deleted`,
  'checklistRun.corrected': msg`Checklist corrected`,
  'setting.changed': msg`Setting changed`,
  export: msg`List exported`,
  'passkey.added': msg`Passkey added`,
  'passkey.removed': msg`Passkey removed`,
  'scimToken.created': msg`Provisioning token created`,
  'scimToken.revoked': msg`Provisioning token revoked`,
  'apiToken.created': msg`API token created`,
  'apiToken.revoked': msg`API token revoked`,
  'webhook.created': msg`Webhook created`,
  'webhook.updated': msg`Webhook changed`,
  'webhook.deleted': msg`Webhook deleted`,
  'webhook.secretRotated': msg`Webhook signing secret replaced`,
  'scim.userCreated': msg`Person provisioned`,
  'scim.userUpdated': msg`Person changed by provisioning`,
  'scim.userDeactivated': msg`Person deactivated by provisioning`,
  'scim.userDeleted': msg`Person deleted by provisioning`,
  'scim.groupLinked': msg`Added to a restaurant by provisioning`,
  'scim.groupUpdated': msg`Restaurant members changed by provisioning`,
  'scim.groupUnlinked': msg`Removed from a restaurant by provisioning`,
};
