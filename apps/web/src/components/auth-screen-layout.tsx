import { Box, Center, Paper, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { BrandLogo } from './brand-logo';
import { CopyrightNotice } from './copyright-notice';

/**
 * The signed-out screens' frame: logo above a centred card, copyright below.
 *
 * A screen that replaces another (Sign In after Sign Out, the password screens) would
 * leave keyboard focus on the page's body, where the next Tab starts over from the top
 * and a screen reader says nothing: focus then goes to the card's heading (issue 31).
 * Focus a person placed themselves is left alone.
 */
export function AuthScreenLayout({ children }: { children: ReactNode }) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const heading = card.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.style.outline = 'none';
    heading.focus({ preventScroll: true });
  }, []);

  return (
    <Box bg="gray.0" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Center component="main" style={{ flex: 1 }} px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg" align="center">
          <BrandLogo size="lg" />
          <Paper ref={card} w="100%" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
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
