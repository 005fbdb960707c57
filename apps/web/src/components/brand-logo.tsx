import { useLingui } from '@lingui/react/macro';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChefHat } from '@tabler/icons-react';

interface BrandLogoProps {
  size?: 'md' | 'lg';
}

/** Brigade's mark and wordmark, announced as one image named "Brigade logo". */
export function BrandLogo({ size = 'md' }: BrandLogoProps) {
  const { t } = useLingui();
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 'xs'} wrap="nowrap" role="img" aria-label={t`Brigade logo`}>
      <ThemeIcon size={large ? 48 : 34} radius="md" variant="filled" aria-hidden>
        <IconChefHat size={large ? 30 : 22} stroke={1.75} />
      </ThemeIcon>
      <Text component="span" fw={800} fz={large ? 28 : 20} c="indigo.9" lh={1} aria-hidden>
        Brigade
      </Text>
    </Group>
  );
}
