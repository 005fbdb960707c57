import type { EmbedToken } from '@brigade/core/schemas/reports';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { type Embed, factories, type IReportEmbedConfiguration, models, service } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EmbedProblem, ProblemLine } from './embed-problem';
import { isTokenExpired, type RenderProblem, renderProblemOf } from './render-error';
import classes from './report-embed.module.css';
import { reportMessages } from './report-messages';

/** A new token is fetched this long before the current one expires ("a few minutes"). */
const REFRESH_BEFORE_EXPIRY_MS = 3 * 60_000;
/** Never sooner than this after the last refresh, so a short-lived token cannot cause a storm. */
const MIN_REFRESH_DELAY_MS = 30_000;
/** setTimeout's limit (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * One SDK service for every embed of the page. Left to itself the wrapper makes a new one
 * per mount, and each adds a window message listener that is never removed.
 */
const powerBiService = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);

/** The configuration the report is embedded with; built once per embed (see EmbeddedReport). */
export function reportEmbedConfig(token: EmbedToken): IReportEmbedConfiguration {
  return {
    type: 'report',
    id: token.id,
    embedUrl: token.embedUrl,
    accessToken: token.accessToken,
    tokenType: models.TokenType.Embed,
    permissions: models.Permissions.All,
    settings: {
      panes: {
        filters: { visible: false },
        pageNavigation: { visible: true },
      },
    },
  };
}

interface EmbeddedReportProps {
  /** The token the report is first embedded with. */
  token: EmbedToken;
  /** The frame's title for assistive technology: "Sales report". */
  label: string;
  height: number;
  /** Asks the server for a fresh token (same report, same restaurant). */
  fetchToken: () => Promise<EmbedToken>;
  /** Starts over with a new token and a new embed. */
  onRetry: () => void;
}

/**
 * One live Power BI report. powerbi-client-react re-embeds from scratch whenever
 * `embedConfig` changes, so the configuration is created once, on mount, and later
 * tokens go to the live report with `setAccessToken`: the person keeps their page,
 * filters and selection. Remount (a new `key`) to embed anew.
 */
export function EmbeddedReport({ token, label, height, fetchToken, onRetry }: EmbeddedReportProps) {
  const { i18n } = useLingui();
  const [embedConfig] = useState(() => reportEmbedConfig(token));
  const [displayed, setDisplayed] = useState(false);
  const [renderProblem, setRenderProblem] = useState<RenderProblem | null>(null);
  const { refresh, refreshError, refreshing, setEmbed } = useTokenRefresh(token, fetchToken);

  // The wrapper compares handler maps by their source text, so the map is made once and
  // its handlers read the latest callbacks through a ref.
  const handlersRef = useRef({ refresh, setDisplayed, setRenderProblem });
  handlersRef.current = { refresh, setDisplayed, setRenderProblem };
  const [eventHandlers] = useState(
    () =>
      new Map<string, (event?: service.ICustomEvent<unknown>) => void>([
        ['loaded', () => handlersRef.current.setDisplayed(true)],
        ['rendered', () => handlersRef.current.setDisplayed(true)],
        [
          'error',
          (event) => {
            if (isTokenExpired(event?.detail)) void handlersRef.current.refresh();
            else handlersRef.current.setRenderProblem(renderProblemOf(event?.detail));
          },
        ],
      ]),
  );
  const getEmbeddedComponent = useCallback(
    (embed: Embed) => {
      // The SDK's iframe has no title of its own (axe: frame-title).
      embed.setComponentTitle(label);
      setEmbed(embed);
    },
    [label, setEmbed],
  );

  if (renderProblem) {
    return <RenderProblemPanel problem={renderProblem} onRetry={onRetry} />;
  }

  return (
    <Stack gap="sm">
      {refreshError !== null && (
        <EmbedProblem title={i18n._(reportMessages.refreshFailed)} onRetry={() => void refresh()} retrying={refreshing}>
          <ProblemLine>{refreshError}</ProblemLine>
        </EmbedProblem>
      )}
      <Box pos="relative" h={height} w="100%" aria-busy={!displayed || undefined}>
        <PowerBIEmbed
          embedConfig={embedConfig}
          eventHandlers={eventHandlers}
          getEmbeddedComponent={getEmbeddedComponent}
          cssClassName={classes.frame}
          service={powerBiService}
        />
        {!displayed && (
          <div className={classes.loadingCover}>
            <ReportLoading />
          </div>
        )}
      </Box>
    </Stack>
  );
}

/**
 * Keeps the live report's token fresh: shortly before `expiration`, and at once when
 * the report says its token expired. A failed refresh is kept for the page to show.
 */
function useTokenRefresh(token: EmbedToken, fetchToken: () => Promise<EmbedToken>) {
  const embedRef = useRef<Embed | null>(null);
  // A new object per token, so the timer is set again even when an expiration repeats.
  const [current, setCurrent] = useState({ expiration: token.expiration });
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const inFlight = useRef(false);

  const setEmbed = useCallback((embed: Embed) => {
    embedRef.current = embed;
  }, []);

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRefreshing(true);
    try {
      const next = await fetchToken();
      const embed = embedRef.current;
      if (!embed) throw new Error(t`The report is not embedded.`);
      await embed.setAccessToken(next.accessToken);
      setRefreshError(null);
      setCurrent({ expiration: next.expiration });
    } catch (error) {
      setRefreshError(problemText(error));
    } finally {
      inFlight.current = false;
      setRefreshing(false);
    }
  }, [fetchToken]);

  useEffect(() => {
    const expiresAt = Date.parse(current.expiration);
    if (Number.isNaN(expiresAt)) return;
    const delay = Math.min(
      Math.max(expiresAt - REFRESH_BEFORE_EXPIRY_MS - Date.now(), MIN_REFRESH_DELAY_MS),
      MAX_TIMER_MS,
    );
    const timer = window.setTimeout(() => void refresh(), delay);
    return () => window.clearTimeout(timer);
  }, [current, refresh]);

  return { refresh, refreshError, refreshing, setEmbed };
}

/** The SDK rejects with plain objects (an IError, a response body) as well as Errors. */
function problemText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const problem = renderProblemOf(error);
  return problem.message ?? i18n._(reportMessages.unknownError);
}

export function ReportLoading() {
  const { i18n } = useLingui();
  return (
    <Center h="100%" mih={160}>
      <Stack align="center" gap="xs" role="status">
        <Loader aria-hidden />
        <Text c="gray.7">{i18n._(reportMessages.loading)}</Text>
      </Stack>
    </Center>
  );
}

export function RenderProblemPanel({ problem, onRetry }: { problem: RenderProblem; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <EmbedProblem title={i18n._(reportMessages.renderFailed)} onRetry={onRetry}>
      <ProblemLine>{problem.message ?? i18n._(reportMessages.unknownError)}</ProblemLine>
      {problem.details.length > 0 && (
        <dl style={{ margin: 0 }}>
          {problem.details.map((detail) => (
            <div key={`${detail.key}:${detail.value}`} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
              <Text component="dt" size="sm" fw={700} c="dark.7">
                {detail.key}:
              </Text>
              <Text component="dd" size="sm" m={0} c="dark.7" style={{ overflowWrap: 'anywhere' }}>
                {detail.value}
              </Text>
            </div>
          ))}
        </dl>
      )}
    </EmbedProblem>
  );
}
