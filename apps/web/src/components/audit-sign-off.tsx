import { TIME_FORMAT } from '@brigade/core/date-format';
import { messages } from '@brigade/core/messages';
import { SIGN_OFF_COMMENT_MAX, signOffShowsDay } from '@brigade/core/schemas/audit-sign-offs';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSignature } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useSignOffAudit } from '../lib/api/sign-off-audit';
import { useCurrentUser } from '../lib/current-user';
import { useFormFailure } from '../lib/form-failure';
import { useCoreText } from '../lib/i18n';
import { dateFormat } from '../lib/locale-format';
import { FormFailureAlert } from './form-failure-alert';
import { PasswordField } from './password-field';

const CLOCK = { hour: '2-digit', minute: '2-digit' } as const;

/**
 * When the audit was signed off, in the restaurant's zone: the time alone when signed on
 * the audit's day there ("14:32"), the day and time when later ("23 Nov 2026, 09:10").
 */
function signedAtText(audit: AuditDetail, signedAt: string): string {
  const zone = audit.restaurant.timeZone;
  const withDay = signOffShowsDay(signedAt, audit.auditedAt, zone);
  return dateFormat({ ...(withDay ? TIME_FORMAT : CLOCK), timeZone: zone }).format(new Date(signedAt));
}

/**
 * Sign-off on the spot (issue 33), on an audit's page and its report. Once signed: "Signed
 * off by Sam Manager at 14:32" with the manager's comment. Before: a manager of the
 * restaurant signs as themselves with an optional comment; anyone else who may sign (hq's
 * auditor, holding the phone) gets the form for the manager on duty to type their own
 * email and password, which signs nobody in here; staff read that it is not signed off
 * yet. `formClassName` goes on the forms (the report hides them when printed).
 */
export function AuditSignOffSection({ audit, formClassName }: { audit: AuditDetail; formClassName?: string }) {
  const me = useCurrentUser();
  const headingId = useId();
  if (audit.status !== 'completed') return null;
  const signOff = audit.signOff;
  const managerHere =
    me.role === 'manager' && me.restaurants.some((restaurant) => restaurant.id === audit.restaurant.id);

  let body: ReactNode;
  if (signOff) {
    const name = signOff.name;
    const at = signedAtText(audit, signOff.signedAt);
    const comment = signOff.comment;
    body = (
      <Stack gap={4}>
        <Text fw={700}>
          <Trans>
            Signed off by {name} at {at}
          </Trans>
        </Text>
        {comment && (
          <Text size="sm">
            <Trans>Manager's comment: {comment}</Trans>
          </Text>
        )}
      </Stack>
    );
  } else if (me.role === 'staff') {
    body = (
      <Text c="gray.7">
        <Trans>Not signed off by a manager yet.</Trans>
      </Text>
    );
  } else {
    body = (
      <div className={formClassName}>
        {managerHere ? <OwnSignOffForm audit={audit} /> : <ManagerOnDutyForm audit={audit} />}
      </div>
    );
  }

  return (
    <Paper component="section" withBorder p="md" mb="lg" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="xs" id={headingId}>
        <Trans>Sign-off</Trans>
      </Title>
      {body}
    </Paper>
  );
}

function useSignedOffNotice() {
  const { t } = useLingui();
  return () => notifications.show({ color: 'green', message: t`Audit signed off` });
}

/** A manager of the restaurant, signed in as themselves: a comment and Sign off. */
function OwnSignOffForm({ audit }: { audit: AuditDetail }) {
  const { t } = useLingui();
  const me = useCurrentUser();
  const name = me.name;
  const signOff = useSignOffAudit();
  const failure = useFormFailure();
  const notice = useSignedOffNotice();
  const form = useForm({ mode: 'uncontrolled', onValuesChange: failure.clear, initialValues: { comment: '' } });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        signOff.mutate(
          { auditId: audit.id, input: { comment: values.comment || null } },
          { onSuccess: notice, onError: (error) => failure.report(form, error, t`Could not sign off the audit`) },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          <Trans>Sign off as {name}: you confirm you have seen this audit with the auditor.</Trans>
        </Text>
        <CommentField form={form} />
        <FormFailureAlert failure={failure.failure} />
        <SignOffButton pending={signOff.isPending} />
      </Stack>
    </form>
  );
}

/** On the auditor's phone: the manager on duty types their own email and password. */
function ManagerOnDutyForm({ audit }: { audit: AuditDetail }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const signOff = useSignOffAudit();
  const failure = useFormFailure();
  const notice = useSignedOffNotice();
  const form = useForm({
    mode: 'uncontrolled',
    onValuesChange: failure.clear,
    initialValues: { email: '', password: '', comment: '' },
    validate: {
      email: (value) => (value.trim() ? null : messages.emailRequired),
      password: (value) => (value ? null : messages.passwordRequired),
    },
  });
  /** A field's message (the form's own check, or the server's) in the person's language. */
  const inputProps = (field: 'email' | 'password') => {
    const props = form.getInputProps(field);
    return { ...props, error: typeof props.error === 'string' ? text(props.error) : props.error };
  };
  return (
    <form
      noValidate
      // The manager's credentials are theirs: the phone's browser should not keep them.
      autoComplete="off"
      onSubmit={form.onSubmit((values) =>
        signOff.mutate(
          {
            auditId: audit.id,
            input: { email: values.email.trim(), password: values.password, comment: values.comment || null },
          },
          {
            onSuccess: () => {
              form.reset();
              notice();
            },
            onError: (error) => {
              form.setFieldValue('password', '');
              failure.report(form, error, t`Could not sign off the audit`);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            The restaurant's manager on duty signs off with their own email and password. They are not signed in on this
            device.
          </Trans>
        </Text>
        <Text fw={600} size="sm">
          <Trans>Manager on duty</Trans>
        </Text>
        <TextInput
          label={t`Manager's email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          withAsterisk={false}
          size="md"
          key={form.key('email')}
          {...inputProps('email')}
        />
        <PasswordField
          label={t`Manager's password`}
          autoComplete="off"
          required
          withAsterisk={false}
          size="md"
          key={form.key('password')}
          {...inputProps('password')}
        />
        <CommentField form={form} />
        <FormFailureAlert failure={failure.failure} />
        <SignOffButton pending={signOff.isPending} />
      </Stack>
    </form>
  );
}

function CommentField({
  form,
}: {
  form: { key: (path: 'comment') => string; getInputProps: (path: 'comment') => object };
}) {
  const { t } = useLingui();
  return (
    <Textarea
      label={t`Comment (optional)`}
      autosize
      minRows={2}
      maxLength={SIGN_OFF_COMMENT_MAX}
      size="md"
      key={form.key('comment')}
      {...form.getInputProps('comment')}
    />
  );
}

function SignOffButton({ pending }: { pending: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" size="md" loading={pending} leftSection={<IconSignature size={18} aria-hidden />}>
        <Trans>Sign off</Trans>
      </Button>
    </Group>
  );
}
