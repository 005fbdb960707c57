import { Box, Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { CopyrightNotice } from './copyright-notice';

/** The signed-out screens' frame: logo above a centred card, copyright below. */
export function AuthScreenLayout({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center component="main" style={{ flex: 1 }} px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg" align="center">
          <BrandLogo size="lg" />
          <Paper w="100%" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </Stack>
      </Center>
      <Box component="footer" py="md" px="md">
        <CopyrightNotice />
      </Box>
    </Box>
  );
}
