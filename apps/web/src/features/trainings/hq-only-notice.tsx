import { messages } from '@brigade/core/messages';
import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** What managers and staff see at /trainings/add and /trainings/{id}/edit instead of the form. */
export function HqOnlyNotice() {
  return (
    <Stack align="flex-start" maw={640}>
      <Alert color="yellow" icon={<IconLock aria-hidden />} w="100%" role="alert" title="Not allowed">
        {messages.trainingsHqOnly}
      </Alert>
      <Button component={Link} to="/trainings" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Back to Trainings
      </Button>
    </Stack>
  );
}
