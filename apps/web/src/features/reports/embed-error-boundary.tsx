import { Component, type ReactNode } from 'react';
import { RenderProblemPanel } from './embedded-report';
import { renderProblemOf } from './render-error';

interface EmbedErrorBoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/**
 * The SDK checks the configuration as it embeds and throws when it refuses it (an embed
 * URL that is not https on a Power BI host, `autoAuth=true`, a missing token). The
 * wrapper embeds while mounting, so the throw surfaces here and shows as a render error
 * with the SDK's own message, rather than taking the page down.
 */
export class EmbedErrorBoundary extends Component<EmbedErrorBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error() };
  }

  override render() {
    if (this.state.error) {
      return <RenderProblemPanel problem={renderProblemOf(this.state.error)} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
